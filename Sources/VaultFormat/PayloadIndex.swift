import Foundation
import PropertyList

/// The payload index (spec/FORMAT.md §6), the first item of the records region: a bplist00
/// dictionary with exactly the keys `format`, `recordCount`, `records` and `blobs`.
///
/// The layout it describes is canonical: the records region is chunks `0..<k` with `k` the
/// fewest chunks its stream needs; blob regions follow it back to back, in index order, each
/// exactly as long as its stream needs; padding chunks fill the rest. So one set of records
/// and blobs has exactly one plaintext, and a reader can refuse anything else.
struct PayloadIndex: Equatable {
    struct Region: Equatable {
        var firstChunk: Int
        var chunkCount: Int
        var end: Int { firstChunk + chunkCount }
    }

    struct Blob: Equatable {
        var id: [UInt8]
        /// The blob's bytes as its owner sees them (decompressed).
        var length: Int
        var region: Region
        /// With compressed blobs (§12.5): the size of the zstd frame the region stores
        /// instead of the bytes; nil for a blob stored as it is.
        var zstdLength: Int? = nil
        /// The bytes the region stores after its header: the blob, or its frame.
        var storedLength: Int { zstdLength ?? length }
        /// The region's stream: id, u64 length, the stored bytes.
        var streamBytes: Int { PayloadIndex.blobHeaderBytes + storedLength }
    }

    var recordCount: Int
    var records: Region
    var blobs: [Blob]
    /// Members and collections (§13), in a vault with the collections extension only.
    var collections: CollectionTable?

    static let keys: Set<String> = ["format", "recordCount", "records", "blobs"]
    static let collectionKeys: Set<String> = ["members", "collections"]
    static let blobKeys: Set<String> = ["id", "length", "region"]
    /// A compressed blob's entry (§12.5) has one more key, the size of its frame.
    static let compressedBlobKeys: Set<String> = ["id", "length", "region", "zstd"]
    /// A blob region starts with its 16-byte id and u64 length.
    static let blobHeaderBytes = 24
    static let blobIDBytes = 16
    static let body = FormatLimits.chunkBodyBytes

    /// Chunks a region's stream of `bytes` occupies: at least one.
    static func chunks(forStreamBytes bytes: Int) -> Int { max(1, (bytes + body - 1) / body) }

    /// The first chunk after the last content region; padding chunks follow.
    var contentEnd: Int { blobs.last?.region.end ?? records.end }

    var value: PropertyListValue {
        var d = PropertyListDictionary()
        d["format"] = 1
        d["recordCount"] = .integer(recordCount)
        d["records"] = Self.encode(records)
        d["blobs"] = .array(
            blobs.map { blob in
                var b = PropertyListDictionary()
                b["id"] = .data(Data(blob.id))
                b["length"] = .integer(blob.length)
                b["region"] = Self.encode(blob.region)
                if let zstd = blob.zstdLength { b["zstd"] = .integer(zstd) }
                return .dictionary(b)
            })
        if let collections {
            d["members"] = collections.membersValue
            d["collections"] = collections.collectionsValue
        }
        return .dictionary(d)
    }

    private static func encode(_ region: Region) -> PropertyListValue {
        [.integer(region.firstChunk), .integer(region.chunkCount)]
    }

    init(recordCount: Int, records: Region, blobs: [Blob], collections: CollectionTable? = nil) {
        self.recordCount = recordCount
        self.records = records
        self.blobs = blobs
        self.collections = collections
    }

    /// Parses the index and checks every rule that needs no other chunk: the schema, and a
    /// layout that fits `chunkCount` chunks with each blob region where and as long as it
    /// must be. Throws ``IndexFailure`` saying what is wrong.
    init(_ value: PropertyListValue, chunkCount: Int, recordsCompressed: Bool = false, slotsIfCollections: Int? = nil)
        throws
    {
        guard let d = value.dictionaryValue else { throw IndexFailure("the index is not a dictionary") }
        let keys = Set(d.keys)
        let expected = slotsIfCollections == nil ? Self.keys : Self.keys.union(Self.collectionKeys)
        if let missing = expected.subtracting(keys).sorted().first {
            throw IndexFailure("the index lacks \"\(missing)\"")
        }
        if let extra = keys.subtracting(expected).sorted().first {
            throw IndexFailure("the index has an unknown key \"\(extra)\"")
        }
        guard case .integer(let format)? = d["format"], format.int64Value == 1 else {
            throw IndexFailure("index \"format\" must be the integer 1")
        }
        let recordCount = try Self.count(d["recordCount"], "recordCount")
        let records = try Self.region(d["records"], "records", chunkCount: chunkCount)
        guard records.firstChunk == 0, records.chunkCount >= 1 else {
            throw IndexFailure("the records region must start at chunk 0 and hold at least one chunk")
        }
        // A record takes at least 5 bytes (length and one byte) of the region, or with
        // compressed records (§12) of the decompressed content, which is at most 1 GiB; a
        // count that cannot fit is refused before anything is sized by it.
        let room = recordsCompressed ? RecordGroup.maximumRecordsContentBytes : records.chunkCount * Self.body
        guard recordCount <= room / 5 else {
            throw IndexFailure("recordCount \(recordCount) cannot fit in \(records.chunkCount) chunks")
        }
        guard let blobValues = d["blobs"]?.arrayValue else { throw IndexFailure("index \"blobs\" is not an array") }
        var blobs = [Blob]()
        var ids = Set<[UInt8]>()
        var next = records.end
        for (n, blobValue) in blobValues.enumerated() {
            guard let b = blobValue.dictionaryValue,
                Set(b.keys) == Self.blobKeys || (recordsCompressed && Set(b.keys) == Self.compressedBlobKeys)
            else {
                throw IndexFailure(
                    "blob \(n) must be a dictionary of exactly id, length and region"
                        + (recordsCompressed ? " (and zstd, for a compressed blob)" : ""))
            }
            guard case .data(let id)? = b["id"], id.count == Self.blobIDBytes else {
                throw IndexFailure("blob \(n): id must be \(Self.blobIDBytes) bytes of data")
            }
            guard ids.insert(Array(id)).inserted else { throw IndexFailure("blob \(n): id appears twice") }
            let length = try Self.count(b["length"], "blob \(n) length")
            let region = try Self.region(b["region"], "blob \(n) region", chunkCount: chunkCount)
            var blob = Blob(id: Array(id), length: length, region: region)
            if b["zstd"] != nil {
                let zstd = try Self.count(b["zstd"], "blob \(n) zstd")
                // A frame is kept only where it is smaller than the blob (§12.5), and the
                // blob is at most what one frame may hold, so reading it is bounded.
                guard length <= BlobCompression.maximumBlobBytes, zstd >= 1, zstd < length else {
                    throw IndexFailure(
                        "blob \(n): a compressed blob of \(length) bytes must be 1…\(BlobCompression.maximumBlobBytes) "
                            + "bytes and its frame (\(zstd) bytes) smaller than it")
                }
                blob.zstdLength = zstd
            }
            // Bounded by the chunk count first, so the arithmetic below cannot overflow.
            guard blob.storedLength <= chunkCount * Self.body else {
                throw IndexFailure("blob \(n): length \(blob.storedLength) exceeds the payload")
            }
            guard region.firstChunk == next else {
                throw IndexFailure(
                    "blob \(n) region starts at chunk \(region.firstChunk); the previous region ends at \(next)")
            }
            guard region.chunkCount == Self.chunks(forStreamBytes: blob.streamBytes) else {
                throw IndexFailure(
                    "blob \(n) region is \(region.chunkCount) chunks; its \(blob.storedLength) bytes need "
                        + "\(Self.chunks(forStreamBytes: blob.streamBytes))")
            }
            next = region.end
            blobs.append(blob)
        }
        var collections: CollectionTable? = nil
        if let slotCount = slotsIfCollections {
            collections = try CollectionTable(
                members: d["members"], collections: d["collections"], slotCount: slotCount)
        }
        self.init(recordCount: recordCount, records: records, blobs: blobs, collections: collections)
    }

    private static func count(_ value: PropertyListValue?, _ name: String) throws -> Int {
        guard case .integer(let i)? = value, let n = i.int64Value.flatMap({ Int(exactly: $0) }), n >= 0 else {
            throw IndexFailure("index \"\(name)\" must be a non-negative integer")
        }
        return n
    }

    private static func region(_ value: PropertyListValue?, _ name: String, chunkCount: Int) throws -> Region {
        guard let a = value?.arrayValue, a.count == 2, case .integer(let f) = a[0], case .integer(let c) = a[1],
            let first = f.int64Value.flatMap({ Int(exactly: $0) }),
            let count = c.int64Value.flatMap({ Int(exactly: $0) }), first >= 0, count >= 0
        else { throw IndexFailure("index \"\(name)\" must be [firstChunk, chunkCount], two non-negative integers") }
        guard first <= chunkCount, count <= chunkCount - first else {
            throw IndexFailure("\(name) [\(first), \(count)] lies past the last of \(chunkCount) chunks")
        }
        return Region(firstChunk: first, chunkCount: count)
    }

    /// The padded plaintext length this layout must have (§6 "Padding"), given the length
    /// of the records region's stream (index and records, without the zero fill).
    func paddedPlaintextLength(recordsStreamBytes: Int) -> Int {
        Self.paddedPlaintextLength(
            contentChunks: contentEnd, lastRegionStreamBytes: blobs.last?.streamBytes ?? recordsStreamBytes)
    }

    /// Padmé of the unpadded length (all content chunks full except the last, which ends
    /// where its stream ends). The final chunk always holds its frame: the unpadded length is
    /// at least 9, and past one chunk Padmé rounds to a multiple of 2,048 (spec §6.4).
    static func paddedPlaintextLength(contentChunks: Int, lastRegionStreamBytes: Int) -> Int {
        let lastUsed = lastRegionStreamBytes - (chunks(forStreamBytes: lastRegionStreamBytes) - 1) * body
        let unpadded = (contentChunks - 1) * FormatLimits.chunkPlaintextBytes + FormatLimits.frameHeaderBytes + lastUsed
        return padme(unpadded)
    }
}

/// Why an index was refused (a payload failure at chunk 0).
struct IndexFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
