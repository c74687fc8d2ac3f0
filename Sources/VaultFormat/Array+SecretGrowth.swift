import VaultCrypto

extension [UInt8] {
    /// Appends `bytes` to a buffer that holds plaintext: when it must grow, the new storage
    /// is reserved (doubling) and filled here and the old storage wiped, so no copy of a
    /// secret is left behind in memory the array let go of.
    mutating func appendKeepingSecret<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if count + bytes.count > capacity {
            var grown = [UInt8]()
            grown.reserveCapacity(Swift.max(2 * capacity, count + bytes.count))
            grown += self
            wipe()
            self = grown
        }
        // Copied at once when the bytes lie in one piece (a decrypted chunk): appending a
        // generic collection went a byte at a time.
        if bytes.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) == nil { self += bytes }
    }

    /// Makes room for `total` bytes in a buffer that holds plaintext, moving what it holds and
    /// wiping the old storage, as ``appendKeepingSecret(_:)`` does when it grows.
    mutating func reserveKeepingSecret(_ total: Int) {
        guard total > capacity else { return }
        var grown = [UInt8]()
        grown.reserveCapacity(total)
        grown += self
        wipe()
        self = grown
    }
}
