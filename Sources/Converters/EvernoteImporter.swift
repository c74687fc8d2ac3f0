import Foundation
import PropertyList

/// Evernote's `.enex` export: `<en-export>` holding `<note>`s, each with `<title>`,
/// `<content>` (ENML, an XHTML dialect, inside CDATA), `<created>`/`<updated>`
/// (`20200101T120000Z`), `<tag>`s and `<resource>`s (attachments: noted where ENML's
/// `<en-media>` shows them, their bytes not imported). A `notebook` attribute on
/// `<en-export>` (some exporters write one; Evernote names the file after the notebook
/// instead) becomes the folder.
///
/// The XML goes through ``XMLEventParser`` (no DTD or external entity is loaded, any
/// entity declaration is refused), the ENML through ``HTMLTokenizer`` (no entity is ever
/// expanded beyond the fixed HTML ones).
struct EvernoteImporter: ImportFormat {
    var name: String { "evernote-enex" }
    var aliases: [String] { ["enex"] }
    var syntaxes: Set<ImportSource.Syntax> { [.xml] }
    var expectation: String? { "an Evernote export (.enex: XML with <en-export>)" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .xml else { return nil }
        return Self.matches(source.bytes) ? .high : nil
    }

    static func matches(_ bytes: [UInt8]) -> Bool {
        MarkupSniffer.root(bytes)?.name == "en-export"
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        try Self.importBytes(source.bytes, input: source.name)
    }

    static func importBytes(_ bytes: [UInt8], input: String) throws -> ImportResult {
        let handler = Handler()
        do {
            try bytes.withUnsafeBytes { try XMLEventParser.parse($0, handler: handler) }
        } catch let error as PropertyListError {
            throw ConverterError(error, input: input, expected: "Evernote ENEX (XML)")
        }
        return ExportedNote.importNotes(handler.notes, input: input, format: "evernote-enex")
    }

    private final class Handler: XMLEventHandler {
        var notes = [ExportedNote]()
        var notebook: String?
        private var stack = [String]()
        private var note: ExportedNote?
        private var buffer = [UInt8]()
        private var collecting = false
        private static let collected: Set<String> = ["title", "content", "created", "updated", "tag"]

        func xmlStart(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser) {
            let element = String(cString: name)
            stack.append(element)
            switch element {
            case "en-export":
                notebook = attributes.value(of: "notebook")
            case "note" where stack.count == 2:
                note = ExportedNote(title: "", text: "", origin: "note \(notes.count + 1)")
                if let notebook, !notebook.isEmpty { note?.folder = [notebook] }
            default:
                // Only a note's own fields (not a resource's attributes) are read.
                collecting = note != nil && stack.count == 3 && Self.collected.contains(element)
                buffer.removeAll(keepingCapacity: true)
            }
        }

        func xmlCharacters(_ text: UnsafeBufferPointer<UInt8>, parser: XMLEventParser) {
            if collecting { buffer.append(contentsOf: text) }
        }

        func xmlEnd(parser: XMLEventParser) {
            guard let element = stack.popLast() else { return }
            if element == "note", stack.count == 1, let note {
                notes.append(note)
                self.note = nil
                return
            }
            guard collecting, stack.count == 2 else { return }
            collecting = false
            let text = String(decoding: buffer, as: UTF8.self)
            switch element {
            case "title": note?.title = text.trimmingCharacters(in: .whitespacesAndNewlines)
            case "content": note?.text = HTMLText.render(HTMLTokenizer.tokens(text))
            case "created": note?.created = NoteDates.parse(text)
            case "updated": note?.modified = NoteDates.parse(text)
            case "tag":
                let tag = text.trimmingCharacters(in: .whitespacesAndNewlines)
                if !tag.isEmpty { note?.tags.append(tag) }
            default: break
            }
        }
    }
}
