import Foundation
import VaultCrypto

/// Writes a complete vault file (header and sealed chunks) to a file descriptor, streaming:
/// memory stays at a few chunks whatever the blobs weigh.
struct VaultSealer {
    /// 32 chunks (2 MiB of plaintext) per parallel batch: enough to keep both cores busy,
    /// little enough that memory stays a few MiB whatever the payload weighs.
    static let batchChunks = 32

    let keys: VaultKeys
    let slots: [KeySlot]
    let extensions: [VaultHeader.Extension]
    let generation: UInt64
    let random: RandomSource

    /// Seals `payload`; returns the header it wrote.
    func seal(_ payload: VaultPayload, to output: some ByteOutput) throws -> VaultHeader.Parsed {
        let plan = try PayloadPlan(payload)
        let header = VaultHeader(
            generation: generation, payloadLength: UInt64(plan.geometry.payloadLength),
            payloadSalt: random.bytes(FormatLimits.payloadSaltBytes), slots: slots, extensions: extensions)
        let headerBytes = header.encode(macKey: keys.macKey)
        let parsed = VaultHeader.Parsed(header: header, bytes: headerBytes)
        try output.write(headerBytes)
        let payloadKey = keys.payloadKey(salt: header.payloadSalt)
        let binding = parsed.payloadBinding
        let geometry = plan.geometry
        // Chunks are independent: seal a batch on every core, then write it in order. The
        // records region's chunks share items and are composed in order first; blob and
        // padding chunks sit at known offsets and are composed on every core too.
        let batch = ChunkBatch(capacity: Self.batchChunks)
        defer { batch.release() }
        let composer = ChunkComposer(plan: plan, payload: payload)
        func sealAndWrite(composingFrom start: Int = Int.max, firstChunk: Int = 0) throws {
            let failure = FirstFailure()
            DispatchQueue.concurrentPerform(iterations: batch.count) { i in
                if i >= start {
                    do { try composer.composeIndependent(firstChunk + i - start, into: batch.slot(i)) } catch {
                        failure.record(error, at: i)
                        return
                    }
                }
                let index = batch.firstIndex + i
                ChaCha20Poly1305.seal(
                    batch.plaintext(i), into: batch.sealedBuffer(i), key: payloadKey,
                    nonce: PayloadGeometry.nonce(chunk: index, isFinal: index == geometry.chunkCount - 1),
                    associatedData: binding)
            }
            if let error = failure.error { throw error }
            for i in 0..<batch.count { try output.write(batch.sealed(i)) }
            batch.reset(firstIndex: batch.firstIndex + batch.count)
        }
        try composer.forEachChunk(upTo: composer.recordsChunkCount, { _ in batch.nextSlot() }) { _, size in
            batch.commit(size: size)
            if batch.isFull { try sealAndWrite() }
        }
        var chunk = composer.recordsChunkCount
        while chunk < geometry.chunkCount {
            let count = min(Self.batchChunks - batch.count, geometry.chunkCount - chunk)
            let start = batch.count
            for i in 0..<count { batch.commit(size: geometry.plaintextBytes(ofChunk: chunk + i)) }
            if (chunk..<chunk + count).allSatisfy(composer.isIndependent) {
                try sealAndWrite(composingFrom: start, firstChunk: chunk)
            } else {  // a blob source that must be read from one thread
                for i in 0..<count { try composer.composeIndependent(chunk + i, into: batch.slot(start + i)) }
                try sealAndWrite()
            }
            chunk += count
        }
        if batch.count > 0 { try sealAndWrite() }
        return parsed
    }
}

/// Where sealed bytes go: a file, or memory (the test kit).
protocol ByteOutput {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteOutput {
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

final class MemoryOutput: ByteOutput {
    private(set) var bytes: [UInt8] = []
    func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
}

/// A file descriptor written sequentially, every error turned into a message with the path.
final class FileOutput: ByteOutput {
    let descriptor: Int32
    let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw VaultIOError("\(path): write failed: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}

/// A file-system failure (not a property of the vault's bytes).
public struct VaultIOError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

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
