import Foundation
import Testing

@testable import PropertyList

/// Documents past `XMLEventParser.pipelineThreshold` are tokenized on a second thread and
/// replayed: the same values, and errors at the same lines, as a one-thread parse.
@Suite struct PipelinedXMLTests {
    /// An array of `count` dictionaries, one element per line, with attributes-free plist XML.
    static func bigPlist(count: Int, replacingLine target: Int? = nil, with replacement: String = "") -> [UInt8] {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">", "<array>",
        ]
        for i in 0..<count {
            lines.append(
                "<dict><key>title</key><string>service \(i) &amp; co</string><key>n</key><integer>\(i)</integer>"
                    + "<key>when</key><date>2024-01-02T03:04:05Z</date><key>blob</key><data>AAEC</data></dict>")
        }
        lines += ["</array>", "</plist>"]
        if let target { lines[target - 1] = replacement }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test func largeDocumentsDecodeToTheSameValues() throws {
        let bytes = Self.bigPlist(count: 40_000)
        #expect(bytes.count >= XMLEventParser.pipelineThreshold, "the document must take the pipelined path")
        guard case .array(let items) = try XMLPropertyList.decode(bytes) else {
            Issue.record("not an array")
            return
        }
        #expect(items.count == 40_000)
        for i in [0, 1, 20_000, 39_999] {
            #expect(items[i].dictionaryValue?["title"] == .string("service \(i) & co"))
            #expect(items[i].dictionaryValue?["n"] == .integer(PropertyListInteger(i)))
            #expect(items[i].dictionaryValue?["blob"] == .data(Data([0, 1, 2])))
        }
    }

    @Test func malformedXMLDeepInALargeDocumentNamesItsLine() {
        // Line 35,004 is the 35,001st dictionary; a mismatched end tag there.
        let bytes = Self.bigPlist(count: 40_000, replacingLine: 35_004, with: "<dict><key>a</key><string>x</dict>")
        #expect(throws: PropertyListError(.invalidXML, "")) { try XMLPropertyList.decode(bytes) }
        do {
            _ = try XMLPropertyList.decode(bytes)
        } catch let error as PropertyListError {
            #expect(error.line == 35_004, "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aReaderFailureDeepInALargeDocumentStopsAtItsLine() {
        let bytes = Self.bigPlist(
            count: 40_000, replacingLine: 30_000, with: "<dict><key>n</key><integer>12a</integer></dict>")
        do {
            _ = try XMLPropertyList.decode(bytes)
            Issue.record("decoded a document with a bad integer")
        } catch let error as PropertyListError {
            #expect(error.line == 30_000, "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func hostileNestingInALargeDocumentIsAnErrorNotACrash() {
        // 4.5 MB of nested arrays: the reader stops at its depth limit while libxml2 runs ahead.
        let depth = 500_000
        let bytes = Array(
            ("<plist version=\"1.0\">" + String(repeating: "<array>", count: depth)
                + String(repeating: "</array>", count: depth) + "</plist>").utf8)
        #expect(bytes.count >= XMLEventParser.pipelineThreshold)
        #expect(throws: PropertyListError.self) { try XMLPropertyList.decode(bytes) }
    }
}
