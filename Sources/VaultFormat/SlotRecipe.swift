import VaultCrypto

/// How a new slot will be made.
public enum SlotRecipe: Sendable {
    case passphrase(SecureBytes, KDFParameters)
    case keyFile(SecureBytes)
    /// An X25519 recipient public key (32 bytes).
    case recipient([UInt8])
}
