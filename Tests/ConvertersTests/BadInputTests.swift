import Foundation
import Testing

@testable import Converters

/// Broken and hostile inputs: a clear error naming the input (and line where there is one),
/// or an import whose counts still add up — never a crash or a silent drop.
@Suite struct BadInputTests {
    static let csv = Array(
        "name,url,username,password\nmail,https://m.example,ana,p1\nbank,https://b.example,ana,\"p,2\"\n".utf8)

    static let truncatable: [(name: String, bytes: [UInt8])] = [
        ("cut.csv", csv),
        (
            "cut.json",
            Array(
                #"{"encrypted": false, "folders": [], "items": [{"id": "1", "type": 1, "name": "mail", "login": {"username": "ana", "password": "p1", "uris": [{"uri": "https://m.example"}]}}]}"#
                    .utf8)
        ),
        (
            "cut.xml",
            Array(
                "<KeePassFile><Root><Group><Name>Root</Name><Entry><String><Key>Title</Key><Value>mail</Value></String><String><Key>Password</Key><Value>p1</Value></String></Entry></Group></Root></KeePassFile>"
                    .utf8)
        ),
        (
            "cut.txt",
            Array(
                "keychain: \"k\"\nversion: 256\nclass: \"genp\"\nattributes:\n    \"acct\"<blob>=\"ana\"\ndata:\n\"p1\"\n"
                    .utf8)
        ),
    ]

    @Test(arguments: truncatable.map(\.name))  // names only, so the log stays readable
    func everyTruncationFailsCleanlyOrAddsUp(name: String) throws {
        let bytes = try #require(Self.truncatable.first { $0.name == name }).bytes
        for length in 0..<bytes.count {
            do {
                let (items, report) = try Importer.importFile(Array(bytes.prefix(length)), input: name)
                #expect(report.addsUp && items.count == report.imported + report.keptAsNotes, "length \(length)")
            } catch let error as ConverterError {
                #expect(error.input == name, "length \(length)")
            } catch {
                Issue.record("\(name) length \(length): unexpected \(error)")
            }
        }
    }

    @Test func binaryJunkIsRefusedOrKeptAsText() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let junk = (0..<Int.random(in: 1...2000, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            do {
                let (items, report) = try Importer.importFile(junk, input: "junk.bin")
                #expect(report.addsUp && items.count == report.imported + report.keptAsNotes)
            } catch is ConverterError {
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func forcedWrongFormatIsAClearError() {
        #expect(throws: ConverterError.self) {
            try Importer.importFile(Self.csv, input: "x.csv", format: "keepass-xml")
        }
        #expect(throws: ConverterError.self) {
            try Importer.importFile(Array("{\"a\": 1}".utf8), input: "x.json", format: "json")
        }
    }

    @Test func invalidUTF8FallsBackToWindows1252WithAWarning() throws {
        let bytes = Array("name,url,username,password\ncaf".utf8) + [0xE9] + Array(",https://c.example,ana,p\n".utf8)
        let (items, report) = try Importer.importFile(bytes, input: "latin.csv")
        #expect(items.first?.title == "café")
        #expect(report.encoding == "Windows-1252" && !report.warnings.isEmpty)
    }

    @Test func unterminatedQuoteNamesTheLine() {
        let bytes = Array("name,url,username,password\nmail,x,ana,\"open\nnext,y,z,w\n".utf8)
        #expect(throws: ConverterError(input: "q.csv", line: 2, "")) { try Importer.importFile(bytes, input: "q.csv") }
    }

    @Test func aListTakenForATableWithoutAHeaderIsReadAsNotes() throws {
        let text = """
            banking stuff, do not share, updated 2019
            Chase, jsmith77, Ch@se2019!
            Wells Fargo, jsmith77, WF-bank-88
            Amex, john.smith@gmail.com, Amex#Gold1
            """
        let (items, report) = try Importer.importFile(Array(text.utf8), input: "list.txt")
        let logins = items.filter { $0.password != nil }
        #expect(logins.map(\.title) == ["Chase", "Wells Fargo", "Amex"])
        #expect(logins.map(\.password) == ["Ch@se2019!", "WF-bank-88", "Amex#Gold1"])
        #expect(report.warnings.first?.hasPrefix("list.txt:1: read as a notes list") == true)
        // The warning names the line, never its cells (a title line may hold a password).
        let leaky =
            "banking stuff, master pw Ch@se2019!, updated 2019\nChase, jsmith77, Ch@se2019!\nAmex, j@x.com, Amex#Gold1\n"
        let (_, leakyReport) = try Importer.importFile(Array(leaky.utf8), input: "l.txt")
        #expect(!leakyReport.warnings.joined().contains("Ch@se2019!"))
        #expect(report.addsUp && items.count == report.imported + report.keptAsNotes)
    }

    @Test func aTableWithoutAHeaderOrAPasswordIsStillRefused() {
        let bytes = Array("colour,size,weight\nred,1,2\nblue,3,4\n".utf8)
        #expect(throws: ConverterError(.invalidData, input: "t.csv", line: 1, "")) {
            try Importer.importFile(bytes, input: "t.csv")
        }
    }

    @Test func hugeSingleLineImportsAsOneNote() throws {
        // 100 MB without a newline: one record, kept whole, without running patterns over it.
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000_000)
        let (items, report) = try Importer.importFile(line, input: "long.txt")
        #expect(report.addsUp && items.count == 1)
        // Not understood, so concealed (masked, never searched), and a secure note.
        let kept = items.first?.customFields.first { $0.name == NotesImporter.unrecognizedFieldName }
        #expect(kept?.value.utf8.count == 100_000_000 && kept?.concealed == true)
        #expect(items.first?.kind == .secureNote && items.first?.title == "Note, line 1")
    }

    @Test func hugeCSVFieldStaysACSVRow() throws {
        // A header Coffer knows, then a 100 MB title: still a table (detection reads the header).
        let bytes =
            Array("name,url,username,password\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 100_000_000)
            + Array(",https://x.example,ana,pw\n".utf8)
        let (items, report) = try Importer.importFile(bytes, input: "long.csv")
        #expect(report.format == "chrome-csv" && items.count == 1)
        #expect(items.first?.title.utf8.count == 100_000_000 && items.first?.password == "pw")
    }

    @Test func brokenKeePassAttachmentsAreReportedAndTheirEntriesKept() throws {
        // A gzip stream cut short, and a reference to a binary the file does not hold.
        let xml = """
            <KeePassFile><Meta><Binaries><Binary ID="0" Compressed="True">H4sIAAAAAAAAA8tIzcnJ</Binary></Binaries></Meta>
            <Root><Group><Name>Root</Name><Entry><String><Key>Title</Key><Value>a</Value></String>
            <Binary><Key>cut.txt</Key><Value Ref="0"/></Binary><Binary><Key>lost.txt</Key><Value Ref="9"/></Binary>
            </Entry></Group></Root></KeePassFile>
            """
        let (items, report) = try Importer.importFile(Array(xml.utf8), input: "kp.xml")
        #expect(items.count == 1 && items[0].attachments.map(\.name) == ["cut.txt", "lost.txt"])
        #expect(items[0].attachments.allSatisfy { $0.content == Data() })
        #expect(report.warnings.count == 2, "\(report.warnings)")
        #expect(report.warnings.contains { $0.hasPrefix("kp.xml:1: binary 0") && $0.contains("truncated") })
    }

    @Test func aKeePassStringWithAnEmptyKeyIsKeptAsAField() throws {
        let xml = """
            <KeePassFile><Root><Group><Name>Root</Name><Entry>
            <String><Key>Title</Key><Value>a</Value></String>
            <String><Key></Key><Value>orphan value</Value></String>
            </Entry></Group></Root></KeePassFile>
            """
        let (items, _) = try Importer.importFile(Array(xml.utf8), input: "kp.xml")
        #expect(items.first?.customFields == [.init(name: "", value: "orphan value")])
    }
}
