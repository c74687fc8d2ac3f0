import Foundation

extension UnlockedVault {
    /// Step 4 of ``readRecordsRegion()`` for compressed records (spec/FORMAT.md §12.2):
    /// after the index, record groups — each a u32 length (≥ 1) and one zstd frame whose
    /// declared content is within the limits and is whole length-prefixed records — until
    /// `recordCount` records are read (a group that passes it is refused); then the rest of
    /// the 1.0 rules (zeros, region length, continuations, Padmé) over the compressed
    /// stream.
    ///
    /// Groups are decompressed and split on every core, each into a buffer of its thread's
    /// that is reused and wiped, and their content is not kept: the records are decoded later,
    /// by readers that decompress each group again. A reader going in order would find the
    /// same first failure, and this names it the same way.
    func readCompressedRecords(index: PayloadIndex, bodies: RegionBodies, indexEnd: Int) throws -> RecordsRegion {
        let items = Self.groupItems(in: bodies, from: indexEnd)
        let splits = Self.split(items, in: bodies)
        var spans = [Range<Int>]()
        spans.reserveCapacity(index.recordCount)
        var groups = [CheckedRecordGroup]()
        let keepsGroups = keepsRecordGroups.value
        var stored = [StoredRecordGroup]()
        let known = knownRecordGroups.value
        var nextKnown = 0
        var knownRecords = [Range<Int>]()
        let used = try bodies.bytes.withUnsafeBytes { stream in
            var position = indexEnd
            while spans.count < index.recordCount {
                let at = position
                let chunk = at / PayloadIndex.body
                guard groups.count < items.count else {
                    // The chain of groups broke here: say how, as a reader going in order does.
                    var cursor = ByteReader(stream, at: at)
                    guard let size = cursor.readInteger(UInt32.self) else {
                        throw malformed(
                            "the records region ends after \(spans.count) of \(index.recordCount) records", chunk: chunk
                        )
                    }
                    throw malformed(
                        "record group at stream offset \(at) claims \(size) bytes; \(cursor.remaining) remain in the records region",
                        chunk: chunk)
                }
                let item = items[groups.count]
                let records: [Range<Int>]
                let contentBytes: Int
                switch splits[groups.count] {
                case .failure(let refusal):
                    throw malformed("the record group at stream offset \(at) \(refusal.reason)", chunk: chunk)
                case .success(let split): (records, contentBytes) = split
                }
                guard spans.count + records.count <= index.recordCount else {
                    throw malformed(
                        "the record group at stream offset \(at) holds records past the index's \(index.recordCount)",
                        chunk: chunk)
                }
                let end = item.frame.upperBound
                // Known groups come in the order written: compared in place, never copied.
                if nextKnown < known.count,
                    known[nextKnown].withUnsafeBytes({ k in
                        k.count == end - at && memcmp(k.baseAddress!, stream.baseAddress! + at, k.count) == 0
                    })
                {
                    knownRecords.append(spans.count..<spans.count + records.count)
                    nextKnown += 1
                }
                let numbers = spans.count..<spans.count + records.count
                if keepsGroups {
                    stored.append(
                        StoredRecordGroup(records: numbers, contentBytes: contentBytes, item: Array(stream[at..<end])))
                }
                groups.append(
                    CheckedRecordGroup(frame: item.frame, records: numbers, chunk: chunk, contentBytes: contentBytes))
                spans += records
                position = end
            }
            guard stream[position...].allSatisfy({ $0 == 0 }) else {
                let stray = stream[position...].firstIndex { $0 != 0 } ?? position
                throw malformed(
                    "non-zero bytes after the last record group (a group not counted?)",
                    chunk: stray / PayloadIndex.body)
            }
            return position
        }
        try checkRegionLayout(
            index, bodies: bodies, itemEnds: [indexEnd] + groups.map(\.frame.upperBound), used: used)
        remember(index)
        if keepsGroups { recordGroups.value = stored }
        var region = RecordsRegion(index: index, stream: bodies.take(), spans: spans)
        region.groups = groups
        region.knownRecords = knownRecords
        region.compressedBytes = used - indexEnd
        return region
    }

    /// A region item that may be a record group: where its length prefix starts, its frame,
    /// and the most content reading lets it declare (both limits, counting what the items
    /// before it declare: were one of them not to decompress to that, its own failure would
    /// be reported first).
    struct GroupItem {
        let start: Int
        let frame: Range<Int>
        let limit: Int
    }

    /// The chain of items after the index, as far as each is a length ≥ 1 and that many
    /// bytes: where the groups must be (the zero fill ends the chain). Checked by nothing yet.
    static func groupItems(in bodies: RegionBodies, from indexEnd: Int) -> [GroupItem] {
        bodies.bytes.withUnsafeBytes { stream in
            var cursor = ByteReader(stream, at: indexEnd)
            var items = [GroupItem]()
            var declared = 0
            while true {
                let start = cursor.position
                guard let size = cursor.readInteger(UInt32.self), size > 0, cursor.skip(Int(size)) else { break }
                let frame = start + 4..<cursor.position
                let limit = RecordGroup.contentLimit(afterReading: declared)
                items.append(GroupItem(start: start, frame: frame, limit: limit))
                declared += min(limit, Zstd.declaredContentSize(UnsafeRawBufferPointer(rebasing: stream[frame])) ?? 0)
            }
            return items
        }
    }

    /// Each item decompressed within its limit and split into whole records, on every core:
    /// the records' ranges in its content and the content's length, or why it is no group.
    static func split(_ items: [GroupItem], in bodies: RegionBodies) -> [Result<([Range<Int>], Int), Zstd.Refusal>] {
        guard !items.isEmpty else { return [] }
        // Every buffer as large as the largest content any item may declare: a frame that
        // declares more than its limit is refused before its content is allocated.
        let largest = bodies.bytes.withUnsafeBytes { stream in
            items.lazy.map {
                min($0.limit, Zstd.declaredContentSize(UnsafeRawBufferPointer(rebasing: stream[$0.frame])) ?? 0)
            }
            .max() ?? 0
        }
        let slices = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 4)
        var results = [Result<([Range<Int>], Int), Zstd.Refusal>?](repeating: nil, count: items.count)
        results.withUnsafeMutableBufferPointer { pointer in
            let out = UnsafeSendableBuffer(pointer)
            bodies.bytes.withUnsafeBytes { stream in
                let stream = UnsafeSendableRawBuffer(stream)
                DispatchQueue.concurrentPerform(iterations: slices) { slice in
                    var content = [UInt8](repeating: 0, count: largest)
                    defer { content.wipe() }
                    for i in items.count * slice / slices..<items.count * (slice + 1) / slices {
                        let item = items[i]
                        do {
                            out.buffer[i] = .success(
                                try content.withUnsafeMutableBytes { buffer in
                                    let size = try Zstd.decompress(
                                        UnsafeRawBufferPointer(rebasing: stream.bytes[item.frame]), limit: item.limit,
                                        into: buffer)
                                    let records = try RecordGroup.records(
                                        in: UnsafeRawBufferPointer(rebasing: buffer[..<size]))
                                    return (records, size)
                                })
                        } catch let refusal as Zstd.Refusal {
                            out.buffer[i] = .failure(refusal)
                        } catch {
                            out.buffer[i] = .failure(Zstd.Refusal(reason: "could not be read (\(error))"))
                        }
                    }
                }
            }
        }
        return results.map { $0! }
    }
}
