import VaultCrypto

/// The last 32 bytes of a file with a recovery trailer (spec/FORMAT.md §11.2): enough to
/// find every part of the trailer when the header itself is damaged.
///
///     magic "COFFPAR1" (8) ‖ protected length u64 ‖ header length u32 ‖ scheme u8 (1)
///     ‖ parity u8 ‖ zero u16 ‖ checksum (8: BLAKE2b-256 of the 24 bytes before it, first 8)
package struct RecoveryFooter: Equatable, Sendable {
    package static let magic: [UInt8] = Array("COFFPAR1".utf8)
    package static let scheme: UInt8 = 1

    package var protectedLength: Int
    package var headerLength: Int
    package var parity: Int

    package init(protectedLength: Int, headerLength: Int, parity: Int) {
        self.protectedLength = protectedLength
        self.headerLength = headerLength
        self.parity = parity
    }

    package init(_ layout: RecoveryLayout) {
        self.init(protectedLength: layout.protectedLength, headerLength: layout.headerLength, parity: layout.parity)
    }

    package func encode() -> [UInt8] {
        var sink = ByteSink()
        sink.append(Self.magic)
        sink.append(UInt64(protectedLength))
        sink.append(UInt32(clamping: headerLength))
        sink.append(Self.scheme)
        sink.append(UInt8(clamping: parity))
        sink.append(UInt16(0))
        var bytes = sink.bytes
        bytes += BLAKE2b.hash(bytes).prefix(RecoveryLayout.checksumBytes)
        return bytes
    }

    /// Nil unless the 32 bytes are a footer whose checksum, magic, scheme, reserved bytes and
    /// parity are all valid, and that describes a layout.
    package static func parse(_ bytes: [UInt8]) -> RecoveryFooter? {
        guard bytes.count == RecoveryLayout.footerBytes, bytes.starts(with: magic) else { return nil }
        guard Array(BLAKE2b.hash(Array(bytes[0..<24])).prefix(RecoveryLayout.checksumBytes)) == Array(bytes[24...])
        else { return nil }
        var cursor = ByteCursor(bytes, at: magic.count)
        guard let protected = cursor.readInteger(UInt64.self), let header = cursor.readInteger(UInt32.self),
            let scheme = cursor.readInteger(UInt8.self), let parity = cursor.readInteger(UInt8.self),
            let reserved = cursor.readInteger(UInt16.self), scheme == Self.scheme, reserved == 0,
            RecoveryLayout.parityRange.contains(Int(parity)), protected > UInt64(header),
            protected <= UInt64(Int.max / 2)
        else { return nil }
        return RecoveryFooter(protectedLength: Int(protected), headerLength: Int(header), parity: Int(parity))
    }

    package var layout: RecoveryLayout? {
        RecoveryLayout(headerLength: headerLength, payloadLength: protectedLength - headerLength, parity: parity)
    }
}
