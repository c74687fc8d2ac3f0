import Foundation

/// A strict bplist00 reader that never traps and never allocates from a claimed count
/// before checking that the bytes for it exist. See spec/PLIST.md for every rule.
struct BinaryPropertyListReader {
    fileprivate let bytes: UnsafeRawBufferPointer
    fileprivate let trailer: BinaryPropertyListTrailer
    /// Sharing of strings and data, the objects CF deduplicates (a key like "password" is
    /// one object referenced 100,000 times): -1 never decoded, -2 decoded once, n ≥ 0
    /// decoded twice or more and kept in `shared[n]`. Caching from the second use on keeps
    /// one copy of whatever is shared without holding every string of the file twice.
    /// Containers are not cached: they are counted against the node budget each time.
    /// Containers are never shared this way, so their slots hold whether they are on the
    /// current path from the root instead (``onPath``), for cycle detection.
    private let slots: UnsafeMutableBufferPointer<Int32>
    private var shared: [PropertyListValue] = []
    private var nodesLeft: Int
    /// A container's slot while it is on the current path from the root.
    private static let onPath: Int32 = -3

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> PropertyListValue {
        guard bytes.count >= 8, bytes.starts(with: BinaryPropertyList.magic) else {
            throw PropertyListError(.unknownFormat, offset: 0, "header is not bplist00")
        }
        if let value = decodeTopArrayInParts(bytes) { return value }
        return try decodeInOrder(bytes)
    }

    /// ``decode(_:)`` by one reader going in order, never in parts (what tests compare the
    /// parts with; the header is checked by the caller).
    static func decodeInOrder(_ bytes: UnsafeRawBufferPointer) throws -> PropertyListValue {
        try withReader(bytes) { reader in try reader.readObject(reader.trailer.topObject, depth: 0) }
    }

    /// `body` of a reader of `bytes`, whose slots are lent for the call: on the stack for a
    /// small document (one record's few dozen objects), so reading 100,000 records allocates
    /// no per-record tables (two arrays each were a tenth of decoding them).
    private static func withReader<R>(
        _ bytes: UnsafeRawBufferPointer, _ body: (inout BinaryPropertyListReader) throws -> R
    ) throws -> R {
        let trailer = try BinaryPropertyListTrailer(validating: bytes)
        try validateOffsetTable(bytes, trailer)
        // Bounded by the input: objectCount × offsetIntSize bytes exist.
        return try withUnsafeTemporaryAllocation(of: Int32.self, capacity: trailer.objectCount) { slots in
            slots.initialize(repeating: -1)
            var reader = BinaryPropertyListReader(bytes: bytes, trailer: trailer, slots: slots)
            return try body(&reader)
        }
    }

    /// The entries of the top-level dictionary whose keys are in `wanted` (ASCII keys), each
    /// decoded and checked as ``decode(_:)`` would; nil when the top object is no dictionary.
    /// The other entries' keys are compared, their values never read.
    static func decodeEntries(_ bytes: UnsafeRawBufferPointer, wanted: BinaryPropertyList.Keys) throws
        -> PropertyListDictionary?
    {
        guard bytes.count >= 8, bytes.starts(with: BinaryPropertyList.magic) else {
            throw PropertyListError(.unknownFormat, offset: 0, "header is not bplist00")
        }
        return try withReader(bytes) { reader in
            let index = reader.trailer.topObject
            let start = reader.offset(of: index)
            let marker = bytes[start]
            guard marker >> 4 == 0xD else {
                _ = try reader.readObject(index, depth: 0)  // checked whole, so damage is reported as such
                return nil
            }
            return try reader.readEntries(index, at: start, info: Int(marker & 0x0F), wanted: wanted)
        }
    }

    private init(
        bytes: UnsafeRawBufferPointer, trailer: BinaryPropertyListTrailer, slots: UnsafeMutableBufferPointer<Int32>
    ) {
        self.bytes = bytes
        self.trailer = trailer
        self.slots = slots
        nodesLeft = PropertyListLimits.expandedNodeBudget(forByteCount: bytes.count)
    }

    /// Every offset must lie in [8, offsetTableOffset); checked once, up front.
    private static func validateOffsetTable(_ bytes: UnsafeRawBufferPointer, _ trailer: BinaryPropertyListTrailer)
        throws
    {
        let width = trailer.offsetIntSize
        let limit = UInt64(trailer.offsetTableOffset)
        var at = trailer.offsetTableOffset
        for index in 0..<trailer.objectCount {
            let offset = readBigEndian(bytes, at: at, width: width)
            guard offset >= 8, offset < limit else {
                throw PropertyListError(
                    .outOfBounds, offset: at,
                    "object \(index) has offset \(offset); expected 8 to \(trailer.offsetTableOffset - 1)")
            }
            at += width
        }
    }

    @inline(__always)
    fileprivate func offset(of index: Int) -> Int {
        let at = trailer.offsetTableOffset + index * trailer.offsetIntSize
        return Int(readBigEndian(bytes, at: at, width: trailer.offsetIntSize))
    }

    // MARK: Objects

    fileprivate mutating func readObject(_ index: Int, depth: Int) throws -> PropertyListValue {
        nodesLeft -= 1
        let start = offset(of: index)
        guard nodesLeft >= 0 else {
            throw PropertyListError(
                .tooManyNodes, offset: start,
                "more than \(PropertyListLimits.expandedNodeBudget(forByteCount: bytes.count)) nodes "
                    + "once shared references are expanded")
        }
        let marker = bytes[start]
        let info = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            case 0x00:
                throw PropertyListError(.unsupportedObject, offset: start, "null object (0x00) is not a plist value")
            case 0x0F: throw PropertyListError(.unsupportedObject, offset: start, "fill byte (0x0F) used as an object")
            default: throw PropertyListError(.unsupportedObject, offset: start, "unknown marker 0x\(hex(marker))")
            }
        case 0x1:
            return .integer(try readInteger(at: start, info: info))
        case 0x2:
            let width = info == 2 ? 4 : info == 3 ? 8 : 0
            guard width != 0 else {
                throw PropertyListError(.invalidObject, offset: start, "real of 2^\(info) bytes; expected 4 or 8")
            }
            try requireBytes(from: start + 1, count: width, object: start)
            let raw = readBigEndian(bytes, at: start + 1, width: width)
            return .real(width == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw))
        case 0x3:
            guard marker == 0x33 else {
                throw PropertyListError(.invalidObject, offset: start, "date marker 0x\(hex(marker)); expected 0x33")
            }
            try requireBytes(from: start + 1, count: 8, object: start)
            let seconds = Double(bitPattern: readBigEndian(bytes, at: start + 1, width: 8))
            guard seconds.isFinite else {
                throw PropertyListError(.invalidObject, offset: start, "date is not a finite number of seconds")
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4, 0x5, 0x6:
            let slot = slots[index]
            if slot >= 0 { return shared[Int(slot)] }
            let value = try readStringOrData(at: start, marker: marker)
            if slot == -2 {
                slots[index] = Int32(shared.count)
                shared.append(value)
            } else {
                slots[index] = -2
            }
            return value
        case 0x8:
            guard [0, 1, 3, 7].contains(info) else {
                throw PropertyListError(
                    .invalidObject, offset: start, "UID of \(info + 1) bytes; expected 1, 2, 4 or 8")
            }
            try requireBytes(from: start + 1, count: info + 1, object: start)
            return .uid(readBigEndian(bytes, at: start + 1, width: info + 1))
        case 0xA:
            return try readArray(index, at: start, info: info, depth: depth)
        case 0xD:
            return try readDictionary(index, at: start, info: info, depth: depth)
        case 0xB, 0xC:
            throw PropertyListError(
                .unsupportedObject, offset: start,
                "set (0x\(hex(marker))): no plist writer emits sets and XML cannot carry them")
        default:
            throw PropertyListError(.unsupportedObject, offset: start, "unknown marker 0x\(hex(marker))")
        }
    }

    private func readStringOrData(at start: Int, marker: UInt8) throws -> PropertyListValue {
        let (count, body) = try readCount(at: start, info: Int(marker & 0x0F))
        switch marker >> 4 {
        case 0x4:
            try requireBytes(from: body, count: count, object: start)
            return .data(Data(bytes[body..<body + count]))
        case 0x5:
            try requireBytes(from: body, count: count, object: start)
            return .string(try readASCII(body, count: count))
        default:
            let (byteCount, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw outOfBounds(start) }
            try requireBytes(from: body, count: byteCount, object: start)
            return .string(try readUTF16(body, units: count))
        }
    }

    private func readInteger(at start: Int, info: Int) throws -> PropertyListInteger {
        guard info <= 4 else {
            throw PropertyListError(
                .invalidObject, offset: start, "integer of 2^\(info) bytes; expected 1, 2, 4, 8 or 16")
        }
        let width = 1 << info
        try requireBytes(from: start + 1, count: width, object: start)
        switch width {
        case 8:
            return PropertyListInteger(Int64(bitPattern: readBigEndian(bytes, at: start + 1, width: 8)))
        case 16:
            // Readers disagree on the high half (signed, unsigned, ignored): only zero is
            // unambiguous, and it is what CF and plistlib write.
            guard readBigEndian(bytes, at: start + 1, width: 8) == 0 else {
                throw PropertyListError(
                    .invalidObject, offset: start,
                    "16-byte integer with a non-zero high half; only values up to 2^64-1 are defined")
            }
            return PropertyListInteger(readBigEndian(bytes, at: start + 9, width: 8))
        default:
            return PropertyListInteger(readBigEndian(bytes, at: start + 1, width: width))
        }
    }

    /// The element or byte count of a data/string/array/dict object, and where its body
    /// starts. Counts ≥ 15 follow the marker as an integer object (0x10–0x13).
    fileprivate func readCount(at start: Int, info: Int) throws -> (count: Int, body: Int) {
        if info != 0x0F { return (info, start + 1) }
        try requireBytes(from: start + 1, count: 1, object: start)
        let intMarker = bytes[start + 1]
        guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else {
            throw PropertyListError(
                .invalidObject, offset: start + 1,
                "count marker 0x\(hex(intMarker)); expected an integer of 1, 2, 4 or 8 bytes")
        }
        let width = 1 << Int(intMarker & 0x0F)
        try requireBytes(from: start + 2, count: width, object: start)
        let raw = readBigEndian(bytes, at: start + 2, width: width)
        guard raw <= UInt64(trailer.offsetTableOffset) else { throw outOfBounds(start) }
        return (Int(raw), start + 2 + width)
    }

    fileprivate func requireBytes(from offset: Int, count: Int, object start: Int) throws {
        guard count <= trailer.offsetTableOffset - offset else { throw outOfBounds(start) }
    }

    fileprivate func outOfBounds(_ start: Int) -> PropertyListError {
        PropertyListError(
            .outOfBounds, offset: start,
            "object at \(start) claims bytes past the object area (which ends at \(trailer.offsetTableOffset))")
    }

    // MARK: Strings

    private func readASCII(_ body: Int, count: Int) throws -> String {
        let slice = UnsafeRawBufferPointer(rebasing: bytes[body..<body + count])
        var high: UInt8 = 0
        for byte in slice { high |= byte }
        guard high < 0x80 else {
            let bad = slice.firstIndex { $0 >= 0x80 } ?? 0
            throw PropertyListError(.invalidString, offset: body + bad, "ASCII string holds byte ≥ 0x80")
        }
        return String(decoding: slice, as: UTF8.self)
    }

    private func readUTF16(_ body: Int, units count: Int) throws -> String {
        var units = [UInt16]()
        units.reserveCapacity(count)
        var i = 0
        while i < count {
            let unit = UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: body + 2 * i, as: UInt16.self))
            if UTF16.isLeadSurrogate(unit) {
                guard i + 1 < count,
                    UTF16.isTrailSurrogate(
                        UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: body + 2 * i + 2, as: UInt16.self)))
                else {
                    throw PropertyListError(
                        .invalidString, offset: body + 2 * i, "lead surrogate without a trail surrogate")
                }
            } else if UTF16.isTrailSurrogate(unit) {
                guard i > 0, UTF16.isLeadSurrogate(units[i - 1]) else {
                    throw PropertyListError(
                        .invalidString, offset: body + 2 * i, "trail surrogate without a lead surrogate")
                }
            }
            units.append(unit)
            i += 1
        }
        return String(decoding: units, as: UTF16.self)
    }

    // MARK: Containers

    fileprivate func readReference(at offset: Int) throws -> Int {
        let ref = readBigEndian(bytes, at: offset, width: trailer.objectRefSize)
        guard ref < UInt64(trailer.objectCount) else {
            throw PropertyListError(
                .outOfBounds, offset: offset,
                "reference to object \(ref); the file has \(trailer.objectCount)")
        }
        return Int(ref)
    }

    fileprivate mutating func enter(_ index: Int, at start: Int, depth: Int) throws {
        guard depth < PropertyListLimits.maximumDepth else {
            throw PropertyListError(
                .tooDeep, offset: start,
                "nesting deeper than \(PropertyListLimits.maximumDepth) levels")
        }
        guard slots[index] != Self.onPath else {
            throw PropertyListError(.cycle, offset: start, "container \(index) contains itself")
        }
        slots[index] = Self.onPath
    }

    /// `index` has been read: off the current path.
    fileprivate func leave(_ index: Int) { slots[index] = -1 }

    private mutating func readArray(_ index: Int, at start: Int, info: Int, depth: Int) throws -> PropertyListValue {
        let (count, body) = try readCount(at: start, info: info)
        let (refBytes, overflow) = count.multipliedReportingOverflow(by: trailer.objectRefSize)
        guard !overflow else { throw outOfBounds(start) }
        try requireBytes(from: body, count: refBytes, object: start)
        try enter(index, at: start, depth: depth)
        defer { leave(index) }
        var elements = [PropertyListValue]()
        elements.reserveCapacity(count)  // bounded: count × refSize bytes exist
        var at = body
        for _ in 0..<count {
            elements.append(try readObject(readReference(at: at), depth: depth + 1))
            at += trailer.objectRefSize
        }
        return .array(elements)
    }

    private mutating func readDictionary(_ index: Int, at start: Int, info: Int, depth: Int) throws -> PropertyListValue
    {
        let (count, body) = try readCount(at: start, info: info)
        let (refBytes, overflow) = count.multipliedReportingOverflow(by: 2 * trailer.objectRefSize)
        guard !overflow else { throw outOfBounds(start) }
        try requireBytes(from: body, count: refBytes, object: start)
        try enter(index, at: start, depth: depth)
        defer { leave(index) }
        var dictionary = PropertyListDictionary(minimumCapacity: count)
        let refSize = trailer.objectRefSize
        // Each key's UTF-8 length, or -1 for a key stored as UTF-16: keys equal as Unicode are
        // one key (spec/PLIST.md), and a UTF-16 key can equal an ASCII key of another length
        // ("\u{212A}" is "K"), but two ASCII keys are equal only with the same bytes, so their
        // lengths settle most pairs without comparing strings (comparing each key with every
        // earlier one was a fifth of decoding a record).
        // (At most 16 keys: past them the dictionary keeps a hash index, and 16 lengths are
        // 64 bytes of stack a level, however deep containers nest.)
        let small = count <= 16
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: small ? count : 0) { lengths in
            for i in 0..<count {
                let keyAt = body + i * refSize
                let keyIndex = try readReference(at: keyAt)
                let keyStart = offset(of: keyIndex)
                let keyMarker = bytes[keyStart] >> 4
                guard keyMarker == 0x5 || keyMarker == 0x6 else {
                    throw PropertyListError(.invalidKey, offset: keyStart, "dictionary key is not a string")
                }
                guard case .string(let key) = try readObject(keyIndex, depth: depth + 1) else {
                    preconditionFailure("string marker decoded to a non-string")
                }
                let value = try readObject(readReference(at: keyAt + count * refSize), depth: depth + 1)
                var isNew = true
                if small {
                    let length = keyMarker == 0x5 ? Int32(clamping: key.utf8.count) : -1
                    for j in 0..<dictionary.count where length < 0 || lengths[j] < 0 || lengths[j] == length {
                        if dictionary.entries[j].key == key {
                            isNew = false
                            break
                        }
                    }
                    if isNew {
                        lengths[dictionary.count] = length
                        dictionary.appendUnchecked(key: key, value: value)
                    }
                } else {
                    isNew = dictionary.insertNew(key: key, value: value)
                }
                guard isNew else {
                    throw PropertyListError(.invalidKey, offset: keyStart, "duplicate dictionary key \"\(key)\"")
                }
            }
        }
        return .dictionary(dictionary)
    }
}

extension BinaryPropertyListReader {
    /// ``decodeEntries(_:wanted:)``'s dictionary: an ASCII key (marker 0x5) is wanted when its
    /// bytes are one of `wanted`; a UTF-16 key is read and compared as strings compare. A
    /// wanted key that occurs twice is refused, as a full decode would.
    fileprivate mutating func readEntries(_ index: Int, at start: Int, info: Int, wanted keys: BinaryPropertyList.Keys)
        throws
        -> PropertyListDictionary
    {
        let (count, body) = try readCount(at: start, info: info)
        let (refBytes, overflow) = count.multipliedReportingOverflow(by: 2 * trailer.objectRefSize)
        guard !overflow else { throw outOfBounds(start) }
        try requireBytes(from: body, count: refBytes, object: start)
        try enter(index, at: start, depth: 0)
        defer { leave(index) }
        let wanted = keys.bytes
        var dictionary = PropertyListDictionary(minimumCapacity: wanted.count)
        let refSize = trailer.objectRefSize
        for i in 0..<count {
            let keyAt = body + i * refSize
            let keyIndex = try readReference(at: keyAt)
            let keyStart = offset(of: keyIndex)
            let keyMarker = bytes[keyStart]
            switch keyMarker >> 4 {
            case 0x5:
                let (length, keyBody) = try readCount(at: keyStart, info: Int(keyMarker & 0x0F))
                try requireBytes(from: keyBody, count: length, object: keyStart)
                let key = bytes.baseAddress! + keyBody
                guard
                    wanted.contains(where: { w in
                        w.count == length
                            && (length == 0 || w.withUnsafeBytes { memcmp($0.baseAddress!, key, length) == 0 })
                    })
                else { continue }
            case 0x6:
                break
            default:
                throw PropertyListError(.invalidKey, offset: keyStart, "dictionary key is not a string")
            }
            guard case .string(let key) = try readObject(keyIndex, depth: 1) else {
                preconditionFailure("string marker decoded to a non-string")
            }
            guard keyMarker >> 4 == 0x5 || keys.strings.contains(key) else { continue }
            let value = try readObject(readReference(at: keyAt + count * refSize), depth: 1)
            guard dictionary.insertNew(key: key, value: value) else {
                throw PropertyListError(.invalidKey, offset: keyStart, "duplicate dictionary key \"\(key)\"")
            }
        }
        return dictionary
    }
}

/// A large document whose top object is an array (an export's 100,000 entries) is read in
/// parts on every core.
extension BinaryPropertyListReader {
    /// At least this many elements and this many bytes before a top-level array is read in
    /// parts: below them, starting threads costs more than it saves.
    static let partsMinimumElements = 4_096
    static let partsMinimumBytes = 1 << 20

    /// The top-level array of `bytes` read in one part a core, each part by a reader of its
    /// own (its own table of shared strings and its own path, which starts at the array, so a
    /// cycle through it is still one); nil when the document is not such an array, or when
    /// any part fails or passes its share of the node budget: the reader going in order then
    /// reads it and finds and names the failure exactly as it always has (a document whose
    /// nodes are unevenly spread over its parts is read in order too). Elements are
    /// independent values, so the parts' elements, in order, are the array the reader going
    /// in order makes, and the nodes they count add up to what it counts.
    static func decodeTopArrayInParts(_ bytes: UnsafeRawBufferPointer) -> PropertyListValue? {
        // The size first: a vault's records, each a small document, never ask for the cores
        // (asking reads the process's CPU affinity: it made exporting 100,000 records 5× slower).
        guard bytes.count >= partsMinimumBytes else { return nil }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1, let trailer = try? BinaryPropertyListTrailer(validating: bytes) else { return nil }
        let top = trailer.topObject
        // The array's element references, checked as readArray checks them.
        let probe = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 0)
        defer { probe.deallocate() }
        let reader = BinaryPropertyListReader(bytes: bytes, trailer: trailer, slots: probe)
        // The top object's offset alone first: a document that is no array (a dictionary
        // on top) goes to the reader in order without the whole table checked twice.
        let start = reader.offset(of: top)
        guard start >= 8, start < trailer.offsetTableOffset, bytes[start] >> 4 == 0xA,
            (try? validateOffsetTable(bytes, trailer)) != nil,
            let (count, body) = try? reader.readCount(at: start, info: Int(bytes[start] & 0x0F)),
            count >= partsMinimumElements
        else { return nil }
        let (refBytes, overflow) = count.multipliedReportingOverflow(by: trailer.objectRefSize)
        guard !overflow, (try? reader.requireBytes(from: body, count: refBytes, object: start)) != nil else {
            return nil
        }
        let parts = min(cores, 16)
        let budget = PropertyListLimits.expandedNodeBudget(forByteCount: bytes.count)
        let share = (budget - 1) / parts
        // Per part: elements made, and whether it failed (each part writes only its own entries).
        let tallies = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * parts)
        defer { tallies.deallocate() }
        tallies.initialize(repeating: 0)
        nonisolated(unsafe) let made = tallies.baseAddress!
        nonisolated(unsafe) let failed = made + parts
        nonisolated(unsafe) let bytes = bytes  // read only, by every part
        let elements = [PropertyListValue](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let out = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = count * part / parts..<count * (part + 1) / parts
                let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: trailer.objectCount)
                defer { slots.deallocate() }
                slots.initialize(repeating: -1)
                var reader = BinaryPropertyListReader(bytes: bytes, trailer: trailer, slots: slots)
                // A share of the budget each (the array itself counted once, as in order): a
                // part past its share stops there, so parts never build more than one budget
                // together (each with the whole of it, shared subtrees made every part expand
                // up to it before the sum was looked at).
                reader.nodesLeft = share
                do {
                    try reader.enter(top, at: start, depth: 0)
                    for i in range {
                        let ref = try reader.readReference(at: body + i * trailer.objectRefSize)
                        (out + i).initialize(to: try reader.readObject(ref, depth: 1))
                        made[part] += 1
                    }
                } catch {
                    failed[part] = 1  // passing its share of the budget too
                }
            }
            if (0..<parts).contains(where: { failed[$0] != 0 }) {
                for part in 0..<parts { (out + count * part / parts).deinitialize(count: made[part]) }
                initialized = 0
            } else {
                initialized = count
            }
        }
        return elements.count == count ? .array(elements) : nil
    }
}

@inline(__always)
func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
