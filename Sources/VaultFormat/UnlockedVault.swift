import Foundation
import PropertyList
import VaultCrypto

/// A vault whose file key is known: chunks can be authenticated and read, at random.
public final class UnlockedVault: Sendable {
    public let file: VaultFile
    public let keys: VaultKeys
    /// The keyslot that opened.
    public let slotIndex: Int
    private let payloadKey: SecureBytes
    private let associatedData: [UInt8]

    init(file: VaultFile, keys: VaultKeys, slotIndex: Int) {
        self.file = file
        self.keys = keys
        self.slotIndex = slotIndex
        payloadKey = keys.payloadKey(salt: file.header.payloadSalt)
        associatedData = file.parsed.hash
    }

    public var chunkCount: Int { file.chunkCount }

    /// The authenticated plaintext of chunk `index`. Throws `payloadDamaged` naming the
    /// chunk and its byte range; nothing of a chunk that fails is released.
    public func chunk(_ index: Int) throws -> [UInt8] {
        let sealed = try file.readChunk(index)
        var plain = [UInt8](repeating: 0, count: sealed.count - FormatLimits.chunkTagBytes)
        let nonce = PayloadGeometry.nonce(chunk: index, isFinal: index == chunkCount - 1)
        do {
            try sealed.withUnsafeBytes { s in
                try plain.withUnsafeMutableBytes { p in
                    try ChaCha20Poly1305.open(s, into: p, key: payloadKey, nonce: nonce, associatedData: associatedData)
                }
            }
        } catch {
            throw VaultError(
                .payloadDamaged, "chunk \(index) of \(chunkCount) failed authentication",
                byteRange: file.fileRange(ofChunk: index),
                chunk: index)
        }
        return plain
    }

    // MARK: Regions

    /// Frame of a chunk: kind and continuation, checked.
    func frame(_ plain: [UInt8], chunk index: Int, expect kind: ChunkKind) throws -> (
        continuation: Int, body: ArraySlice<UInt8>
    ) {
        guard plain.count >= FormatLimits.frameHeaderBytes, plain[0] == kind.rawValue, plain[1] == 0, plain[2] == 0,
            plain[3] == 0
        else {
            throw VaultError(
                .payloadDamaged, "chunk \(index) is not a \(kind) chunk", byteRange: file.fileRange(ofChunk: index),
                chunk: index)
        }
        let continuation = Int(plain[4]) | Int(plain[5]) << 8 | Int(plain[6]) << 16 | Int(plain[7]) << 24
        return (continuation, plain[FormatLimits.frameHeaderBytes...])
    }

    /// Concatenated bodies of a region's chunks.
    func regionStream(_ region: PayloadIndex.Region, kind: ChunkKind) throws -> [UInt8] {
        var stream = [UInt8]()
        for index in region.firstChunk..<region.firstChunk + region.chunkCount {
            stream += try frame(chunk(index), chunk: index, expect: kind).body
        }
        return stream
    }

    func malformed(_ why: String, chunk: Int) -> VaultError {
        VaultError(.payloadDamaged, why, byteRange: file.fileRange(ofChunk: chunk), chunk: chunk)
    }

    /// The payload index (region starting at chunk 0).
    func readIndex() throws -> PayloadIndex {
        let first = try frame(chunk(0), chunk: 0, expect: .index)
        var stream = Array(first.body)
        guard stream.count >= 4 else { throw malformed("index chunk too short", chunk: 0) }
        let length = Int(stream[0]) | Int(stream[1]) << 8 | Int(stream[2]) << 16 | Int(stream[3]) << 24
        let chunks = PayloadPlan.chunks(forStreamBytes: 4 + length)
        guard chunks <= chunkCount else { throw malformed("index length \(length) exceeds the payload", chunk: 0) }
        if chunks > 1 { stream += try regionStream(.init(firstChunk: 1, chunkCount: chunks - 1), kind: .index) }
        guard let value = try? BinaryPropertyList.decode(Array(stream[4..<4 + length])),
            let index = PayloadIndex(value, chunkCount: chunkCount), index.records.firstChunk == chunks
        else { throw malformed("index is not a valid layout", chunk: 0) }
        return index
    }

    /// Every record, decoded. Decrypts only index and record chunks, never blob chunks.
    public func readRecords() throws -> [PropertyListValue] {
        let index = try readIndex()
        let stream = try regionStream(index.records, kind: .records)
        var records = [PropertyListValue]()
        records.reserveCapacity(min(index.recordCount, stream.count / 5))
        var at = 0
        for n in 0..<index.recordCount {
            guard stream.count - at >= 4 else {
                throw malformed("record \(n) is missing", chunk: index.records.firstChunk)
            }
            let length =
                Int(stream[at]) | Int(stream[at + 1]) << 8 | Int(stream[at + 2]) << 16 | Int(stream[at + 3]) << 24
            guard length > 0, stream.count - at - 4 >= length else {
                throw malformed(
                    "record \(n) overruns its region", chunk: index.records.firstChunk + at / PayloadPlan.body)
            }
            do {
                records.append(try BinaryPropertyList.decode(Array(stream[at + 4..<at + 4 + length])))
            } catch let error as PropertyListError {
                throw malformed(
                    "record \(n) is not a valid bplist00: \(error)",
                    chunk: index.records.firstChunk + at / PayloadPlan.body)
            }
            at += 4 + length
        }
        return records
    }

    /// Blob ids and lengths, from the index.
    public func blobList() throws -> [(id: [UInt8], length: Int)] {
        try readIndex().blobs.map { ($0.id, $0.length) }
    }

    /// Streams a blob's bytes to `sink`, one chunk at a time.
    public func readBlob(id: [UInt8], to sink: (ArraySlice<UInt8>) throws -> Void) throws {
        guard let blob = try readIndex().blobs.first(where: { $0.id == id }) else {
            throw VaultIOError("no blob with id \(id.map { String(format: "%02x", $0) }.joined())")
        }
        try readBlob(blob, to: sink)
    }

    func readBlob(_ blob: PayloadIndex.Blob, to sink: (ArraySlice<UInt8>) throws -> Void) throws {
        var remaining = blob.length
        for index in blob.region.firstChunk..<blob.region.firstChunk + blob.region.chunkCount {
            var body = try frame(chunk(index), chunk: index, expect: .blob).body
            if index == blob.region.firstChunk {
                guard body.count >= 24, Array(body.prefix(16)) == blob.id else {
                    throw malformed("blob header does not match the index", chunk: index)
                }
                body = body.dropFirst(24)
            }
            let take = min(remaining, body.count)
            try sink(body.prefix(take))
            remaining -= take
        }
        guard remaining == 0 else {
            throw malformed("blob shorter than its index entry", chunk: blob.region.firstChunk)
        }
    }

    /// Authenticates every chunk and decodes every record and blob frame.
    public func verifyEverything() throws -> (records: Int, blobs: Int, blobBytes: Int) {
        let index = try readIndex()
        let records = try readRecords()
        var blobBytes = 0
        for blob in index.blobs {
            try readBlob(blob) { blobBytes += $0.count }
        }
        let contentEnd =
            index.blobs.last.map { $0.region.firstChunk + $0.region.chunkCount }
            ?? (index.records.firstChunk + index.records.chunkCount)
        for padding in contentEnd..<chunkCount { _ = try frame(chunk(padding), chunk: padding, expect: .padding) }
        return (records.count, index.blobs.count, blobBytes)
    }
}
