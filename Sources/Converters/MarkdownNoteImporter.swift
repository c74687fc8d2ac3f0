import Foundation

/// One Markdown note as Joplin, Obsidian and Bear export them: YAML front matter
/// (`---`, then `title:`, `tags: [a, b]` or a `- tag` list, `created:`/`updated:` (also
/// `date`, `modified`), `aliases`, ending with `---`), then the text. Bear writes no front
/// matter: its first line `# Title` is the title, and a line made only of `#tag` words (`#work
/// #bank/cards`) holds its tags. Front matter keys Coffer does not use stay in the text.
///
/// Detected with front matter that has at least one of those keys, or with Bear's shape
/// (`# Title` then a tags line); any other Markdown is an ordinary notes list.
struct MarkdownNoteImporter: ImportFormat {
    var name: String { "markdown-note" }
    var aliases: [String] { ["markdown", "obsidian", "joplin", "bear"] }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    static let titleKeys: Set<String> = ["title"]
    static let tagKeys: Set<String> = ["tags", "tag", "keywords"]
    static let createdKeys: Set<String> = ["created", "date", "created_at", "creation date"]
    static let modifiedKeys: Set<String> = ["updated", "modified", "updated_at", "last modified"]
    static let folderKeys: Set<String> = ["notebook", "folder"]

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        let text = String(try source.text().text.prefix(8192))
        if let front = Self.frontMatter(text), !front.fields.isEmpty { return .high }
        return Self.bearTags(in: text) != nil ? .medium : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        return ExportedNote.importNotes(
            [Self.note(decoded.text, origin: "note 1")], input: source.name, format: "markdown-note",
            encoding: decoded.encoding, warnings: decoded.warnings)
    }

    static func note(_ text: String, origin: String) -> ExportedNote {
        var note = ExportedNote(title: "", text: text, origin: origin)
        var body = text
        if let front = frontMatter(text) {
            body = front.body
            var kept = [String]()
            for (key, values, raw) in front.fields {
                switch key {
                case _ where titleKeys.contains(key): note.title = values.first ?? ""
                case _ where tagKeys.contains(key): note.tags += values
                case _ where createdKeys.contains(key): note.created = values.first.flatMap(NoteDates.parse)
                case _ where modifiedKeys.contains(key): note.modified = values.first.flatMap(NoteDates.parse)
                case _ where folderKeys.contains(key): note.folder = values.first.map { [$0] } ?? []
                case "pinned", "favorite": note.pinned = values.first == "true"
                case "archived": note.archived = values.first == "true"
                case "trashed", "deleted": note.trashed = values.first == "true"
                default: if !values.isEmpty { kept += raw }
                }
            }
            note.metadata = kept
        }
        var lines = body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Bear: `# Title` first, and lines made only of #tags.
        if note.title.isEmpty,
            let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
            lines[first].hasPrefix("# ")
        {
            note.title = lines[first].dropFirst(2).trimmingCharacters(in: .whitespaces)
            lines.remove(at: first)
        }
        // Bear writes its tag line right under the title or at the end of the note; only
        // those two lines are read as tags (elsewhere `#word` is text).
        let nonEmpty = lines.indices.filter { !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }
        for index in Set([nonEmpty.first, nonEmpty.last].compactMap { $0 }).sorted(by: >) {
            guard let tags = tagLine(lines[index]) else { continue }
            for tag in tags where !note.tags.contains(tag) { note.tags.append(tag) }
            lines.remove(at: index)
        }
        note.text = lines.joined(separator: "\n")
        return note
    }

    /// The front matter's fields (key, values, the raw lines) and the text after it.
    static func frontMatter(_ text: String) -> (fields: [(String, [String], [String])], body: String)? {
        var rest = text.replacingOccurrences(of: "\r\n", with: "\n")
        if rest.hasPrefix("\u{FEFF}") { rest.removeFirst() }
        guard rest.hasPrefix("---\n") else { return nil }
        let lines = rest.split(separator: "\n", omittingEmptySubsequences: false)
        guard let close = lines.dropFirst().prefix(200).firstIndex(where: { $0 == "---" || $0 == "..." }) else {
            return nil
        }
        var fields = [(String, [String], [String])]()
        var known = false
        for line in lines[1..<close] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("- "), !fields.isEmpty, line.first == " " || line.first == "-" {
                // a YAML list item under the previous key
                fields[fields.count - 1].1.append(unquote(String(trimmed.dropFirst(2))))
                fields[fields.count - 1].2.append(String(line))
                continue
            }
            guard let colon = line.firstIndex(of: ":"), line.first != " " else {
                if !fields.isEmpty { fields[fields.count - 1].2.append(String(line)) }
                continue
            }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            var values = [String]()
            if value.hasPrefix("["), value.hasSuffix("]") {
                values = value.dropFirst().dropLast().split(separator: ",").map {
                    unquote($0.trimmingCharacters(in: .whitespaces))
                }.filter { !$0.isEmpty }
            } else if !value.isEmpty {
                values =
                    tagKeys.contains(key) && !value.contains(",") && value.contains(" ") && value.contains("#")
                    ? value.split(separator: " ").map { unquote(String($0)) }
                    : tagKeys.contains(key) && value.contains(",")
                        ? value.split(separator: ",").map { unquote($0.trimmingCharacters(in: .whitespaces)) }
                        : [unquote(value)]
            }
            if tagKeys.contains(key) { values = values.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 } }
            if titleKeys.contains(key) || tagKeys.contains(key) || createdKeys.contains(key)
                || modifiedKeys.contains(key) || key == "aliases"
            {
                known = true
            }
            fields.append((key, values, [String(line)]))
        }
        guard known else { return nil }
        return (fields, lines[(close + 1)...].joined(separator: "\n"))
    }

    private static func unquote(_ s: String) -> String {
        if s.count >= 2, (s.hasPrefix("\"") && s.hasSuffix("\"")) || (s.hasPrefix("'") && s.hasSuffix("'")) {
            return String(s.dropFirst().dropLast())
        }
        return s
    }

    /// `#work #bank/cards` (Bear's tag line): every word a `#tag` (not a `# heading`).
    static func tagLine(_ line: String) -> [String]? {
        let words = line.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty, words.count <= 20 else { return nil }
        var tags = [String]()
        for word in words {
            let name = word.dropFirst()
            // Letters, `/`, `-`, `_` only: `#hunter2` or `#Summer2024!` on its own line may
            // be a secret, and stays text (a tag with digits is kept as text, never lost).
            guard word.hasPrefix("#"), !name.isEmpty, name.allSatisfy({ $0.isLetter || "/-_".contains($0) }) else {
                return nil
            }
            tags.append(String(name))
        }
        return tags
    }

    /// Bear's shape: `# Title` first and a tags line among the first lines.
    static func bearTags(in text: String) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(12).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard lines.first?.hasPrefix("# ") == true else { return nil }
        return lines.dropFirst().lazy.compactMap(tagLine).first
    }
}
