import Foundation

/// A deterministic bplist00 writer.
///
/// Objects are numbered in the order python3 plistlib uses (pre-order; a dictionary's keys
/// then its values), so for the same value and key order the bytes equal plistlib's.
/// Equal strings (by exact UTF-8 bytes), numbers, dates and data are written once, like CF;
/// integers take the smallest width, negative integers 8 bytes, values ≥ 2^63 16 bytes.
/// Reference and offset widths are 1, 2, 4 or 8 bytes, readable by every bplist reader.
///
/// Two passes: numbering (which also sums the exact output size), then one write into a
/// buffer allocated once. A long top-level array is numbered and written in parts, one per
/// core (``BinaryPropertyListPartedWriter``), which reaches into the tables kept here.
struct BinaryPropertyListWriter {
    /// Key for deduplicating non-string scalars. Reals and dates compare by bit pattern so
    /// that 0.0 and -0.0 stay distinct and NaN deduplicates with itself.
    enum ScalarKey: Hashable {
        case data(Data)
        case integer(PropertyListInteger)
        case real(UInt64)
        case date(UInt64)
        case bool(Bool)
        case uid(UInt64)
    }

    /// One object to write, 16 bytes: no reference-counted payload, so numbering and
    /// writing 700,000 of them retains nothing.
    struct FlatObject {
        enum Kind: UInt8 { case string, scalar, array, dictionary }
        var kind: Kind
        /// Containers: the number of entries (dictionaries: pairs).
        var count: UInt32 = 0
        /// Strings: an entry of the interning table. Scalars: an index into `scalarValues`.
        /// Containers: children are `children[start..<start + count]` (dictionaries: keys
        /// then values, so twice `count`).
        var start: Int = 0
    }

    private(set) var objects: [FlatObject] = []
    private(set) var children: [Int] = []
    /// Reused per depth: a container's child references are collected here while its
    /// subtree is numbered, then copied to `children` in one piece.
    private var scratch: [[Int]] = []
    private(set) var strings: StringInterningTable
    private(set) var scalars: [ScalarKey: Int] = [:]
    private(set) var scalarValues: [PropertyListValue] = []
    private let sortKeys: Bool
    /// Bytes of all objects except their references (whose width is not known yet).
    private var objectBytes = 8

    static func encode(_ value: PropertyListValue, sortKeys: Bool) throws -> [UInt8] {
        if case .array(let elements) = value,
            let bytes = BinaryPropertyListPartedWriter.encode(elements, sortKeys: sortKeys)
        {
            return bytes
        }
        return try encodeInOrder(value, sortKeys: sortKeys)
    }

    /// ``encode(_:sortKeys:)`` by one writer going in order, never in parts (what tests
    /// compare the parts with).
    static func encodeInOrder(_ value: PropertyListValue, sortKeys: Bool) throws -> [UInt8] {
        var writer = BinaryPropertyListWriter(sortKeys: sortKeys)
        _ = try writer.flatten(value, depth: 0)
        return writer.write()
    }

    /// `seed` is the string table's hash seed: the parts of one document share one, so that
    /// a part looks its strings up in another's table by the hashes it already has.
    init(sortKeys: Bool, seed: UInt64 = StringInterningTable.randomSeed()) {
        self.sortKeys = sortKeys
        strings = StringInterningTable(expectedCount: 8, seed: seed)
    }

    /// Encodes one document with tables left from the previous one emptied, not reallocated
    /// (a vault's 100,000 small records each paid for fresh tables and a random seed).
    mutating func encodeReusingTables(_ value: PropertyListValue) throws -> [UInt8] {
        objects.removeAll(keepingCapacity: objects.capacity <= 4096)
        children.removeAll(keepingCapacity: children.capacity <= 4096)
        strings.removeAll()
        scalars.removeAll(keepingCapacity: scalars.capacity <= 1024)
        scalarValues.removeAll(keepingCapacity: scalarValues.capacity <= 1024)
        objectBytes = 8
        _ = try flatten(value, depth: 0)
        return write()
    }

    // MARK: Numbering

    mutating func flatten(_ value: PropertyListValue, depth: Int) throws -> Int {
        guard depth <= PropertyListLimits.maximumDepth else {
            throw PropertyListError(.tooDeep, "nesting deeper than \(PropertyListLimits.maximumDepth) levels")
        }
        switch value {
        case .array(let elements):
            let index = objects.count
            objects.append(FlatObject(kind: .array))
            objectBytes += Self.markerSize(count: elements.count)
            var refs = takeScratch(depth)
            // Through the buffer, elements are borrowed, not retained and released one by one.
            try elements.withUnsafeBufferPointer { elements in
                try flatten(elements, elements.indices, depth: depth + 1, into: &refs)
            }
            objects[index].start = children.count
            objects[index].count = UInt32(refs.count)
            children.append(contentsOf: refs)
            scratch[depth] = refs
            return index
        case .dictionary(let dictionary):
            let index = objects.count
            objects.append(FlatObject(kind: .dictionary))
            objectBytes += Self.markerSize(count: dictionary.count)
            let entries = sortKeys ? dictionary.sortedEntries() : dictionary.entries
            var refs = takeScratch(depth)
            try entries.withUnsafeBufferPointer { entries in
                for i in entries.indices { refs.append(try string(entries[i].key)) }
                for i in entries.indices { refs.append(try flatten(entries[i].value, depth: depth + 1)) }
            }
            objects[index].start = children.count
            objects[index].count = UInt32(entries.count)
            children.append(contentsOf: refs)
            scratch[depth] = refs
            return index
        case .string(let s): return try string(s)
        case .data, .integer, .real, .date, .bool, .uid: return scalar(value, key: Self.scalarKey(of: value))
        }
    }

    static func scalarKey(of value: PropertyListValue) -> ScalarKey {
        switch value {
        case .data(let d): .data(d)
        case .integer(let i): .integer(i)
        case .real(let r): .real(r.bitPattern)
        case .date(let d): .date(d.timeIntervalSinceReferenceDate.bitPattern)
        case .bool(let b): .bool(b)
        case .uid(let u): .uid(u)
        case .string, .array, .dictionary: preconditionFailure("not a non-string scalar")
        }
    }

    /// The root array of a document numbered in parts (object 0, of `count` elements), its
    /// references after this writer's children: ``appendRootReferences(_:)`` adds them.
    mutating func setRoot(count: Int) {
        if objects.isEmpty { objects.append(FlatObject(kind: .array)) }
        objects[0].start = children.count
        objects[0].count = UInt32(count)
    }

    mutating func appendRootReferences(_ references: some Sequence<Int>) {
        children.append(contentsOf: references)
    }

    /// Numbers `elements[range]` at `depth`, appending their numbers to `refs`. A long run's
    /// first elements predict the rest: reserving for all of them then saves copying every
    /// table as it doubles (about 7 % of encoding 100,000 records). A wrong guess costs only
    /// the copies it failed to save.
    mutating func flatten(
        _ elements: UnsafeBufferPointer<PropertyListValue>, _ range: Range<Int>, depth: Int, into refs: inout [Int]
    ) throws {
        let sample = range.count >= 1024 ? 256 : range.count
        let before = Tally(self)
        for i in range.prefix(sample) { refs.append(try flatten(elements[i], depth: depth)) }
        guard sample < range.count else { return }
        reserve(for: range.count, likeFirst: sample, since: before)
        refs.reserveCapacity(refs.count + range.count - sample)
        for i in range.dropFirst(sample) { refs.append(try flatten(elements[i], depth: depth)) }
    }

    /// The sizes of the growing tables at one moment.
    private struct Tally {
        var objects, children, stringBytes, strings: Int
        init(_ writer: BinaryPropertyListWriter) {
            (objects, children) = (writer.objects.count, writer.children.count)
            (stringBytes, strings) = (writer.strings.byteCount, writer.strings.count)
        }
    }

    /// Reserves room for an array of `count` elements whose first `sampled` grew the tables
    /// from `before` to now, with 5 % to spare.
    private mutating func reserve(for count: Int, likeFirst sampled: Int, since before: Tally) {
        let now = Tally(self)
        let scale = Double(count) / Double(sampled) * 1.05
        func projected(_ now: Int, _ then: Int) -> Int { now + Int(Double(now - then) * scale) }
        objects.reserveCapacity(projected(now.objects, before.objects))
        children.reserveCapacity(projected(now.children, before.children) + count)
        strings.reserve(
            bytes: projected(now.stringBytes, before.stringBytes), count: projected(now.strings, before.strings))
    }

    private mutating func takeScratch(_ depth: Int) -> [Int] {
        while scratch.count <= depth { scratch.append([]) }
        var refs = scratch[depth]
        scratch[depth] = []  // hand over the only reference so appends do not copy
        refs.removeAll(keepingCapacity: true)
        return refs
    }

    private mutating func string(_ s: String) throws -> Int {
        let next = objects.count
        let (index, entry, utf8Count, isASCII) = try strings.index(of: s, orInsert: next)
        if index == next {
            objects.append(FlatObject(kind: .string, start: entry))
            let units = isASCII ? utf8Count : s.utf16.count
            objectBytes += Self.markerSize(count: units) + (isASCII ? units : 2 * units)
        }
        return index
    }

    private mutating func scalar(_ value: PropertyListValue, key: ScalarKey) -> Int {
        let next = objects.count
        let index = scalars[key, default: next]
        if index == next {
            scalars[key] = next
            objects.append(FlatObject(kind: .scalar, start: scalarValues.count))
            scalarValues.append(value)
            objectBytes += Self.encodedSize(ofScalar: value)
        }
        return index
    }

    // MARK: Sizes

    /// 1, 2, 4 or 8: the width plistlib picks for a count or offset (strictly below 2^8…).
    static func byteWidth(forMaximum value: UInt64) -> Int {
        value < 1 << 8 ? 1 : value < 1 << 16 ? 2 : value < 1 << 32 ? 4 : 8
    }

    static func markerSize(count: Int) -> Int {
        count < 15 ? 1 : 2 + byteWidth(forMaximum: UInt64(count))
    }

    private static func encodedSize(ofScalar value: PropertyListValue) -> Int {
        switch value {
        case .bool: 1
        case .integer(let i):
            if let v = i.int64Value { v < 0 ? 9 : 1 + integerWidth(UInt64(v)) } else { 17 }
        case .real, .date: 9
        case .data(let d): markerSize(count: d.count) + d.count
        case .uid(let u): 1 + byteWidth(forMaximum: u)
        case .string, .array, .dictionary: preconditionFailure("not a non-string scalar")
        }
    }

    private static func integerWidth(_ v: UInt64) -> Int {
        v < 1 << 8 ? 1 : v < 1 << 16 ? 2 : v < 1 << 32 ? 4 : 8
    }

    // MARK: Bytes

    private func write() -> [UInt8] {
        let refSize = Self.byteWidth(forMaximum: UInt64(objects.count))
        let tableOffset = objectBytes + children.count * refSize
        let offsetSize = Self.byteWidth(forMaximum: UInt64(tableOffset))
        let total = tableOffset + objects.count * offsetSize + 32
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
            var out = ByteWriter(base: buffer.baseAddress!)
            out.append(BinaryPropertyList.magic)
            writeObjects(into: &out, table: (tableOffset, offsetSize), refSize: refSize)
            precondition(out.position == tableOffset, "bplist size computation is off")
            out.writeTrailer(table: (tableOffset, offsetSize), refSize: refSize, objectCount: objects.count)
            precondition(out.position == total, "bplist size computation is off")
            initialized = total
        }
    }

    /// Writes the objects in order from `out`'s position, each one's offset into the offset
    /// table (at `table.offset`, `table.width` bytes an entry) at its index in the document.
    /// `global` maps this writer's indices to the document's when it numbered one part of it;
    /// an object mapped below `firstOwnNumber` is written by an earlier part, and skipped.
    func writeObjects(
        into out: inout ByteWriter, table: (offset: Int, width: Int), refSize: Int,
        global: UnsafeBufferPointer<Int32>? = nil, firstOwnNumber: Int = 0
    ) {
        @inline(__always) func index(_ i: Int) -> Int { global.map { Int($0[i]) } ?? i }
        strings.utf8.withUnsafeBufferPointer { utf8 in
            for o in objects.indices {
                let at = index(o)
                if at < firstOwnNumber { continue }
                out.store(UInt64(out.position), width: table.width, at: table.offset + at * table.width)
                let object = objects[o]
                switch object.kind {
                case .string:
                    let entry = strings.entries[object.start]
                    let bytes = UnsafeBufferPointer(rebasing: utf8[entry.offset..<entry.offset + Int(entry.utf8Count)])
                    out.writeString(utf8: bytes, ascii: strings.isASCII[object.start])
                case .scalar: out.writeScalar(scalarValues[object.start])
                case .array, .dictionary:
                    out.writeMarker(object.kind == .array ? 0xA0 : 0xD0, count: Int(object.count))
                    let refs = object.kind == .array ? Int(object.count) : 2 * Int(object.count)
                    for i in object.start..<object.start + refs {
                        out.appendBigEndian(UInt64(index(children[i])), width: refSize)
                    }
                }
            }
        }
    }

    /// The bytes `object` takes without its references (whose width depends on the whole
    /// document): what numbering adds to `objectBytes` for it.
    func bytesWithoutReferences(_ object: FlatObject) -> Int {
        switch object.kind {
        case .string:
            let count = Int(strings.entries[object.start].utf8Count)
            if strings.isASCII[object.start] { return Self.markerSize(count: count) + count }
            let units = strings.withUTF8(of: object.start) { String(decoding: $0, as: UTF8.self).utf16.count }
            return Self.markerSize(count: units) + 2 * units
        case .scalar: return Self.encodedSize(ofScalar: scalarValues[object.start])
        case .array, .dictionary: return Self.markerSize(count: Int(object.count))
        }
    }

    /// Writes into memory sized exactly by the numbering pass.
    struct ByteWriter {
        let base: UnsafeMutablePointer<UInt8>
        var position = 0

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            base[position] = byte
            position += 1
        }

        mutating func append(_ bytes: [UInt8]) {
            for byte in bytes { append(byte) }
        }

        @inline(__always)
        mutating func appendBigEndian(_ value: UInt64, width: Int) {
            store(value, width: width, at: position)
            position += width
        }

        @inline(__always)
        func store(_ value: UInt64, width: Int, at offset: Int) {
            let raw = UnsafeMutableRawPointer(base + offset)
            switch width {
            case 1: raw.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
            case 2: raw.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
            case 4: raw.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
            default: raw.storeBytes(of: value.bigEndian, as: UInt64.self)
            }
        }

        /// The offset table's 32-byte trailer, after the table; the root is object 0.
        mutating func writeTrailer(table: (offset: Int, width: Int), refSize: Int, objectCount: Int) {
            position = table.offset + objectCount * table.width
            append([0, 0, 0, 0, 0, 0, UInt8(table.width), UInt8(refSize)])
            appendBigEndian(UInt64(objectCount), width: 8)
            appendBigEndian(0, width: 8)
            appendBigEndian(UInt64(table.offset), width: 8)
        }

        mutating func writeMarker(_ marker: UInt8, count: Int) {
            if count < 15 {
                append(marker | UInt8(count))
            } else {
                append(marker | 0x0F)
                let width = BinaryPropertyListWriter.byteWidth(forMaximum: UInt64(count))
                append(0x10 | UInt8(width.trailingZeroBitCount))
                appendBigEndian(UInt64(count), width: width)
            }
        }

        mutating func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, ascii: Bool) {
            if ascii {
                writeMarker(0x50, count: bytes.count)
                if bytes.count > 0 { (base + position).update(from: bytes.baseAddress!, count: bytes.count) }
                position += bytes.count
            } else {
                let s = String(decoding: bytes, as: UTF8.self)  // the bytes came from a String: valid
                writeMarker(0x60, count: s.utf16.count)
                for unit in s.utf16 { appendBigEndian(UInt64(unit), width: 2) }
            }
        }

        mutating func writeScalar(_ value: PropertyListValue) {
            switch value {
            case .bool(let b): append(b ? 0x09 : 0x08)
            case .integer(let integer):
                if let signed = integer.int64Value {
                    if signed < 0 {
                        append(0x13)
                        appendBigEndian(UInt64(bitPattern: signed), width: 8)
                    } else {
                        let width = BinaryPropertyListWriter.integerWidth(UInt64(signed))
                        append(0x10 | UInt8(width.trailingZeroBitCount))
                        appendBigEndian(UInt64(signed), width: width)
                    }
                } else {
                    append(0x14)
                    appendBigEndian(0, width: 8)
                    appendBigEndian(integer.uint64Value!, width: 8)
                }
            case .real(let r):
                append(0x23)
                appendBigEndian(r.bitPattern, width: 8)
            case .date(let d):
                append(0x33)
                appendBigEndian(d.timeIntervalSinceReferenceDate.bitPattern, width: 8)
            case .data(let d):
                writeMarker(0x40, count: d.count)
                d.copyBytes(to: base + position, count: d.count)
                position += d.count
            case .uid(let u):
                let width = BinaryPropertyListWriter.byteWidth(forMaximum: u)
                append(0x80 | UInt8(width - 1))
                appendBigEndian(u, width: width)
            case .string, .array, .dictionary:
                preconditionFailure("strings and containers are written by their own paths")
            }
        }
    }
}
