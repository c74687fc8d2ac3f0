internal import CSodium

extension Array where Element == UInt8 {
    /// Zeroes the array's bytes with `sodium_memzero` (which the compiler cannot drop as a
    /// dead store) and empties it: for decrypted plaintext held in ordinary arrays.
    public mutating func wipe() {
        withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            sodium_memzero(base, buffer.count)
        }
        removeAll()
    }
}

extension UnsafeMutableRawBufferPointer {
    /// Zeroes the buffer with `sodium_memzero`.
    public func wipe() {
        guard let base = baseAddress, count > 0 else { return }
        sodium_memzero(base, count)
    }
}
