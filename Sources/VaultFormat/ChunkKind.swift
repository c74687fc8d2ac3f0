/// What a chunk holds (spec/FORMAT.md §6), the first byte of its frame.
///
/// Regions start on chunk boundaries: first the records region (the index, then every
/// record), then one region per blob, then padding. So reading the records never decrypts a
/// blob chunk, a damaged chunk loses only the items it touches, and a salvager can
/// resynchronise at the next chunk. A vault without blobs is one region, and a small one a
/// single chunk.
public enum ChunkKind: UInt8, Sendable, CustomStringConvertible {
    case padding = 0
    case records = 1
    case blob = 2

    public var description: String {
        switch self {
        case .padding: "padding"
        case .records: "records"
        case .blob: "blob"
        }
    }
}
