import Foundation
import Testing

@testable import Converters

@Suite struct CSVReaderTests {
    @Test func quotingLineEndingsAndLineNumbers() throws {
        let text = "a,b,c\r\n\"x, y\",\"multi\nline\",\"say \"\"hi\"\"\"\r\r\nlast,,\rend,1,2"
        let (delimiter, rows) = try CSVReader.rows(text, input: "t.csv")
        #expect(delimiter == ",")
        #expect(
            rows.map(\.fields) == [
                ["a", "b", "c"], ["x, y", "multi\nline", "say \"hi\""], ["last", "", ""], ["end", "1", "2"],
            ])
        #expect(rows.map(\.line) == [1, 2, 4, 5])
    }

    @Test func delimiterIsDetectedFromTheHeader() throws {
        #expect(try CSVReader.rows("a;b\n1;2", input: "t").delimiter == ";")
        #expect(try CSVReader.rows("a\tb\n1\t2", input: "t").rows[1].fields == ["1", "2"])
    }

    @Test func unterminatedQuoteNamesItsLine() {
        #expect(throws: ConverterError(input: "t.csv", line: 2, "a quoted field opened here is never closed")) {
            try CSVReader.rows("a,b\n\"open,2\n3,4", input: "t.csv")
        }
    }

    @Test func encodings() throws {
        let utf16le: [UInt8] = [0xFF, 0xFE] + Array("é,x".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try TextDecoding.decode(utf16le, input: "t").text == "é,x")
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("name".utf8)
        #expect(try TextDecoding.decode(bom, input: "t").text == "name")
        let latin: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x80]  // "café€" in Windows-1252
        let decoded = try TextDecoding.decode(latin, input: "t")
        #expect(decoded.text == "café€" && decoded.encoding == "Windows-1252" && decoded.warnings.count == 1)
    }

    /// Binary data is no text in any encoding: a NUL byte (a NUL unit after a UTF-16 BOM) is
    /// refused with its offset, where it was once read as Windows-1252 "notes".
    @Test func aNULByteIsBinaryDataNotText() {
        let binary: [UInt8] = Array("PK\u{3}\u{4}".utf8) + [0x14, 0x00, 0x00, 0x08]
        let error = #expect(throws: ConverterError.self) { try TextDecoding.decode(binary, input: "blob") }
        #expect(error?.offset == 5)
        #expect(error?.reason.contains("binary data") == true)
        let utf16: [UInt8] = [0xFF, 0xFE, 0x61, 0x00, 0x00, 0x00, 0x62, 0x00]
        #expect(throws: ConverterError.self) { try TextDecoding.decode(utf16, input: "u16") }
        #expect((try? TextDecoding.decode([0xFF, 0xFE, 0x61, 0x00, 0x00, 0x01], input: "ok"))?.text == "a\u{100}")
    }

    @Test func genericCSVMapsAliasesAndKeepsEverything() throws {
        let text =
            "Site Name,E-Mail,Passwort,Web Site,Security Question\nBank,ana@x.org,pw,https://bank.example,first pet\n,,,,\nNote only,,,,just text"
        let (items, report) = try CSVImporter().importItems(text, input: "t.csv", encoding: "UTF-8")
        #expect(
            report.read == 3 && report.imported == 1 && report.keptAsNotes == 1 && report.skipped.count == 1
                && report.addsUp)
        #expect(
            items[0].username == "ana@x.org" && items[0].password == "pw" && items[0].urls == ["https://bank.example"])
        #expect(items[0].customFields == [.init(name: "Security Question", value: "first pet")])
        #expect(items[1].kind == .secureNote)
    }

    @Test func ambiguousOrMissingHeadersAreRefused() {
        #expect(throws: ConverterError.self) {
            // Equally strong names of one field (`user,login` is not: the username wins, see GenericCSVHeaderTests).
            try CSVImporter().importItems("user,username\na,b", input: "t", encoding: "")
        }
        #expect(throws: ConverterError.self) { try CSVImporter().importItems("foo,bar\n1,2", input: "t", encoding: "") }
        #expect(throws: Never.self) {
            try CSVImporter(overrides: ["foo": .username, "bar": .password]).importItems(
                "foo,bar\n1,2", input: "t", encoding: "")
        }
    }
}
