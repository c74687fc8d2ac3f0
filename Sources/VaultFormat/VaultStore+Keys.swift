import Foundation
import VaultCrypto

extension VaultStore {
    /// Replaces the keyslots, keeping the file key: a new generation (every header rewrite
    /// counts, so an old copy that still holds a revoked slot is told apart from this one).
    /// The payload binding covers the generation, so the payload is re-sealed under a new
    /// payload salt with the same file key; records and blobs are unchanged.
    public static func replaceSlots(
        of vault: UnlockedVault, with slots: [KeySlot], options: SaveOptions = SaveOptions()
    ) throws {
        guard (FormatLimits.minimumSlots...FormatLimits.maximumSlots).contains(slots.count) else {
            throw VaultIOError(
                "a vault needs 1…\(FormatLimits.maximumSlots) keyslots; refusing to leave \(slots.count)")
        }
        // A writer never produces a file that readers refuse for its total KDF cost.
        try KDFParameters.validateTotal(slots.compactMap(\.kdfParameters))
        let header = vault.file.header
        try write(
            path: vault.file.path, keys: vault.keys, slots: slots, extensions: header.extensions,
            generation: header.generation + 1, payload: try vault.payloadForResealing(), options: options)
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
        try KDFParameters.validateTotal(slots.compactMap(\.kdfParameters))
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
