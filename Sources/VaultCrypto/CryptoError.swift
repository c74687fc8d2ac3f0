/// The one error type of VaultCrypto. Cryptographic failures say nothing about secrets.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An AEAD tag did not verify: wrong key, or the bytes were changed.
    case authenticationFailed
    /// libsodium could not allocate the KDF's memory (or refused the parameters).
    case kdfFailed(reason: String)
    /// A key, nonce or salt of the wrong length, or an X25519 point of low order.
    case invalidInput(String)
    /// A libsodium or OpenSSL call reported failure: its name and return code.
    case libraryFailure(function: String, code: Int32)

    public var description: String {
        switch self {
        case .authenticationFailed: "authentication failed (wrong key, or the bytes were changed)"
        case .kdfFailed(let reason): "key derivation failed: \(reason)"
        case .invalidInput(let reason): "invalid input: \(reason)"
        case .libraryFailure(let function, let code): "\(function) failed (returned \(code))"
        }
    }
}
