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
    private var slots: [Int32]
    private var hashes: [UInt64]
    private var strings: [String] = []
    private var objectIndices: [Int32] = []
    private var mask: Int
    private let seed: UInt64

    init(expectedCount: Int = 64) {
        var capacity = 16
        while capacity < expectedCount * 2 { capacity <<= 1 }
        slots = Array(repeating: -1, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        seed = UInt64.random(in: 0...UInt64.max) | 1
    }

    /// The object index already assigned to `string`, or assigns `next` and returns it.
    mutating func index(of string: String, orInsert next: Int) -> Int {
        var s = string
        let hash = s.withUTF8 { Self.hash($0, seed: seed) }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { break }
            if hashes[slot] == hash, Self.sameBytes(&strings[Int(entry)], &s) {
                return Int(objectIndices[Int(entry)])
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(strings.count)
        hashes[slot] = hash
        strings.append(s)
        objectIndices.append(Int32(next))
        if strings.count * 2 > slots.count { grow() }
        return next
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        var newSlots = [Int32](repeating: -1, count: capacity)
        var newHashes = [UInt64](repeating: 0, count: capacity)
        let newMask = capacity - 1
        for (slot, entry) in slots.enumerated() where entry >= 0 {
            var at = Int(truncatingIfNeeded: hashes[slot]) & newMask
            while newSlots[at] >= 0 { at = (at + 1) & newMask }
            newSlots[at] = entry
            newHashes[at] = hashes[slot]
        }
        slots = newSlots
        hashes = newHashes
        mask = newMask
    }

    private static func sameBytes(_ a: inout String, _ b: inout String) -> Bool {
        a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
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
