/// One keyslot: a way to obtain the file key. Each wraps the same random 256-bit file key
/// with its own key-encryption key, under XChaCha20-Poly1305 whose associated data covers
/// the slot's own fields (type, label, parameters) and the format version.
public struct KeySlot: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Argon2id over a passphrase.
        case passphrase(salt: [UInt8], kdf: KDFParameters)
        /// BLAKE2b-256 keyed by the salt over a key file's bytes.
        case keyFile(salt: [UInt8])
        /// X25519 to a recipient's public key; the slot stores the ephemeral public key.
        case recipient(ephemeralPublicKey: [UInt8])

        var typeCode: UInt8 {
            switch self {
            case .passphrase: 1
            case .keyFile: 2
            case .recipient: 3
            }
        }

        public var name: String {
            switch self {
            case .passphrase: "passphrase"
            case .keyFile: "key file"
            case .recipient: "recipient"
            }
        }
    }

    public var kind: Kind
    /// Who the slot belongs to (UTF-8, at most 64 bytes, no C0 control or DEL). In clear.
    /// Writers are stricter (``writableLabelProblem(_:)``); printers escape (``printable(_:)``).
    public var label: String
    public var nonce: [UInt8]
    public var wrappedKey: [UInt8]

    /// The bytes the slot's AEAD authenticates: version, type, label, parameters.
    var associatedData: [UInt8] {
        var sink = ByteSink()
        sink.append(FormatLimits.magic)
        sink.append(FormatLimits.majorVersion)
        sink.append(FormatLimits.minorVersion)
        encodeParameters(into: &sink)
        return sink.bytes
    }

    /// Type, label and parameters: everything before the nonce.
    func encodeParameters(into sink: inout ByteSink) {
        sink.append(kind.typeCode)
        // Never traps: writers check labels first (``writableLabelProblem(_:)``); a longer
        // label is clamped here to a structurally sound slot that every reader refuses.
        let label = Array(label.utf8.prefix(Int(UInt8.max)))
        sink.append(UInt8(truncatingIfNeeded: label.count))
        sink.append(label)
        switch kind {
        case .passphrase(let salt, let kdf):
            sink.append(salt)
            sink.append(kdf.operations)
            sink.append(kdf.memoryKiB)
        case .keyFile(let salt):
            sink.append(salt)
        case .recipient(let ephemeral):
            sink.append(ephemeral)
        }
    }

    func encode(into sink: inout ByteSink) {
        encodeParameters(into: &sink)
        sink.append(nonce)
        sink.append(wrappedKey)
    }

    /// Parses one slot; structural problems are header failures, KDF bounds their own class.
    static func decode(from cursor: inout ByteCursor, allowLargeMemory: Bool) throws -> KeySlot {
        let start = cursor.position
        func corrupt(_ why: String) -> VaultError {
            VaultError(.headerCorrupted, "keyslot at byte \(start): \(why)", byteRange: start..<cursor.position)
        }
        guard let type = cursor.readInteger(UInt8.self), let labelLength = cursor.readInteger(UInt8.self) else {
            throw corrupt("ends early")
        }
        guard Int(labelLength) <= FormatLimits.maximumLabelBytes else {
            throw corrupt("label of \(labelLength) bytes; at most \(FormatLimits.maximumLabelBytes)")
        }
        guard let labelBytes = cursor.read(Int(labelLength)) else { throw corrupt("ends early") }
        guard let label = String(validating: labelBytes, as: UTF8.self),
            !label.unicodeScalars.contains(where: Self.isRefusedInFile)
        else { throw corrupt("label is not UTF-8 text without control characters") }
        let kind: Kind
        switch type {
        case 1:
            guard let salt = cursor.read(FormatLimits.saltBytes), let ops = cursor.readInteger(UInt32.self),
                let memory = cursor.readInteger(UInt32.self)
            else { throw corrupt("ends early") }
            let kdf = KDFParameters(operations: ops, memoryKiB: memory)
            try kdf.validate(allowLargeMemory: allowLargeMemory)
            kind = .passphrase(salt: Array(salt), kdf: kdf)
        case 2:
            guard let salt = cursor.read(FormatLimits.saltBytes) else { throw corrupt("ends early") }
            kind = .keyFile(salt: Array(salt))
        case 3:
            guard let ephemeral = cursor.read(32) else { throw corrupt("ends early") }
            kind = .recipient(ephemeralPublicKey: Array(ephemeral))
        default:
            throw corrupt("unknown keyslot type \(type)")
        }
        guard let nonce = cursor.read(FormatLimits.slotNonceBytes),
            let wrapped = cursor.read(FormatLimits.wrappedKeyBytes)
        else { throw corrupt("ends early") }
        return KeySlot(kind: kind, label: label, nonce: Array(nonce), wrappedKey: Array(wrapped))
    }
}

extension KeySlot {
    /// The scalars a reader refuses in a label (spec/FORMAT.md §3): C0 controls and DEL.
    /// C1 controls, bidi overrides and other format characters are valid in the file; they
    /// are refused by writers and escaped when printed.
    static func isRefusedInFile(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

    /// Scalars printed as `\u{…}`: every control (C0, DEL, C1) and every format character
    /// (general category Cf: bidi embeddings, overrides and isolates, zero-width joiners…),
    /// so a label cannot reorder or hide what a terminal shows around it.
    static func isEscapedWhenPrinted(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// Why a writer refuses `label` (nil when it is fine): at most 64 bytes of UTF-8 and no
    /// control characters (C0, DEL or C1). Checked before a slot is made, so a bad label
    /// never reaches the encoder.
    public static func writableLabelProblem(_ label: String) -> String? {
        let fine =
            label.utf8.count <= FormatLimits.maximumLabelBytes
            && !label.unicodeScalars.contains { $0.properties.generalCategory == .control }
        return fine
            ? nil : "label must be at most \(FormatLimits.maximumLabelBytes) bytes of UTF-8 without control characters"
    }

    /// `label` for a terminal: controls and format characters as `\u{…}`, and `\` as `\\`
    /// so an escape cannot be forged.
    public static func printable(_ label: String) -> String {
        var out = ""
        for scalar in label.unicodeScalars {
            if scalar == "\\" {
                out += "\\\\"
            } else if isEscapedWhenPrinted(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The Argon2id cost of a passphrase slot; nil for other kinds.
    public var kdfParameters: KDFParameters? {
        if case .passphrase(_, let kdf) = kind { return kdf }
        return nil
    }

    /// True when one of `credentials` opens this slot (runs the slot's KDF).
    public func opens(with credentials: Credentials) throws -> Bool {
        try KeySlotCrypto.open(self, with: credentials) != nil
    }
}
