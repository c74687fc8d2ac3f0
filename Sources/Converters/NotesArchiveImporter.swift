import Foundation
import PropertyList

/// The ZIP exports of notes apps (and Proton Pass), read in memory (``ArchiveEntries``):
/// - a Google Keep Takeout: `Takeout/Keep/NAME.json` per note, and/or `NAME.html`. When
///   both exist for a note (same folder and name) the JSON is read and the HTML is not, so
///   no note is imported twice; an HTML without its JSON is read as Keep HTML. Other
///   files (attachments, `Labels.txt`) are not notes and are left out.
/// - a Simplenote export: `source/notes.json` (the `.txt` copy of each note beside it is
///   not read again).
/// - a Proton Pass export: `Proton Pass/data.json`.
///
/// Any other ZIP is refused with what to do (see ``Importer/zipRefusal``). A note that
/// cannot be read (damaged JSON) is reported as skipped with its entry name; a damaged
/// archive, or an entry past the limits, fails the import naming the entry.
struct NotesArchiveImporter: ImportFormat {
    var name: String { "notes-zip" }
    var aliases: [String] { ["keep-takeout", "simplenote-zip", "zip"] }
    var syntaxes: Set<ImportSource.Syntax> { [.zip] }
    var expectation: String? { "a ZIP export of Google Keep (Takeout), Simplenote or Proton Pass" }

    enum Kind { case keep, simplenote, protonPass }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .zip else { return nil }
        let entries = try source.archiveEntries()
        return Self.kind(entries) == nil ? nil : .high
    }

    static func kind(_ entries: ArchiveEntries) -> Kind? {
        if entries.files.contains(where: { isKeepNote($0.path) }) { return .keep }
        if entries.files.contains(where: { $0.path == "source/notes.json" || $0.path.hasSuffix("/source/notes.json") })
        {
            return .simplenote
        }
        if entries.files.contains(where: { $0.path.hasSuffix("Proton Pass/data.json") }) { return .protonPass }
        return nil
    }

    /// `Takeout/Keep/NAME.json` or `.html` (or `Keep/…` when the Takeout folder was dropped).
    static func isKeepNote(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 2] == "Keep" else { return false }
        return path.hasSuffix(".json") || path.hasSuffix(".html")
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let entries = try source.archiveEntries()
        var result: ImportResult
        switch Self.kind(entries) {
        case .keep?: result = try Self.readKeep(entries)
        case .simplenote?:
            let value = try Self.oneJSON(
                entries, suffix: "source/notes.json", app: "Simplenote", missing: "activeNotes"
            ) {
                SimplenoteImporter.matches($0)
            }
            result = try SimplenoteImporter.importValue(value, input: source.name)
            result.report.format = "simplenote-zip"
        case .protonPass?:
            let value = try Self.oneJSON(
                entries, suffix: "Proton Pass/data.json", app: "Proton Pass", missing: "vaults"
            ) {
                ProtonPassImporter.matches($0)
            }
            result = try ProtonPassImporter.importValue(value, input: source.name)
        case nil:
            throw Importer.zipRefusal(source.name)
        }
        result.report.warnings = entries.warnings + result.report.warnings
        return result
    }

    /// The JSON of the one entry an app's ZIP holds (`source/notes.json`), which must be
    /// that app's export.
    private static func oneJSON(
        _ entries: ArchiveEntries, suffix: String, app: String, missing: String,
        matches: (PropertyListValue) -> Bool
    ) throws -> PropertyListValue {
        let file = entries.files.first { $0.path.hasSuffix(suffix) }!
        let value = try json(entries, file)
        guard matches(value) else {
            throw ConverterError(
                .unrecognized, input: entries.name(file), expected: "a \(app) export",
                "not a \(app) export (no \(missing))")
        }
        return value
    }

    private static func json(_ entries: ArchiveEntries, _ file: ArchiveEntries.File) throws -> PropertyListValue {
        try json(entries, file, try entries.read(file))
    }

    private static func json(_ entries: ArchiveEntries, _ file: ArchiveEntries.File, _ bytes: [UInt8]) throws
        -> PropertyListValue
    {
        do {
            return try JSONPropertyList.decodeForeign(bytes)
        } catch let error as PropertyListError {
            throw ConverterError(error, input: entries.name(file), expected: "JSON")
        }
    }

    static func readKeep(_ entries: ArchiveEntries) throws -> ImportResult {
        let keepFiles = entries.files.filter { isKeepNote($0.path) }
        var notes = [ExportedNote]()
        var skipped = [ImportReport.Skipped]()
        var warnings = [String]()
        var fromJSON = Set<Substring>()  // paths without extension
        // Two passes over the archive: the JSON notes, then the HTML ones without a JSON twin.
        try entries.readEach(keepFiles.filter { $0.path.hasSuffix(".json") }) { file, bytes in
            let value: PropertyListValue
            do {
                value = try json(entries, file, bytes)
            } catch let error as ConverterError where error.code == .malformed {
                skipped.append(.init(line: skipped.count + notes.count + 1, reason: error.description))
                return
            }
            guard GoogleKeepJSONImporter.matches(value) else {
                warnings.append("\(file.path): not a Keep note; not read")
                return
            }
            notes.append(GoogleKeepJSONImporter.note(value, origin: file.path))
            fromJSON.insert(file.path.dropLast(".json".count))
        }
        let htmlFiles = keepFiles.filter {
            $0.path.hasSuffix(".html") && !fromJSON.contains($0.path.dropLast(".html".count))
        }
        try entries.readEach(htmlFiles) { file, bytes in
            let decoded = try TextDecoding.decode(bytes, input: entries.name(file))
            guard GoogleKeepHTMLImporter.matches(Array(decoded.text.utf8.prefix(16_384))) else {
                warnings.append("\(file.path): not a Keep note; not read")
                return
            }
            notes.append(GoogleKeepHTMLImporter.note(decoded.text, origin: file.path))
        }
        return ExportedNote.importNotes(
            notes, skipped: skipped, input: entries.input, format: "keep-takeout", warnings: warnings)
    }
}
