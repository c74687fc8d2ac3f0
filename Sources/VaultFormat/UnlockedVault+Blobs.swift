import Foundation

extension UnlockedVault {
    /// Streams a blob's bytes to `sink`, opening its chunks on every core; memory stays at
    /// one batch whatever the blob weighs.
    public func readBlob(id: [UInt8], to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let blob = try readIndex().blobs.first(where: { $0.id == id }) else {
            throw VaultError(.invalidArgument, "no blob with id \(id.map { String(format: "%02x", $0) }.joined())")
        }
        try readBlob(blob, to: sink)
    }

    /// A blob region, checked as it streams (spec/FORMAT.md §6, ``blobBytes(of:in:chunk:)``
    /// for each chunk). `sink` sees only bytes of chunks that passed, and the blob fails as a
    /// whole if a later chunk does not.
    func readBlob(_ blob: PayloadIndex.Blob, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        if blob.zstdLength != nil {
            try readCompressedBlob(blob, to: sink)
            return
        }
        try readStoredBytes(of: blob, to: sink)
    }

    /// A compressed blob (§12.5): its frame gathered from its chunks (smaller than the blob,
    /// which is at most 16 MiB), checked and decompressed to exactly the index's length,
    /// then given to `sink` at once. Both buffers are wiped.
    private func readCompressedBlob(_ blob: PayloadIndex.Blob, to sink: (UnsafeRawBufferPointer) throws -> Void)
        throws
    {
        var frame = [UInt8]()
        defer { frame.wipe() }
        frame.reserveCapacity(blob.storedLength)
        try readStoredBytes(of: blob) { frame.append(contentsOf: $0) }
        var content: [UInt8]
        do {
            // (A frame declaring anything but the blob's length is refused before decompressing.)
            let declared = frame.withUnsafeBytes { Zstd.declaredContentSize($0) }
            guard declared == blob.length else {
                throw malformed(
                    "blob \(Self.hex(blob.id))'s zstd frame declares \(declared.map(String.init) ?? "no or too large a") "
                        + "content size; the index says \(blob.length) bytes",
                    chunk: blob.region.firstChunk)
            }
            content = try frame.withUnsafeBytes { try Zstd.decompress($0, limit: blob.length) }
        } catch let refusal as Zstd.Refusal {
            throw malformed(
                "blob \(Self.hex(blob.id))'s zstd frame \(refusal.reason)", chunk: blob.region.firstChunk)
        }
        // (Exactly the declared length, checked above to be the index's: ``Zstd`` refuses less.)
        defer { content.wipe() }
        try content.withUnsafeBytes { try sink($0) }
    }

    private static func hex(_ id: [UInt8]) -> String { id.map { String(format: "%02x", $0) }.joined() }

    /// The bytes a blob's region stores after its header, checked chunk by chunk as they
    /// stream: the blob itself, or its frame when it is compressed.
    private func readStoredBytes(of blob: PayloadIndex.Blob, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        var remaining = blob.storedLength
        try forEachChunk(in: blob.region.firstChunk..<blob.region.end) { chunk, plain in
            let bytes = try blobBytes(of: blob, in: plain, chunk: chunk)
            try sink(UnsafeRawBufferPointer(rebasing: plain[bytes]))
            remaining -= bytes.count
        }
        guard remaining == 0 else {
            throw malformed("blob region ends \(remaining) bytes before the blob", chunk: blob.region.end - 1)
        }
    }

    /// Checks one chunk of `blob`'s region — a blob chunk with zero reserved bytes and the
    /// continuation its position gives; the first one starting with the index's id and
    /// length; zeros after the blob's last byte — and returns where the blob's bytes lie in
    /// `plain` (the chunk's whole plaintext). Every reader of blob chunks goes through it.
    func blobBytes<Bytes: RandomAccessCollection>(of blob: PayloadIndex.Blob, in plain: Bytes, chunk: Int) throws
        -> Range<Int>
    where Bytes.Element == UInt8, Bytes.Index == Int {
        let frame: ChunkFrame
        switch ChunkFrame.parse(plain, expecting: .blob) {
        case .failure(let failure): throw malformed("chunk \(chunk) \(failure.reason)", chunk: chunk)
        case .success(let parsed): frame = parsed
        }
        // Where this chunk's body starts in the region's stream (id, length, bytes).
        let chunkStart = (chunk - blob.region.firstChunk) * PayloadIndex.body
        let expected = ChunkFrame.expectedContinuation(chunkStart: chunkStart, itemStart: 0, itemEnd: blob.streamBytes)
        guard frame.continuation == expected else {
            throw malformed(
                "chunk \(chunk) has continuation \(frame.continuation); the layout says \(expected)", chunk: chunk)
        }
        var cursor = ByteReader(plain, at: plain.startIndex + FormatLimits.frameHeaderBytes)
        if chunkStart == 0 {
            guard let id = cursor.read(PayloadIndex.blobIDBytes), let length = cursor.readInteger(UInt64.self)
            else { throw malformed("chunk \(chunk) ends inside the blob header", chunk: chunk) }
            guard id.elementsEqual(blob.id), length == UInt64(blob.length) else {
                throw malformed("blob header (id, length \(length)) does not match the index", chunk: chunk)
            }
        }
        let start = cursor.position
        let end = min(plain.endIndex, plain.startIndex + FormatLimits.frameHeaderBytes + blob.streamBytes - chunkStart)
        guard end >= start, plain[end...].allSatisfy({ $0 == 0 }) else {
            throw malformed("non-zero bytes after the blob's end", chunk: chunk)
        }
        return start..<end
    }

    /// Padding chunks (spec §6): kind 0, continuation 0, body zero — every byte zero.
    func checkPadding(_ chunks: Range<Int>) throws {
        guard !chunks.isEmpty else { return }
        try forEachChunk(in: chunks) { chunk, plain in
            guard plain.allSatisfy({ $0 == 0 }) else {
                throw malformed("padding chunk \(chunk) is not all zero (kind, frame and body)", chunk: chunk)
            }
        }
    }
}
