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
        associatedData = file.parsed.payloadBinding
    }

    public var chunkCount: Int { file.chunkCount }
    var payloadKeyForBatch: SecureBytes { payloadKey }
    var bindingForBatch: [UInt8] { associatedData }

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

    /// The start of the records region: chunks from 0 on until `needed` bytes are read.
    private func recordsStream(upTo needed: Int) throws -> [UInt8] {
        var stream = [UInt8]()
        var index = 0
        while stream.count < needed, index < chunkCount {
            stream += try frame(chunk(index), chunk: index, expect: .records).body
            index += 1
        }
        return stream
    }

    /// The payload index, at the start of the records region (chunk 0).
    func readIndex() throws -> PayloadIndex {
        try readIndexAndRecords(decodeRecords: false).index
    }

    /// `keep: false` checks that every record decodes (on every core) without keeping them:
    /// what a save's verification needs, at a fraction of the memory.
    private func readIndexAndRecords(decodeRecords: Bool, keep: Bool = true) throws -> (
        index: PayloadIndex, records: [PropertyListValue]
    ) {
        var stream = try recordsStream(upTo: 4)
        let length = Int(stream[0]) | Int(stream[1]) << 8 | Int(stream[2]) << 16 | Int(stream[3]) << 24
        guard length <= chunkCount * PayloadPlan.body else {
            throw malformed("index length \(length) exceeds the payload", chunk: 0)
        }
        if stream.count < 4 + length { stream = try recordsStream(upTo: 4 + length) }
        guard stream.count >= 4 + length, let value = try? BinaryPropertyList.decode(Array(stream[4..<4 + length])),
            let index = PayloadIndex(value, chunkCount: chunkCount), index.records.firstChunk == 0,
            index.records.chunkCount >= PayloadPlan.chunks(forStreamBytes: 4 + length)
        else { throw malformed("index is not a valid layout", chunk: 0) }
        guard decodeRecords else { return (index, []) }
        if index.records.chunkCount * PayloadPlan.body > stream.count {
            stream = try regionStream(index.records, kind: .records)
        }
        var spans = [Range<Int>]()
        spans.reserveCapacity(min(index.recordCount, stream.count / 5))
        var at = 4 + length
        for n in 0..<index.recordCount {
            let chunk = at / PayloadPlan.body
            guard stream.count - at >= 4 else { throw malformed("record \(n) is missing", chunk: chunk) }
            let size =
                Int(stream[at]) | Int(stream[at + 1]) << 8 | Int(stream[at + 2]) << 16 | Int(stream[at + 3]) << 24
            guard size > 0, stream.count - at - 4 >= size else {
                throw malformed("record \(n) overruns its region", chunk: chunk)
            }
            spans.append(at + 4..<at + 4 + size)
            at += 4 + size
        }
        let records = stream
        let recordSpans = spans
        @Sendable func decode(_ n: Int) throws -> PropertyListValue {
            do {
                return try BinaryPropertyList.decode(records[recordSpans[n]])
            } catch let error as PropertyListError {
                throw malformed(
                    "record \(n) is not a valid bplist00: \(error)", chunk: recordSpans[n].lowerBound / PayloadPlan.body
                )
            }
        }
        guard keep else {
            try checkInParallel(spans.count, decode)
            return (index, [])
        }
        return (index, try spans.indices.map(decode))
    }

    /// Runs `check` for 0..<count on every core; throws the error of the lowest failing index.
    private func checkInParallel(_ count: Int, _ check: @Sendable (Int) throws -> PropertyListValue) throws {
        let slices = count < 256 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4
        let failures = FirstFailure()
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            for n in count * slice / slices..<count * (slice + 1) / slices {
                do { _ = try check(n) } catch {
                    failures.record(error, at: n)
                    return
                }
            }
        }
        if let error = failures.error { throw error }
    }

    /// Every record, decoded. Decrypts only the records region, never a blob chunk.
    public func readRecords() throws -> [PropertyListValue] {
        try readIndexAndRecords(decodeRecords: true).records
    }

    /// Blob ids and lengths, from the index.
    public func blobList() throws -> [(id: [UInt8], length: Int)] {
        try readIndex().blobs.map { ($0.id, $0.length) }
    }

    /// SHA-256 of the whole payload plaintext (every chunk, in order): the test kit's
    /// `payload:` line, which any implementation can compute.
    public func plaintextDigest() throws -> [UInt8] {
        var all = [UInt8]()
        for index in 0..<chunkCount { all += try chunk(index) }
        return SHA256.hash(all)
    }

    /// Authenticates every chunk and decodes every record and blob frame.
    public func verifyEverything() throws -> (records: Int, blobs: Int, blobBytes: Int) {
        let (index, _) = try readIndexAndRecords(decodeRecords: true, keep: false)
        var blobBytes = 0
        for blob in index.blobs {
            try readBlob(blob) { blobBytes += $0.count }  // every core; one batch of memory
        }
        let contentEnd =
            index.blobs.last.map { $0.region.firstChunk + $0.region.chunkCount }
            ?? (index.records.firstChunk + index.records.chunkCount)
        for padding in contentEnd..<chunkCount { _ = try frame(chunk(padding), chunk: padding, expect: .padding) }
        return (index.recordCount, index.blobs.count, blobBytes)
    }
}
