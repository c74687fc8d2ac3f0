import Foundation
import PropertyList

/// Reads the records of a region one after another, for one thread. With compressed records
/// a group is decompressed once, into a buffer of the reader's own, for every record read
/// from it in a row; the buffer is wiped when the reader goes. Records read in order cost one
/// decompression per group, and the plaintext held at once is one group (at most 16 MiB,
/// mostly 512 KiB), not the region.
final class RecordReader {
    private let region: RecordsRegion
    private let vault: UnlockedVault
    /// The decompressed content of group ``loaded`` (secret), as long as the region's
    /// largest group, allocated on the first read.
    private var content: [UInt8] = []
    private var loaded: Int? = nil

    init(region: RecordsRegion, vault: UnlockedVault) {
        self.region = region
        self.vault = vault
    }

    deinit { content.wipe() }

    /// Record `n`, decoded. A record that is not a valid bplist00 is a payload failure naming
    /// its chunk (with compressed records, the chunk where its group starts).
    func decode(_ n: Int) throws -> PropertyListValue {
        try withBytes(of: n) { bytes in
            try decoding(n) { try BinaryPropertyList.decode(bytes) }
        }
    }

    /// ``decode(_:)`` of the entries under `keys` only (nil when the record is not a
    /// dictionary).
    func entries(_ n: Int, keys: BinaryPropertyList.Keys) throws -> PropertyListDictionary? {
        try withBytes(of: n) { bytes in
            try decoding(n) { try BinaryPropertyList.decodeEntries(bytes, keys: keys) }
        }
    }

    private func decoding<T>(_ n: Int, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PropertyListError {
            throw vault.malformed("record \(n) is not a valid bplist00: \(error)", chunk: region.chunk(ofRecord: n))
        }
    }

    /// Record `n`'s bplist00 bytes, lent to `body`.
    private func withBytes<R>(of n: Int, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        let span = region.spans[n]
        guard let groups = region.groups else {
            return try region.stream.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[span])) }
        }
        let group = loaded.flatMap { groups[$0].records.contains(n) ? $0 : nil } ?? region.group(ofRecord: n)
        if loaded != group { try load(group, of: groups) }
        return try content.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[span])) }
    }

    /// Decompresses group `g` into ``content``. Reading checked every group, so a failure here
    /// means the bytes changed under the reader; it is reported as damage all the same.
    private func load(_ g: Int, of groups: [CheckedRecordGroup]) throws {
        if content.isEmpty { content = [UInt8](repeating: 0, count: region.largestGroupBytes) }
        loaded = nil
        let group = groups[g]
        do {
            _ = try region.stream.withUnsafeBytes { stream in
                try content.withUnsafeMutableBytes { out in
                    try Zstd.decompress(
                        UnsafeRawBufferPointer(rebasing: stream[group.frame]), limit: group.contentBytes, into: out)
                }
            }
        } catch let refusal as Zstd.Refusal {
            throw vault.malformed(
                "the record group of record \(group.records.lowerBound) \(refusal.reason)", chunk: group.chunk)
        }
        loaded = g
    }
}
