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

    /// A blob region, checked as it streams (spec/FORMAT.md §6): every chunk a blob chunk
    /// with zero reserved bytes and the continuation its position gives; the first starts
    /// with the index's id and length; after the blob's bytes, zeros. `sink` sees only bytes
    /// of chunks that passed, and the blob fails as a whole if a later chunk does not.
    func readBlob(_ blob: PayloadIndex.Blob, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        let total = blob.streamBytes
        let region = blob.region
        var remaining = blob.length
        try forEachChunk(in: region.firstChunk..<region.end) { chunk, plain in
            let offset = chunk - region.firstChunk
            let frame: ChunkFrame
            switch ChunkFrame.parse(plain, expecting: .blob) {
            case .failure(let failure): throw malformed("chunk \(chunk) \(failure.reason)", chunk: chunk)
            case .success(let parsed): frame = parsed
            }
            let chunkStart = offset * PayloadIndex.body
            let expected = ChunkFrame.expectedContinuation(chunkStart: chunkStart, itemStart: 0, itemEnd: total)
            guard frame.continuation == expected else {
                throw malformed(
                    "chunk \(chunk) has continuation \(frame.continuation); the layout says \(expected)", chunk: chunk)
            }
            var cursor = ByteReader(plain, at: FormatLimits.frameHeaderBytes)
            if offset == 0 {
                guard let id = cursor.read(PayloadIndex.blobIDBytes), let length = cursor.readInteger(UInt64.self)
                else { throw malformed("chunk \(chunk) ends inside the blob header", chunk: chunk) }
                guard id.elementsEqual(blob.id), length == UInt64(blob.length) else {
                    throw malformed("blob header (id, length \(length)) does not match the index", chunk: chunk)
                }
            }
            let take = min(remaining, cursor.remaining)
            guard let bytes = cursor.read(take), take == remaining || cursor.remaining == 0 else {
                throw malformed("chunk \(chunk) ends inside the blob", chunk: chunk)
            }
            guard cursor.restIsZero else {
                throw malformed("non-zero bytes after the blob's end", chunk: chunk)
            }
            try sink(UnsafeRawBufferPointer(rebasing: bytes))
            remaining -= take
        }
        guard remaining == 0 else {
            throw malformed("blob region ends \(remaining) bytes before the blob", chunk: region.end - 1)
        }
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
