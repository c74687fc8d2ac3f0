import Foundation
import Testing

@testable import Converters

/// A file that starts like JSON, XML or a binary plist is parsed as one, and a damaged one
/// is an error naming the line and column (byte offset for binary data). It used to become
/// one note holding the whole file, every password in it shown without `--reveal`.
@Suite struct DamagedExportTests {
    static let bitwarden = """
        {"encrypted": false, "folders": [], "items": [
          {"id": "1", "type": 1, "name": "mail", "login": {"username": "ana", "password": "p1"}}
        ]}
        """

    /// `text` as UTF-16 little-endian with a byte-order mark.
    static func utf16LE(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        return bytes
    }

    static func failure(_ text: String, input: String, format: String? = nil) throws -> ConverterError {
        try failure(Array(text.utf8), input: input, format: format)
    }

    static func failure(_ bytes: [UInt8], input: String, format: String? = nil) throws -> ConverterError {
        do {
            let (items, report) = try Importer.importFile(bytes, input: input, format: format)
            Issue.record("imported as \(report.format): \(items.map(\.title))")
        } catch let error as ConverterError {
            return error
        }
        throw ConverterError(input: input, "no error")
    }

    @Test func aTrailingCommaIsAnErrorWithLineAndColumn() throws {
        let text = Self.bitwarden.replacingOccurrences(of: "}}\n]", with: "}},\n]")
        let error = try Self.failure(text, input: "comma.json")
        #expect(error.code == .malformed && error.line == 3 && error.column == 1, "\(error)")
        #expect(error.description.hasPrefix("comma.json:3:1: not valid JSON: "), "\(error)")
        #expect(!error.description.contains("p1"))
    }

    @Test func everyTruncatedJSONExportIsAnError() throws {
        let bytes = Array(Self.bitwarden.utf8)
        for length in 1..<bytes.count {
            let error = try Self.failure(Array(bytes.prefix(length)), input: "cut.json")
            #expect(error.code == .malformed && error.line != nil && error.column != nil, "length \(length): \(error)")
        }
    }

    @Test func jsonWithAByteOrderMarkOrInUTF16IsStillJSON() throws {
        let damaged = Self.bitwarden.replacingOccurrences(of: "]}", with: "]")
        #expect(
            try Self.failure([0xEF, 0xBB, 0xBF] + Array(("\n " + damaged).utf8), input: "bom.json").code == .malformed)
        #expect(try Self.failure(Self.utf16LE(damaged), input: "utf16.json").code == .malformed)
        let (items, report) = try Importer.importFile(Self.utf16LE(Self.bitwarden), input: "utf16.json")
        #expect(report.format == "bitwarden-json" && items.first?.password == "p1")
    }

    @Test func aBrokenKeePassXMLIsAnErrorWithLineAndColumn() throws {
        let xml = """
            <KeePassFile><Root><Group><Name>Root</Name>
            <Entry><String><Key>Password</Key><Value>p1</Value></String></Entry>
            </Grop></Root></KeePassFile>
            """
        let error = try Self.failure(xml, input: "kp.xml")
        #expect(error.code == .malformed && error.line == 3 && error.column != nil, "\(error)")
        #expect(error.description.hasPrefix("kp.xml:3:"), "\(error)")
    }

    @Test func aBrokenXMLPlistIsAnErrorWithItsLine() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array>
            <dict><key>password</key><string>p1</string>
            </array></plist>
            """
        let error = try Self.failure(xml, input: "accounts.plist")
        #expect(error.code == .malformed && error.line == 4, "\(error)")
        // Not a guess at another format, and not a note (an HTML page is one: a note's export).
        let other = try Self.failure("<rss><channel>p1</channel>", input: "feed.xml")
        #expect(other.code == .malformed && other.line != nil, "\(other)")
    }

    @Test func aBrokenBinaryPlistIsAnErrorWithItsByteOffset() throws {
        let bytes = Array("bplist00".utf8) + [0xD1, 0x01, 0x02] + Array(repeating: 0, count: 40)
        let error = try Self.failure(bytes, input: "accounts.plist")
        #expect(error.code == .malformed && error.offset != nil && error.line == nil, "\(error)")
        #expect(error.description.hasPrefix("accounts.plist: byte "), "\(error)")
    }

    @Test func textThatStartsLikeJSONIsNotANoteUnlessForced() throws {
        let notes = "[ana, p1]\nuser: ana\npassword: p1\n"
        let error = try Self.failure(notes, input: "notes.txt")
        #expect(error.code == .malformed && error.line == 1 && error.reason.hasSuffix("force the notes format"))
        let (items, report) = try Importer.importFile(Array(notes.utf8), input: "notes.txt", format: "notes")
        #expect(report.format.hasPrefix("notes") && items.first?.password == "p1")
    }

    @Test func anINISectionOnTheFirstLineIsText() throws {
        // `[Bank]` alone on its line starts no JSON document: the file is a notes list.
        let notes = "[Bank]\nuser=ana\npassword=p1\n"
        let (items, report) = try Importer.importFile(Array(notes.utf8), input: "notes.txt")
        #expect(report.format.hasPrefix("notes") && items.first?.password == "p1" && items.first?.title == "Bank")
        for json in ["[true]", "[null, 1]", "[\"a\"]"] {
            #expect(ImportSource.syntax(of: Array(json.utf8)) == .json, "\(json)")
        }
        let broken = try Self.failure("[tru\n", input: "a.json")
        #expect(broken.code == .malformed && broken.line == 1, "\(broken)")
    }

    @Test func aParseErrorIsReportedNotHiddenBehindDetection() throws {
        // Forced or detected, the JSON's own error — never "not one" or "not recognized".
        let damaged = Self.bitwarden.replacingOccurrences(of: "\"p1\"}", with: "\"p1\"")
        for format in [nil, "bitwarden-json", "json", "plist"] {
            let error = try Self.failure(damaged, input: "b.json", format: format)
            #expect(error.code == .malformed && error.line == 3, "\(format ?? "detected"): \(error)")
        }
        // JSON that parses but no export format knows is read as text, with a warning; forced
        // as an export (`--format json`), it is an error.
        let (_, report) = try Importer.importFile(Array(#"{"a": 1}"#.utf8), input: "a.json")
        #expect(report.format == "json-text" && report.warnings.contains { $0.contains("read as notes") })
        let unknown = try Self.failure(#"{"a": 1}"#, input: "a.json", format: "json")
        #expect(unknown.code == .unrecognized, "\(unknown)")
    }

    @Test func everyFormatIsRegisteredOnceByName() {
        let names = Importer.formats.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count)
        for name in [
            "csv", "dashlane-csv", "notes", "apple-keychain", "bitwarden-json", "protonpass-json", "dashlane-json",
            "enpass-json", "keepass-xml", "plist", "json", "coffer-json",
        ] {
            #expect(Importer.formatNames.contains(name), "\(name)")
        }
    }
}
