import Foundation

extension UnlockedVault {
    /// Step 4 of ``readRecordsRegion()`` for compressed records (spec/FORMAT.md §12.2):
    /// after the index, record groups — each a u32 length (≥ 1) and one zstd frame whose
    /// declared content is within the limits and is whole length-prefixed records — until
    /// `recordCount` records are read (a group that passes it is refused); then the rest of
    /// the 1.0 rules (zeros, region length, continuations, Padmé) over the compressed
    /// stream. The records are decoded later, from the decompressed groups.
    func readCompressedRecords(index: PayloadIndex, bodies: RegionBodies, indexEnd: Int) throws -> RecordsRegion {
        var content = [UInt8]()
        // One buffer for every group, reserved for what the groups declare (reserving touches
        // no memory; a hostile declaration costs address space only), so decompressing never
        // copies a growing buffer: that was a third of reading 100,000 records' region.
        content.reserveCapacity(Self.declaredContent(of: bodies, from: indexEnd))
        var spans = [Range<Int>]()
        var groupChunks = [Int]()
        var groupEnds = [Int]()
        let keepsGroups = keepsRecordGroups.value
        var stored = [StoredRecordGroup]()
        let known = knownRecordGroups.value
        var nextKnown = 0
        var knownRecords = [Range<Int>]()
        var used = indexEnd
        do {
            try bodies.bytes.withUnsafeBytes { stream in
                var cursor = ByteReader(stream, at: indexEnd)
                while spans.count < index.recordCount {
                    let at = cursor.position
                    let chunk = at / PayloadIndex.body
                    guard let size = cursor.readInteger(UInt32.self) else {
                        throw malformed(
                            "the records region ends after \(spans.count) of \(index.recordCount) records", chunk: chunk
                        )
                    }
                    guard size > 0, let frame = cursor.read(Int(size)) else {
                        throw malformed(
                            "record group at stream offset \(at) claims \(size) bytes; \(cursor.remaining) remain in the records region",
                            chunk: chunk)
                    }
                    let limit = RecordGroup.contentLimit(afterReading: content.count)
                    let base = content.count
                    let records: [Range<Int>]
                    do {
                        try Zstd.decompress(
                            UnsafeRawBufferPointer(rebasing: frame), limit: limit, appendingTo: &content)
                        records = try content.withUnsafeBytes {
                            try RecordGroup.records(in: UnsafeRawBufferPointer(rebasing: $0[base...]))
                        }
                    } catch let refusal as Zstd.Refusal {
                        throw malformed("the record group at stream offset \(at) \(refusal.reason)", chunk: chunk)
                    }
                    guard spans.count + records.count <= index.recordCount else {
                        throw malformed(
                            "the record group at stream offset \(at) holds records past the index's \(index.recordCount)",
                            chunk: chunk)
                    }
                    // Known groups come in the order written: compared in place, never copied.
                    if nextKnown < known.count,
                        known[nextKnown].withUnsafeBytes({ k in
                            k.count == cursor.position - at
                                && memcmp(k.baseAddress!, stream.baseAddress! + at, k.count) == 0
                        })
                    {
                        knownRecords.append(spans.count..<spans.count + records.count)
                        nextKnown += 1
                    }
                    if keepsGroups {
                        stored.append(
                            StoredRecordGroup(
                                records: spans.count..<spans.count + records.count, contentBytes: content.count - base,
                                item: Array(stream[at..<cursor.position])))
                    }
                    spans += records.map { base + $0.lowerBound..<base + $0.upperBound }
                    groupChunks += Array(repeating: chunk, count: records.count)
                    groupEnds.append(cursor.position)
                }
                used = cursor.position
                guard cursor.restIsZero else {
                    let stray = stream[used...].firstIndex { $0 != 0 } ?? used
                    throw malformed(
                        "non-zero bytes after the last record group (a group not counted?)",
                        chunk: stray / PayloadIndex.body)
                }
            }
        } catch {
            content.wipe()
            throw error
        }
        try checkRegionLayout(index, bodies: bodies, itemEnds: [indexEnd] + groupEnds, used: used)
        remember(index)
        if keepsGroups { recordGroups.value = stored }
        var region = RecordsRegion(index: index, stream: content, spans: spans)
        region.groupChunks = groupChunks
        region.knownRecords = knownRecords
        region.compressedBytes = used - indexEnd
        return region
    }

    /// What the chain of record groups after the index declares in all, as far as it reads
    /// (a length, a frame, a length…), capped at the records' limit: a reservation, checked
    /// by nothing; ``readCompressedRecords(index:bodies:indexEnd:)`` checks each group.
    static func declaredContent(of bodies: RegionBodies, from indexEnd: Int) -> Int {
        bodies.bytes.withUnsafeBytes { stream in
            var cursor = ByteReader(stream, at: indexEnd)
            var total = 0
            while let size = cursor.readInteger(UInt32.self), size > 0, let frame = cursor.read(Int(size)),
                let declared = Zstd.declaredContentSize(UnsafeRawBufferPointer(rebasing: frame))
            {
                total += declared
                if total >= RecordGroup.maximumRecordsContentBytes { return RecordGroup.maximumRecordsContentBytes }
            }
            return total
        }
    }
}
