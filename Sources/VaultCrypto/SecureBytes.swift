internal import CSodium

/// Key material in libsodium guarded memory: `sodium_malloc` (guard pages, `mlock`ed so
/// it is never swapped), zeroed and freed on deinit. Keys never live in a Swift Array.
public final class SecureBytes: ContiguousBytesView, @unchecked Sendable {
    private let pointer: UnsafeMutableRawPointer
    public let count: Int

    /// Zero-filled secure memory (an empty passphrase is a valid secret of 0 bytes).
    public init(count: Int) {
        Sodium.ensureInitialized()
        precondition(count >= 0, "negative SecureBytes count")
        guard let p = sodium_malloc(max(count, 1)) else { fatalError("sodium_malloc(\(count)) failed") }
        pointer = p
        self.count = count
        sodium_memzero(pointer, max(count, 1))
    }

    /// Copies `bytes` into secure memory. The caller should wipe its own copy.
    public convenience init(copying bytes: UnsafeRawBufferPointer) {
        self.init(count: bytes.count)
        if bytes.count > 0 { pointer.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
    }

    deinit {
        sodium_free(pointer)  // zeroes before freeing
    }

    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    public func withMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(start: pointer, count: count))
    }
}

/// Wipes a Swift buffer that held a secret (best effort: copies the runtime made are
/// beyond reach, which is why keys live in ``SecureBytes``).
public func wipe(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { if $0.count > 0 { sodium_memzero($0.baseAddress!, $0.count) } }
    bytes.removeAll()
}
