import Foundation
import Testing

@testable import PropertyList

/// Hostile and broken bplist00 inputs: each must give a typed error, never a trap, a hang
/// or an allocation sized by a claimed count. Modelled on CPython's INVALID_BINARY_PLISTS.
@Suite struct MalformedBinaryTests {
    typealias F = BinaryFixture

    func expectError(_ code: PropertyListError.Code, _ bytes: [UInt8], _ comment: Comment? = nil) {
        #expect(throws: PropertyListError(code, "")) { try BinaryPropertyList.decode(bytes) }
    }

    static let sample: [UInt8] = try! BinaryPropertyList.encode(
        [
            "accounts": [
                ["service": "mail", "user": "ana@example.com", "password": "pässwörd", "port": 993],
                [
                    "service": "bank", "pin": .data(Data([1, 2, 3])),
                    "when": .date(Date(timeIntervalSinceReferenceDate: 1e8)),
                ],
            ],
            "ratio": 0.5, "ok": true, "big": .integer(PropertyListInteger(UInt64.max)),
        ])

    @Test func sampleDecodes() throws {
        #expect(try BinaryPropertyList.decode(Self.sample).dictionaryValue?.count == 4)
    }

    @Test func everyTruncationIsRefused() throws {
        for length in 0..<Self.sample.count {
            #expect(throws: PropertyListError.self, "length \(length)") {
                try BinaryPropertyList.decode(Array(Self.sample.prefix(length)))
            }
        }
    }

    @Test func everySingleByteCorruptionFailsCleanlyOrDecodes() throws {
        // Flipping any byte must either still decode or throw our error — never trap.
        var failures = 0
        for index in Self.sample.indices {
            for mask: UInt8 in [0x01, 0x80, 0xFF] {
                var bytes = Self.sample
                bytes[index] ^= mask
                do { _ = try BinaryPropertyList.decode(bytes) } catch is PropertyListError { failures += 1 } catch {
                    Issue.record("byte \(index): unexpected error type \(error)")
                }
            }
        }
        #expect(failures > Self.sample.count)  // most corruptions are detected
    }

    @Test func headerMustBeExactlyBplist00() {
        for header in ["bplist01", "bplist15", "bplist0\u{0}", "BPLIST00", "xplist00"] {
            var fixture = F(objects: [[0x09]])
            fixture.header = Array(header.utf8)
            expectError(.unknownFormat, fixture.bytes)
        }
        expectError(.unknownFormat, Array("bplist".utf8))
    }

    // MARK: Trailer

    @Test func trailerFieldsOutOfRange() throws {
        let good = F(objects: [[0x09]])
        #expect(try BinaryPropertyList.decode(good.bytes) == .bool(true))
        let trailer = good.bytes.count - 32
        func corrupt(_ at: Int, _ byte: UInt8) -> [UInt8] {
            var b = good.bytes
            b[trailer + at] = byte
            return b
        }
        expectError(.invalidTrailer, corrupt(6, 0))  // offsetIntSize 0
        expectError(.invalidTrailer, corrupt(6, 9))  // offsetIntSize 9
        expectError(.invalidTrailer, corrupt(7, 0))  // objectRefSize 0
        expectError(.invalidTrailer, corrupt(7, 9))  // objectRefSize 9
        expectError(.invalidTrailer, corrupt(15, 0))  // numObjects 0
        expectError(.invalidTrailer, corrupt(8, 0xFF))  // numObjects huge: table would not fit
        expectError(.invalidTrailer, corrupt(23, 1))  // topObject == numObjects
        expectError(.invalidTrailer, corrupt(16, 0x80))  // topObject huge
        expectError(.invalidTrailer, corrupt(31, 8))  // offsetTableOffset < 9
        expectError(.invalidTrailer, corrupt(31, 10))  // offset table not where trailer says
        expectError(.invalidTrailer, corrupt(24, 0xFF))  // offsetTableOffset overflows
        var extraByte = good.bytes
        extraByte.insert(0, at: trailer)  // file length no longer adds up
        expectError(.invalidTrailer, extraByte)
    }

    @Test func widthsMustAddressWhatTheyAddress() throws {
        // 300 objects with 1-byte references cannot be addressed.
        var many = F(objects: [F.array([1])] + Array(repeating: [0x09], count: 299))
        many.offsetSize = 2
        expectError(.invalidTrailer, many.bytes)
        many.refSize = 2
        many.objects[0] = F.array([1], refSize: 2)
        #expect(try BinaryPropertyList.decode(many.bytes) == [true])
    }

    @Test func threeByteWidthsAreAccepted() throws {
        // Foundation's newer encoder writes 3-byte offsets and references.
        var fixture = F(objects: [F.array([1, 2], refSize: 3), F.ascii("a"), [0x08]])
        fixture.refSize = 3
        fixture.offsetSize = 3
        #expect(try BinaryPropertyList.decode(fixture.bytes) == ["a", false])
    }

    @Test func offsetsMustPointIntoTheObjectArea() throws {
        var fixture = F(objects: [[0x09]])
        fixture.offsetsOverride = [7]  // into the header
        expectError(.outOfBounds, fixture.bytes)
        fixture.offsetsOverride = [9]  // the offset table itself
        expectError(.outOfBounds, fixture.bytes)
    }

    @Test func referencesMustExist() throws {
        expectError(.outOfBounds, F(objects: [F.array([5])]).bytes)
        expectError(.outOfBounds, F(objects: [F.dictionary(keys: [1], values: [9]), F.ascii("k")]).bytes)
    }

    // MARK: Objects

    @Test func integerWidths() throws {
        for (info, width) in [(0, 1), (1, 2), (2, 4), (3, 8)] {
            let object = [0x10 | UInt8(info)] + Array(repeating: 0, count: width - 1) + [42]
            #expect(try BinaryPropertyList.decode(F(objects: [object]).bytes) == 42)
        }
        expectError(.invalidObject, F(objects: [[0x15] + Array(repeating: 0, count: 32)]).bytes)  // 32 bytes
        expectError(.outOfBounds, F(objects: [[0x13, 0, 0, 0]]).bytes)  // 8-byte int, 3 bytes present
        let high: [UInt8] = [0x14] + Array(repeating: 0xFF, count: 16)
        expectError(.invalidObject, F(objects: [high]).bytes)  // negative 16-byte
        let low: [UInt8] = [0x14] + Array(repeating: 0, count: 8) + Array(repeating: 0xFF, count: 8)
        #expect(try BinaryPropertyList.decode(F(objects: [low]).bytes) == .integer(PropertyListInteger(UInt64.max)))
    }

    @Test func realAndDateRules() throws {
        #expect(try BinaryPropertyList.decode(F(objects: [[0x22, 0x3F, 0xC0, 0, 0]]).bytes) == 1.5)
        expectError(.invalidObject, F(objects: [[0x21, 0, 0]]).bytes)  // 2-byte real
        expectError(.invalidObject, F(objects: [[0x24] + Array(repeating: 0, count: 16)]).bytes)
        expectError(.invalidObject, F(objects: [[0x32, 0, 0, 0, 0]]).bytes)  // date marker 0x32
        expectError(.invalidObject, F(objects: [[0x34] + Array(repeating: 0, count: 16)]).bytes)
        let nan = [0x33] + F.bigEndian(Double.nan.bitPattern, width: 8)
        expectError(.invalidObject, F(objects: [nan]).bytes)
        let inf = [0x33] + F.bigEndian(Double.infinity.bitPattern, width: 8)
        expectError(.invalidObject, F(objects: [inf]).bytes)
    }

    @Test func refusedMarkers() throws {
        expectError(.unsupportedObject, F(objects: [[0x00]]).bytes)  // null
        expectError(.unsupportedObject, F(objects: [[0x0F]]).bytes)  // fill
        expectError(.unsupportedObject, F(objects: [[0x0C]]).bytes)  // undefined 0x0_
        expectError(.unsupportedObject, F(objects: [[0xC1, 1], [0x09]]).bytes)  // set
        expectError(.unsupportedObject, F(objects: [[0xB0]]).bytes)  // ordered set
        expectError(.unsupportedObject, F(objects: [[0x70]]).bytes)  // unused 0x7_
        expectError(.unsupportedObject, F(objects: [[0x90]]).bytes)
        expectError(.unsupportedObject, F(objects: [[0xE0]]).bytes)
        expectError(.unsupportedObject, F(objects: [[0xF0]]).bytes)
        expectError(.invalidObject, F(objects: [[0x82, 0, 0, 1]]).bytes)  // 3-byte UID
    }

    @Test func stringsMustBeValid() throws {
        expectError(.invalidString, F(objects: [[0x52, 0x41, 0xC3]]).bytes)  // byte ≥ 0x80 in ASCII
        expectError(.invalidString, F(objects: [[0x61, 0xD8, 0x00]]).bytes)  // lone lead surrogate
        expectError(.invalidString, F(objects: [[0x61, 0xDC, 0x00]]).bytes)  // lone trail surrogate
        expectError(.invalidString, F(objects: [[0x62, 0xDC, 0x00, 0xD8, 0x00]]).bytes)  // reversed pair
        expectError(.invalidString, F(objects: [[0x62, 0xD8, 0x00, 0x00, 0x41]]).bytes)  // lead then non-trail
        #expect(try BinaryPropertyList.decode(F(objects: [[0x62, 0xD8, 0x3D, 0xDE, 0x00]]).bytes) == "😀")
    }

    @Test func dictionaryKeysMustBeUniqueStrings() throws {
        expectError(.invalidKey, F(objects: [F.dictionary(keys: [1], values: [1]), [0x10, 1]]).bytes)
        expectError(
            .invalidKey,
            F(objects: [F.dictionary(keys: [1, 2], values: [3, 3]), F.ascii("k"), F.ascii("k"), [0x09]]).bytes)
        expectError(
            .invalidKey, F(objects: [F.dictionary(keys: [1, 1], values: [2, 2]), F.ascii("k"), [0x09]]).bytes)
    }

    /// Keys equal as Unicode are one key whatever their storage (spec/PLIST.md): the reader
    /// settles most pairs of ASCII keys by their lengths, and must not let that skip a UTF-16
    /// key equal to an ASCII key of another length.
    @Test func keysEqualAsUnicodeAreDuplicatesWhateverTheirStorage() throws {
        func utf16(_ s: String) -> [UInt8] {
            let units = Array(s.utf16)
            return [0x60 | UInt8(units.count)] + units.flatMap { F.bigEndian(UInt64($0), width: 2) }
        }
        func pair(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
            F(objects: [F.dictionary(keys: [1, 2], values: [3, 3]), a, b, [0x09]]).bytes
        }
        expectError(.invalidKey, pair(F.ascii("K"), utf16("\u{212A}")))  // Kelvin sign: 3 UTF-8 bytes
        expectError(.invalidKey, pair(utf16("\u{212A}"), F.ascii("K")))
        expectError(.invalidKey, pair(utf16("e\u{301}"), utf16("\u{E9}")))
        expectError(.invalidKey, pair(utf16("k"), F.ascii("k")))
        expectError(.invalidKey, pair(F.ascii("k"), utf16("k")))
        // Different keys of one length, and of one storage, are two keys.
        let two = try BinaryPropertyList.decode(pair(F.ascii("ab"), F.ascii("ba")))
        #expect(two.dictionaryValue?.count == 2)
        let mixed = try BinaryPropertyList.decode(pair(F.ascii("ab"), utf16("\u{E9}b")))
        #expect(mixed.dictionaryValue?.keys == ["ab", "\u{E9}b"])
        // A dictionary past the small-dictionary path (65 keys) still refuses a duplicate.
        var many = PropertyListDictionary()
        for i in 0..<65 { many["k\(i)"] = .bool(true) }
        let encoded = try BinaryPropertyList.encode(.dictionary(many))
        #expect(try BinaryPropertyList.decode(encoded) == .dictionary(many))
        var patched = encoded
        let at = try #require(Self.range(of: Array([0x53] + "k64".utf8), in: patched))
        patched.replaceSubrange(at, with: [0x53] + Array("k63".utf8))
        expectError(.invalidKey, patched)
    }

    static func range(of needle: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard needle.count <= bytes.count else { return nil }
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<start + needle.count]) == needle {
            return start..<start + needle.count
        }
        return nil
    }

    // MARK: Hostile structure

    @Test func hugeClaimedCountsAreRefusedWithoutAllocating() throws {
        for marker: UInt8 in [0x4F, 0x5F, 0x6F, 0xAF, 0xDF] {
            let claim = [marker, 0x13] + F.bigEndian(UInt64(Int64.max), width: 8)
            expectError(.outOfBounds, F(objects: [claim]).bytes)
            let claim32 = [marker, 0x12, 0xFF, 0xFF, 0xFF, 0xFF]
            expectError(.outOfBounds, F(objects: [claim32]).bytes)
        }
        expectError(.invalidObject, F(objects: [[0x4F, 0x14] + Array(repeating: 0, count: 16)]).bytes)  // 16-byte count
        expectError(.invalidObject, F(objects: [[0x4F, 0x50]]).bytes)  // count marker not an int
    }

    @Test func cyclesAreDetected() throws {
        // The 43-byte self-referencing array that crashes PropertyListDecoder.
        let selfReference = F(objects: [F.array([0])]).bytes
        expectError(.cycle, selfReference)
        expectError(.cycle, F(objects: [F.array([1]), F.array([2]), F.array([0])]).bytes)
        expectError(.cycle, F(objects: [F.dictionary(keys: [1], values: [0]), F.ascii("me")]).bytes)
    }

    @Test func sharedChildrenAreNotCycles() throws {
        // Object 1 is referenced twice by the root: a DAG, not a cycle.
        let value = try BinaryPropertyList.decode(F(objects: [F.array([1, 1]), F.array([2]), [0x09]]).bytes)
        #expect(value == [[true], [true]])
    }

    @Test func deepNestingIsRefused() throws {
        func nested(_ depth: Int) -> [UInt8] {
            var fixture = F(objects: (0..<depth).map { i in [0xA1] + F.bigEndian(UInt64(i + 1), width: 4) } + [[0x09]])
            fixture.refSize = 4
            fixture.offsetSize = 4
            return fixture.bytes
        }
        #expect(throws: Never.self) { _ = try BinaryPropertyList.decode(nested(PropertyListLimits.maximumDepth)) }
        expectError(.tooDeep, nested(PropertyListLimits.maximumDepth + 1))
        expectError(.tooDeep, nested(100_000))
    }

    @Test func sharedReferenceBombIsRefused() throws {
        // 24 arrays of 8 references each to the next: 282 bytes describing 8^24 nodes.
        var objects = (0..<24).map { level in [0xA8] + Array(repeating: UInt8(level + 1), count: 8) }
        objects.append([0x09])
        let bomb = F(objects: objects).bytes
        #expect(bomb.count < 300)
        expectError(.tooManyNodes, bomb)
    }

    @Test func nodeBudgetScalesWithInputSize() throws {
        // Just under the budget decodes; the same shape one level deeper does not.
        func fanout(_ levels: Int) -> [UInt8] {
            var objects = (0..<levels).map { level in [0xA8] + Array(repeating: UInt8(level + 1), count: 8) }
            objects.append([0x09])
            return F(objects: objects).bytes
        }
        #expect(throws: Never.self) { _ = try BinaryPropertyList.decode(fanout(6)) }  // 8^6 + … < 2^20
        expectError(.tooManyNodes, fanout(7))  // 8^7 > 2^20
    }
}
