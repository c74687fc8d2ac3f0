/// What tells a CSV's first row from a header, and URL cells, for the readers of CSV files
/// without a header (Keeper) and for detection.
enum HeaderlessCSV {
    /// A first row that names columns Coffer knows (two of title, username, password, URL).
    static func isHeader(_ fields: [String]) -> Bool {
        // A row of values (an e-mail, a URL) is no header, whatever words it holds.
        if fields.contains(where: { $0.contains("@") || $0.contains("://") || isValue($0) }) { return false }
        return Set(fields.compactMap { CSVHeaderVocabulary.meaning(of: $0)?.field })
            .intersection([.title, .username, .password, .url]).count >= 2
    }

    /// Short names in every cell (`Foo,Bar,Baz`): a header Coffer does not know, not a line
    /// of text cut at its commas.
    static func looksLikeHeaderRow(_ fields: [String]) -> Bool {
        fields.allSatisfy { cell in
            cell.count <= 40 && cell.split(separator: " ").count <= 4 && !cell.contains(":")
        }
    }

    /// A cell no header names a column with: an e-mail address, a URL, or a password-like
    /// string of letters, digits and symbols (`Pho&Banh2020`), spaces around it or not.
    static func isValue(_ cell: String) -> Bool {
        let value = cell.trimmingCharacters(in: .whitespaces)
        if value.contains("://") || NotesToken.isEmail(value) { return true }
        // "SAP: Benutzer BECKERK": a label and its value, a line of notes — no column's name.
        if let colon = value.firstIndex(of: ":"), value[value.index(after: colon)...].hasPrefix(" "),
            value[value.index(after: colon)...].contains(where: { !$0.isWhitespace })
        {
            return true
        }
        guard !value.contains(" "), value.contains(where: \.isLetter), value.contains(where: \.isNumber) else {
            return false
        }
        // "2FA?", "OTP?": a column asking a question is a header's name.
        if value.hasSuffix("?"), CSVHeaderVocabulary.meaning(of: String(value.dropLast())) != nil { return false }
        return value.contains { !$0.isLetter && !$0.isNumber && !"_-./#()".contains($0) }
    }

    static func looksLikeURL(_ value: String) -> Bool {
        let v = value.lowercased()
        return v.hasPrefix("http://") || v.hasPrefix("https://") || v.hasPrefix("www.") || v.hasPrefix("ftp://")
    }
}
