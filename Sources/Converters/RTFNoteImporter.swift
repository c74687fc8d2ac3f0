/// A note saved as RTF (TextEdit, WordPad): its text, read as a notes list. Detected by
/// RTF's opening `{\rtf`.
struct RTFNoteImporter: ImportFormat {
    var name: String { "rtf" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { "an RTF document ({\\rtf…)" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        RTFText.isRTF(Self.content(source.bytes)) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let text: String
        do {
            text = try RTFText.text(Array(Self.content(source.bytes)))
        } catch let failure as RTFText.Failure {
            throw ConverterError(
                .malformed, input: source.name, offset: failure.offset, expected: "an RTF document",
                "not a readable RTF document: \(failure.message) at byte \(failure.offset)")
        }
        var (records, report) = NotesImporter.importText(text, input: source.name, encoding: "RTF")
        report.format = "rtf"
        report.records = records.map {
            .init(
                lines: $0.firstLine == $0.lastLine ? "\($0.firstLine)" : "\($0.firstLine)-\($0.lastLine)",
                confidence: $0.confidence, title: $0.item.title)
        }
        return (records.map(\.item), report)
    }

    /// The bytes after a UTF-8 byte-order mark, if any.
    private static func content(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    }
}
