import Foundation
import PropertyList
import VaultCrypto

/// The records region of a payload, read and checked (spec/FORMAT.md §6): the index, then
/// `recordCount` records, then zeros. Holds the concatenated chunk bodies and where each
/// record lies; records are decoded on demand, through a ``RecordReader``.
struct RecordsRegion: Sendable {
    let index: PayloadIndex
    /// The region's chunk bodies, concatenated (secret: wiped by ``wipe()``). With compressed
    /// records they hold the groups' frames, never their decompressed content.
    private(set) var stream: [UInt8]
    /// Each record's bplist00 bytes: in `stream`, or with compressed records in its group's
    /// decompressed content.
    let spans: [Range<Int>]
    /// With compressed records, the groups, in order; nil when records are stored as they are.
    var groups: [CheckedRecordGroup]? = nil
    /// With compressed records, the bytes their groups take in the region (length prefixes
    /// included); nil when records are stored as they are.
    var compressedBytes: Int? = nil
    /// Records known to decode (in groups a save wrote again byte for byte, which it decoded
    /// when it read them), in order: ``decodeEveryRecord(in:)`` skips them.
    var knownRecords: [Range<Int>] = []

    /// The largest group's content: what a ``RecordReader`` allocates.
    var largestGroupBytes: Int { groups?.lazy.map(\.contentBytes).max() ?? 0 }

    /// The group holding record `n` (compressed records only).
    func group(ofRecord n: Int) -> Int {
        let groups = groups!
        var low = 0
        var high = groups.count - 1
        while low < high {
            let middle = (low + high) / 2
            if groups[middle].records.upperBound <= n { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The chunk named when record `n` is damaged: where its group's length prefix starts, or
    /// where the record starts.
    func chunk(ofRecord n: Int) -> Int {
        guard let groups else { return spans[n].lowerBound / PayloadIndex.body }
        return groups[group(ofRecord: n)].chunk
    }

    func decodeRecord(_ n: Int, in vault: UnlockedVault) throws -> PropertyListValue {
        try RecordReader(region: self, vault: vault).decode(n)
    }

    /// Every record, decoded in order on this thread (its reader gone before the region is
    /// wiped, so no second reference to the plaintext outlives it).
    func decodeInOrder(in vault: UnlockedVault) throws -> [PropertyListValue] {
        let reader = RecordReader(region: self, vault: vault)
        return try spans.indices.map { try reader.decode($0) }
    }

    /// `range` cut into about `count` consecutive slices for as many threads, each starting
    /// at a group's first record (so no group is decompressed by two).
    func slices(of range: Range<Int>, count: Int) -> [Range<Int>] {
        var cuts = [range.lowerBound]
        for slice in 1..<max(1, count) {
            var cut = range.lowerBound + range.count * slice / count
            if let groups {
                let group = groups[self.group(ofRecord: cut)].records
                if group.lowerBound != cut { cut = group.upperBound }
            }
            if cut > cuts.last!, cut < range.upperBound { cuts.append(cut) }
        }
        cuts.append(range.upperBound)
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }
    }

    /// Decodes every record on every core without keeping them (what `verify` and a save's
    /// verification need, at a fraction of the memory), except ``knownRecords`` (whose groups
    /// are not even decompressed); throws the lowest failing record's error.
    func decodeEveryRecord(in vault: UnlockedVault) throws {
        guard !spans.isEmpty else { return }
        var isKnown = [Bool](repeating: false, count: spans.count)
        for range in knownRecords { for n in range { isKnown[n] = true } }
        let known = isKnown
        let slices = slices(
            of: 0..<spans.count, count: spans.count < 256 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4)
        let failures = FirstFailure()
        let region = self
        DispatchQueue.concurrentPerform(iterations: slices.count) { slice in
            let reader = RecordReader(region: region, vault: vault)
            for n in slices[slice] where !known[n] {
                do { _ = try reader.decode(n) } catch {
                    failures.record(error, at: n)
                    return
                }
            }
        }
        if let error = failures.error { throw error }
    }

    mutating func wipe() {
        stream.wipe()
    }
}

extension UnlockedVault {
    /// Reads the records region and checks it in full, in this order (each failure is a
    /// payload failure naming the chunk where it is found):
    ///
    /// 1. chunk 0's frame (records, continuation 0) and the index length (u32, ≥ 1, within
    ///    the payload);
    /// 2. the index: a bplist00 dictionary of the closed schema, describing a layout that
    ///    fits the chunk count (``PayloadIndex``);
    /// 3. every chunk of the region: its frame (records kind, zero reserved bytes);
    /// 4. `recordCount` records, each a u32 length ≥ 1 and that many bytes within the region;
    /// 5. everything after the last record is zero, and the region is exactly as many chunks
    ///    as its stream needs;
    /// 6. every chunk's continuation is the value §6 defines;
    /// 7. the payload's plaintext length is the Padmé length of this layout.
    ///
    /// Records are not decoded here (``RecordsRegion/decodeRecord(_:in:)``).
    func readRecordsRegion() throws -> RecordsRegion {
        let (index, bodies, indexEnd) = try readIndexOnly()
        let records = index.records
        guard records.chunkCount >= bodies.continuations.count else {
            throw malformed("the records region (\(records.chunkCount) chunks) is shorter than its index", chunk: 0)
        }
        // Buffers grow with what has been authenticated, never by what the index claims:
        // room is made at once for the region's chunks that the file holds (a buffer that
        // doubles as it goes held up to half as much again, which a save's verification
        // added to the document it had just written).
        if bodies.continuations.count < records.chunkCount {
            bodies.reserve(chunks: min(records.chunkCount, file.chunkCount))
            try forEachChunk(in: bodies.continuations.count..<records.chunkCount) { chunk, plain in
                try bodies.append(plain, chunk: chunk, kind: .records, in: self)
            }
        }
        if file.header.compressesRecords {
            return try readCompressedRecords(index: index, bodies: bodies, indexEnd: indexEnd)
        }
        // Records: each a u32 length (≥ 1) and its bytes, all within the region. Read through
        // a buffer pointer, so no second reference to the plaintext outlives this scope.
        let (spans, used) = try bodies.bytes.withUnsafeBytes { stream in
            var cursor = ByteReader(stream, at: indexEnd)
            var spans = [Range<Int>]()
            spans.reserveCapacity(min(index.recordCount, cursor.remaining / 5))
            for n in 0..<index.recordCount {
                let at = cursor.position
                guard let size = cursor.readInteger(UInt32.self) else {
                    throw malformed("record \(n) of \(index.recordCount) is missing", chunk: at / PayloadIndex.body)
                }
                guard size > 0, cursor.skip(Int(size)) else {
                    throw malformed(
                        "record \(n) claims \(size) bytes; \(cursor.remaining) remain in the records region",
                        chunk: at / PayloadIndex.body)
                }
                spans.append(at + 4..<cursor.position)
            }
            let used = cursor.position
            guard cursor.restIsZero else {
                let stray = stream[used...].firstIndex { $0 != 0 } ?? used
                throw malformed(
                    "non-zero bytes after the last of \(index.recordCount) records (a record not counted?)",
                    chunk: stray / PayloadIndex.body)
            }
            return (spans, used)
        }
        try checkRegionLayout(index, bodies: bodies, itemEnds: [indexEnd] + spans.map(\.upperBound), used: used)
        remember(index)
        return RecordsRegion(index: index, stream: bodies.take(), spans: spans)
    }

    /// Steps 5–7 of ``readRecordsRegion()`` once the items are read: the region's length,
    /// every continuation, Padmé.
    func checkRegionLayout(_ index: PayloadIndex, bodies: RegionBodies, itemEnds: [Int], used: Int) throws {
        let records = index.records
        guard records.chunkCount == PayloadIndex.chunks(forStreamBytes: used) else {
            throw malformed(
                "the records region is \(records.chunkCount) chunks; its \(used) bytes need "
                    + "\(PayloadIndex.chunks(forStreamBytes: used))", chunk: 0)
        }
        try checkContinuations(bodies.continuations, itemEnds: itemEnds, region: records)
        let padded = index.paddedPlaintextLength(recordsStreamBytes: used)
        guard file.geometry.plaintextLength == padded else {
            throw malformed(
                "the payload holds \(file.geometry.plaintextLength) plaintext bytes; this layout pads to \(padded)",
                chunk: chunkCount - 1)
        }
    }

    /// Reads chunks from 0 until the index is complete, and parses it. Checks only what the
    /// index itself says (for salvage, which must read the index of a vault whose later
    /// records are damaged). Returns the bodies read so far and where the index ends.
    func readIndexOnly() throws -> (index: PayloadIndex, bodies: RegionBodies, indexEnd: Int) {
        let bodies = RegionBodies()
        var first = try chunk(0)
        defer { first.wipe() }
        try bodies.append(first, chunk: 0, kind: .records, in: self)
        guard bodies.continuations[0] == 0 else {
            throw malformed(
                "chunk 0 has continuation \(bodies.continuations[0]); a region's first chunk has 0", chunk: 0)
        }
        let claimed = bodies.bytes.withUnsafeBytes { stream in
            var cursor = ByteReader(stream)
            return cursor.readInteger(UInt32.self).map(Int.init)
        }
        guard let length = claimed else { throw malformed("chunk 0 ends before the index length", chunk: 0) }
        guard length >= 1, 4 + length <= chunkCount * PayloadIndex.body else {
            throw malformed("index length \(length) does not fit in \(chunkCount) chunks", chunk: 0)
        }
        let needed = PayloadIndex.chunks(forStreamBytes: 4 + length)
        if needed > 1 {
            try forEachChunk(in: 1..<needed) { chunk, plain in
                try bodies.append(plain, chunk: chunk, kind: .records, in: self)
            }
        }
        guard bodies.bytes.count >= 4 + length else {
            throw malformed("the index (\(length) bytes) runs past the payload", chunk: 0)
        }
        let index: PayloadIndex
        do {
            index = try PayloadIndex(
                BinaryPropertyList.decode(bodies.bytes[4..<4 + length]), chunkCount: chunkCount,
                recordsCompressed: file.header.compressesRecords,
                slotsIfCollections: file.header.hasCollections ? file.header.slots.count : nil)
        } catch let failure as IndexFailure {
            throw malformed("invalid index: \(failure.reason)", chunk: 0)
        } catch {
            throw malformed("the index is not a valid bplist00: \(error)", chunk: 0)
        }
        return (index, bodies, 4 + length)
    }

    /// Every chunk of a region after its first must carry the continuation §6 defines: the
    /// bytes of the item in progress at its start that lie in its body (all of the body when
    /// the item goes on), or 0 when an item starts exactly there or the stream has ended.
    /// `found` holds the region's continuations, in chunk order.
    func checkContinuations(_ found: [Int], itemEnds: [Int], region: PayloadIndex.Region) throws {
        var item = 0
        var itemStart = 0
        for offset in 1..<max(1, region.chunkCount) {
            let chunkStart = offset * PayloadIndex.body
            while item < itemEnds.count, itemEnds[item] <= chunkStart {
                itemStart = itemEnds[item]
                item += 1
            }
            let expected =
                item < itemEnds.count
                ? ChunkFrame.expectedContinuation(chunkStart: chunkStart, itemStart: itemStart, itemEnd: itemEnds[item])
                : 0
            guard found[offset] == expected else {
                throw malformed(
                    "chunk \(region.firstChunk + offset) has continuation \(found[offset]); the layout says \(expected)",
                    chunk: region.firstChunk + offset)
            }
        }
    }
}

/// A region's chunk bodies concatenated, and each chunk's continuation, as read. It owns
/// the plaintext: the buffer grows by copying (the old copy wiped) and is wiped when this
/// goes, unless ``take()`` handed it on.
final class RegionBodies {
    private(set) var bytes: [UInt8] = []
    private(set) var continuations: [Int] = []

    deinit { bytes.wipe() }

    /// Checks a chunk's frame for `kind` and appends its body.
    func append<Bytes: RandomAccessCollection>(
        _ plain: Bytes, chunk: Int, kind: ChunkKind, in vault: UnlockedVault
    ) throws where Bytes.Element == UInt8, Bytes.Index == Int {
        switch ChunkFrame.parse(plain, expecting: kind) {
        case .failure(let failure): throw vault.malformed("chunk \(chunk) \(failure.reason)", chunk: chunk)
        case .success(let frame):
            let body = plain[(plain.startIndex + FormatLimits.frameHeaderBytes)...]
            bytes.appendKeepingSecret(body)
            continuations.append(frame.continuation)
        }
    }

    /// Room for `chunks` chunks' bodies, up to ``largestReservation`` (past it the buffer
    /// grows as bodies arrive: a file can be as large as it claims and still hold nothing).
    func reserve(chunks: Int) {
        bytes.reserveKeepingSecret(min(chunks, Self.largestReservation / PayloadIndex.body) * PayloadIndex.body)
    }

    /// The most ``reserve(chunks:)`` asks for at once: 256 MiB.
    static let largestReservation = 256 << 20

    /// The bytes, handed to their next owner (who wipes them).
    func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}
