import Foundation
import VaultCrypto

/// A blob of an open vault as a ``BlobSource``: reads decrypt the chunk that holds the
/// offset, so re-sealing a vault streams its blobs through one chunk at a time. Each chunk is
/// checked as ``UnlockedVault/readBlob(_:to:)`` checks it, and the one decrypted
/// chunk kept between reads is wiped when it is replaced and when the source goes.
///
/// A compressed blob (spec/FORMAT.md §12.5) is read as its content, decompressed whole on
/// the first read (16 MiB at most) and wiped with the source; ``storedFrame`` reads its
/// frame as stored, so a save copies it without compressing it again.
final class VaultBlobSource: BlobSource, @unchecked Sendable {
    private let vault: UnlockedVault
    private let blob: PayloadIndex.Blob
    /// Whether reads give the region's stored bytes (the frame, for a compressed blob)
    /// rather than the blob's content.
    private let readsStoredBytes: Bool
    private var cached: (chunk: Int, body: [UInt8])?
    private var content: [UInt8]?
    private let lock = NSLock()

    init(vault: UnlockedVault, blob: PayloadIndex.Blob, readsStoredBytes: Bool = false) {
        self.vault = vault
        self.blob = blob
        self.readsStoredBytes = readsStoredBytes
    }

    deinit { wipeCache() }

    var length: Int { readsStoredBytes ? blob.storedLength : blob.length }

    var storedFrame: (any BlobSource)? {
        guard blob.zstdLength != nil, !readsStoredBytes else { return nil }
        return VaultBlobSource(vault: vault, blob: blob, readsStoredBytes: true)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard offset >= 0, offset < length else { return 0 }
        if blob.zstdLength != nil, !readsStoredBytes {
            if content == nil {
                var whole = [UInt8]()
                whole.reserveCapacity(blob.length)  // growing would leave copies of it unwiped
                try vault.readBlob(blob) { whole.append(contentsOf: $0) }
                content = whole
            }
            let n = min(buffer.count, blob.length - offset)
            guard n > 0 else { return 0 }
            content!.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
            // A save reads a blob once, front to back, and holds every source until it ends:
            // the content goes (wiped) with its last byte, so only one is held at a time.
            if offset + n == blob.length {
                content?.wipe()
                content = nil
            }
            return n
        }
        // Position in the blob's stream (which starts with the 24-byte blob header).
        let streamOffset = offset + PayloadIndex.blobHeaderBytes
        let chunk = blob.region.firstChunk + streamOffset / PayloadIndex.body
        if cached?.chunk != chunk {
            cached?.body.wipe()
            cached = (chunk, try body(ofChunk: chunk))
        }
        guard let body = cached?.body else { return 0 }
        let within = streamOffset % PayloadIndex.body
        let n = min(buffer.count, body.count - within, blob.storedLength - offset)
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
        content?.wipe()
        content = nil
    }
}
