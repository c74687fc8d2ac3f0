import Foundation

/// Deduplicates strings by their exact UTF-8 bytes for the binary writer, and keeps those
/// bytes for writing.
///
/// Swift's `String` equality and hashing follow canonical equivalence, so "é" (U+00E9)
/// and "e\u{301}" would be merged into one object and the file would change what was
/// written. This table compares bytes. It is also several times faster than
/// `Dictionary<String, Int>` on 600,000 unique strings (SipHash plus resizing dominated
/// the writer's profile). The hash is seeded per writer, so crafted collisions cannot be
/// prepared in advance.
///
/// Each distinct string's bytes are copied once into one arena rather than kept as a
/// `String`: holding 600,000 strings cost a retain and a release each, and writing them
/// out another pair; those were a quarter of the encoder's time.
struct StringInterningTable {
    /// Open addressing; hash and entry side by side so a probe touches one cache line.
    private struct Slot {
        /// The high 32 bits of the hash: enough to skip almost every wrong candidate
        /// while keeping a slot at 8 bytes (the table is the writer's main cache-miss cost).
        var tag: UInt32 = 0
        var entry: Int32 = -1
    }

    /// One distinct string: where its UTF-8 bytes are in ``utf8``, and its full hash, for
    /// rehashing when the table grows.
    struct Entry {
        var offset: Int
        var hash: UInt64
        var utf8Count: Int32
        var object: Int32
    }

    private var slots: [Slot]
    private var mask: Int
    private let seed: UInt64
    /// The distinct strings in first-seen order; a slot's `entry` indexes this.
    private(set) var entries: [Entry] = []
    /// Whether each distinct string is all ASCII (bplist's one-byte form), found while hashing.
    private(set) var isASCII: [Bool] = []
    /// The distinct strings' UTF-8 bytes, one after another.
    private(set) var utf8: [UInt8] = []

    init(expectedCount: Int = 64, seed: UInt64 = randomSeed()) {
        var capacity = 16
        while capacity < expectedCount * 2 { capacity <<= 1 }
        slots = Array(repeating: Slot(), count: capacity)
        mask = capacity - 1
        self.seed = seed
    }

    static func randomSeed() -> UInt64 { UInt64.random(in: 0...UInt64.max) | 1 }

    /// The object index `other`'s entry has in this table, if this table holds its bytes;
    /// both tables must share a seed (the entry's hash is used as it is).
    func object(of entry: Int, in other: StringInterningTable) -> Int? {
        precondition(seed == other.seed, "tables of one document share a seed")
        let hash = other.entries[entry].hash
        return other.withUTF8(of: entry) { bytes in probe(bytes, hash: hash).entry.map { Int(entries[$0].object) } }
    }

    /// The object index already assigned to `string`, or assigns `next` and returns it,
    /// with the string's entry, its UTF-8 length and whether it is ASCII.
    mutating func index(of string: String, orInsert next: Int) throws -> (
        object: Int, entry: Int, utf8Count: Int, isASCII: Bool
    ) {
        if let found = try string.utf8.withContiguousStorageIfAvailable({ try index(ofBytes: $0, orInsert: next) }) {
            return found
        }
        var copy = string  // not native UTF-8 (bridged); made contiguous once
        return try copy.withUTF8 { try index(ofBytes: $0, orInsert: next) }
    }

    private mutating func index(ofBytes bytes: UnsafeBufferPointer<UInt8>, orInsert next: Int) throws -> (
        object: Int, entry: Int, utf8Count: Int, isASCII: Bool
    ) {
        let hash = Self.hash(bytes, seed: seed)
        let (found, at) = probe(bytes, hash: hash)
        if let entry = found { return (Int(entries[entry].object), entry, bytes.count, isASCII[entry]) }
        guard entries.count < Int(Int32.max), next < Int(Int32.max), bytes.count < Int(Int32.max) else {
            throw PropertyListError(
                .tooManyNodes, "more than \(Int32.max) strings or objects, or a string of as many bytes, to write")
        }
        let entry = entries.count
        let ascii = Self.isASCII(bytes)
        slots[at] = Slot(tag: UInt32(truncatingIfNeeded: hash >> 32), entry: Int32(entry))
        entries.append(Entry(offset: utf8.count, hash: hash, utf8Count: Int32(bytes.count), object: Int32(next)))
        isASCII.append(ascii)
        utf8.append(contentsOf: bytes)
        if entries.count * 4 > slots.count * 3 { grow() }
        return (next, entry, bytes.count, ascii)
    }

    /// The entry holding `bytes` (whose hash is `hash`), or nil and the free slot where they
    /// would go.
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (entry: Int?, slot: Int) {
        let tag = UInt32(truncatingIfNeeded: hash >> 32)
        var at = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[at]
            if slot.entry < 0 { return (nil, at) }
            if slot.tag == tag, hasBytes(bytes, at: Int(slot.entry)) { return (Int(slot.entry), at) }
            at = (at + 1) & mask
        }
    }

    var count: Int { entries.count }
    var byteCount: Int { utf8.count }

    /// Room for `count` distinct strings of `bytes` UTF-8 bytes in all. The slots are not
    /// sized up front: a table that starts large misses the cache from its first insert,
    /// and measured slower than one that grows.
    mutating func reserve(bytes: Int, count: Int) {
        utf8.reserveCapacity(bytes)
        entries.reserveCapacity(count)
        isASCII.reserveCapacity(count)
    }

    /// Calls `body` with the UTF-8 bytes of an entry.
    func withUTF8<R>(of entry: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let e = entries[entry]
        return try utf8.withUnsafeBufferPointer {
            try body(UnsafeBufferPointer(rebasing: $0[e.offset..<e.offset + Int(e.utf8Count)]))
        }
    }

    /// Empties the table for the next document, keeping small allocations and the seed.
    mutating func removeAll() {
        if slots.count > 1024 {
            slots = Array(repeating: Slot(), count: 16)
            mask = 15
        } else {
            for i in slots.indices { slots[i] = Slot() }
        }
        entries.removeAll(keepingCapacity: entries.capacity <= 512)
        isASCII.removeAll(keepingCapacity: isASCII.capacity <= 512)
        utf8.removeAll(keepingCapacity: utf8.capacity <= 16_384)
    }

    private func hasBytes(_ bytes: UnsafeBufferPointer<UInt8>, at entry: Int) -> Bool {
        let e = entries[entry]
        guard Int(e.utf8Count) == bytes.count else { return false }
        guard bytes.count > 0 else { return true }
        return utf8.withUnsafeBufferPointer { memcmp($0.baseAddress! + e.offset, bytes.baseAddress!, bytes.count) == 0 }
    }

    private mutating func grow() {
        let capacity = slots.count * 2
        var newSlots = [Slot](repeating: Slot(), count: capacity)
        let newMask = capacity - 1
        for slot in slots where slot.entry >= 0 {
            var at = Int(truncatingIfNeeded: entries[Int(slot.entry)].hash) & newMask
            while newSlots[at].entry >= 0 { at = (at + 1) & newMask }
            newSlots[at] = slot
        }
        slots = newSlots
        mask = newMask
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
