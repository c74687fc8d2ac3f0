import Foundation
import VaultCrypto

extension UnlockedVault {
    /// Opens chunks `range` on every core, in batches, and hands each plaintext to `body` in
    /// order. The first chunk that fails stops the run with its `payloadDamaged` error;
    /// nothing of it (or after it) reaches `body`.
    public func forEachChunk(in range: Range<Int>, _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        let batchSize = VaultSealer.batchChunks
        let plain = UnsafeMutableRawBufferPointer.allocate(
            byteCount: batchSize * FormatLimits.chunkPlaintextBytes, alignment: 64)
        let sealedBuffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: batchSize * FormatLimits.chunkCiphertextBytes, alignment: 64)
        defer {
            plain.initializeMemory(as: UInt8.self, repeating: 0)
            plain.deallocate()
            sealedBuffer.deallocate()
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let count = min(batchSize, range.upperBound - start)
            let sizes = try file.readChunks(start..<start + count, into: sealedBuffer)
            var starts = [0]
            for size in sizes.dropLast() { starts.append(starts.last! + size) }
            let offsets = starts
            let failures = FailureFlags(count: count)
            let first = start
            let key = payloadKeyForBatch
            let binding = bindingForBatch
            let last = chunkCount - 1
            // Each iteration writes only its own slot of the buffer.
            nonisolated(unsafe) let plain = plain
            nonisolated(unsafe) let sealed = sealedBuffer
            DispatchQueue.concurrentPerform(iterations: count) { i in
                let nonce = PayloadGeometry.nonce(chunk: first + i, isFinal: first + i == last)
                let out = UnsafeMutableRawBufferPointer(
                    rebasing: plain[i * FormatLimits.chunkPlaintextBytes..<(i + 1) * FormatLimits.chunkPlaintextBytes])
                do {
                    let input = UnsafeRawBufferPointer(rebasing: sealed[offsets[i]..<offsets[i] + sizes[i]])
                    try ChaCha20Poly1305.open(input, into: out, key: key, nonce: nonce, associatedData: binding)
                } catch {
                    failures.set(i)
                }
            }
            for i in 0..<count {
                guard !failures.isSet(i) else {
                    throw VaultError(
                        .payloadDamaged, "chunk \(first + i) of \(chunkCount) failed authentication",
                        byteRange: file.fileRange(ofChunk: first + i), chunk: first + i)
                }
                let size = sizes[i] - FormatLimits.chunkTagBytes
                let offset = i * FormatLimits.chunkPlaintextBytes
                try body(first + i, UnsafeRawBufferPointer(rebasing: plain[offset..<offset + size]))
            }
            start += count
        }
    }

    /// Streams a blob's bytes to `sink`, opening its chunks on every core; memory stays at
    /// one batch whatever the blob weighs.
    public func readBlob(id: [UInt8], to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let blob = try readIndex().blobs.first(where: { $0.id == id }) else {
            throw VaultIOError("no blob with id \(id.map { String(format: "%02x", $0) }.joined())")
        }
        try readBlob(blob, to: sink)
    }

    func readBlob(_ blob: PayloadIndex.Blob, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        var remaining = blob.length
        try forEachChunk(in: blob.region.firstChunk..<blob.region.firstChunk + blob.region.chunkCount) { index, plain in
            guard plain.count >= FormatLimits.frameHeaderBytes, plain[0] == ChunkKind.blob.rawValue else {
                throw malformed("chunk \(index) is not a blob chunk", chunk: index)
            }
            var body = UnsafeRawBufferPointer(rebasing: plain[FormatLimits.frameHeaderBytes...])
            if index == blob.region.firstChunk {
                guard body.count >= PayloadPlan.blobHeaderBytes, Array(body.prefix(16)) == blob.id else {
                    throw malformed("blob header does not match the index", chunk: index)
                }
                body = UnsafeRawBufferPointer(rebasing: body[PayloadPlan.blobHeaderBytes...])
            }
            let take = min(remaining, body.count)
            try sink(UnsafeRawBufferPointer(rebasing: body[0..<take]))
            remaining -= take
        }
        guard remaining == 0 else {
            throw malformed("blob shorter than its index entry", chunk: blob.region.firstChunk)
        }
    }
}

/// Per-slot failure marks written from concurrent iterations (each slot by one iteration).
final class FailureFlags: @unchecked Sendable {
    private var flags: [Bool]
    private let lock = NSLock()
    init(count: Int) { flags = Array(repeating: false, count: count) }
    func set(_ i: Int) {
        lock.lock()
        flags[i] = true
        lock.unlock()
    }
    func isSet(_ i: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return flags[i]
    }
}
