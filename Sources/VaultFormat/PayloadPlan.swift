import Foundation
import PropertyList

/// The plaintext layout of one save, computed before anything is written, because the
/// header (which every chunk authenticates) states the payload length.
package struct PayloadPlan {
    let index: PayloadIndex
    let indexBytes: [UInt8]
    /// The records region's stream after the index: every record as a u32 length and its
    /// bplist00 bytes, in slices (one per encoding task) that follow each other; `ends`
    /// marks where each record ends in its slice (frames count continuations per record).
    /// With compression, the slices hold compressed groups instead (`ends` marks each).
    let recordSlices: [(bytes: [UInt8], ends: [Int])]
    let recordCount: Int
    let contentChunks: Int
    /// Plaintext length after Padmé padding.
    package let geometry: PayloadGeometry

    static let body = FormatLimits.chunkBodyBytes

    /// Each record is its own bplist00 document, so they encode independently: slices of
    /// records on every core (100,000 items: 0.5 s on one core, about half on two), each
    /// slice written as length-prefixed records into one buffer.
    static func encodeInParallel(count: Int, record: @Sendable (Int) -> PropertyListValue) throws -> [(
        bytes: [UInt8], ends: [Int]
    )] {
        let slices = count < 256 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        var encoded = [(bytes: [UInt8], ends: [Int])](repeating: ([], []), count: slices)
        let failure = FirstFailure()
        encoded.withUnsafeMutableBufferPointer { out in
            let out = UnsafeSendableBuffer(out)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                var writer = BinaryPropertyListBatchWriter()
                var sink = ByteSink()
                var ends = [Int]()
                let range = count * slice / slices..<count * (slice + 1) / slices
                ends.reserveCapacity(range.count)
                for i in range {
                    let bytes: [UInt8]
                    do {
                        bytes = try writer.encode(record(i))
                        guard bytes.count <= UInt32.max else {  // its length is a u32
                            throw VaultError(.invalidArgument, "record \(i) is \(bytes.count) bytes; at most 4 GiB")
                        }
                    } catch {
                        failure.record(error, at: i)
                        break
                    }
                    if i == range.lowerBound {  // size the slice once, not by doubling copies
                        sink.bytes.reserveCapacity((bytes.count + 4) * range.count * 5 / 4)
                    }
                    sink.append(UInt32(bytes.count))
                    sink.append(bytes)
                    ends.append(sink.bytes.count)
                }
                out.buffer[slice] = (sink.bytes, ends)
            }
        }
        if let error = failure.error { throw error }
        return encoded
    }

    /// With `compressRecords` (format 1.1, spec/FORMAT.md §12) the records go into the
    /// region as compressed groups.
    package init(_ payload: VaultPayload, compressRecords: Bool = false) throws {
        // Caller errors, refused before anything is written: a reader refuses both (§6.3).
        var ids = Set<[UInt8]>()
        for blob in payload.blobs {
            guard blob.id.count == PayloadIndex.blobIDBytes else {
                throw VaultError(
                    .invalidArgument, "a blob id is \(PayloadIndex.blobIDBytes) bytes, not \(blob.id.count)")
            }
            guard ids.insert(blob.id).inserted else {
                throw VaultError(
                    .invalidArgument, "two blobs have the id \(blob.id.map { String(format: "%02x", $0) }.joined())")
            }
        }
        if let table = payload.collections {
            try Self.check(table)
        }
        var encodedSlices: [(bytes: [UInt8], ends: [Int])]
        if let source = payload.recordSource {
            recordCount = source.count
            encodedSlices = try Self.encodeInParallel(count: source.count, record: source.make)
        } else {
            let records = payload.records
            recordCount = records.count
            encodedSlices = try Self.encodeInParallel(count: records.count) { records[$0] }
        }
        if compressRecords {
            let total = encodedSlices.reduce(0) { $0 + $1.bytes.count }
            guard total <= RecordGroup.maximumRecordsContentBytes else { throw RecordGroup.TooLarge() }
            // Groups never cross a slice, so the slices compress on every core.
            var packed = [(bytes: [UInt8], ends: [Int])](repeating: ([], []), count: encodedSlices.count)
            let failure = FirstFailure()
            let slices = encodedSlices
            packed.withUnsafeMutableBufferPointer { out in
                let out = UnsafeSendableBuffer(out)
                DispatchQueue.concurrentPerform(iterations: slices.count) { i in
                    do { out.buffer[i] = try RecordGroup.compressed(slices[i]) } catch { failure.record(error, at: i) }
                }
            }
            if let error = failure.error { throw error }
            encodedSlices = packed
        }
        recordSlices = encodedSlices
        let recordItems = recordSlices.reduce(0) { $0 + $1.bytes.count }
        // The index names chunk numbers, which depend on the index's own size: iterate until
        // the records region's chunk count is stable (twice in practice).
        var recordChunks = 1
        var index: PayloadIndex
        var encoded: [UInt8]
        var recordStream: Int
        while true {
            var next = recordChunks
            var blobs = [PayloadIndex.Blob]()
            for blob in payload.blobs {
                let chunks = Self.chunks(forStreamBytes: Self.blobHeaderBytes + blob.source.length)
                blobs.append(
                    .init(id: blob.id, length: blob.source.length, region: .init(firstChunk: next, chunkCount: chunks)))
                next += chunks
            }
            index = PayloadIndex(
                recordCount: recordCount, records: .init(firstChunk: 0, chunkCount: recordChunks), blobs: blobs,
                collections: payload.collections?.normalized())
            encoded = try BinaryPropertyList.encode(index.value)
            guard encoded.count <= FormatLimits.maximumIndexBytes else {  // its length is a u32; collections live in it
                throw VaultError(
                    .invalidArgument,
                    "the index (with its private collections) is \(encoded.count) bytes; at most \(FormatLimits.maximumIndexBytes)"
                )
            }
            recordStream = 4 + encoded.count + recordItems
            let needed = Self.chunks(forStreamBytes: recordStream)
            if needed == recordChunks { break }
            recordChunks = needed
        }
        self.index = index
        indexBytes = encoded
        contentChunks = index.blobs.last.map { $0.region.firstChunk + $0.region.chunkCount } ?? recordChunks
        let padded = index.paddedPlaintextLength(recordsStreamBytes: recordStream)
        geometry = PayloadGeometry(plaintextLength: padded)
    }

    static let blobHeaderBytes = PayloadIndex.blobHeaderBytes

    /// A table a reader would refuse (§13.4) is a caller error, refused before writing.
    static func check(_ table: CollectionTable) throws {
        do {
            let normal = table.normalized()
            _ = try CollectionTable(
                members: normal.membersValue, collections: normal.collectionsValue, slotCount: table.members.count)
        } catch let failure as IndexFailure {
            throw VaultError(.invalidArgument, "the collection table is invalid: \(failure.reason)")
        }
    }

    static func chunks(forStreamBytes bytes: Int) -> Int { PayloadIndex.chunks(forStreamBytes: bytes) }
}
