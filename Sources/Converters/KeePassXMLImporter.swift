import Foundation
import PropertyList
import VaultModel

/// KeePass 2.x / KeePassXC XML exports (`<KeePassFile>`) and KeePassX 0.4 XML
/// (`<database>`): groups become folder paths (without the root group), entry strings map
/// to item fields, other strings become custom fields (concealed when protected), history
/// entries become password history, attachments (`Entry/Binary`, inline or by reference
/// into `Meta/Binaries`, gzip-compressed or not) carry their bytes. Parsed with
/// ``XMLEventParser`` (libxml2, streaming, no network, no DTD, no entities; Foundation's
/// XMLParser fails on exports over ~50 MB); the per-element work is ``KeePassXMLReader``.
struct KeePassXMLImporter {
    static func matches(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<KeePassFile") || head.contains("KEEPASSX_DATABASE") || head.contains("<database>")
    }

    /// Holds the reader's state in one stored property, so no per-field exclusivity checks.
    final class Handler: XMLEventHandler {
        /// Unchecked: the parse is synchronous on one thread and never re-enters the
        /// handler, and the dynamic check per event was a tenth of the parse.
        @exclusivity(unchecked) var reader: KeePassXMLReader

        init(reader: KeePassXMLReader) { self.reader = reader }

        func xmlStart(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser) {
            reader.start(name, attributes: attributes, parser: parser)
        }

        func xmlCharacters(_ text: UnsafeBufferPointer<UInt8>, parser: XMLEventParser) {
            reader.characters(text)
        }

        func xmlEnd(parser: XMLEventParser) { reader.end(parser: parser) }
    }

    static func importBytes(_ bytes: [UInt8], input: String, limits: ImportLimits = .standard) throws -> (
        items: [VaultItem], report: ImportReport
    ) {
        let handler = Handler(reader: KeePassXMLReader(input: input, limits: limits))
        do {
            try bytes.withUnsafeBytes { try XMLEventParser.parse($0, handler: handler) }
        } catch let error as PropertyListError {
            // A limit the reader stopped the parse for, else libxml2's own error.
            if let failure = handler.reader.failure { throw failure }
            throw ConverterError(error, input: input, expected: "KeePass XML")
        }
        var reader = handler.reader
        try reader.resolveReferences(input: input)
        var report = ImportReport(
            input: input, format: reader.isKeePassX ? "keepassx-xml" : "keepass-xml", encoding: "UTF-8")
        report.warnings = reader.warnings.map { $0.hasPrefix(input) ? $0 : "\(input):\($0)" }
        report.read = reader.items.count
        for item in reader.items {
            if item.password == nil && item.username == nil && item.urls.isEmpty {
                report.keptAsNotes += 1
            } else {
                report.imported += 1
            }
        }
        return (reader.items, report)
    }
}

extension KeePassXMLImporter: ImportFormat {
    var name: String { "keepass-xml" }
    var syntaxes: Set<ImportSource.Syntax> { [.xml] }
    var expectation: String? { "a KeePass XML export, starting with <KeePassFile> (KeePassX: <database>)" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        source.syntax == .xml && Self.matches(source.bytes) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        try Self.importBytes(source.bytes, input: source.name, limits: source.limits)
    }
}
