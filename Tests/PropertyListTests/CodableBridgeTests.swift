import Foundation
import Testing

@testable import PropertyList

@Suite struct CodableBridgeTests {
    struct Item: Codable, Equatable {
        enum Kind: String, Codable { case login, note }
        var id: UUID
        var kind: Kind
        var title: String
        var urls: [URL]
        var created: Date
        var attachment: Data
        var port: UInt16?
        var missing: String?
        var ratio: Double
        var counters: [String: Int64]
        var big: UInt64
        var extra: PropertyListValue
    }

    static let item = Item(
        id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, kind: .login, title: "Bank ✓",
        urls: [URL(string: "https://example.com/login")!], created: Date(timeIntervalSinceReferenceDate: 12.5),
        attachment: Data([0, 1, 2]), port: 443, missing: nil, ratio: 0.25, counters: ["a": -1, "b": .max],
        big: .max, extra: ["unknown": [1, "kept"]])

    @Test func roundTripsThroughTheValueAndEverySyntax() throws {
        let value = try PropertyListValueEncoder().encode(Self.item)
        let d = try #require(value.dictionaryValue)
        #expect(
            d.keys == [
                "id", "kind", "title", "urls", "created", "attachment", "port", "ratio", "counters", "big", "extra",
            ])
        #expect(d["created"] == .date(Date(timeIntervalSinceReferenceDate: 12.5)))
        #expect(d["attachment"] == .data(Data([0, 1, 2])))
        #expect(d["big"] == .integer(PropertyListInteger(UInt64.max)))
        #expect(d["urls"] == ["https://example.com/login"])
        #expect(try PropertyListValueDecoder().decode(Item.self, from: value) == Self.item)
        for format in [PropertyListFormat.binary, .json] {
            let bytes = try PropertyListCoding.encode(value, as: format)
            let decoded = try PropertyListCoding.decode(bytes).value
            #expect(try PropertyListValueDecoder().decode(Item.self, from: decoded) == Self.item, "\(format)")
        }
    }

    @Test func mismatchesNameThePath() throws {
        var value = try PropertyListValueEncoder().encode(Self.item)
        guard case .dictionary(var d) = value else { return }
        d["counters"] = ["a": "not a number"]
        value = .dictionary(d)
        do {
            _ = try PropertyListValueDecoder().decode(Item.self, from: value)
            Issue.record("decoded a string as Int64")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["counters", "a"])
        }
        d["port"] = 70_000
        #expect(throws: DecodingError.self) { try PropertyListValueDecoder().decode(Item.self, from: .dictionary(d)) }
    }

    @Test func nilCannotBeEncodedExplicitly() {
        #expect(throws: EncodingError.self) { try PropertyListValueEncoder().encode([String?.none]) }
    }
}
