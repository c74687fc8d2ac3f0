import Foundation
import VaultCrypto

/// A blob of an open vault as a ``BlobSource``: reads decrypt the chunk that holds the
/// offset, so re-sealing a vault streams its blobs through one chunk at a time. Each chunk is
/// checked as ``UnlockedVault/readBlob(_:to:)`` checks it, and the one decrypted
/// chunk kept between reads is wiped when it is replaced and when the source goes.
final class VaultBlobSource: BlobSource, @unchecked Sendable {
    private let vault: UnlockedVault
    private let blob: PayloadIndex.Blob
    private var cached: (chunk: Int, body: [UInt8])?
    private let lock = NSLock()

    init(vault: UnlockedVault, blob: PayloadIndex.Blob) {
        self.vault = vault
        self.blob = blob
    }

    deinit { wipeCache() }

    var length: Int { blob.length }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard offset >= 0, offset < blob.length else { return 0 }
        // Position in the blob's stream (which starts with the 24-byte blob header).
        let streamOffset = offset + PayloadIndex.blobHeaderBytes
        let chunk = blob.region.firstChunk + streamOffset / PayloadIndex.body
        if cached?.chunk != chunk {
            wipeCache()
            cached = (chunk, try body(ofChunk: chunk))
        }
        guard let body = cached?.body else { return 0 }
        let within = streamOffset % PayloadIndex.body
        let n = min(buffer.count, body.count - within, blob.length - offset)
        guard n > 0 else { throw vault.malformed("chunk \(chunk) ends inside the blob", chunk: chunk) }
        body.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + within, byteCount: n) }
        return n
    }

    private func body(ofChunk chunk: Int) throws -> [UInt8] {
        var plain = try vault.chunk(chunk)
        defer { plain.wipe() }
        _ = try vault.blobBytes(of: blob, in: plain, chunk: chunk)  // checked as readBlob checks it
        return Array(plain[FormatLimits.frameHeaderBytes...])
    }

    private func wipeCache() {
        cached?.body.wipe()
        cached = nil
    }
}
