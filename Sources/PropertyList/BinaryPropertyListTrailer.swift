/// The 32-byte trailer that ends every bplist00 file, validated before any object is read.
///
/// Layout (big-endian): 5 unused bytes, sortVersion, offsetIntSize, objectRefSize,
/// numObjects (8), topObject (8), offsetTableOffset (8).
struct BinaryPropertyListTrailer {
    static let byteCount = 32
    static let headerByteCount = 8

    let offsetIntSize: Int
    let objectRefSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableOffset: Int

    /// Reads and checks the trailer of `bytes`, which must already start with `bplist00`.
    init(validating bytes: UnsafeRawBufferPointer) throws {
        let length = bytes.count
        let trailerStart = length - Self.byteCount
        guard trailerStart >= Self.headerByteCount + 1 else {
            throw PropertyListError(
                .invalidTrailer, offset: 0,
                "file is \(length) bytes; a bplist00 needs at least 41 (header, one object, trailer)")
        }
        func field(_ at: Int) -> UInt64 { readBigEndian(bytes, at: trailerStart + at, width: 8) }
        let offsetSize = Int(bytes[trailerStart + 6])
        let refSize = Int(bytes[trailerStart + 7])
        guard (1...8).contains(offsetSize) else {
            throw PropertyListError(
                .invalidTrailer, offset: trailerStart + 6,
                "offsetIntSize is \(offsetSize); expected 1 to 8")
        }
        guard (1...8).contains(refSize) else {
            throw PropertyListError(
                .invalidTrailer, offset: trailerStart + 7,
                "objectRefSize is \(refSize); expected 1 to 8")
        }
        let rawCount = field(8)
        let rawTop = field(16)
        let rawTableOffset = field(24)
        guard rawCount >= 1 else {
            throw PropertyListError(.invalidTrailer, offset: trailerStart + 8, "numObjects is 0; expected at least 1")
        }
        guard rawTop < rawCount else {
            throw PropertyListError(
                .invalidTrailer, offset: trailerStart + 16,
                "topObject \(rawTop) is not below numObjects \(rawCount)")
        }
        guard rawTableOffset >= UInt64(Self.headerByteCount + 1) else {
            throw PropertyListError(
                .invalidTrailer, offset: trailerStart + 24,
                "offsetTableOffset \(rawTableOffset) is below 9: no room for an object")
        }
        // length == offsetTableOffset + numObjects × offsetIntSize + 32, overflow-checked.
        let (tableBytes, o1) = rawCount.multipliedReportingOverflow(by: UInt64(offsetSize))
        let (tableEnd, o2) = rawTableOffset.addingReportingOverflow(tableBytes)
        guard !o1, !o2, tableEnd == UInt64(trailerStart) else {
            throw PropertyListError(
                .invalidTrailer, offset: trailerStart + 24,
                "offset table (at \(rawTableOffset), \(rawCount) entries of \(offsetSize) bytes) "
                    + "does not end where the trailer starts (\(trailerStart))")
        }
        // Widths must be able to address what they address.
        guard refSize == 8 || rawCount - 1 < UInt64(1) << UInt64(8 * refSize) else {
            throw PropertyListError(
                .invalidTrailer, offset: trailerStart + 7,
                "objectRefSize \(refSize) cannot address \(rawCount) objects")
        }
        guard offsetSize == 8 || rawTableOffset - 1 < UInt64(1) << UInt64(8 * offsetSize) else {
            throw PropertyListError(
                .invalidTrailer, offset: trailerStart + 6,
                "offsetIntSize \(offsetSize) cannot address offsets up to \(rawTableOffset - 1)")
        }
        // All three now fit in Int: they are bounded by the file length.
        offsetIntSize = offsetSize
        objectRefSize = refSize
        objectCount = Int(rawCount)
        topObject = Int(rawTop)
        offsetTableOffset = Int(rawTableOffset)
    }
}

/// Reads a big-endian unsigned integer of 1–8 bytes; the caller has checked the bounds.
@inline(__always)
func readBigEndian(_ bytes: UnsafeRawBufferPointer, at offset: Int, width: Int) -> UInt64 {
    switch width {
    case 1:
        return UInt64(bytes[offset])
    case 2:
        return UInt64(UInt16(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
    case 4:
        return UInt64(UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    case 8:
        return UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    default:
        var value: UInt64 = 0
        for i in 0..<width { value = value << 8 | UInt64(bytes[offset + i]) }
        return value
    }
}
