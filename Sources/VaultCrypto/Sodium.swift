internal import CSodium

/// libsodium's one-time initialisation, run before any primitive is used.
enum Sodium {
    private static let initialized: Bool = sodium_init() >= 0

    static func ensureInitialized() {
        precondition(initialized, "libsodium failed to initialise")
    }
}

/// The one error type of VaultCrypto. Cryptographic failures say nothing about secrets.
public enum CryptoError: Error, Equatable, Sendable {
    /// An AEAD tag did not verify: wrong key, or the bytes were changed.
    case authenticationFailed
    /// libsodium could not allocate the KDF's memory (or refused the parameters).
    case kdfFailed(reason: String)
    /// A key, nonce or salt of the wrong length, or an X25519 point of low order.
    case invalidInput(String)
}

/// Compares in constant time (sodium_memcmp), for MACs and checksums.
public func constantTimeEqual(_ a: some ContiguousBytesView, _ b: some ContiguousBytesView) -> Bool {
    a.withBytes { x in
        b.withBytes { y in
            x.count == y.count && (x.count == 0 || sodium_memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
        }
    }
}

/// Anything whose bytes can be borrowed: `[UInt8]`, `ArraySlice<UInt8>`, ``SecureBytes``.
public protocol ContiguousBytesView {
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension Array: ContiguousBytesView where Element == UInt8 {
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}

extension ArraySlice: ContiguousBytesView where Element == UInt8 {
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withUnsafeBytes(body)
    }
}
