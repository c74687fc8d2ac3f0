import Foundation
import Testing

@testable import PropertyList

/// Hostile and broken XML and JSON: typed errors with line and column, no entity
/// expansion, no network, no trap on deep nesting.
@Suite struct MalformedTextTests {
    static let prolog = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    func xml(_ body: String) -> [UInt8] { Array((Self.prolog + body).utf8) }

    func xmlError(_ text: String) -> PropertyListError? {
        do {
            _ = try XMLPropertyList.decode(Array(text.utf8))
            return nil
        } catch let error as PropertyListError {
            return error
        } catch {
            return nil
        }
    }

    @Test func acceptsWhatApplesWritersWrite() throws {
        let text = """
            <plist version="1.0">
            <dict>
            \t<key>data</key>
            \t<data>
            \tAAEC
            \tAwQF
            \t</data>
            \t<key>date</key>
            \t<date>2024-02-29T23:59:59Z</date>
            \t<key>ints</key>
            \t<array><integer> -42 </integer><integer>+7</integer><integer>0x1F</integer><integer>18446744073709551615</integer></array>
            \t<key>reals</key>
            \t<array><real>nan</real><real>+infinity</real><real>-inf</real><real>1.5e3</real><real>-0</real></array>
            \t<key>empty</key><string/>
            \t<key>t</key><true/>
            \t<key>uid</key><dict><key>CF$UID</key><integer>7</integer></dict>
            \t<key>escaped</key><string>&lt;a&gt; &amp; &#13;&#x1F600;</string>
            </dict>
            </plist>
            """
        let value = try XMLPropertyList.decode(xml(text))
        let d = try #require(value.dictionaryValue)
        #expect(d["data"] == .data(Data([0, 1, 2, 3, 4, 5])))
        #expect(d["date"] == .date(Date(timeIntervalSinceReferenceDate: 730_943_999)))
        #expect(d["ints"] == [-42, 7, 31, .integer(PropertyListInteger(UInt64.max))])
        #expect(d["reals"] == [.real(.nan), .real(.infinity), .real(-.infinity), 1500.0, .real(-0.0)])
        #expect(d["empty"] == "")
        #expect(d["t"] == true)
        #expect(d["uid"] == .uid(7))
        #expect(d["escaped"] == "<a> & \r😀")
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE plist [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <plist version="1.0"><string>&xxe;</string></plist>
            """
        let error = try #require(xmlError(xxe))
        #expect(error.code == .invalidXML)
        #expect(error.reason.contains("entity"))
        #expect(error.line == 2)
    }

    @Test func entityExpansionBombsAreRefused() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n<!ENTITY lol \"lol\">\n"
        for i in 1...9 {
            text +=
                "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1 == 0 ? "" : String(i - 1));", count: 10)
                + "\">\n"
        }
        text += "]>\n<plist version=\"1.0\"><string>&lol9;</string></plist>\n"
        let error = try #require(xmlError(text))
        #expect(error.code == .invalidXML)
        #expect(error.line == 3)
    }

    @Test func undeclaredEntitiesAreErrors() throws {
        let error = try #require(xmlError("<plist version=\"1.0\"><string>&nbsp;</string></plist>"))
        #expect(error.code == .invalidXML)
    }

    @Test func structuralErrorsCarryLineAndColumn() throws {
        let cases: [(String, Int)] = [
            ("<plist>\n<dict>\n<key>a</key>\n</dict>\n</plist>", 4),  // key without value
            ("<plist>\n<dict>\n<string>x</string>\n</dict>\n</plist>", 3),  // value without key
            ("<plist>\n<array>\n<key>a</key>\n</array>\n</plist>", 3),  // key outside dict
            ("<plist>\n<integer>12a</integer>\n</plist>", 2),
            ("<plist>\n<integer>18446744073709551616</integer>\n</plist>", 2),
            ("<plist>\n<integer>-9223372036854775809</integer>\n</plist>", 2),
            ("<plist>\n<real>1.2.3</real>\n</plist>", 2),
            ("<plist>\n<real>0x1p3</real>\n</plist>", 2),
            ("<plist>\n<date>2024-02-30T00:00:00Z</date>\n</plist>", 2),
            ("<plist>\n<date>2024-01-01 00:00:00</date>\n</plist>", 2),
            ("<plist>\n<data>AAE*</data>\n</plist>", 2),
            ("<plist>\n<data>AAE</data>\n</plist>", 2),
            ("<plist>\n<true>yes</true>\n</plist>", 2),
            ("<plist>\n<blob/>\n</plist>", 2),
            ("<plist>\n<string>a</string>\n<string>b</string>\n</plist>", 3),
            ("<plist>\n</plist>", 2),
            ("<plist>\n<string>a<b/></string>\n</plist>", 2),
            ("<plist>\ntext\n</plist>", 3),
            ("<dict/>", 1),
            ("<plist>\n<array>\n</plist>", 3),  // libxml2 well-formedness error
        ]
        for (text, line) in cases {
            let error = try #require(xmlError(text), "accepted: \(text)")
            #expect(error.line == line, "\(text): \(error)")
            #expect(error.column != nil, "\(text): \(error)")
        }
        let duplicate = try #require(xmlError("<plist><dict><key>a</key><true/><key>a</key><false/></dict></plist>"))
        #expect(duplicate.code == .invalidKey)
    }

    @Test func deepXMLIsRefused() throws {
        let depth = PropertyListLimits.maximumDepth
        let ok =
            "<plist>" + String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
            + "</plist>"
        #expect(throws: Never.self) { _ = try XMLPropertyList.decode(Array(ok.utf8)) }
        for n in [depth + 1, 100_000] {
            let deep =
                "<plist>" + String(repeating: "<array>", count: n) + String(repeating: "</array>", count: n)
                + "</plist>"
            #expect(xmlError(deep)?.code == .tooDeep, "depth \(n)")
        }
    }

    @Test func xmlWriterRefusesWhatXMLCannotCarry() throws {
        #expect(throws: PropertyListError(.unrepresentable, "")) { try XMLPropertyList.encode(["k": "a\u{1}b"]) }
        #expect(throws: PropertyListError(.unrepresentable, "")) { try XMLPropertyList.encode("\u{FFFE}") }
        let farFuture = PropertyListValue.date(Date(timeIntervalSinceReferenceDate: 1e13))
        #expect(throws: PropertyListError(.unrepresentable, "")) { try XMLPropertyList.encode(farFuture) }
        do {
            _ = try XMLPropertyList.encode(["items": [["notes": "bell\u{7}"]]])
        } catch let error as PropertyListError {
            #expect(error.reason.contains("items/0/notes"))
        }
    }

    @Test func truncatedXMLFailsAtEveryLength() throws {
        let full = try XMLPropertyList.encode(["a": [1, 2.5, "x", .data(Data([1, 2]))], "b": true])
        // Every strict prefix ending before "</plist>" completes must fail.
        let end = full.count - "</plist>\n".utf8.count + "</plist>".utf8.count - 1
        for length in 0..<end {
            #expect(throws: PropertyListError.self, "length \(length)") {
                try XMLPropertyList.decode(Array(full.prefix(length)))
            }
        }
    }

    // MARK: JSON

    func jsonError(_ text: String) -> PropertyListError? {
        do {
            _ = try JSONPropertyList.decode(Array(text.utf8))
            return nil
        } catch let error as PropertyListError {
            return error
        } catch {
            return nil
        }
    }

    @Test func jsonMappingOfTaggedValues() throws {
        let text = """
            {"d": {"$data": "AAEC"}, "t": {"$date": "2001-01-01T00:00:01Z"}, "f": {"$date": 0.25},
             "u": {"$uid": 3}, "n": {"$real": "nan"}, "big": {"$integer": "18446744073709551615"},
             "$$data": "a real key", "r": 1.0, "i": 1, "neg": -9223372036854775808}
            """
        let d = try #require(try JSONPropertyList.decode(Array(text.utf8)).dictionaryValue)
        #expect(d["d"] == .data(Data([0, 1, 2])))
        #expect(d["t"] == .date(Date(timeIntervalSinceReferenceDate: 1)))
        #expect(d["f"] == .date(Date(timeIntervalSinceReferenceDate: 0.25)))
        #expect(d["u"] == .uid(3))
        #expect(d["n"] == .real(.nan))
        #expect(d["big"] == .integer(PropertyListInteger(UInt64.max)))
        #expect(d["$data"] == "a real key")
        #expect(d["r"] == .real(1))
        #expect(d["i"] == .integer(1))
        #expect(d["neg"] == .integer(PropertyListInteger(Int64.min)))
    }

    @Test func jsonErrorsCarryLineAndColumn() throws {
        let cases: [(String, Int, Int)] = [
            ("{\n  \"a\": null\n}", 2, 8),
            ("{\n  \"a\": 1,\n}", 3, 1),
            ("[1, 2", 1, 6),
            ("{\"a\": 1, \"a\": 2}", 1, 10),
            ("[\"\\ud800\"]", 1, 9),
            ("[\"tab\there\"]", 1, 6),
            ("[01]", 1, 2),
            ("[1.]", 1, 4),
            ("[1e999]", 1, 2),
            ("[18446744073709551616]", 1, 2),
            ("{\"$data\": \"A\"}", 1, 1),
            ("{\"$data\": \"AA==\", \"x\": 1}", 1, 1),
            ("{\"$foo\": 1}", 1, 2),
            ("[true] x", 1, 8),
            ("", 1, 1),
        ]
        for (text, line, column) in cases {
            let error = try #require(jsonError(text), "accepted: \(text)")
            #expect(error.line == line && error.column == column, "\(text): \(error)")
        }
        #expect(jsonError("[\"\u{FF}\"]".replacingOccurrences(of: "\u{FF}", with: "\u{FF}")) == nil)
        var invalidUTF8 = Array("[\"a".utf8)
        invalidUTF8 += [0xC3, 0x28, 0x22, 0x5D]
        #expect(throws: PropertyListError(.invalidString, "")) { try JSONPropertyList.decode(invalidUTF8) }
    }

    @Test func deepJSONIsRefused() throws {
        for n in [PropertyListLimits.maximumDepth + 1, 100_000] {
            let deep = String(repeating: "[", count: n) + String(repeating: "]", count: n)
            #expect(jsonError(deep)?.code == .tooDeep)
        }
    }
}
