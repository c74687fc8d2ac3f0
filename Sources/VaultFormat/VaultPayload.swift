import PropertyList

/// What a vault holds: records (bplist00 values; the container knows nothing of their
/// schema) and blobs addressed by a 16-byte id.
public struct VaultPayload: Sendable {
    public var records: [PropertyListValue]
    public var blobs: [(id: [UInt8], source: any BlobSource)]
    /// Instead of `records`: records made one at a time while they are encoded (on every
    /// core), so a large save never holds every record's value tree at once.
    public var recordSource: RecordSource?
    /// Members and private collections (format 1.1, spec/FORMAT.md §13); each collection's
    /// sealed bytes are the blob with its id. Nil for a vault without collections.
    public var collections: CollectionTable?

    public struct RecordSource: Sendable {
        public let count: Int
        public let make: @Sendable (Int) -> PropertyListValue
        /// Groups of records written as they were stored, in order and disjoint: their
        /// records are not made, encoded or compressed. Used only when records are compressed.
        package var reused: [ReusedRecordGroup] = []
        /// Whether `make` holds only for records outside `reused` (the rest were read in
        /// part): such records are never written uncompressed, where every record is made.
        package var makesOnlyOutsideReused = false
        public init(count: Int, make: @escaping @Sendable (Int) -> PropertyListValue) {
            self.count = count
            self.make = make
        }
    }

    /// A save of records read in part (``RecordSource/makesOnlyOutsideReused``) that could
    /// only be written uncompressed, where every record must be made: the caller reads the
    /// records whole and saves again.
    public struct PartRecordsCannotBeWrittenUncompressed: Error {}

    public init(records: [PropertyListValue] = [], blobs: [(id: [UInt8], source: any BlobSource)] = []) {
        self.records = records
        self.blobs = blobs
    }

    public init(recordSource: RecordSource, blobs: [(id: [UInt8], source: any BlobSource)] = []) {
        self.records = []
        self.recordSource = recordSource
        self.blobs = blobs
    }

    /// The records, made from `recordSource` if there is one.
    public func allRecords() -> [PropertyListValue] {
        guard let recordSource else { return records }
        return (0..<recordSource.count).map(recordSource.make)
    }
}
