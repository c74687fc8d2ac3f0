/// One record group of a compressed records region (spec/FORMAT.md §12.2), as reading
/// checked it: its frame decompressed within the limits to exactly its declared size and
/// split into whole records. The decompressed content is not kept: a ``RecordReader``
/// decompresses the group again when a record in it is read, so reading 100,000 records
/// never holds all of their plaintext at once (issue 12 §4: peak memory).
struct CheckedRecordGroup: Sendable {
    /// The zstd frame, as a range of the region's stream.
    let frame: Range<Int>
    /// The records it holds, by record number.
    let records: Range<Int>
    /// The chunk where its length prefix starts (named in messages).
    let chunk: Int
    /// Its content's length: what the frame declares and decompresses to.
    let contentBytes: Int
}
