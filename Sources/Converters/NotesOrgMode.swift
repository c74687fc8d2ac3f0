/// Emacs Org files as the notes grammar reads Markdown: `** Bank` is a level-2 heading and a
/// property drawer's `:USERNAME: ana` is the label-value line `USERNAME: ana`. A file is Org
/// when it says so (`#+TITLE:`) or has a heading of two stars or more (`** x` is never a
/// Markdown bullet); only then is a single `* x` a heading rather than a list item.
enum NotesOrgMode {
    static func isOrg(_ lines: [String]) -> Bool {
        lines.prefix(2000).contains { line in
            line.hasPrefix("#+TITLE:") || line.hasPrefix("#+title:") || line.hasPrefix(":PROPERTIES:")
                || (line.hasPrefix("**") && starHeading(line) != nil)
        }
    }

    /// `line` as the Markdown line it stands for.
    static func markdown(_ line: String) -> String {
        if let (level, text) = starHeading(line) { return String(repeating: "#", count: min(level, 6)) + " " + text }
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        // ":PROPERTIES:", ":END:": a drawer's frame, markup like a code fence.
        if trimmed == ":PROPERTIES:" || trimmed == ":END:" || trimmed == ":properties:" || trimmed == ":end:" {
            return ""
        }
        // ":USERNAME: ana" → "USERNAME: ana"; "#+TITLE: Logins" → "TITLE: Logins".
        if trimmed.first == ":", let close = trimmed.dropFirst().firstIndex(of: ":"),
            trimmed[trimmed.index(after: trimmed.startIndex)..<close].allSatisfy({
                $0.isLetter || $0 == "_" || $0 == "-"
            }),
            close > trimmed.index(after: trimmed.startIndex)
        {
            return String(trimmed.dropFirst())
        }
        if trimmed.hasPrefix("#+"), trimmed.contains(":") { return String(trimmed.dropFirst(2)) }
        return line
    }

    /// `*** Work` → (3, "Work"), tags (`:work:home:`) and a TODO keyword left on the text.
    static func starHeading(_ line: String) -> (Int, String)? {
        let stars = line.prefix { $0 == "*" }.count
        guard stars >= 1, line.dropFirst(stars).first == " " else { return nil }
        let text = line.dropFirst(stars + 1).trimmedWhitespace
        // "*** Work ***" is a frame, not an Org heading.
        return text.isEmpty || text.hasSuffix("*") ? nil : (stars, text)
    }
}
