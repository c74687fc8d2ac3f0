import Foundation

/// What a table's values say about the field its header names, where two headers compete or
/// a header's word is ambiguous. A header is a guess about its column; the first rows are
/// the evidence:
///
/// - Two columns naming the login (Kaspersky's `Login name` beside `Login`): the one whose
///   values look like logins (an address, a phone number, a name without spaces holding a
///   digit or `.` `_` `-`) holds it, when the other's values do not (`Personal`, `Main mailbox`).
/// - A site column of names (`Site: Mutualité Belge` beside `Adresse: https://…`) is the title
///   when nothing else is, and the address column beside it the URL.
/// - An `ID` column of UUIDs or row numbers is the record's id, not the login.
enum CSVColumnEvidence {
    /// How many rows under the header are looked at.
    static let sampleRows = 200

    static func refine(_ mapping: inout CSVImporter.ColumnMapping, header: [String], sample: [[String]]) {
        func values(_ column: Int) -> [String] {
            sample.compactMap { row in
                guard column < row.count else { return nil }
                let value = row[column].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : value
            }
        }
        func share(_ column: Int, _ test: (String) -> Bool) -> Double? {
            let found = values(column)
            guard found.count >= 2 else { return nil }
            return Double(found.count(where: test)) / Double(found.count)
        }
        // The login: the column whose values are logins.
        if let chosen = mapping.fields.first(where: { $0.value == .username })?.key,
            let chosenShare = share(chosen, isLoginLike), chosenShare <= 0.5
        {
            let rivals = mapping.weaker.filter { $0.field == .username }.map(\.column)
            if let better = rivals.first(where: { (share($0, isLoginLike) ?? 0) >= max(0.8, chosenShare + 0.4) }) {
                mapping.fields[better] = .username
                mapping.fields[chosen] = nil
                mapping.weaker.removeAll { $0.column == better }
                mapping.weaker.append((chosen, .username))
            }
        }
        // An id column read as the login: row numbers or UUIDs are no login.
        if let chosen = mapping.fields.first(where: { $0.value == .username })?.key,
            CSVHeaderVocabulary.words(header[chosen]) == ["id"], (share(chosen, isRecordID) ?? 0) >= 0.8
        {
            mapping.fields[chosen] = nil
            if let rival = mapping.weaker.firstIndex(where: { $0.field == .username }) {
                mapping.fields[mapping.weaker[rival].column] = .username
                mapping.weaker.remove(at: rival)
            }
        }
        // A weaker `ID` column of row numbers fills no empty login.
        mapping.weaker.removeAll { weak in
            weak.field == .username && CSVHeaderVocabulary.words(header[weak.column]) == ["id"]
                && (share(weak.column, isRecordID) ?? 0) >= 0.8
        }
        // A URL column of names, with no title column: the names are the titles. (Never one
        // holding an address with a password, `https://admin:pw@host`.)
        if !mapping.fields.values.contains(.title),
            let chosen = mapping.fields.first(where: { $0.value == .url })?.key,
            let chosenShare = share(chosen, isURLLike), chosenShare <= 0.34,
            !values(chosen).contains(where: { URLCredentials($0) != nil })
        {
            mapping.fields[chosen] = .title
            if let better = mapping.weaker.first(where: {
                $0.field == .url && (share($0.column, isURLLike) ?? 0) >= 0.6
            }) {
                mapping.fields[better.column] = .url
                mapping.weaker.removeAll { $0.column == better.column }
            }
        }
    }

    /// `ana@x.com`, `+32 470 55 01 29`, `d.ivanova`, `PR0041882`, `okovalenko`: a login's shape.
    /// Not `Personal`, `Main mailbox` or `Card account` (words naming the account).
    static func isLoginLike(_ value: String) -> Bool {
        if NotesToken.isEmail(value) { return true }
        let digits = value.count(where: \.isNumber)
        if digits >= 6, value.allSatisfy({ $0.isNumber || " +-().".contains($0) }) { return true }
        guard !value.contains(" "), value.count <= 64 else { return false }
        if value.contains(where: { $0.isNumber || "._@-\\".contains($0) }) { return true }
        // One word in lower case (`okovalenko`) is a login; a capitalised one a name for it.
        return value.count >= 3 && value.allSatisfy { $0.isLowercase }
    }

    static func isURLLike(_ value: String) -> Bool {
        value.contains("://") || NotesToken.isURL(value) || value.lowercased().hasPrefix("www.")
    }

    /// `3`, `0042`, `1f0c…` (32 hex digits), `6F9619FF-8B86-D011-B42D-00C04FC964FF`.
    static func isRecordID(_ value: String) -> Bool {
        if value.count <= 4, value.allSatisfy(\.isNumber) { return true }
        let hex = value.filter { $0 != "-" }
        return hex.count >= 24 && hex.allSatisfy(\.isHexDigit)
    }
}
