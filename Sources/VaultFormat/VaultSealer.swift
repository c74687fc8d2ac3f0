import Foundation
import VaultCrypto

/// Writes a complete vault file (header and sealed chunks) to a file descriptor, streaming:
/// memory stays at a few chunks whatever the blobs weigh.
struct VaultSealer {
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
        let associatedData = parsed.payloadBinding
        let sealed = UnsafeMutableRawBufferPointer.allocate(byteCount: FormatLimits.chunkCiphertextBytes, alignment: 16)
        defer { sealed.deallocate() }
        let geometry = plan.geometry
        try ChunkComposer(plan: plan, payload: payload).forEachChunk { index, plaintext in
            let nonce = PayloadGeometry.nonce(chunk: index, isFinal: index == geometry.chunkCount - 1)
            ChaCha20Poly1305.seal(
                plaintext, into: sealed, key: payloadKey, nonce: nonce, associatedData: associatedData)
            try output.write(UnsafeRawBufferPointer(rebasing: sealed[0..<plaintext.count + FormatLimits.chunkTagBytes]))
        }
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
