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
    /// What each blob's region stores after its header, in index order: the blob, or the
    /// zstd frame it is stored as (§12.5).
    let storedBlobs: [any BlobSource]
    let contentChunks: Int
    /// Plaintext length after Padmé padding.
    package let geometry: PayloadGeometry

    static let body = FormatLimits.chunkBodyBytes

    /// How each blob is stored: as it is, or with compression as a zstd frame where that
    /// pays (``BlobCompression``). A frame the blob is already stored as is copied.
    private static func storedForms(of payload: VaultPayload, compress: Bool) throws -> [(
        source: any BlobSource, isFrame: Bool
    )] {
        guard compress else { return payload.blobs.map { ($0.source, false) } }
        var held = 0
        return try payload.blobs.map { blob in
            if let frame = blob.source.storedFrame { return (frame, true) }
            guard held < BlobCompression.heldFramesBudget,
                var frame = try BlobCompression.frame(of: blob.source)
            else { return (blob.source, false) }
            defer { frame.wipe() }  // compressed plaintext: the copy below is the one kept
            held += frame.count
            return (DataBlob(Data(frame)), true)
        }
    }

    /// Each record is its own bplist00 document, so they encode independently: slices of
    /// records on every core (100,000 items: 0.5 s on one core, about half on two), each
    /// slice written as length-prefixed records into one buffer.
    static func encodeInParallel(
        count: Int, numberedFrom first: Int = 0, record: @Sendable (Int) -> PropertyListValue
    ) throws -> [(
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
                            throw VaultError(
                                .invalidArgument, "record \(first + i) is \(bytes.count) bytes; at most 4 GiB")
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
        if let source = payload.recordSource, compressRecords, !source.reused.isEmpty {
            recordCount = source.count
            encodedSlices = try Self.compressedReusing(source)
        } else {
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
                encodedSlices = try Self.compressInParallel(encodedSlices)
            }
        }
        recordSlices = encodedSlices
        let stored = try Self.storedForms(of: payload, compress: compressRecords)
        storedBlobs = stored.map(\.source)
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
            for (blob, form) in zip(payload.blobs, stored) {
                let chunks = Self.chunks(forStreamBytes: Self.blobHeaderBytes + form.source.length)
                blobs.append(
                    .init(
                        id: blob.id, length: blob.source.length, region: .init(firstChunk: next, chunkCount: chunks),
                        zstdLength: form.isFrame ? form.source.length : nil))
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

    /// Slices of length-prefixed records made into compressed groups, slice by slice on every
    /// core (groups never cross a slice).
    static func compressInParallel(_ slices: [(bytes: [UInt8], ends: [Int])]) throws -> [(bytes: [UInt8], ends: [Int])]
    {
        var packed = [(bytes: [UInt8], ends: [Int])](repeating: ([], []), count: slices.count)
        let failure = FirstFailure()
        packed.withUnsafeMutableBufferPointer { out in
            let out = UnsafeSendableBuffer(out)
            DispatchQueue.concurrentPerform(iterations: slices.count) { i in
                do { out.buffer[i] = try RecordGroup.compressed(slices[i]) } catch { failure.record(error, at: i) }
            }
        }
        if let error = failure.error { throw error }
        return packed
    }

    /// `run` cut into slices of `count` groups each, at the group boundaries
    /// ``RecordGroup/ranges(ends:)`` chooses, so the slices compress on every core into the
    /// groups the whole run would make.
    static func split(_ run: (bytes: [UInt8], ends: [Int]), everyGroups count: Int) -> [(bytes: [UInt8], ends: [Int])] {
        let groups = RecordGroup.ranges(ends: run.ends)
        var slices = [(bytes: [UInt8], ends: [Int])]()
        var end = 0  // the next record end to place
        for first in stride(from: 0, to: groups.count, by: count) {
            let lower = groups[first].lowerBound
            let upper = groups[min(first + count, groups.count) - 1].upperBound
            var ends = [Int]()
            while end < run.ends.count, run.ends[end] <= upper {
                ends.append(run.ends[end] - lower)
                end += 1
            }
            slices.append((Array(run.bytes[lower..<upper]), ends))
        }
        return slices
    }

    /// The compressed records region of `source` where some groups are written as they were
    /// stored: those groups' items as they are, and the records between them made, encoded
    /// and compressed as usual. A caller's groups out of order, overlapping or past the
    /// records are refused before anything is written.
    static func compressedReusing(_ source: VaultPayload.RecordSource) throws -> [(bytes: [UInt8], ends: [Int])] {
        var slices = [(bytes: [UInt8], ends: [Int])]()
        var next = 0
        var content = 0
        func fresh(_ range: Range<Int>) throws {
            guard !range.isEmpty else { return }
            let encoded = try encodeInParallel(count: range.count, numberedFrom: range.lowerBound) {
                source.make(range.lowerBound + $0)
            }
            // One slice for the run, so its groups are cut by size alone: the encoding slices
            // (one per core and more) would each end a group, and every save would leave a
            // few more small groups behind.
            var run = (bytes: [UInt8](), ends: [Int]())
            run.bytes.reserveCapacity(encoded.reduce(0) { $0 + $1.bytes.count })
            for slice in encoded {
                let base = run.bytes.count
                run.bytes += slice.bytes
                run.ends += slice.ends.map { base + $0 }
            }
            content += run.bytes.count
            guard content <= RecordGroup.maximumRecordsContentBytes else { throw RecordGroup.TooLarge() }
            slices += try compressInParallel(split(run, everyGroups: 8))
        }
        for reused in source.reused {
            guard reused.records.lowerBound >= next, reused.records.upperBound <= source.count else {
                throw VaultError(
                    .invalidArgument,
                    "a reused record group (records \(reused.records)) is out of order or past the \(source.count) records"
                )
            }
            try fresh(next..<reused.records.lowerBound)
            content += reused.group.contentBytes
            guard content <= RecordGroup.maximumRecordsContentBytes else { throw RecordGroup.TooLarge() }
            let item = reused.group.item.bytes
            slices.append((item, [item.count]))
            next = reused.records.upperBound
        }
        try fresh(next..<source.count)
        return slices
    }

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
