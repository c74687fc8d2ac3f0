import Foundation
import VaultModel

/// One note as a notes app exported it: its text and the metadata the app kept beside it.
/// The readers of notes apps' exports (Google Keep, Simplenote, Evernote, Standard Notes,
/// Markdown with front matter, HTML per note) produce these; ``ExportedNote/importNotes``
/// turns them into items through the notes grammar (``NotesImporter/importText``).
struct ExportedNote: Sendable {
    var title: String
    var text: String
    /// Labels or tags, in the app's order.
    var tags: [String] = []
    /// Notebook or folder path.
    var folder: [String] = []
    var created: Date?
    var modified: Date?
    var trashed = false
    var archived = false
    var pinned = false
    /// Metadata lines the app wrote that Coffer does not read (front matter keys like
    /// `aliases:`): kept as written in the first item's concealed text, never read as records.
    var metadata: [String] = []
    /// Where the note is in its input ("note 3", "Takeout/Keep/Bank.json"), for the report.
    var origin: String

    /// The tags trashed and archived notes get: they are imported (nothing disappears), and
    /// the tag keeps them apart without moving them out of their folder.
    static let trashedTag = "trashed", archivedTag = "archived"

    /// Items from `notes`: each note's text goes through the notes grammar, then the note's
    /// metadata is applied to the items made from it.
    ///
    /// - The note title becomes the item title when the grammar found none of its own (it
    ///   fell back to "untitled", the username or the URL's host), and for a note with no
    ///   credential (a secure note), whose first line then goes back to its text. When one note yields
    ///   several records, the note title is also a folder level above them (the notebook
    ///   path, then the note title, then any heading inside the note).
    /// - Tags and labels are added to the item's tags (trashed and archived notes also get
    ///   ``trashedTag`` or ``archivedTag``); a pinned note's items are favorites; the
    ///   note's dates are used when the record has none.
    /// - A note with a title but no text is a secure note with that title; a note with
    ///   neither is reported as skipped.
    ///
    /// The report counts records (`read` = imported + kept as notes + skipped) and
    /// ``ImportReport/notes`` the notes they came from.
    static func importNotes(
        _ notes: [ExportedNote], skipped: [ImportReport.Skipped] = [], input: String, format: String,
        encoding: String = "UTF-8", warnings: [String] = []
    ) -> ImportResult {
        var report = ImportReport(input: input, format: format, encoding: encoding)
        report.notes = notes.count + skipped.count
        report.read = skipped.count
        report.skipped = skipped
        report.warnings = warnings
        // Each note is read on its own, so the notes are shared out among the cores; what
        // they make is gathered in their order.
        let read = ParallelMap.map(notes.count, serialBelow: 64) { [notes] index in notes[index].records() }
        var items = [VaultItem]()
        for (index, note) in notes.enumerated() {
            guard let (records, part) = read[index] else {
                report.read += 1
                var title = note.title.trimmingCharacters(in: .whitespacesAndNewlines)
                if title.isEmpty, !note.metadata.isEmpty { title = note.origin }
                if title.isEmpty {
                    report.skipped.append(.init(line: index + 1, reason: "\(note.origin): an empty note"))
                } else {
                    var item = VaultItem(title: title)
                    item.kind = .secureNote
                    if !note.metadata.isEmpty { Self.keep(note.metadata, in: &item) }
                    note.apply(to: &item, records: 1)
                    items.append(item)
                    report.keptAsNotes += 1
                    report.records.append(.init(lines: note.origin, confidence: "low", title: title))
                }
                continue
            }
            report.read += part.read
            report.imported += part.imported
            report.keptAsNotes += part.keptAsNotes
            report.duplicates += part.duplicates
            report.skipped += part.skipped.map { .init(line: $0.line, reason: "\(note.origin): \($0.reason)") }
            report.warnings += part.warnings.map { "\(note.origin): \($0)" }
            for (position, record) in records.enumerated() {
                var item = record.item
                if position == 0, !note.metadata.isEmpty { Self.keep(note.metadata, in: &item) }
                note.apply(to: &item, records: records.count)
                let lines =
                    record.firstLine == record.lastLine
                    ? "\(record.firstLine)" : "\(record.firstLine)-\(record.lastLine)"
                report.records.append(
                    .init(lines: "\(note.origin): \(lines)", confidence: record.confidence, title: item.title))
                items.append(item)
            }
        }
        return (items, report)
    }

    /// The records the notes grammar makes of this note's text, with their report; nil for a
    /// note with no text. Reads nothing but the note, so notes are read in parallel.
    func records() -> (records: [NotesImporter.Record], report: ImportReport)? {
        let text = self.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        // The note's title heads its text for the grammar, as it does on screen: a first
        // bare line under it is then a value (`DigiD` / `CarmenGarcia` / password), not
        // a second title.
        var headed = headedText
        var (records, part) = NotesImporter.importText(headed.text, input: origin, encoding: "UTF-8")
        if headed.added, !records.contains(where: { $0.item.kind == .login }) {
            // No credential either way: the note reads as its app shows it (a list stays a list).
            headed = (self.text, false)
            (records, part) = NotesImporter.importText(self.text, input: origin, encoding: "UTF-8")
        }
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        if !title.isEmpty, !records.isEmpty,
            records.allSatisfy({ record in
                record.item.kind == .secureNote
                    && record.item.customFields.allSatisfy { field in
                        field.name == NotesImporter.unrecognizedFieldName
                            && !field.value.split(whereSeparator: \.isWhitespace).contains {
                                NotesToken.isPasswordLike($0)
                            }
                    }
            })
        {
            // No credential and nothing concealed: the note as written (a checklist keeps
            // its `[x]`, a list its commas), under its own title.
            var item = VaultItem(title: title)
            item.kind = .secureNote
            item.notes = text
            item.folder = records[0].item.folder.filter { $0 != title }
            item.tags = records.flatMap(\.item.tags).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
            let first = records[0].firstLine
            let last = records.map(\.lastLine).max() ?? first
            records = [.init(item: item, firstLine: first, lastLine: last, confidence: "low")]
            part.read = 1
            part.imported = 0
            part.keptAsNotes = 1
        }
        if headed.added {
            for index in records.indices {
                records[index].firstLine = max(1, records[index].firstLine - 1)
                records[index].lastLine = max(1, records[index].lastLine - 1)
            }
        }
        return (records, part)
    }

    /// The text with the note's title as its first line, unless the text already starts with
    /// it or the title is not a plain line (empty, several lines, or a credential itself).
    var headedText: (text: String, added: Bool) {
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, title.count <= 100, !title.contains(where: \.isNewline),
            !title.split(separator: " ").contains(where: { NotesToken.isPasswordLike($0) })
        else { return (text, false) }
        // (Only the lines up to the first with text are looked at: a note may be long.)
        var first: Substring?
        var rest = text[...]
        while first == nil, !rest.isEmpty {
            let end = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            if !rest[..<end].trimmingCharacters(in: .whitespaces).isEmpty { first = rest[..<end] }
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
        }
        let folded = first.map { NotesLabel.fold($0.trimmingCharacters(in: .whitespaces)) }
        if let folded,
            folded == NotesLabel.fold(title) || folded.trimmingCharacters(in: ["#", " "]) == NotesLabel.fold(title)
        {
            return (text, false)
        }
        return (title + "\n" + text, true)
    }

    /// The note's metadata on one item made from it (one of `records`).
    /// `lines` added to the item's concealed text (``NotesImporter/unrecognizedFieldName``).
    static func keep(_ lines: [String], in item: inout VaultItem) {
        let text = lines.joined(separator: "\n")
        if let index = item.customFields.firstIndex(where: { $0.name == NotesImporter.unrecognizedFieldName }) {
            item.customFields[index].value = text + "\n" + item.customFields[index].value
        } else {
            item.customFields.append(.init(name: NotesImporter.unrecognizedFieldName, value: text, concealed: true))
        }
    }

    func apply(to item: inout VaultItem, records: Int) {
        let title = self.title.trimmingCharacters(in: .whitespacesAndNewlines)
        // ("Medicare.gov  dottie / pw" among a note's records: the site it names titles it
        // better than the note, which becomes its folder; a note of one record is named by it.)
        // (Unless the note is named after that site: `fritz.box` in a note "FRITZ!Box".)
        func letters(_ text: Substring) -> String { NotesLabel.fold(text).filter { $0.isLetter || $0.isNumber } }
        let namedBySite =
            records > 1 && !item.title.isEmpty && item.title == item.urls.first.flatMap(NotesImporter.host)
            && !letters(title[...]).contains(letters(item.title.split(separator: ".").first ?? ""))
        if !title.isEmpty, Self.titleIsFallback(item), !namedBySite {
            item.title = title
        } else if !title.isEmpty, records == 1, item.kind == .secureNote, item.title != title {
            // The grammar titled a note without credentials with its first line: the note's
            // own title names it, and that line goes back to the text (nothing is lost).
            item.notes = [item.title, item.notes].compactMap { $0 }.joined(separator: "\n")
            item.title = title
        }
        var path = folder
        if records > 1, !title.isEmpty, item.folder.first != title { path.append(title) }
        item.folder = path + item.folder
        var extra = tags
        if trashed { extra.append(Self.trashedTag) }
        if archived { extra.append(Self.archivedTag) }
        for tag in extra where !tag.isEmpty && !item.tags.contains(tag) { item.tags.append(tag) }
        if pinned { item.favorite = true }
        item.created = item.created ?? created
        item.modified = item.modified ?? modified
    }

    /// The grammar names a record "untitled", or after its username or URL host, only when
    /// nothing in it was a title.
    static func titleIsFallback(_ item: VaultItem) -> Bool {
        item.title.isEmpty || item.title == "untitled" || item.title == item.username
            || item.title == item.urls.first.flatMap(NotesImporter.host)
            || item.title == item.urls.first.flatMap { URLComponents(string: $0)?.host }
            || item.username.map { user in
                NotesToken.isEmail(user) && user.lowercased().hasSuffix("@" + item.title.lowercased())
            } ?? false
            || item.title.hasPrefix("Note, line")
    }
}
