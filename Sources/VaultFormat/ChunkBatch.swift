/// Plaintext and sealed buffers for a batch of chunks, reused for the whole payload.
final class ChunkBatch: @unchecked Sendable {
    private let plain: UnsafeMutableRawBufferPointer
    private let sealed: UnsafeMutableRawBufferPointer
    private var sizes: [Int] = []
    private let capacity: Int
    private(set) var firstIndex = 0

    init(capacity: Int) {
        self.capacity = capacity
        plain = .allocate(byteCount: capacity * FormatLimits.chunkPlaintextBytes, alignment: 64)
        sealed = .allocate(byteCount: capacity * FormatLimits.chunkCiphertextBytes, alignment: 64)
    }

    var count: Int { sizes.count }
    var isFull: Bool { sizes.count == capacity }

    /// The buffer the next chunk's plaintext is composed in.
    func nextSlot() -> UnsafeMutableRawBufferPointer {
        let at = sizes.count * FormatLimits.chunkPlaintextBytes
        return UnsafeMutableRawBufferPointer(rebasing: plain[at..<at + FormatLimits.chunkPlaintextBytes])
    }

    func commit(size: Int) { sizes.append(size) }

    /// The whole 64 KiB buffer of slot `i` (a committed chunk composed after the fact).
    func slot(_ i: Int) -> UnsafeMutableRawBufferPointer {
        let at = i * FormatLimits.chunkPlaintextBytes
        return UnsafeMutableRawBufferPointer(rebasing: plain[at..<at + FormatLimits.chunkPlaintextBytes])
    }

    func plaintext(_ i: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(
            rebasing: plain[i * FormatLimits.chunkPlaintextBytes..<i * FormatLimits.chunkPlaintextBytes + sizes[i]])
    }

    func sealedBuffer(_ i: Int) -> UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(
            rebasing: sealed[i * FormatLimits.chunkCiphertextBytes..<(i + 1) * FormatLimits.chunkCiphertextBytes])
    }

    func sealed(_ i: Int) -> UnsafeRawBufferPointer {
        let start = i * FormatLimits.chunkCiphertextBytes
        return UnsafeRawBufferPointer(rebasing: sealed[start..<start + sizes[i] + FormatLimits.chunkTagBytes])
    }

    func reset(firstIndex: Int) {
        self.firstIndex = firstIndex
        sizes.removeAll(keepingCapacity: true)
    }

    /// Plaintext is secret: zeroed before the memory goes back.
    func release() {
        plain.initializeMemory(as: UInt8.self, repeating: 0)
        plain.deallocate()
        sealed.deallocate()
    }
}
