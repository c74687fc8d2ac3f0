internal import CSodium

/// libsodium's one-time initialisation, run before any primitive is used.
enum Sodium {
    private static let initialized: Bool = sodium_init() >= 0

    static func ensureInitialized() {
        precondition(initialized, "libsodium failed to initialise")
    }

    /// For calls that fail only on parameters the caller has already validated (lengths
    /// fixed by the type): a failure means libsodium broke its documented contract, and
    /// no result can be trusted, so it stops the process with the call's name rather than
    /// returning unwritten bytes.
    static func require(_ status: Int32, _ function: String) {
        if status != 0 { preconditionFailure(CryptoError.libraryFailure(function: function, code: status).description) }
    }
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
