import Foundation
import PropertyList

/// One Google Keep note from a Takeout (`Takeout/Keep/NAME.json`): `title`, `textContent`
/// or `listContent` ([{text, isChecked}]), `labels` ([{name}]), `createdTimestampUsec`,
/// `userEditedTimestampUsec`, `isTrashed`, `isArchived`, `isPinned`, `color`,
/// `attachments`. List items become `[ ]`/`[x]` lines; attachments are noted by file name
/// (their bytes are not imported).
struct GoogleKeepJSONImporter: ForeignJSONFormat {
    var name: String { "keep-json" }
    var aliases: [String] { ["google-keep"] }
    var expectation: String? { "a Google Keep note (JSON with textContent or listContent)" }

    static func matches(_ value: PropertyListValue) -> Bool {
        guard let d = value.dictionaryValue else { return false }
        let hasContent = d["textContent"]?.stringValue != nil || d["listContent"]?.arrayValue != nil
        return hasContent
            && (d["userEditedTimestampUsec"] != nil || d["createdTimestampUsec"] != nil || d["isTrashed"] != nil)
    }

    static func importValue(_ value: PropertyListValue, input: String) throws -> ImportResult {
        ExportedNote.importNotes([note(value, origin: "note 1")], input: input, format: "keep-json")
    }

    /// The note in a Keep JSON document (`matches` was true).
    static func note(_ value: PropertyListValue, origin: String) -> ExportedNote {
        let d = value.dictionaryValue ?? [:]
        var lines = [String]()
        if let text = d["textContent"]?.stringValue, !text.isEmpty { lines.append(text) }
        for entry in d["listContent"]?.arrayValue ?? [] {
            guard let item = entry.dictionaryValue, let text = item["text"]?.stringValue else { continue }
            lines.append((item["isChecked"] == true ? "[x] " : "[ ] ") + text)
        }
        for attachment in d["attachments"]?.arrayValue ?? [] {
            if let path = attachment.dictionaryValue?["filePath"]?.stringValue {
                lines.append("[attachment: \(path)]")
            }
        }
        for annotation in d["annotations"]?.arrayValue ?? [] {
            if let url = annotation.dictionaryValue?["url"]?.stringValue, !lines.joined().contains(url) {
                lines.append(url)
            }
        }
        var note = ExportedNote(
            title: d["title"]?.stringValue ?? "", text: lines.joined(separator: "\n"), origin: origin)
        note.tags = (d["labels"]?.arrayValue ?? []).compactMap { $0.dictionaryValue?["name"]?.stringValue }
        note.created = NoteDates.microseconds(integer(d["createdTimestampUsec"]))
        note.modified = NoteDates.microseconds(integer(d["userEditedTimestampUsec"]))
        note.trashed = d["isTrashed"] == true
        note.archived = d["isArchived"] == true
        note.pinned = d["isPinned"] == true
        return note
    }

    private static func integer(_ value: PropertyListValue?) -> Int64? {
        switch value {
        case .integer(let i)?: i.int64Value
        case .real(let r)?: Int64(exactly: r.rounded())
        case .string(let s)?: Int64(s)
        default: nil
        }
    }
}
