import Foundation
import PropertyList

/// Where things live in the payload plaintext (spec/FORMAT.md §4).
///
/// Every chunk's plaintext starts with an 8-byte frame: kind (1 records, 2 blob, 0 padding),
/// 3 zero bytes, and a u32 "continuation" — how many bytes at the start of the body continue
/// an item begun in an earlier chunk. Regions start on chunk boundaries: first the records
/// region (the index, then every record), then one region per blob. So reading the records
/// never decrypts a blob chunk, a damaged chunk loses only the items it touches, and a
/// salvager can resynchronise at the next chunk. A vault without blobs is one region, and a
/// small one a single chunk.
public enum ChunkKind: UInt8, Sendable {
    case padding = 0
    case records = 1
    case blob = 2
}

/// The index region's content, a bplist00 dictionary.
struct PayloadIndex: Equatable {
    struct Region: Equatable {
        var firstChunk: Int
        var chunkCount: Int
    }

    struct Blob: Equatable {
        var id: [UInt8]
        var length: Int
        var region: Region
    }

    var recordCount: Int
    var records: Region
    var blobs: [Blob]

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
                return .dictionary(b)
            })
        return .dictionary(d)
    }

    private static func encode(_ region: Region) -> PropertyListValue {
        [.integer(region.firstChunk), .integer(region.chunkCount)]
    }

    init(recordCount: Int, records: Region, blobs: [Blob]) {
        self.recordCount = recordCount
        self.records = records
        self.blobs = blobs
    }

    /// Parses and checks the index against the chunk count; nil when it does not describe
    /// a consistent layout.
    init?(_ value: PropertyListValue, chunkCount: Int) {
        guard let d = value.dictionaryValue, d["format"] == 1,
            case .integer(let count)? = d["recordCount"],
            let recordCount = count.int64Value.flatMap({ Int(exactly: $0) }),
            recordCount >= 0, let records = Self.region(d["records"], chunkCount: chunkCount),
            let blobValues = d["blobs"]?.arrayValue
        else { return nil }
        var blobs = [Blob]()
        for blobValue in blobValues {
            guard let b = blobValue.dictionaryValue, case .data(let id)? = b["id"], id.count == 16,
                case .integer(let l)? = b["length"], let length = l.int64Value.flatMap({ Int(exactly: $0) }),
                length >= 0,
                let region = Self.region(b["region"], chunkCount: chunkCount)
            else { return nil }
            blobs.append(Blob(id: Array(id), length: length, region: region))
        }
        self.init(recordCount: recordCount, records: records, blobs: blobs)
    }

    private static func region(_ value: PropertyListValue?, chunkCount: Int) -> Region? {
        guard let a = value?.arrayValue, a.count == 2, case .integer(let f) = a[0], case .integer(let c) = a[1],
            let first = f.int64Value.flatMap({ Int(exactly: $0) }),
            let count = c.int64Value.flatMap({ Int(exactly: $0) }),
            first >= 0, count >= 0, first <= chunkCount, count <= chunkCount - first
        else { return nil }
        return Region(firstChunk: first, chunkCount: count)
    }
}

/// Padmé (Nikitin et al., PURBs): rounds a length so only O(log log L) bits of it remain,
/// leaking at most ~12 % overhead. Lengths below 2 are left alone.
public func padme(_ length: Int) -> Int {
    guard length >= 2 else { return length }
    let e = Int.bitWidth - 1 - length.leadingZeroBitCount  // floor(log2 L)
    let s = Int.bitWidth - (e.leadingZeroBitCount)  // floor(log2 e) + 1
    let lastBits = e - s
    let mask = (1 << lastBits) - 1
    return (length + mask) & ~mask
}
