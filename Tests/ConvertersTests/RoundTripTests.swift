import Foundation
import PropertyList
import TestSupport
import Testing
import VaultModel

@testable import Converters

/// Seeded random vaults through every export and back.
@Suite struct ConverterRoundTripTests {
    static func text(_ rng: inout SeededGenerator, allowNewlines: Bool = true) -> String {
        let pool: [String] =
            ["a", "Z", "9", " ", ",", "\"", "'", ";", "é", "ß", "日本", "😀", "&", "<", ">", "|", "/", "\t"]
            + (allowNewlines ? ["\n"] : [])
        let n = Int.random(in: 1...16, using: &rng)
        return (0..<n).map { _ in pool.randomElement(using: &rng)! }.joined().trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    static func document(seed: UInt64) -> VaultDocument {
        var rng = SeededGenerator(seed: seed)
        var items = [VaultItem]()
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            var item = VaultItem(title: "t" + text(&rng, allowNewlines: false))
            if Bool.random(using: &rng) { item.username = "u" + text(&rng, allowNewlines: false) }
            item.password = "p" + text(&rng, allowNewlines: false)
            if Bool.random(using: &rng) {
                item.urls = ["https://example.com/" + String(Int.random(in: 0...999, using: &rng))]
            }
            if Bool.random(using: &rng) { item.notes = "n" + text(&rng) }
            if Bool.random(using: &rng) { item.folder = ["F" + String(Int.random(in: 0...3, using: &rng))] }
            if Bool.random(using: &rng) {
                item.customFields = [
                    .init(
                        name: "k" + text(&rng, allowNewlines: false), value: text(&rng, allowNewlines: false),
                        concealed: true)
                ]
            }
            if Bool.random(using: &rng) {
                item.passwordHistory = [.init(password: "old", date: Date(timeIntervalSince1970: 1.6e9))]
            }
            if Bool.random(using: &rng) { item.unknown = ["x-future": .data(Data([1, 2, 3]))] }
            for n in 0..<Int.random(in: 0...2, using: &rng) {
                let bytes = (0..<Int.random(in: 0...3000, using: &rng)).map { _ in
                    UInt8.random(in: 0...255, using: &rng)
                }
                var attachment = VaultItem.Attachment(
                    name: "file\(n) " + text(&rng, allowNewlines: false), content: Data(bytes))
                attachment.blob = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) })
                item.attachments.append(attachment)
            }
            item.created = Date(
                timeIntervalSince1970: Double(Int.random(in: 1_000_000_000...1_700_000_000, using: &rng)))
            items.append(item)
        }
        return VaultDocument(name: "r", items: items)
    }

    @Test func losslessExportsRoundTrip() throws {
        for seed in 0..<UInt64(300) {
            let document = Self.document(seed: seed)
            for format in [Exporter.Format.json, .binaryPlist, .xmlPlist] {
                let bytes = try Exporter.export(document, as: format)
                let back = try Importer.importFile(bytes, input: "seed \(seed)").items
                #expect(back == document.items, "seed \(seed), \(format)")
            }
        }
    }

    /// A field holding CRLF or a lone CR is quoted (a CRLF was once written bare, ending the
    /// row inside a note), as are fields starting or ending with a space.
    @Test func csvQuotesEveryLineBreakAndEdgeSpace() throws {
        var first = VaultItem(title: " padded ")
        first.username = "ana"
        first.password = "p,w\"1"
        first.notes = "line 1\r\nline 2"
        var second = VaultItem(title: "Second")
        second.username = "ben"
        second.password = "x"
        second.notes = "a\rb"
        let document = VaultDocument(items: [first, second])
        for dialect in CSVExporter.Dialect.allCases {
            let csv = CSVExporter.export(document, dialect: dialect).bytes
            let text = String(decoding: csv, as: UTF8.self)
            #expect(text.contains("\"line 1\r\nline 2\"") && text.contains("\"a\rb\""), "\(dialect)")
            let back = try Importer.importFile(csv, input: "\(dialect)").items
            #expect(back.map(\.username) == ["ana", "ben"], "\(dialect)")
            #expect(back.map(\.password) == ["p,w\"1", "x"], "\(dialect)")
            #expect(back.first?.notes?.contains("line 2") == true, "\(dialect)")
        }
    }

    /// Large exports are written in slices on every core; the rows come back whole and in
    /// order, the header once, and the trash and non-logins still counted.
    @Test func aLargeCSVExportIsEveryRowOnceInOrder() throws {
        var items = (0..<9000).map { i -> VaultItem in
            var item = VaultItem(kind: i % 10 == 0 ? .secureNote : .login, title: "Item \(i)")
            item.username = "user\(i)"
            item.password = i % 3 == 0 ? "p,w\"\(i)" : "pw\(i)"
            item.notes = i % 5 == 0 ? "line 1\r\nline \(i)" : nil
            return item
        }
        items[7].trashed = Date(timeIntervalSinceReferenceDate: 0)
        let document = VaultDocument(items: items)
        let live = items.filter { $0.trashed == nil }
        for dialect in CSVExporter.Dialect.allCases {
            let (csv, warnings) = CSVExporter.export(document, dialect: dialect)
            let back = try Importer.importFile(csv, input: "\(dialect)").items
            let expected = dialect == .chrome ? live.filter { $0.kind == .login } : live
            #expect(back.map(\.title) == expected.map(\.title), "\(dialect)")
            #expect(back.map(\.password) == expected.map(\.password), "\(dialect)")
            #expect(back.map(\.notes) == expected.map(\.notes), "\(dialect)")
            #expect(warnings.joined().contains("trashed items (1 item)"), "\(dialect): \(warnings)")
            if dialect == .chrome {
                #expect(warnings.joined().contains("non-login items (notes, cards…) (900 items)"), "\(warnings)")
            }
        }
    }

    @Test func keepassXMLAndCSVDialectsRoundTripWhatTheyCarry() throws {
        for seed in 0..<UInt64(200) {
            let document = Self.document(seed: seed)
            let xml = try KeePassXMLExporter.export(document).bytes
            let fromXML = try Importer.importFile(xml, input: "kp").items
            #expect(fromXML.count == document.items.count)
            for a in document.items {
                // The exporter groups items by folder; the entry UUID is the item id.
                let b = try #require(fromXML.first { $0.id == a.id }, "seed \(seed): \(a.title) missing")
                #expect(
                    a.title == b.title && a.username == b.username && a.password == b.password && a.notes == b.notes,
                    "seed \(seed)")
                #expect(
                    a.folder == b.folder && a.urls == b.urls
                        && a.passwordHistory.map(\.password) == b.passwordHistory.map(\.password))
                // Attachments by name and bytes (KeePass has no media type or blob id).
                #expect(
                    a.attachments.map { [$0.name: $0.content] } == b.attachments.map { [$0.name: $0.content] },
                    "seed \(seed): attachments")
            }
            for dialect in CSVExporter.Dialect.allCases {
                let csv = CSVExporter.export(document, dialect: dialect).bytes
                let back = try Importer.importFile(csv, input: "\(dialect)").items
                #expect(back.count == document.items.count, "seed \(seed) \(dialect)")
                for (a, b) in zip(document.items, back) {
                    #expect(
                        a.title == b.title && a.username == b.username && a.password == b.password,
                        "seed \(seed) \(dialect)")
                    #expect(
                        a.notes == b.notes && a.urls == b.urls,
                        "seed \(seed) \(dialect): \(a.notes ?? "") vs \(b.notes ?? "")")
                    if dialect != .chrome { #expect(a.folder == b.folder, "seed \(seed) \(dialect)") }
                }
            }
        }
    }
}
