import Foundation
import PropertyList

/// A Standard Notes backup (decrypted): `{"version": "004", "items": [{"uuid",
/// "content_type": "Note" | "Tag" | …, "content": {"title", "text", "references":
/// [{"uuid", "content_type"}], "trashed", "archived", "pinned"}, "created_at",
/// "updated_at"}]}`. Tags reach their notes through the tag's references (and, in newer
/// backups, a note's references to a tag); other item types (components, themes,
/// preferences) are not notes and are left out. An encrypted backup (string `content`
/// starting `004:`/`003:`) is refused: export a decrypted backup instead.
struct StandardNotesImporter: ForeignJSONFormat {
    var name: String { "standardnotes-json" }
    var expectation: String? { "a Standard Notes backup (JSON items with content_type)" }

    static func matches(_ value: PropertyListValue) -> Bool {
        guard let items = value.dictionaryValue?["items"]?.arrayValue, let first = items.first?.dictionaryValue else {
            return false
        }
        return first["content_type"]?.stringValue != nil && first["uuid"] != nil
    }

    static func importValue(_ value: PropertyListValue, input: String) throws -> ImportResult {
        let items = value.dictionaryValue?["items"]?.arrayValue ?? []
        // Encrypted: its notes' content is a string (`004:…`), not an object.
        if items.contains(where: {
            $0.dictionaryValue?["content_type"]?.stringValue == "Note"
                && $0.dictionaryValue?["content"]?.stringValue != nil
        }) {
            throw ConverterError(
                .unrecognized, input: input, found: "an encrypted Standard Notes backup",
                "an encrypted Standard Notes backup; export a decrypted backup (Preferences → Backups → "
                    + "\"Download backup\" with \"Decrypted\") and import that file")
        }
        var tagNames = [String: String]()  // tag uuid → title
        var tagsOfNote = [String: [String]]()
        for item in items {
            guard let d = item.dictionaryValue, d["content_type"]?.stringValue == "Tag",
                let uuid = d["uuid"]?.stringValue, let content = d["content"]?.dictionaryValue
            else { continue }
            let title = content["title"]?.stringValue ?? ""
            tagNames[uuid] = title
            for reference in content["references"]?.arrayValue ?? [] {
                if let note = reference.dictionaryValue?["uuid"]?.stringValue, !title.isEmpty {
                    tagsOfNote[note, default: []].append(title)
                }
            }
        }
        var notes = [ExportedNote]()
        var skipped = [ImportReport.Skipped]()
        for (index, item) in items.enumerated() {
            guard let d = item.dictionaryValue, d["content_type"]?.stringValue == "Note" else { continue }
            let origin = "items[\(index)]"
            guard let content = d["content"]?.dictionaryValue else {
                skipped.append(.init(line: index + 1, reason: "\(origin): a note without content"))
                continue
            }
            var note = ExportedNote(
                title: content["title"]?.stringValue ?? "", text: content["text"]?.stringValue ?? "", origin: origin)
            let uuid = d["uuid"]?.stringValue ?? ""
            var tags = tagsOfNote[uuid] ?? []
            for reference in content["references"]?.arrayValue ?? [] {
                if let id = reference.dictionaryValue?["uuid"]?.stringValue, let tag = tagNames[id], !tags.contains(tag)
                {
                    tags.append(tag)
                }
            }
            note.tags = tags
            note.created = d["created_at"]?.stringValue.flatMap(NoteDates.parse)
            note.modified = d["updated_at"]?.stringValue.flatMap(NoteDates.parse)
            note.trashed = content["trashed"] == true
            note.archived =
                content["archived"] == true
                || (content["appData"]?.dictionaryValue?[
                    "org.standardnotes.sn"]?.dictionaryValue?["archived"] == true)
            note.pinned =
                content["pinned"] == true
                || (content["appData"]?.dictionaryValue?[
                    "org.standardnotes.sn"]?.dictionaryValue?["pinned"] == true)
            notes.append(note)
        }
        return ExportedNote.importNotes(notes, skipped: skipped, input: input, format: "standardnotes-json")
    }
}
