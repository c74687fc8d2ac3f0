import Foundation
import Testing

@testable import PropertyList

/// `BinaryPropertyList.decodeEntries`: a few keys of a dictionary, each exactly what a full
/// decode gives, the others never read.
@Suite struct DecodeEntriesTests {
    /// Random dictionaries (random keys, some wanted, some in UTF-16, some nested values):
    /// the entries read equal the full decode's entries under those keys, in the file's order.
    @Test func entriesEqualTheFullDecodeUnderTheKeysAsked() throws {
        var random = RandomValues(seed: 41, profile: .plistlib)
        let wanted = ["id", "title", "folder", "trashed", "clé"]
        for round in 0..<300 {
            var dictionary = PropertyListDictionary()
            for (n, key) in (wanted + ["password", "notes", "ïd", "titles", "tit"]).shuffled(using: &random.rng)
                .enumerated() where (round + n) % 3 != 0
            {
                dictionary[key] = random.value(depth: 2)
            }
            for _ in 0..<3 { dictionary[random.string()] = random.value(depth: 3) }
            let bytes = try BinaryPropertyList.encode(.dictionary(dictionary))
            let full = try BinaryPropertyList.decode(bytes)
            guard case .dictionary(let whole) = full else {
                Issue.record("not a dictionary")
                return
            }
            let read = try #require(try BinaryPropertyList.decodeEntries(bytes, keys: .init(wanted)))
            let expected = whole.entries.filter { wanted.contains($0.key) }
            #expect(read.keys == expected.map(\.key), "round \(round)")
            #expect(read.values == expected.map(\.value), "round \(round)")
        }
    }

    @Test func aTopObjectThatIsNoDictionaryIsNil() throws {
        let bytes = try BinaryPropertyList.encode(.array([.string("id")]))
        #expect(try BinaryPropertyList.decodeEntries(bytes, keys: .init(["id"])) == nil)
    }

    /// A wanted key twice is refused as the full decode refuses it; damage in a value that is
    /// not asked for is not seen (the full decode sees it).
    @Test func aWantedKeyTwiceIsRefusedAndAValueNotAskedForIsNotRead() throws {
        // {"id": "a", "xx": "b"} with "xx" patched to "id": a duplicate key.
        var bytes = try BinaryPropertyList.encode(.dictionary(["id": .string("a"), "xx": .string("b")]))
        let xx = try #require(bytes.firstRange(of: Array("xx".utf8)))
        bytes.replaceSubrange(xx, with: Array("id".utf8))
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decodeEntries(bytes, keys: .init(["id"])) }
        // {"id": "a", "note": 1.5} with the real's size patched to 2^5 bytes: invalid.
        var damaged = try BinaryPropertyList.encode(.dictionary(["id": .string("a"), "note": .real(1.5)]))
        let real = try #require(damaged.firstIndex(of: 0x23))
        damaged[real] = 0x25
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(damaged) }
        let read = try #require(try BinaryPropertyList.decodeEntries(damaged, keys: .init(["id"])))
        #expect(read.entries.map(\.key) == ["id"] && read["id"] == .string("a"))
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decodeEntries(damaged, keys: .init(["note"])) }
    }

    /// A top object that is no dictionary is still decoded whole: damage in it is a
    /// PropertyListError, as the full decode reports it, not a quiet nil.
    @Test func aDamagedTopObjectThatIsNoDictionaryIsAnError() throws {
        var bytes = try BinaryPropertyList.encode(.array([.bool(true)]))
        let value = try #require(bytes.lastIndex(of: 0x09))  // the true
        bytes[value] = 0x00  // a null object
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(bytes) }
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decodeEntries(bytes, keys: .init(["id"])) }
    }

    /// Keys equal as Unicode are one key, whatever their lengths: `{"é": 1, "e\u{301}": 2}` is
    /// refused as a duplicate by the full decode and by a partial one that asks for either.
    @Test func keysEqualAsUnicodeAreOneKey() throws {
        var bytes = try BinaryPropertyList.encode(.dictionary(["é": .integer(1), "ëx": .integer(2)]))
        // "ëx" in UTF-16 (00 EB 00 78) becomes "e" + U+0301 (00 65 03 01): same length.
        let units = try #require(bytes.firstRange(of: [0x00, 0xEB, 0x00, 0x78]))
        bytes.replaceSubrange(units, with: [0x00, 0x65, 0x03, 0x01])
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decode(bytes) }
        #expect(throws: PropertyListError.self) { try BinaryPropertyList.decodeEntries(bytes, keys: .init(["é"])) }
        let precomposed: PropertyListDictionary = ["é": .integer(1)]
        #expect(precomposed.position(of: "e\u{301}") == 0)
    }
}
