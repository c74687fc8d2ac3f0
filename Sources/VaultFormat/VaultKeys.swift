import VaultCrypto

/// The keys of an open vault: the file key (from a keyslot) and its subkeys, all in
/// guarded memory. The header MAC key and the payload base key come from distinct
/// `crypto_kdf` ids, and each save's payload key from the base key and that save's salt.
public final class VaultKeys: Sendable {
    public let fileKey: SecureBytes
    package let macKey: SecureBytes
    private let payloadBaseKey: SecureBytes

    static let payloadDomain = Array("coffer payload v1".utf8)

    public init(fileKey: SecureBytes) {
        precondition(fileKey.count == FormatLimits.fileKeyBytes)
        self.fileKey = fileKey
        macKey = SubkeyDerivation.subkey(
            of: fileKey, id: FormatLimits.headerMACSubkeyID, context: FormatLimits.subkeyContext)
        payloadBaseKey = SubkeyDerivation.subkey(
            of: fileKey, id: FormatLimits.payloadSubkeyID, context: FormatLimits.subkeyContext)
    }

    package func payloadKey(salt: [UInt8]) -> SecureBytes {
        BLAKE2b.deriveKey(key: payloadBaseKey, message: Self.payloadDomain + salt)
    }

    /// True when `parsed`'s MAC verifies under this file key (constant-time compare). This is
    /// what makes opening key-committing: a wrong file key cannot produce a valid MAC.
    func authenticates(_ parsed: VaultHeader.Parsed) -> Bool {
        let mac = parsed.authenticatedBytes.withUnsafeBytes { BLAKE2b.hash([$0], key: macKey) }
        return constantTimeEqual(mac, parsed.storedMAC)
    }
}
