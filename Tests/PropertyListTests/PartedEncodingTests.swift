import Foundation
import Testing

@testable import PropertyList

/// A long top-level array is numbered and written in parts on every core
/// (`BinaryPropertyListPartedWriter`): the bytes are those one writer going in order makes,
/// whatever recurs across the parts, and a failure is the one it names.
@Suite struct PartedEncodingTests {
    /// Element `i`: a random value (every kind, nested), beside strings and scalars that recur
    /// across the whole array, so that later parts hold objects earlier parts already wrote.
    static func array(count: Int, seed: UInt64) -> PropertyListValue {
        let recurring: [PropertyListValue] = [
            .string("shared"), .string("caf\u{E9}"), .string("cafe\u{301}"), .string("\u{1F511} key"), .string(""),
            .integer(7), .real(-0.0), .real(0.0), .real(.nan), .bool(true), .data(Data([1, 2, 3])), .uid(9),
            .date(Date(timeIntervalSinceReferenceDate: 86_400)),
        ]
        return .array(
            (0..<count).map { i in
                var random = RandomValues(seed: seed &+ UInt64(i))
                var entry = PropertyListDictionary()
                entry["value"] = random.value()
                entry["again"] = recurring[i % recurring.count]
                // The same string again, far away: in another part for most i.
                entry["far"] = .string("row \((i * 7919) % (count / 3))")
                entry["list"] = .array([recurring[(i / 3) % recurring.count], .string("é \(i % 50)")])
                return .dictionary(entry)
            })
    }

    /// Where two encodings first differ (the shorter one's length when one is a prefix), so a
    /// failure names an offset instead of printing megabytes.
    static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        if let i = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { return i }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    /// Parts as many as the cores (2 here), and more: the earliest of several earlier parts
    /// holds an object's equal, and numbers pass through more than one part.
    static let partCounts = [2, 3, 5]

    @Test(arguments: [false, true])
    func theBytesAreThoseOfTheWriterGoingInOrder(sortKeys: Bool) throws {
        for (count, seed) in [(4_096, 1 as UInt64), (5_003, 2), (12_000, 3)] {
            let value = Self.array(count: count, seed: seed)
            guard case .array(let elements) = value else { return }
            let inOrder = try BinaryPropertyListWriter.encodeInOrder(value, sortKeys: sortKeys)
            for parts in Self.partCounts {
                let parted = try #require(
                    BinaryPropertyListPartedWriter.encode(elements, sortKeys: sortKeys, parts: parts))
                #expect(
                    Self.firstDifference(parted, inOrder) == nil,
                    "\(count) elements, \(parts) parts, sortKeys \(sortKeys)")
            }
            #expect(Self.firstDifference(try BinaryPropertyList.encode(value, sortKeys: sortKeys), inOrder) == nil)
            #expect(try BinaryPropertyList.decode(inOrder) == value)
        }
    }

    /// Top-level elements that are themselves strings and scalars recurring across parts
    /// (the root's references pass through each part's numbers), and an element first seen
    /// in the last part only.
    @Test func topLevelStringsAndScalarsRecurringAcrossParts() throws {
        let elements: [PropertyListValue] =
            (0..<6_000).map { i in
                switch i % 4 {
                case 0: .integer(.init(i % 3))
                case 1: .string(i % 8 == 1 ? "even" : "odd \(i % 5)")
                case 2: .real(i % 8 == 2 ? -0.0 : 0.0)
                default: .array([.string("odd 1"), .bool(i % 3 == 0)])
                }
            } + [.string("last only"), .string(""), .integer(1)]
        let inOrder = try BinaryPropertyListWriter.encodeInOrder(.array(elements), sortKeys: false)
        for parts in Self.partCounts {
            let parted = try #require(BinaryPropertyListPartedWriter.encode(elements, sortKeys: false, parts: parts))
            #expect(Self.firstDifference(parted, inOrder) == nil, "\(parts) parts")
        }
        #expect(try BinaryPropertyList.decode(inOrder) == .array(elements))
    }

    /// Over 65,535 objects the references are 4 bytes wide: the width is the whole
    /// document's, though no part holds that many.
    @Test func referenceWidthIsTheDocuments() throws {
        let value = PropertyListValue.array((0..<70_000).map { .string("s\($0)") })
        guard case .array(let elements) = value else { return }
        let parted = try #require(BinaryPropertyListPartedWriter.encode(elements, sortKeys: false, parts: 2))
        #expect(Self.firstDifference(parted, try BinaryPropertyListWriter.encodeInOrder(value, sortKeys: false)) == nil)
        #expect(parted[parted.count - 25] == 4)  // 70,001 objects: 4-byte references
    }

    @Test func shortArraysAreWrittenInOrder() {
        let elements = (0..<(BinaryPropertyListPartedWriter.partsMinimumElements - 1)).map {
            PropertyListValue.integer(.init($0))
        }
        #expect(BinaryPropertyListPartedWriter.encode(elements, sortKeys: false) == nil)
    }

    /// An element nested too deep fails its part; the writer in order names the error.
    @Test func aFailingPartLeavesTheErrorToTheWriterInOrder() throws {
        var deep = PropertyListValue.string("bottom")
        for _ in 0..<(PropertyListLimits.maximumDepth + 1) { deep = .array([deep]) }
        var elements = (0..<6_000).map { PropertyListValue.string("e\($0)") }
        elements[5_500] = deep
        #expect(BinaryPropertyListPartedWriter.encode(elements, sortKeys: false, parts: 3) == nil)
        #expect(throws: PropertyListError(.tooDeep, "")) { try BinaryPropertyList.encode(.array(elements)) }
    }
}
