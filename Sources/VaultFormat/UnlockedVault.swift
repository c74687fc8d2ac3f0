import Foundation
import PropertyList
import VaultCrypto

/// A vault whose file key is known: chunks can be authenticated and read, at random.
///
/// Decrypted bytes are as hostile as the file (anyone who holds a key can seal anything),
/// so everything in them is read through ``ByteReader`` and checked against the rules of
/// spec/FORMAT.md §6 before it is used: ``readRecords()`` and ``verifyEverything()`` accept
/// exactly the payloads a writer can produce.
public final class UnlockedVault: Sendable {
    public let file: VaultFile
    public let keys: VaultKeys
    /// The keyslot that opened.
    public let slotIndex: Int
    /// That slot's member key, which opens the collections granted to it (§13); nil when the
    /// vault was opened with a remembered file key alone.
    public let member: MemberKey?
    let stream: ChunkStream
    /// The index, once the records region has been checked (blob reads need the one and
    /// trust the other).
    private let checkedIndex = LockedValue<PayloadIndex?>(nil)
    /// Whether reads keep the compressed record groups for a later save
    /// (``keepRecordGroupsForResealing()``), and the groups the last read kept.
    let keepsRecordGroups = LockedValue(false)
    let recordGroups = LockedValue<[StoredRecordGroup]>([])
    /// Compressed groups (region items), in the order a save wrote them, whose records it
    /// knows decode: its verification of what it wrote does not decode them again
    /// (``VaultStore``).
    let knownRecordGroups = LockedValue<[[UInt8]]>([])
    /// What a library above read from this vault, for its save to compare against.
    private let snapshot = LockedValue<(any Sendable)?>(nil)
    /// The collections this key opens, once opened (a save reuses what a read opened).
    let openedCollections = LockedValue<(opened: [OpenedCollection], damaged: [(id: [UInt8], error: VaultError)])?>(nil)

    init(file: VaultFile, keys: VaultKeys, slotIndex: Int, member: MemberKey? = nil) {
        self.file = file
        self.keys = keys
        self.slotIndex = slotIndex
        self.member = member
        stream = ChunkStream(
            key: keys.payloadKey(salt: file.header.payloadSalt), binding: file.parsed.payloadBinding,
            chunkCount: file.chunkCount, fileRange: { [file] in file.fileRange(ofChunk: $0) })
    }

    public var chunkCount: Int { file.chunkCount }

    /// From now on, reading the records region keeps its compressed record groups (their
    /// compressed bytes: about the file's size in memory), so a save can write again the
    /// groups whose records did not change. For a vault about to be changed and saved.
    public func keepRecordGroupsForResealing() { keepsRecordGroups.value = true }

    /// The compressed record groups the last read of the records region kept, in order
    /// (none unless ``keepRecordGroupsForResealing()`` was called, or for records stored
    /// uncompressed).
    package var storedRecordGroups: [StoredRecordGroup] { recordGroups.value }

    /// Something a reader above this module keeps with the vault until its save (CofferKit:
    /// the items as read, to tell which records a save leaves unchanged).
    package var readSnapshot: (any Sendable)? {
        get { snapshot.value }
        set { snapshot.value = newValue }
    }

    /// The authenticated plaintext of chunk `index`. Throws `payloadDamaged` naming the
    /// chunk and its byte range in the file; nothing of a chunk that fails is released.
    public func chunk(_ index: Int) throws -> [UInt8] {
        let sealed = try file.readChunk(index)
        var plain = [UInt8](repeating: 0, count: sealed.count - FormatLimits.chunkTagBytes)
        try sealed.withUnsafeBytes { s in
            try plain.withUnsafeMutableBytes { p in try stream.open(s, into: p, chunk: index) }
        }
        return plain
    }

    /// A payload failure at chunk `chunk`, with the chunk's byte range in the file (spec §8:
    /// offsets count from the first byte of the file, header included).
    func malformed(_ why: String, chunk: Int) -> VaultError {
        VaultError(.payloadDamaged, why, byteRange: file.fileRange(ofChunk: chunk), chunk: chunk)
    }

    /// Opens chunks `range` on every core, in batches, and hands each plaintext to `body` in
    /// order. The first chunk that fails stops the run with its `payloadDamaged` error;
    /// nothing of it (or after it) reaches `body`. Plaintext buffers are wiped afterwards.
    public func forEachChunk(in range: Range<Int>, _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws {
        let batchSize = ChunkStream.batchChunks
        let plain = UnsafeMutableRawBufferPointer.allocate(
            byteCount: batchSize * FormatLimits.chunkPlaintextBytes, alignment: 64)
        let sealed = UnsafeMutableRawBufferPointer.allocate(
            byteCount: batchSize * FormatLimits.chunkCiphertextBytes, alignment: 64)
        defer {
            plain.wipe()
            plain.deallocate()
            sealed.deallocate()
        }
        var start = range.lowerBound
        while start < range.upperBound {
            let count = min(batchSize, range.upperBound - start)
            let sizes = try file.readChunks(start..<start + count, into: sealed)
            let failure = stream.openBatch(
                first: start, sizes: sizes, sealed: UnsafeRawBufferPointer(sealed), into: plain)
            // Chunks before a failing one are handed on first, so a fault in what they hold is
            // reported before a later chunk's tag, as a reader going chunk by chunk would.
            for i in 0..<(failure?.slot ?? count) {
                let offset = i * FormatLimits.chunkPlaintextBytes
                let size = sizes[i] - FormatLimits.chunkTagBytes
                try body(start + i, UnsafeRawBufferPointer(rebasing: plain[offset..<offset + size]))
            }
            if let failure { throw failure.error }
            start += count
        }
    }

    /// The payload index, from a records region checked in full (cached).
    func readIndex() throws -> PayloadIndex {
        if let index = checkedIndex.value { return index }
        var region = try readRecordsRegion()
        region.wipe()
        return region.index
    }

    func remember(_ index: PayloadIndex) { checkedIndex.value = index }

    /// Every record, decoded. Decrypts only the records region, never a blob chunk.
    public func readRecords() throws -> [PropertyListValue] {
        var region = try readRecordsRegion()
        defer { region.wipe() }
        return try region.decodeInOrder(in: self)
    }

    /// Blob ids and lengths, from the index.
    public func blobList() throws -> [(id: [UInt8], length: Int)] {
        try readIndex().blobs.map { ($0.id, $0.length) }
    }

    /// SHA-256 of the whole payload plaintext (every chunk, in order): the test kit's
    /// `payload:` line, which any implementation can compute.
    public func plaintextDigest() throws -> [UInt8] {
        var all = [UInt8]()
        try forEachChunk(in: 0..<chunkCount) { _, plain in all += plain }
        defer { all.wipe() }
        return SHA256.hash(all)
    }

    /// Authenticates every chunk and checks everything in it: the records region (index,
    /// every record decoded, zero fill, continuations, Padmé), every blob region, every
    /// padding chunk — in that order (spec §6 "Reading").
    public func verifyEverything() throws -> (records: Int, blobs: Int, blobBytes: Int) {
        var region = try readRecordsRegion()
        defer { region.wipe() }
        try region.decodeEveryRecord(in: self)
        let (blobs, blobBytes) = try verifyAfterRecords()
        return (region.index.recordCount, blobs, blobBytes)
    }

    /// The rest of ``verifyEverything()`` once the records region has been read (by
    /// ``readRecords()``, say, whose index this reuses): every blob region, then every
    /// padding chunk. For a caller that decodes the records itself, so they are not read
    /// twice.
    public func verifyAfterRecords() throws -> (blobs: Int, blobBytes: Int) {
        let index = try readIndex()
        var blobBytes = 0
        for blob in index.blobs {
            try readBlob(blob) { blobBytes += $0.count }  // every core; one batch of memory
        }
        try checkPadding(index.contentEnd..<chunkCount)
        try file.verifyRecoveryTrailer()
        return (index.blobs.count, blobBytes)
    }
}
