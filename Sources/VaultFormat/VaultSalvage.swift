import Foundation
import PropertyList

/// Recovers what is intact from a damaged vault whose header still opens: every record and
/// blob whose chunks authenticate. Damaged chunks are skipped; the continuation field of the
/// next good chunk says where the next whole item starts.
public struct SalvageReport: Sendable {
    public var damagedChunks: [(index: Int, byteRange: Range<Int>)] = []
    public var missingChunks = 0
    public var recordsRecovered = 0
    /// Known when the index survived; otherwise nil.
    public var recordsExpected: Int?
    public var blobsRecovered: [[UInt8]] = []
    public var blobsLost: [[UInt8]] = []
    public var indexLost = false
    /// Private collections (§13) carried sealed, as the index held them; all of them are
    /// lost with the index.
    public var collectionsCarried = 0

    /// Something was lost and nothing recovered: no record, blob or collection. A salvage
    /// then has nothing worth writing (spec/FORMAT.md §6.6: the payload failure's class).
    public var lostEverything: Bool {
        let lostSomething = indexLost || recordsExpected != recordsRecovered || !blobsLost.isEmpty
        return lostSomething && recordsRecovered == 0 && blobsRecovered.isEmpty && collectionsCarried == 0
    }
}

extension UnlockedVault {
    /// The intact records and blobs, and what was lost.
    public func salvage() -> (payload: VaultPayload, report: SalvageReport) {
        var report = SalvageReport()
        report.missingChunks = chunkCount - file.availableChunks
        let index = try? readIndexOnly().index
        report.indexLost = index == nil
        report.recordsExpected = index?.recordCount
        // One pass over every chunk present finds the damaged ones; only the records
        // region's bodies are kept (chunks 0..<k per the index, or, without it, while chunks
        // are records or damaged), so memory stays at that region whatever the blobs weigh.
        var bodies = [Int: (continuation: Int, body: [UInt8], kind: UInt8)]()
        defer { for key in Array(bodies.keys) { bodies[key]?.body.wipe() } }
        var recordChunks = index?.records.chunkCount
        for chunkIndex in 0..<file.availableChunks {
            guard var plain = try? chunk(chunkIndex), plain.count >= FormatLimits.frameHeaderBytes else {
                report.damagedChunks.append((chunkIndex, file.fileRange(ofChunk: chunkIndex)))
                continue
            }
            defer { plain.wipe() }
            if recordChunks == nil, plain[0] != ChunkKind.records.rawValue { recordChunks = chunkIndex }
            guard chunkIndex < recordChunks ?? .max else { continue }
            let continuation = Int(plain[4]) | Int(plain[5]) << 8 | Int(plain[6]) << 16 | Int(plain[7]) << 24
            bodies[chunkIndex] = (continuation, Array(plain[FormatLimits.frameHeaderBytes...]), plain[0])
        }
        let damaged = Set(report.damagedChunks.map(\.index))
        var records = [PropertyListValue]()
        let compressed = file.header.compressesRecords
        var decompressed = 0  // within the same limit as a reader's
        var carry: [UInt8]? = []  // bytes of the item in progress; nil while resynchronising
        var skip = 0
        var itemNumber = 0  // item 0 is the index
        for chunkIndex in 0..<min(recordChunks ?? file.availableChunks, file.availableChunks) {
            guard let frame = bodies[chunkIndex] else {
                carry = nil
                continue
            }
            var body = frame.body[...]
            if carry == nil {
                // The item under way at a damaged chunk may go on through this whole chunk:
                // then no item starts here, and resynchronising waits for the next one.
                guard frame.continuation < frame.body.count else { continue }
                skip = frame.continuation
                body = body.dropFirst(skip)
                carry = []
                if chunkIndex > 0 { itemNumber = -1 }  // item numbering lost with the damaged chunk
            }
            carry! += body
            // Take every complete item out of the carry (by offset, then one compaction: an
            // item at a time would be quadratic in a chunk of many small records).
            var consumed = 0
            while carry!.count - consumed >= 4 {
                let at = consumed
                let length =
                    Int(carry![at]) | Int(carry![at + 1]) << 8 | Int(carry![at + 2]) << 16 | Int(carry![at + 3]) << 24
                if length == 0 {  // zero fill: the region's content ended
                    consumed = carry!.count
                    break
                }
                guard carry!.count - at - 4 >= length else { break }
                if itemNumber != 0 {
                    let item = carry![at + 4..<at + 4 + length]
                    if compressed {
                        records += salvageGroup(item, decompressedSoFar: &decompressed)
                    } else if let value = try? BinaryPropertyList.decode(item) {
                        records.append(value)
                    }
                }
                if itemNumber >= 0 { itemNumber += 1 }
                consumed = at + 4 + length
            }
            carry!.removeFirst(consumed)
        }
        if let expected = index?.recordCount, records.count > expected { records = Array(records.prefix(expected)) }
        report.recordsRecovered = records.count
        // Blobs: by the index; without it they cannot be located reliably and are reported
        // lost. An intact blob (every chunk present, authentic and as §6 says) is streamed
        // from this vault when the salvaged one is written, never held in memory.
        var blobs = [(id: [UInt8], source: any BlobSource)]()
        for blob in index?.blobs ?? [] {
            let chunks = blob.region.firstChunk..<blob.region.end
            let intact =
                chunks.upperBound <= file.availableChunks && damaged.isDisjoint(with: chunks)
                && (try? readBlob(blob) { _ in }) != nil
            if intact {
                blobs.append((blob.id, VaultBlobSource(vault: self, blob: blob)))
                report.blobsRecovered.append(blob.id)
            } else {
                report.blobsLost.append(blob.id)
            }
        }
        // Private collections live in the index, sealed: an intact index carries them all
        // (the salvaged vault keeps the slots, so their member keys and grants still hold).
        var payload = VaultPayload(records: records, blobs: blobs)
        payload.collections = index?.collections
        report.collectionsCarried = index?.collections?.collections.count ?? 0
        return (payload, report)
    }
}

extension UnlockedVault {
    /// The records of one intact compressed group (spec/FORMAT.md §12), or none when it
    /// breaks a rule; the bomb limits hold as when reading.
    func salvageGroup(_ item: ArraySlice<UInt8>, decompressedSoFar total: inout Int) -> [PropertyListValue] {
        let limit = RecordGroup.contentLimit(afterReading: total)
        guard var content = try? Array(item).withUnsafeBytes({ try Zstd.decompress($0, limit: limit) }) else {
            return []
        }
        defer { content.wipe() }
        total += content.count
        guard let spans = try? RecordGroup.records(in: content) else { return [] }
        return spans.compactMap { try? BinaryPropertyList.decode(content[$0]) }
    }
}

extension VaultStore {
    /// Writes salvaged content as a new vault with the same file key and slots.
    public static func writeSalvaged(
        _ payload: VaultPayload, from vault: UnlockedVault, to path: String, options: SaveOptions = SaveOptions()
    )
        throws
    {
        let lock = try lockForCreating(path)  // exclusive: never over a file that appears meanwhile
        defer { withExtendedLifetime(lock) {} }
        try write(
            path: path, keys: vault.keys, slots: vault.file.header.slots, extensions: vault.file.header.extensions,
            generation: vault.file.header.generation + 1, payload: payload, options: options, exclusive: true,
            parity: vault.file.parityToKeep)
    }
}
