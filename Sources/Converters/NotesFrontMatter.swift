import Foundation

/// YAML front matter at the top of a Markdown note (Joplin, Obsidian, Bear exports):
/// `---`, `key: value` lines (and `- item` lists), `---`. It is metadata, not records: its
/// title names the note's only record (or becomes the folder of several), its tags and
/// dates carry over, and any other key is kept in the first record's concealed text.
struct NotesFrontMatter {
    static let maximumLines = 100

    var title: String?
    var tags = [String]()
    var folder: String?
    var created: Date?
    var modified: Date?
    var other = [String]()

    /// Reads front matter from the top of `lines` and blanks those lines there (their
    /// content is carried by ``apply(to:)``); nil when the text has none.
    init?(lines: inout [String]) {
        guard lines.first?.trimmedWhitespace == "---" else { return nil }
        guard
            let end = lines.indices.dropFirst().prefix(Self.maximumLines).first(where: {
                let line = lines[$0].trimmedWhitespace
                return line == "---" || line == "..."
            }), end > 1
        else { return nil }
        var key: String?
        for line in lines[1..<end] {
            let trimmed = line.trimmedWhitespace
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("- "), let key {
                add(key, Self.unquoted(trimmed.dropFirst(2)), line: trimmed)
                continue
            }
            guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
                trimmed[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "_- ".contains($0) })
            else { return nil }  // not YAML: an ordinary text that starts with a rule
            key = trimmed[..<colon].lowercased()
            let value = Self.unquoted(trimmed[trimmed.index(after: colon)...])
            if value.hasPrefix("["), value.hasSuffix("]") {
                for part in value.dropFirst().dropLast().split(separator: ",") {
                    add(key!, Self.unquoted(part), line: trimmed)
                }
            } else if !value.isEmpty {
                add(key!, value, line: trimmed)
            }
        }
        for index in 0...end { lines[index] = "" }
    }

    private mutating func add(_ key: String, _ value: String, line: String) {
        switch key {
        case "title": title = value
        case "tags", "tag", "keywords", "labels": tags.append(value)
        case "folder", "notebook", "category": folder = value
        case "created", "date", "created_at", "creation_date":
            created =
                ISODates.parse(value)
                ?? {
                    other.append(line)
                    return nil
                }()
        case "updated", "modified", "updated_at", "modification_date":
            modified =
                ISODates.parse(value)
                ?? {
                    other.append(line)
                    return nil
                }()
        default: other.append(line)
        }
    }

    private static func unquoted(_ text: Substring) -> String {
        var value = text.trimmedWhitespace
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }

    func apply(to drafts: inout [NotesDraft]) {
        if drafts.isEmpty, title != nil || !other.isEmpty || !tags.isEmpty {
            drafts.append(NotesDraft(line: 1, block: 0))
        }
        for index in drafts.indices {
            drafts[index].tags += tags
            if let folder { drafts[index].folder.insert(folder, at: 0) }
        }
        if let title, !drafts.isEmpty {
            if drafts.count == 1, drafts[0].title == nil {
                drafts[0].title = title
            } else {
                for index in drafts.indices where drafts[index].title != title { drafts[index].folder.append(title) }
            }
        }
        if !drafts.isEmpty {
            drafts[0].unrecognized.insert(contentsOf: other, at: 0)
            drafts[0].created = drafts[0].created ?? created
            drafts[0].modified = drafts[0].modified ?? modified
        }
    }
}
