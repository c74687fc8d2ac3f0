import Foundation

/// One note as an HTML page, as Apple Notes exporters (Exporter, notes-exporter scripts)
/// and other apps write a note per file: `<html><head><title>TITLE</title></head><body>…`.
/// The title is the note's title (else its first `<h1>`); the body is read as lines
/// (see ``HTMLText``).
struct HTMLNoteImporter: ImportFormat {
    var name: String { "html-note" }
    var aliases: [String] { ["html"] }
    var syntaxes: Set<ImportSource.Syntax> { [.xml] }
    var expectation: String? { "an HTML page (a note exported as <html>…)" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .xml else { return nil }
        return Self.matches(source.bytes) ? .high : nil
    }

    static func matches(_ bytes: [UInt8]) -> Bool { MarkupSniffer.isHTML(bytes) }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        return ExportedNote.importNotes(
            [Self.note(decoded.text, origin: "note 1")], input: source.name, format: "html-note",
            encoding: decoded.encoding, warnings: decoded.warnings)
    }

    static func note(_ html: String, origin: String) -> ExportedNote {
        let tokens = HTMLTokenizer.tokens(html)
        var title = HTMLText.title(tokens) ?? ""
        var body = HTMLText.render(tokens)
        if title.isEmpty,
            let first = tokens.firstIndex(where: { if case .start("h1", _, _) = $0 { true } else { false } })
        {
            let end = tokens[first...].firstIndex(where: { if case .end("h1") = $0 { true } else { false } }) ?? first
            title = HTMLText.render(tokens[first...end]).replacingOccurrences(of: "\n", with: " ")
        }
        // The title repeated as the body's first line (most exporters do) is the title, not text.
        let lines = body.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        if !title.isEmpty, let firstLine = lines.first, firstLine.trimmingCharacters(in: .whitespaces) == title {
            body = lines.count > 1 ? String(lines[1]) : ""
        }
        return ExportedNote(title: title, text: body, origin: origin)
    }
}
