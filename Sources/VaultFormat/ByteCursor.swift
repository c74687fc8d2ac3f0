/// A checked little-endian cursor over untrusted bytes: reads return nil when too few bytes
/// remain and never advance on failure (in the manner of swift-nio's ByteBuffer).
struct ByteCursor {
    let bytes: [UInt8]
    private(set) var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var remaining: Int { bytes.count - position }

    mutating func read(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return bytes[position..<position + count]
    }

    mutating func readInteger<T: FixedWidthInteger & UnsignedInteger>(_: T.Type) -> T? {
        guard let slice = read(MemoryLayout<T>.size) else { return nil }
        var value: T = 0
        for (i, byte) in slice.enumerated() { value |= T(byte) << (8 * i) }
        return value
    }
}

/// Appends little-endian fields; the writing side of ``ByteCursor``.
struct ByteSink {
    var bytes: [UInt8] = []

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ data: some Sequence<UInt8>) { bytes.append(contentsOf: data) }
}
