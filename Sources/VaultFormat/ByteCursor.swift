/// A checked little-endian cursor over untrusted bytes: reads return nil when too few bytes
/// remain and never advance on failure (in the manner of swift-nio's ByteBuffer). Every
/// structure read from a file or from decrypted chunks (header, keyslots, frames, the index
/// length, record lengths, blob headers) goes through one of these, so no length field can
/// make a read trap.
struct ByteReader<Bytes: RandomAccessCollection> where Bytes.Element == UInt8, Bytes.Index == Int {
    let bytes: Bytes
    /// An index into `bytes` (absolute, as slices keep their parent's indices).
    private(set) var position: Int

    init(_ bytes: Bytes, at position: Int? = nil) {
        self.bytes = bytes
        self.position = position ?? bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - position }

    mutating func read(_ count: Int) -> Bytes.SubSequence? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    /// Moves past `count` bytes; false (and no move) when fewer remain.
    mutating func skip(_ count: Int) -> Bool { read(count) != nil }

    mutating func readInteger<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) -> T? {
        guard let slice = read(MemoryLayout<T>.size) else { return nil }
        var value: T = 0
        for (i, byte) in slice.enumerated() { value |= T(byte) << (8 * i) }
        return value
    }

    /// Whether every byte from the position to the end is zero (reads nothing).
    var restIsZero: Bool { bytes[position...].allSatisfy { $0 == 0 } }
}

/// The cursor over a whole byte array (the header).
typealias ByteCursor = ByteReader<[UInt8]>

/// Appends little-endian fields; the writing side of ``ByteCursor``.
struct ByteSink {
    var bytes: [UInt8] = []

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ data: some Sequence<UInt8>) { bytes.append(contentsOf: data) }
}
