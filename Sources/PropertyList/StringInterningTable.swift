import Foundation

/// Deduplicates strings by their exact UTF-8 bytes for the binary writer.
///
/// Swift's `String` equality and hashing follow canonical equivalence, so "é" (U+00E9)
/// and "e\u{301}" would be merged into one object and the file would change what was
/// written. This table compares bytes. It is also several times faster than
/// `Dictionary<String, Int>` on 600,000 unique strings (SipHash plus resizing dominated
/// the writer's profile). The hash is seeded per writer, so crafted collisions cannot be
/// prepared in advance.
struct StringInterningTable {
    /// Open addressing; hash and entry side by side so a probe touches one cache line.
    private struct Slot {
        /// The high 32 bits of the hash: enough to skip almost every wrong candidate
        /// while keeping a slot at 8 bytes (the table is the writer's main cache-miss cost).
        var tag: UInt32 = 0
        var entry: Int32 = -1
    }

    private var slots: [Slot]
    private var mask: Int
    private let seed: UInt64
    /// The distinct strings, in first-seen order; `entry` indexes this and `objectIndices`.
    private(set) var strings: [String] = []
    /// Whether each distinct string is all ASCII (bplist's one-byte form), found while hashing.
    private(set) var isASCII: [Bool] = []
    private var objectIndices: [Int32] = []
    /// Full hashes by entry, for rehashing when the table grows.
    private var hashes: [UInt64] = []

    init(expectedCount: Int = 64) {
        var capacity = 16
        while capacity < expectedCount * 2 { capacity <<= 1 }
        slots = Array(repeating: Slot(), count: capacity)
        mask = capacity - 1
        seed = UInt64.random(in: 0...UInt64.max) | 1
    }

    /// The object index already assigned to `string`, or assigns `next` and returns it,
    /// with the position of the string in ``strings`` and its UTF-8 length.
    mutating func index(of string: String, orInsert next: Int) -> (object: Int, string: Int, utf8Count: Int) {
        var s = string
        let (hash, ascii, utf8Count) = s.withUTF8 { (Self.hash($0, seed: seed), Self.isASCII($0), $0.count) }
        let tag = UInt32(truncatingIfNeeded: hash >> 32)
        var at = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[at]
            if slot.entry < 0 { break }
            if slot.tag == tag, Self.sameBytes(&strings[Int(slot.entry)], &s) {
                return (Int(objectIndices[Int(slot.entry)]), Int(slot.entry), utf8Count)
            }
            at = (at + 1) & mask
        }
        let entry = strings.count
        slots[at] = Slot(tag: tag, entry: Int32(entry))
        strings.append(s)
        isASCII.append(ascii)
        hashes.append(hash)
        objectIndices.append(Int32(next))
        if strings.count * 4 > slots.count * 3 { grow() }
        return (next, entry, utf8Count)
    }

    /// Empties the table for the next document, keeping small allocations and the seed.
    mutating func removeAll() {
        if slots.count > 1024 {
            slots = Array(repeating: Slot(), count: 16)
            mask = 15
        } else {
            for i in slots.indices { slots[i] = Slot() }
        }
        strings.removeAll(keepingCapacity: strings.capacity <= 512)
        isASCII.removeAll(keepingCapacity: isASCII.capacity <= 512)
        objectIndices.removeAll(keepingCapacity: objectIndices.capacity <= 512)
        hashes.removeAll(keepingCapacity: hashes.capacity <= 512)
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        var newSlots = [Slot](repeating: Slot(), count: capacity)
        let newMask = capacity - 1
        for slot in slots where slot.entry >= 0 {
            var at = Int(truncatingIfNeeded: hashes[Int(slot.entry)]) & newMask
            while newSlots[at].entry >= 0 { at = (at + 1) & newMask }
            newSlots[at] = slot
        }
        slots = newSlots
        mask = newMask
    }

    private static func sameBytes(_ a: inout String, _ b: inout String) -> Bool {
        a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        return high < 0x80
    }

    /// A small multiply-xorshift hash over 8-byte words (in the style of wyhash's mixing).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var h = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        let raw = UnsafeRawBufferPointer(bytes)
        var i = 0
        while i + 8 <= raw.count {
            h = mix(h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < raw.count {
            tail |= UInt64(raw[i]) << shift
            shift += 8
            i += 1
        }
        return mix(h ^ tail)
    }

    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 {
        let product = x.multipliedFullWidth(by: 0xA076_1D64_78BD_642F)
        return product.high ^ product.low
    }
}
