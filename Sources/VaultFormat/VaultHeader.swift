import VaultCrypto

/// The plaintext header of a vault file (spec/FORMAT.md §2): version, cipher, generation,
/// payload length and salt, keyslots, extensions, then a keyless BLAKE2b-256 checksum and
/// a keyed BLAKE2b-256 MAC. Everything in it is little-endian and canonical: parsing then
/// encoding gives back the same bytes.
public struct VaultHeader: Equatable, Sendable {
    public struct Extension: Equatable, Sendable {
        public var type: UInt16
        public var data: [UInt8]
        public var isCritical: Bool { type & FormatLimits.criticalExtensionBit != 0 }

        public init(type: UInt16, data: [UInt8]) {
            self.type = type
            self.data = data
        }
    }

    public var minorVersion: UInt16 = FormatLimits.minorVersion
    public var cipher: UInt8 = FormatLimits.cipherChaCha20Poly1305Stream
    /// Incremented on every rewrite of the header (saves, keys add/remove, rekey), so an old
    /// copy is told apart from the current one; authenticated by the MAC.
    public var generation: UInt64
    /// Bytes of chunk ciphertext after the header: lets a reader tell truncation and
    /// trailing data apart without a key.
    public var payloadLength: UInt64
    /// Fresh for every save: the payload key is derived from it, so saves never reuse nonces.
    public var payloadSalt: [UInt8]
    public var slots: [KeySlot]
    /// Non-critical extensions this reader does not know are kept and written back.
    public var extensions: [Extension]

    /// Extension types this implementation understands: 1.1's recovery trailer.
    static let knownExtensions: Set<UInt16> = [
        FormatLimits.recoveryExtensionType, FormatLimits.compressionExtensionType,
        FormatLimits.collectionsExtensionType,
    ]

    /// The recovery trailer's extension (spec/FORMAT.md §11.1): critical, so a 1.0 reader
    /// says the file needs a newer reader instead of calling the trailer trailing data.
    package static let recoveryExtension = Extension(
        type: FormatLimits.recoveryExtensionType, data: [RecoveryFooter.scheme])

    /// The compression extension (spec/FORMAT.md §12.1): critical; records are stored as
    /// zstd-compressed groups.
    package static let compressionExtension = Extension(type: FormatLimits.compressionExtensionType, data: [1])

    /// The collections extension (spec/FORMAT.md §13.1): critical, so an older reader does
    /// not mistake the sealed collections for blobs no item names and drop them on a save.
    package static let collectionsExtension = Extension(type: FormatLimits.collectionsExtensionType, data: [1])

    /// Whether the vault holds private collections (its index has members and collections).
    public var hasCollections: Bool { extensions.contains { $0.type == FormatLimits.collectionsExtensionType } }

    /// Whether the records region holds compressed record groups.
    public var compressesRecords: Bool { extensions.contains { $0.type == FormatLimits.compressionExtensionType } }

    /// Whether a recovery trailer follows the payload.
    public var hasRecoveryTrailer: Bool { extensions.contains { $0.type == FormatLimits.recoveryExtensionType } }

    public init(
        generation: UInt64, payloadLength: UInt64, payloadSalt: [UInt8], slots: [KeySlot], extensions: [Extension] = []
    ) {
        self.generation = generation
        self.payloadLength = payloadLength
        self.payloadSalt = payloadSalt
        self.slots = slots
        self.extensions = extensions
    }

    static let bindingDomain = Array("coffer chunk binding v1".utf8)

    package var payloadBinding: [UInt8] {
        var sink = ByteSink()
        sink.append(Self.bindingDomain)
        sink.append(FormatLimits.magic)
        sink.append(FormatLimits.majorVersion)
        sink.append(minorVersion)
        sink.append(cipher)
        sink.append(generation)
        sink.append(payloadLength)
        sink.append(payloadSalt)
        return BLAKE2b.hash(sink.bytes)
    }

    // MARK: Encoding

    /// Everything before the checksum.
    package func encodeBody() -> [UInt8] {
        var sink = ByteSink()
        sink.append(FormatLimits.magic)
        sink.append(FormatLimits.majorVersion)
        sink.append(minorVersion)
        sink.append(UInt32(0))  // header length, patched below
        sink.append(UInt32(0))  // prefix check, patched below
        sink.append(cipher)
        // Never traps: counts beyond the format's limits are clamped into a header that every
        // reader (and the writers' own verification) refuses.
        sink.append(UInt8(clamping: slots.count))
        sink.append(UInt16(clamping: extensions.count))
        sink.append(generation)
        sink.append(payloadLength)
        sink.append(payloadSalt)
        for slot in slots { slot.encode(into: &sink) }
        for ext in extensions.sorted(by: { $0.type < $1.type }) {
            sink.append(ext.type)
            sink.append(UInt16(clamping: ext.data.count))
            sink.append(ext.data.prefix(Int(UInt16.max)))
        }
        var body = sink.bytes
        let total = UInt32(clamping: body.count + FormatLimits.checksumBytes + FormatLimits.macBytes)
        withUnsafeBytes(of: total.littleEndian) { body.replaceSubrange(12..<16, with: $0) }
        body.replaceSubrange(16..<20, with: Self.prefixCheck(body[0..<16]))
        return body
    }

    /// The complete header: body, checksum, MAC under `macKey`.
    public func encode(macKey: SecureBytes) -> [UInt8] {
        var bytes = encodeBody()
        bytes += BLAKE2b.hash(bytes)
        bytes += BLAKE2b.hash(bytes, key: macKey)
        return bytes
    }

    // MARK: Parsing

    /// What parsing yields: the header, its exact bytes, and the stored MAC to verify once a
    /// key is known.
    public struct Parsed: Sendable {
        public var header: VaultHeader
        public var bytes: [UInt8]
        public var storedMAC: [UInt8] { Array(bytes.suffix(FormatLimits.macBytes)) }
        /// BLAKE2b-256 of the whole header.
        public var hash: [UInt8] { BLAKE2b.hash(bytes) }
        /// Every chunk's associated data: BLAKE2b-256 of the header fields that describe the
        /// payload (version, cipher, generation, payload length and salt). The keyslots are
        /// left out so keys can be added or removed without re-encrypting the payload; they
        /// are covered by the header MAC instead.
        public var payloadBinding: [UInt8] { header.payloadBinding }
        public var authenticatedBytes: ArraySlice<UInt8> { bytes.dropLast(FormatLimits.macBytes) }
    }

    /// The first 4 bytes of BLAKE2b-256 over bytes 0..<16, so a damaged version or length
    /// field is reported as damage, not as "unsupported version" or "truncated".
    package static func prefixCheck(_ first16: ArraySlice<UInt8>) -> [UInt8] {
        Array(BLAKE2b.hash(Array(first16)).prefix(4))
    }

    /// Reads the header length from the 20-byte prefix, after the magic, the prefix check and
    /// the major version. `fileLength` tells truncation apart from a damaged length field.
    static func headerLength(prefix: [UInt8], fileLength: Int) throws -> Int {
        let magic = FormatLimits.magic
        guard prefix.count >= magic.count else {
            if magic.starts(with: prefix) {
                throw VaultError(.truncated, "file ends inside the magic (\(prefix.count) bytes)")
            }
            throw VaultError(.notCofferFile, "file is \(prefix.count) bytes; no Coffer magic")
        }
        guard Array(prefix.prefix(magic.count)) == magic else {
            throw VaultError(.notCofferFile, "magic bytes are not COFFER\\x1a\\n", byteRange: 0..<8)
        }
        guard prefix.count >= FormatLimits.prefixBytes else {
            throw VaultError(.truncated, "file ends inside the header prefix", byteRange: 0..<prefix.count)
        }
        guard prefixCheck(prefix[0..<16]) == Array(prefix[16..<20]) else {
            throw VaultError(
                .headerCorrupted, "header prefix check mismatch: version or length field damaged", byteRange: 0..<20)
        }
        var cursor = ByteCursor(prefix, at: 8)
        let major = cursor.readInteger(UInt16.self)!
        _ = cursor.readInteger(UInt16.self)
        guard major == FormatLimits.majorVersion else {
            throw VaultError(
                .unsupportedVersion, "format version \(major).x; this reader knows \(FormatLimits.majorVersion).x",
                byteRange: 8..<10)
        }
        let length = Int(cursor.readInteger(UInt32.self)!)
        let minimum = FormatLimits.fixedHeaderBytes + FormatLimits.checksumBytes + FormatLimits.macBytes
        guard length >= minimum, length <= FormatLimits.maximumHeaderBytes else {
            throw VaultError(
                .headerCorrupted, "header length \(length) outside \(minimum)…\(FormatLimits.maximumHeaderBytes)",
                byteRange: 12..<16)
        }
        guard length <= fileLength else {
            throw VaultError(
                .truncated, "header claims \(length) bytes; the file has \(fileLength)", byteRange: 0..<fileLength)
        }
        return length
    }

    /// Verifies the keyless checksum, then every field and bound — all before any KDF runs.
    public static func parse(_ bytes: [UInt8], allowLargeKDFMemory: Bool = false) throws -> Parsed {
        let length = try headerLength(prefix: Array(bytes.prefix(FormatLimits.prefixBytes)), fileLength: bytes.count)
        let header = Array(bytes.prefix(length))
        let checksumStart = length - FormatLimits.checksumBytes - FormatLimits.macBytes
        let body = Array(header[..<checksumStart])
        guard BLAKE2b.hash(body) == Array(header[checksumStart..<checksumStart + FormatLimits.checksumBytes]) else {
            throw VaultError(
                .headerCorrupted, "header checksum mismatch: the header was damaged", byteRange: 0..<length)
        }
        var cursor = ByteCursor(body, at: 10)
        func corrupt(_ why: String, _ range: Range<Int>) -> VaultError {
            VaultError(.headerCorrupted, why, byteRange: range)
        }
        let minor = cursor.readInteger(UInt16.self)!
        _ = cursor.readInteger(UInt32.self)
        _ = cursor.readInteger(UInt32.self)
        guard let cipher = cursor.readInteger(UInt8.self), let slotCount = cursor.readInteger(UInt8.self),
            let extensionCount = cursor.readInteger(UInt16.self), let generation = cursor.readInteger(UInt64.self),
            let payloadLength = cursor.readInteger(UInt64.self), let salt = cursor.read(FormatLimits.payloadSaltBytes)
        else { throw corrupt("header too short for its fixed fields", 0..<length) }
        guard cipher == FormatLimits.cipherChaCha20Poly1305Stream else {
            throw corrupt("cipher \(cipher) is not 1 (ChaCha20-Poly1305 STREAM)", 20..<21)
        }
        guard (FormatLimits.minimumSlots...FormatLimits.maximumSlots).contains(Int(slotCount)) else {
            throw corrupt("\(slotCount) keyslots; expected 1…\(FormatLimits.maximumSlots)", 21..<22)
        }
        guard Int(extensionCount) <= FormatLimits.maximumExtensions else {
            throw corrupt("\(extensionCount) extensions; at most \(FormatLimits.maximumExtensions)", 22..<24)
        }
        guard generation >= 1 else { throw corrupt("generation 0; saves start at 1", 24..<32) }
        guard PayloadGeometry(payloadLength: payloadLength) != nil else {
            throw corrupt("payload length \(payloadLength) is not a valid chunk sequence", 32..<40)
        }
        var slots = [KeySlot]()
        for _ in 0..<slotCount {
            slots.append(try KeySlot.decode(from: &cursor, allowLargeMemory: allowLargeKDFMemory))
        }
        var extensions = [Extension]()
        for _ in 0..<extensionCount {
            let at = cursor.position
            guard let type = cursor.readInteger(UInt16.self), let size = cursor.readInteger(UInt16.self) else {
                throw corrupt("extension ends early", at..<body.count)
            }
            guard Int(size) <= FormatLimits.maximumExtensionBytes, let data = cursor.read(Int(size)) else {
                throw corrupt(
                    "extension 0x\(String(type, radix: 16)) of \(size) bytes is too long or ends early", at..<body.count
                )
            }
            if let last = extensions.last, type <= last.type {
                throw corrupt("extensions not in strictly ascending type order", at..<cursor.position)
            }
            let ext = Extension(type: type, data: Array(data))
            if type == FormatLimits.recoveryExtensionType, ext != Self.recoveryExtension {
                throw corrupt("recovery extension must hold the one byte 01 (scheme 1)", at..<cursor.position)
            }
            if type == FormatLimits.compressionExtensionType, ext != Self.compressionExtension {
                throw corrupt("compression extension must hold the one byte 01 (zstd)", at..<cursor.position)
            }
            if type == FormatLimits.collectionsExtensionType, ext != Self.collectionsExtension {
                throw corrupt("collections extension must hold the one byte 01", at..<cursor.position)
            }
            if ext.isCritical, !knownExtensions.contains(type) {
                throw VaultError(
                    .unsupportedVersion,
                    "file requires critical extension 0x\(String(type, radix: 16)), unknown to this reader",
                    byteRange: at..<cursor.position)
            }
            extensions.append(ext)
        }
        guard cursor.remaining == 0 else {
            throw corrupt(
                "\(cursor.remaining) unexplained bytes at the end of the header", cursor.position..<body.count)
        }
        var parsed = VaultHeader(
            generation: generation, payloadLength: payloadLength, payloadSalt: Array(salt), slots: slots,
            extensions: extensions)
        parsed.minorVersion = minor
        parsed.cipher = cipher
        // Canonical: the same fields must encode to the same bytes.
        guard parsed.encodeBody() == body else { throw corrupt("header is not in canonical form", 0..<body.count) }
        // The last check of step 5, once the header is known well formed: the total work of an open.
        try KDFParameters.validateTotal(slots.compactMap(\.kdfParameters))
        return Parsed(header: parsed, bytes: header)
    }
}
