import Foundation
import Testing

@testable import PropertyList

/// A large document whose top object is an array is read in parts on every core
/// (`BinaryPropertyListReader.decodeTopArrayInParts`): the value is the one a reader going in
/// order makes, and every failure is the one it names.
@Suite struct PartedDecodingTests {
    typealias F = BinaryFixture

    /// A top-level array of `count` elements, object 0, with 4-byte references: element `i`
    /// is the object `element(i)` returns an index of, among `objects` appended after it
    /// (object 1 onwards); a 1.1 MB data object no element names keeps the file over the
    /// size at which parts are used.
    static func document(count: Int, objects: [[UInt8]], element: (Int) -> Int) -> [UInt8] {
        let top =
            [0xAF, 0x12] + F.bigEndian(UInt64(count), width: 4)
            + (0..<count).flatMap { F.bigEndian(UInt64(element($0)), width: 4) }
        let padding = [0x4F, 0x12] + F.bigEndian(1_100_000, width: 4) + [UInt8](repeating: 7, count: 1_100_000)
        var fixture = F(objects: [top] + objects + [padding])
        fixture.refSize = 4
        fixture.offsetSize = 4
        return fixture.bytes
    }

    /// Element `i` a dictionary {"k": "value i…", "n": i}, keys shared by every element.
    static func records(_ count: Int, breaking broken: Int? = nil, with damage: [UInt8] = []) -> [UInt8] {
        var objects: [[UInt8]] = [F.ascii("k"), F.ascii("n")]  // objects 1 and 2
        for i in 0..<count {
            let base = 3 + objects.count - 2
            let text = Array("value \(i) \(String(repeating: "x", count: i % 40))".utf8)
            let value = i == broken ? damage : [0x5F, 0x10, UInt8(text.count)] + text
            objects.append(
                [0xD2] + F.bigEndian(1, width: 4) + F.bigEndian(2, width: 4)
                    + F.bigEndian(UInt64(base + 1), width: 4) + F.bigEndian(UInt64(base + 2), width: 4))
            objects.append(value)
            objects.append([0x12] + F.bigEndian(UInt64(i), width: 4))
        }
        // (Dictionaries assembled by hand: the fixture's helper writes 1-byte references.)
        return document(count: count, objects: objects) { 3 + 3 * $0 }
    }

    static func sameOutcome(_ bytes: [UInt8]) -> (parts: String, inOrder: String) {
        func outcome(_ read: () throws -> PropertyListValue) -> String {
            do { return "value \(try read().hashValue)" } catch { return "\(error)" }
        }
        return bytes.withUnsafeBytes { raw in
            (
                outcome { try BinaryPropertyList.decode(bytes) },
                outcome { try BinaryPropertyListReader.decodeInOrder(raw) }
            )
        }
    }

    @Test func aLargeTopLevelArrayReadInPartsIsTheArrayReadInOrder() throws {
        let bytes = Self.records(6_000)
        let value = try BinaryPropertyList.decode(bytes)
        guard case .array(let elements) = value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == 6_000)
        let last = "value 5999 " + String(repeating: "x", count: 5_999 % 40)
        #expect(elements[5_999] == ["k": .string(last), "n": 5_999])
        #expect(try bytes.withUnsafeBytes { try BinaryPropertyListReader.decodeInOrder($0) } == value)
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(bytes.withUnsafeBytes { BinaryPropertyListReader.decodeTopArrayInParts($0) } == value)
        }
    }

    /// Damage in the last part, a cycle through the top array from its last part, and shared
    /// subtrees whose nodes pass the budget only when every part's are added up: each is
    /// refused with the error the reader going in order gives.
    @Test func everyFailureIsTheOneTheReaderGoingInOrderNames() {
        let badMarker = Self.records(6_000, breaking: 5_500, with: [0x70])  // unknown marker
        let shortString = Self.records(6_000, breaking: 5_900, with: [0x5F, 0x10, 200, 0x41])
        let cycle = Self.document(count: 6_000, objects: [[0x09], F.array([0], refSize: 4)]) {
            $0 == 5_000 ? 2 : 1
        }
        // 1 + 10 + 100 + 1,000 nodes an element, shared: 6,000 elements are 6.7 million nodes,
        // over the 1.1 MB document's 4.4 million; each part stops at its share of it.
        func ten(_ ref: UInt64) -> [UInt8] { [0xAA] + Array((0..<10).map { _ in F.bigEndian(ref, width: 4) }.joined()) }
        let tens: [[UInt8]] = [ten(2), ten(3), ten(4), [0x09]]
        let bomb = Self.document(count: 6_000, objects: tens) { _ in 1 }
        for (name, bytes) in [("marker", badMarker), ("string", shortString), ("cycle", cycle), ("budget", bomb)] {
            let (parts, inOrder) = Self.sameOutcome(bytes)
            #expect(!parts.hasPrefix("value"), "\(name) was read")
            #expect(parts == inOrder, "\(name)")
            #expect(bytes.withUnsafeBytes { BinaryPropertyListReader.decodeTopArrayInParts($0) } == nil, "\(name)")
        }
        #expect(Self.sameOutcome(bomb).parts.contains("nodes"))
        #expect(Self.sameOutcome(cycle).parts.contains("contains itself"))
    }
}
