import Foundation
import Testing

@testable import PropertyList

/// Seeded property tests: thousands of random values through each syntax and back.
@Suite struct RoundTripTests {
    static let cases = 3000

    @Test func binaryRoundTripsEveryValue() throws {
        for seed in 0..<UInt64(Self.cases) {
            var random = RandomValues(seed: seed)
            let value = random.value()
            let bytes = try BinaryPropertyList.encode(value)
            let decoded = try BinaryPropertyList.decode(bytes)
            #expect(decoded == value, "seed \(seed)")
            #expect(try BinaryPropertyList.encode(decoded) == bytes, "seed \(seed): encoding is not deterministic")
        }
    }

    @Test func jsonRoundTripsEveryValue() throws {
        for seed in 0..<UInt64(Self.cases) {
            var random = RandomValues(seed: seed)
            let value = random.value()
            for options: JSONPropertyList.WritingOptions in [[], [.prettyPrinted, .sortedKeys]] {
                let bytes = try JSONPropertyList.encode(value, options: options)
                #expect(try JSONPropertyList.decode(bytes) == value, "seed \(seed)")
            }
        }
    }

    @Test func xmlRoundTripsWhatXMLCanCarry() throws {
        var profile = ValueProfile.everything
        profile.controlCharacters = false
        profile.anyDate = false
        for seed in 0..<UInt64(Self.cases) {
            var random = RandomValues(seed: seed, profile: profile)
            let value = random.value()
            let bytes = try XMLPropertyList.encode(value)
            #expect(try XMLPropertyList.decode(bytes) == value, "seed \(seed)")
        }
    }

    @Test func keyOrderIsKeptUnlessSortingIsAsked() throws {
        let value: PropertyListValue = ["zeta": 1, "alpha": 2, "Émile": 3, "beta": 4]
        for format in PropertyListFormat.allCases {
            let bytes = try PropertyListCoding.encode(value, as: format)
            let decoded = try PropertyListCoding.decode(bytes).value
            #expect(decoded.dictionaryValue?.keys == ["zeta", "alpha", "Émile", "beta"], "\(format)")
            let sorted = try PropertyListCoding.decode(PropertyListCoding.encode(value, as: format, sortKeys: true))
                .value
            #expect(sorted.dictionaryValue?.keys == ["alpha", "beta", "zeta", "Émile"], "\(format)")
        }
    }

    @Test func integersKeepTheirFullRange() throws {
        let values: [PropertyListInteger] = [
            PropertyListInteger(Int64.min), PropertyListInteger(Int64(-1)), PropertyListInteger(Int64.max),
            PropertyListInteger(UInt64(Int64.max) + 1), PropertyListInteger(UInt64.max),
        ]
        for integer in values {
            for format in PropertyListFormat.allCases {
                let bytes = try PropertyListCoding.encode(.integer(integer), as: format)
                #expect(try PropertyListCoding.decode(bytes).value == .integer(integer), "\(integer) via \(format)")
            }
        }
    }

    @Test func binaryWriterPicksMinimalWidths() throws {
        func objectBytes(_ value: PropertyListValue) throws -> [UInt8] {
            let bytes = try BinaryPropertyList.encode(value)
            return Array(bytes[8..<(bytes.count - 32 - 1)])  // one object, 1-byte offset table
        }
        #expect(try objectBytes(.integer(255)) == [0x10, 0xFF])
        #expect(try objectBytes(.integer(256)) == [0x11, 0x01, 0x00])
        #expect(try objectBytes(.integer(65536)) == [0x12, 0x00, 0x01, 0x00, 0x00])
        #expect(try objectBytes(.integer(-1)) == [0x13] + Array(repeating: 0xFF, count: 8))
        #expect(
            try objectBytes(.integer(PropertyListInteger(UInt64.max))) == [0x14] + Array(repeating: 0, count: 8)
                + Array(repeating: 0xFF, count: 8))
    }

    @Test func binaryWriterDeduplicatesScalars() throws {
        let row: PropertyListValue = ["user": "ana", "password": "same", "note": "same"]
        let value = PropertyListValue.array(Array(repeating: row, count: 100))
        let bytes = try BinaryPropertyList.encode(value)
        // 1 array + 100 dicts + 5 unique strings ("user","password","note","ana","same").
        let objectCount = bytes[(bytes.count - 24)..<(bytes.count - 16)].reduce(0) { $0 << 8 | Int($1) }
        #expect(objectCount == 106)
        #expect(try BinaryPropertyList.decode(bytes) == value)
    }
}
