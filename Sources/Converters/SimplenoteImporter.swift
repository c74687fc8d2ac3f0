import Foundation
import PropertyList

/// Simplenote's JSON export (`source/notes.json` in its ZIP): `{"activeNotes": [...],
/// "trashedNotes": [...]}`, each note `{id, content, creationDate, lastModified, tags,
/// pinned, markdown}`. The first line of `content` is the note's title (Simplenote shows it
/// so); the rest is its text. Trashed notes are imported with the `trashed` tag.
struct SimplenoteImporter: ForeignJSONFormat {
    var name: String { "simplenote-json" }
    var expectation: String? { "a Simplenote export (JSON with activeNotes)" }

    static func matches(_ value: PropertyListValue) -> Bool {
        guard let d = value.dictionaryValue else { return false }
        return d["activeNotes"]?.arrayValue != nil || d["trashedNotes"]?.arrayValue != nil
    }

    static func importValue(_ value: PropertyListValue, input: String) throws -> ImportResult {
        let d = value.dictionaryValue ?? [:]
        var notes = [ExportedNote]()
        var skipped = [ImportReport.Skipped]()
        for (key, trashed) in [("activeNotes", false), ("trashedNotes", true)] {
            for (index, entry) in (d[key]?.arrayValue ?? []).enumerated() {
                let origin = "\(key)[\(index)]"
                guard let n = entry.dictionaryValue, let content = n["content"]?.stringValue else {
                    skipped.append(.init(line: index + 1, reason: "\(origin): a note without content"))
                    continue
                }
                let (title, body) = split(content)
                var note = ExportedNote(title: title, text: body, origin: origin)
                note.tags = (n["tags"]?.arrayValue ?? []).compactMap(\.stringValue)
                note.created = n["creationDate"]?.stringValue.flatMap(NoteDates.parse)
                note.modified = n["lastModified"]?.stringValue.flatMap(NoteDates.parse)
                note.pinned = n["pinned"] == true
                note.trashed = trashed
                notes.append(note)
            }
        }
        return ExportedNote.importNotes(notes, skipped: skipped, input: input, format: "simplenote-json")
    }

    /// The first non-blank line, and the text after it. A first line that is itself a
    /// credential ("gmail: ana / pw") stays in the text, so a password never becomes a title.
    static func split(_ content: String) -> (title: String, body: String) {
        let lines = content.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            return ("", "")
        }
        let title = lines[first].trimmingCharacters(in: .whitespaces)
        if title.count > 100
            || NotesImporter.importText(title, input: "", encoding: "UTF-8").records.contains(where: {
                $0.item.password != nil || $0.item.username != nil
            })
        {
            return ("", content)
        }
        let heading =
            title.hasPrefix("#") ? String(title.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces) : title
        return (heading, lines[(first + 1)...].joined(separator: "\n"))
    }
}
