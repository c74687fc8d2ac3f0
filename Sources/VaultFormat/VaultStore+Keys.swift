import Foundation
import VaultCrypto

extension VaultStore {
    /// Replaces the keyslots without touching the payload: same file key, same generation,
    /// a new header (new MAC) followed by the old chunks byte for byte, saved atomically.
    public static func replaceSlots(
        of vault: UnlockedVault, with slots: [KeySlot], options: SaveOptions = SaveOptions()
    ) throws {
        guard (FormatLimits.minimumSlots...FormatLimits.maximumSlots).contains(slots.count) else {
            throw VaultError(
                .fileSystem, "a vault needs 1…\(FormatLimits.maximumSlots) keyslots; refusing to leave \(slots.count)")
        }
        var header = vault.file.header
        header.slots = slots
        let headerBytes = header.encode(macKey: vault.keys.macKey)
        try writeAtomically(path: vault.file.path, keys: vault.keys, options: options) { output in
            try output.write(headerBytes)
            for index in 0..<vault.chunkCount { try output.write(try vault.file.readChunk(index)) }
        }
    }

    /// A new file key: every chunk re-sealed, and only the given slots (made for the new key).
    public static func rekey(
        _ vault: UnlockedVault, slots recipes: [(SlotRecipe, label: String)], options: SaveOptions = SaveOptions()
    )
        throws
    {
        let keys = VaultKeys(fileKey: options.random.secureBytes(FormatLimits.fileKeyBytes))
        let slots = try recipes.map {
            try KeySlotCrypto.makeSlot($0.0, label: $0.label, fileKey: keys.fileKey, random: options.random)
        }
        let payload = try vault.payloadForResealing()
        try write(
            path: vault.file.path, keys: keys, slots: slots, extensions: vault.file.header.extensions,
            generation: vault.file.header.generation + 1, payload: payload, options: options)
    }
}

extension UnlockedVault {
    /// Records in memory and blobs streamed from this vault, for writing a new generation.
    public func payloadForResealing() throws -> VaultPayload {
        let index = try readIndex()
        return VaultPayload(
            records: try readRecords(),
            blobs: index.blobs.map { (id: $0.id, source: VaultBlobSource(vault: self, blob: $0)) })
    }
}

/// A blob of an open vault as a ``BlobSource``: reads decrypt the chunk that holds the
/// offset, so re-sealing a vault streams its blobs through one chunk at a time.
final class VaultBlobSource: BlobSource, @unchecked Sendable {
    private let vault: UnlockedVault
    private let blob: PayloadIndex.Blob
    private var cached: (chunk: Int, body: [UInt8])?
    private let lock = NSLock()

    init(vault: UnlockedVault, blob: PayloadIndex.Blob) {
        self.vault = vault
        self.blob = blob
    }

    var length: Int { blob.length }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        // Position in the blob's stream (which starts with the 24-byte blob header).
        let streamOffset = offset + PayloadPlan.blobHeaderBytes
        let chunk = blob.region.firstChunk + streamOffset / PayloadPlan.body
        if cached?.chunk != chunk {
            cached = (chunk, Array(try vault.frame(vault.chunk(chunk), chunk: chunk, expect: .blob).body))
        }
        let within = streamOffset % PayloadPlan.body
        let n = min(buffer.count, cached!.body.count - within, blob.length - offset)
        cached!.body.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + within, byteCount: n) }
        return n
    }
}
