import Foundation
import VaultCrypto

/// The payload's STREAM construction (spec/FORMAT.md §4), and the only place that seals or
/// opens a chunk: the payload key and binding of one save, each chunk's nonce (index and
/// final flag), batches sealed or opened on every core, and the "chunk N failed" error.
///
/// It knows nothing of what the plaintext holds (frames, regions: ``RecordsRegion``,
/// ``UnlockedVault/readBlob(_:to:)`` and ``ChunkComposer``), nor of the header beyond the binding (as age's `internal/stream`
/// knows nothing of `internal/format`).
package struct ChunkStream: Sendable {
    let key: SecureBytes
    /// The payload binding: every chunk's associated data.
    let binding: [UInt8]
    let chunkCount: Int
    /// Where chunk `i`'s sealed bytes lie in the file, for error messages.
    let fileRange: @Sendable (Int) -> Range<Int>

    /// 32 chunks (2 MiB of plaintext) per parallel batch: enough to keep both cores busy,
    /// little enough that memory stays a few MiB whatever the payload weighs.
    static let batchChunks = 32

    package init(
        key: SecureBytes, binding: [UInt8], chunkCount: Int, fileRange: @escaping @Sendable (Int) -> Range<Int>
    ) {
        self.key = key
        self.binding = binding
        self.chunkCount = chunkCount
        self.fileRange = fileRange
    }

    /// The STREAM nonce: 11-byte big-endian chunk counter, then 1 for the final chunk, else 0.
    func nonce(_ index: Int) -> [UInt8] {
        var nonce = [UInt8](repeating: 0, count: 12)
        var counter = UInt64(index)
        for i in (3...10).reversed() {
            nonce[i] = UInt8(counter & 0xFF)
            counter >>= 8
        }
        nonce[11] = index == chunkCount - 1 ? 1 : 0
        return nonce
    }

    package func seal(_ plaintext: UnsafeRawBufferPointer, into sealed: UnsafeMutableRawBufferPointer, chunk index: Int)
    {
        ChaCha20Poly1305.seal(plaintext, into: sealed, key: key, nonce: nonce(index), associatedData: binding)
    }

    /// Opens chunk `index` into `plain`; nothing of a chunk that fails is released.
    func open(_ sealed: UnsafeRawBufferPointer, into plain: UnsafeMutableRawBufferPointer, chunk index: Int) throws {
        do {
            try ChaCha20Poly1305.open(sealed, into: plain, key: key, nonce: nonce(index), associatedData: binding)
        } catch {
            throw authenticationFailure(index)
        }
    }

    func authenticationFailure(_ index: Int) -> VaultError {
        VaultError(
            .payloadDamaged, "chunk \(index) of \(chunkCount) failed authentication", byteRange: fileRange(index),
            chunk: index)
    }

    /// Opens a batch of consecutive chunks on every core: `sealed` holds them back to back
    /// with the sizes given; chunk `first + i` opens into slot `i` of `plain` (64 KiB each).
    /// Returns the lowest slot that does not authenticate, with its error (the slots before
    /// it are open and may be used), or nil when every chunk does.
    func openBatch(
        first: Int, sizes: [Int], sealed: UnsafeRawBufferPointer, into plain: UnsafeMutableRawBufferPointer
    ) -> (slot: Int, error: Error)? {
        var starts = [Int]()
        starts.reserveCapacity(sizes.count)
        var at = 0
        for size in sizes {
            starts.append(at)
            at += size
        }
        let offsets = starts
        let failures = FirstFailure()
        // Each iteration writes only its own slot of the buffer.
        nonisolated(unsafe) let plain = plain
        nonisolated(unsafe) let sealed = sealed
        DispatchQueue.concurrentPerform(iterations: sizes.count) { i in
            let out = UnsafeMutableRawBufferPointer(
                rebasing: plain[i * FormatLimits.chunkPlaintextBytes..<(i + 1) * FormatLimits.chunkPlaintextBytes])
            let input = UnsafeRawBufferPointer(rebasing: sealed[offsets[i]..<offsets[i] + sizes[i]])
            do { try open(input, into: out, chunk: first + i) } catch { failures.record(error, at: i) }
        }
        guard let error = failures.error, let slot = failures.index else { return nil }
        return (slot, error)
    }
}
