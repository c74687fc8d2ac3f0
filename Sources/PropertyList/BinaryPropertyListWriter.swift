import Foundation

/// A deterministic bplist00 writer.
///
/// Objects are numbered in the order python3 plistlib uses (pre-order; a dictionary's keys
/// then its values), equal strings, numbers, dates and data are written once like CF does,
/// integers take the smallest width, negative integers 8 bytes and values ≥ 2^63 16 bytes.
/// Reference and offset widths are 1, 2, 4 or 8 bytes, readable by every bplist reader.
struct BinaryPropertyListWriter {
    /// Key for deduplicating scalars. Reals and dates compare by bit pattern so that
    /// 0.0 and -0.0 stay distinct and NaN deduplicates with itself.
    private enum ScalarKey: Hashable {
        case string(String)
        case data(Data)
        case integer(PropertyListInteger)
        case real(UInt64)
        case date(UInt64)
        case bool(Bool)
        case uid(UInt64)
    }

    private enum FlatObject {
        case scalar(PropertyListValue)
        /// Children are `children[start..<start + count]` (dictionaries: keys then values).
        case array(start: Int, count: Int)
        case dictionary(start: Int, count: Int)
    }

    private var objects: [FlatObject] = []
    private var children: [Int] = []
    private var scalarIndex: [ScalarKey: Int] = [:]
    private let sortKeys: Bool
    private var out: [UInt8] = []

    static func encode(_ value: PropertyListValue, sortKeys: Bool) throws -> [UInt8] {
        var writer = BinaryPropertyListWriter(sortKeys: sortKeys)
        _ = try writer.flatten(value, depth: 0)
        return writer.write()
    }

    private init(sortKeys: Bool) { self.sortKeys = sortKeys }

    // MARK: Numbering

    private mutating func flatten(_ value: PropertyListValue, depth: Int) throws -> Int {
        guard depth <= PropertyListLimits.maximumDepth else {
            throw PropertyListError(.tooDeep, "nesting deeper than \(PropertyListLimits.maximumDepth) levels")
        }
        switch value {
        case .array(let elements):
            let index = objects.count
            objects.append(.array(start: 0, count: 0))
            var refs = [Int]()
            refs.reserveCapacity(elements.count)
            for element in elements { refs.append(try flatten(element, depth: depth + 1)) }
            objects[index] = .array(start: children.count, count: refs.count)
            children.append(contentsOf: refs)
            return index
        case .dictionary(let dictionary):
            let index = objects.count
            objects.append(.dictionary(start: 0, count: 0))
            let keys: [String]
            let values: [PropertyListValue]
            if sortKeys {
                let entries = dictionary.sortedEntries()
                keys = entries.map(\.key)
                values = entries.map(\.value)
            } else {
                keys = dictionary.keys
                values = dictionary.values
            }
            var refs = [Int]()
            refs.reserveCapacity(2 * keys.count)
            for key in keys { refs.append(scalar(.string(key), key: .string(key))) }
            for value in values { refs.append(try flatten(value, depth: depth + 1)) }
            objects[index] = .dictionary(start: children.count, count: keys.count)
            children.append(contentsOf: refs)
            return index
        case .string(let s): return scalar(value, key: .string(s))
        case .data(let d): return scalar(value, key: .data(d))
        case .integer(let i): return scalar(value, key: .integer(i))
        case .real(let r): return scalar(value, key: .real(r.bitPattern))
        case .date(let d): return scalar(value, key: .date(d.timeIntervalSinceReferenceDate.bitPattern))
        case .bool(let b): return scalar(value, key: .bool(b))
        case .uid(let u): return scalar(value, key: .uid(u))
        }
    }

    private mutating func scalar(_ value: PropertyListValue, key: ScalarKey) -> Int {
        let next = objects.count
        let index = scalarIndex[key, default: next]
        if index == next {
            scalarIndex[key] = next
            objects.append(.scalar(value))
        }
        return index
    }

    // MARK: Bytes

    private mutating func write() -> [UInt8] {
        let refSize = Self.byteWidth(forMaximum: UInt64(objects.count))
        var offsets = [Int]()
        offsets.reserveCapacity(objects.count)
        out.append(contentsOf: BinaryPropertyList.magic)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .scalar(let value): writeScalar(value)
            case .array(let start, let count):
                writeMarker(0xA0, count: count)
                for i in start..<start + count { appendBigEndian(UInt64(children[i]), width: refSize) }
            case .dictionary(let start, let count):
                writeMarker(0xD0, count: count)
                for i in start..<start + 2 * count { appendBigEndian(UInt64(children[i]), width: refSize) }
            }
        }
        let tableOffset = out.count
        let offsetSize = Self.byteWidth(forMaximum: UInt64(tableOffset))
        out.reserveCapacity(out.count + offsets.count * offsetSize + 32)
        for offset in offsets { appendBigEndian(UInt64(offset), width: offsetSize) }
        out.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)])
        appendBigEndian(UInt64(objects.count), width: 8)
        appendBigEndian(0, width: 8)  // the root is always object 0
        appendBigEndian(UInt64(tableOffset), width: 8)
        return out
    }

    /// 1, 2, 4 or 8: the width plistlib picks for a count or offset (strictly below 2^8…).
    private static func byteWidth(forMaximum value: UInt64) -> Int {
        value < 1 << 8 ? 1 : value < 1 << 16 ? 2 : value < 1 << 32 ? 4 : 8
    }

    private mutating func writeScalar(_ value: PropertyListValue) {
        switch value {
        case .bool(let b): out.append(b ? 0x09 : 0x08)
        case .integer(let i): writeInteger(i)
        case .real(let r):
            out.append(0x23)
            appendBigEndian(r.bitPattern, width: 8)
        case .date(let d):
            out.append(0x33)
            appendBigEndian(d.timeIntervalSinceReferenceDate.bitPattern, width: 8)
        case .data(let d):
            writeMarker(0x40, count: d.count)
            out.append(contentsOf: d)
        case .string(let s): writeString(s)
        case .uid(let u):
            let width = Self.byteWidth(forMaximum: u)
            out.append(0x80 | UInt8(width - 1))
            appendBigEndian(u, width: width)
        case .array, .dictionary:
            preconditionFailure("containers are flattened, not written as scalars")
        }
    }

    private mutating func writeInteger(_ integer: PropertyListInteger) {
        if let signed = integer.int64Value {
            if signed < 0 {
                out.append(0x13)
                appendBigEndian(UInt64(bitPattern: signed), width: 8)
            } else {
                let v = UInt64(signed)
                let width = v < 1 << 8 ? 1 : v < 1 << 16 ? 2 : v < 1 << 32 ? 4 : 8
                out.append(0x10 | UInt8(width.trailingZeroBitCount))
                appendBigEndian(v, width: width)
            }
        } else {
            out.append(0x14)
            appendBigEndian(0, width: 8)
            appendBigEndian(integer.uint64Value!, width: 8)
        }
    }

    private mutating func writeString(_ s: String) {
        var ascii = true
        for byte in s.utf8 where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii {
            writeMarker(0x50, count: s.utf8.count)
            out.append(contentsOf: s.utf8)
        } else {
            writeMarker(0x60, count: s.utf16.count)
            for unit in s.utf16 {
                out.append(UInt8(unit >> 8))
                out.append(UInt8(unit & 0xFF))
            }
        }
    }

    private mutating func writeMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            out.append(marker | UInt8(count))
        } else {
            out.append(marker | 0x0F)
            let width = Self.byteWidth(forMaximum: UInt64(count))
            out.append(0x10 | UInt8(width.trailingZeroBitCount))
            appendBigEndian(UInt64(count), width: width)
        }
    }

    @inline(__always)
    private mutating func appendBigEndian(_ value: UInt64, width: Int) {
        var shift = 8 * (width - 1)
        while shift >= 0 {
            out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }
}
