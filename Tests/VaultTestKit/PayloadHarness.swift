import Foundation
import VaultCrypto
import VaultFormat

/// Seals any bytes as a vault's payload plaintext under a fixed key, so a fuzzer's input
/// gets past the AEAD and reaches the readers of decrypted data (frames, index, records,
/// blobs, padding). The slot is a key-file slot: opening costs a hash, not a KDF.
public struct PayloadHarness: Sendable {
    let base: TestKitGenerator.Base

    public init() throws {
        base = try TestKitGenerator.build(
            seed: 90, slots: [(.keyFile(TestKitGenerator.secure(TestKitGenerator.keyFile)), "fuzz")])
    }

    /// The key that opens every vault this harness seals.
    public var credentials: Credentials {
        Credentials(keyFiles: [TestKitGenerator.secure(TestKitGenerator.keyFile)])
    }

    /// `plaintext` cut into chunks (64 KiB each, the rest in the final one, which is
    /// zero-extended to its 8-byte minimum) and sealed as a whole vault file.
    public func seal(plaintext: [UInt8]) -> [UInt8] {
        var chunks = stride(from: 0, to: max(plaintext.count, 1), by: 65_536).map {
            Array(plaintext[$0..<min(plaintext.count, $0 + 65_536)])
        }
        if chunks.last!.count < 8 { chunks[chunks.count - 1] += [UInt8](repeating: 0, count: 8 - chunks.last!.count) }
        return PayloadForge.seal(chunks, header: base.header, keys: base.keys)
    }

    /// A vault file at `path` whose header announces `chunkCount` chunks but whose only
    /// written chunk is chunk 0, sealed from `firstChunk` (65,536 bytes); the rest of the
    /// file is a hole (sparse). For readers that must not size anything by what chunk 0
    /// claims about the chunks after it.
    public func writeSparse(firstChunk: [UInt8], chunkCount: Int, to path: String) throws {
        var header = base.header
        header.payloadLength = UInt64(chunkCount * (65_536 + ChaCha20Poly1305.tagBytes))
        var bytes = header.encode(macKey: base.keys.macKey)
        let stream = ChunkStream(
            key: base.keys.payloadKey(salt: header.payloadSalt), binding: header.payloadBinding,
            chunkCount: chunkCount, fileRange: { _ in 0..<0 })
        var sealed = [UInt8](repeating: 0, count: firstChunk.count + ChaCha20Poly1305.tagBytes)
        firstChunk.withUnsafeBytes { p in sealed.withUnsafeMutableBytes { stream.seal(p, into: $0, chunk: 0) } }
        bytes += sealed
        let total = bytes.count + (chunkCount - 1) * (65_536 + ChaCha20Poly1305.tagBytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        guard truncate(path, off_t(total)) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// The payload plaintexts of the test kit's vectors whose chunks authenticate: seeds
    /// for a fuzzer of decrypted data.
    public static func seeds() throws -> [(name: String, plaintext: [UInt8])] {
        try TestKitGenerator.vectors().compactMap { vector in
            // Payload vectors whose fault is in a 1.1 recovery trailer have sound plaintext.
            guard
                vector.expect == "success" || (vector.name.hasPrefix("payload_") && !vector.name.contains("recovery")),
                let vault = try? VaultFile(bytes: vector.bytes).unlock(with: vector.credentials),
                // The harness seals under a 1.0 header: compressed records and collections
                // read otherwise.
                !vault.file.header.compressesRecords, !vault.file.header.hasCollections
            else { return nil }
            var plaintext = [UInt8]()
            for i in 0..<vault.chunkCount {
                guard let chunk = try? vault.chunk(i) else { return nil }
                plaintext += chunk
            }
            return (vector.name, plaintext)
        }
    }
}
