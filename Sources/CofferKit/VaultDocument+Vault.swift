import Foundation
import PropertyList
import VaultFormat
import VaultModel

/// Where the item model meets the container: a document read from an opened vault, and
/// the records that save one. VaultModel knows nothing of the container; this does.
extension VaultDocument {
    /// Reads the document from an opened vault (records only; blobs stay in the container),
    /// with the items of every private collection the key opens (their attachments loaded:
    /// a collection is read whole) and a ``VaultCollection`` for every collection.
    ///
    /// A private collection that does not open, or whose records break the item model, is
    /// left out and named in its ``VaultCollection/damage`` (anyone who can write it could
    /// have made it so); ``init(checking:)`` fails on the model instead.
    public init(vault: UnlockedVault) throws {
        try self.init(vault: vault, strictCollections: false)
    }

    init(vault: UnlockedVault, strictCollections: Bool) throws {
        self = try vault.withRecords { records in
            guard records.count > 0 else { return VaultDocument() }
            let settings = try records.decode(0)
            var document = try VaultDocument(settingsRecord: settings)
            guard !vault.storedRecordGroups.isEmpty else {
                document.items = try records.map(1..<records.count) { try VaultItem(record: $1, number: $0) }
                return document
            }
            // Kept for a save: remember what the records decoded to, and which decode whole
            // (flags written in place: an array of (item, flag) pairs split in two afterwards
            // copied every item).
            var whole = [Bool](repeating: false, count: records.count - 1)
            document.items = try whole.withUnsafeMutableBufferPointer { buffer in
                let flags = DisjointFlags(buffer: buffer)
                return try records.map(1..<records.count) { n, value -> VaultItem in
                    let item = try VaultItem(record: value, number: n)
                    if case .dictionary(let d) = value { flags.buffer[n - 1] = VaultItem.readingKeepsEverything(in: d) }
                    return item
                }
            }
            vault.readSnapshot = RecordReuse.Snapshot(settings: settings, items: document.items, whole: whole)
            return document
        }
        try readCollections(of: vault, strict: strictCollections)
    }

    /// The container records (``records``) made one at a time as they are encoded, so large
    /// saves never hold every record's value tree at once.
    public var recordSource: VaultPayload.RecordSource {
        let settings = settingsRecord
        let items = items
        return VaultPayload.RecordSource(count: items.count + 1) { i in
            i == 0 ? settings : .dictionary(items[i - 1].plist)
        }
    }
}

extension VaultDocument {
    /// What `create` writes: record 0 with the default settings (spec/MODEL.md: schema 1,
    /// no name, no folders, the default generator settings) and no items.
    public static var newVaultPayload: VaultPayload { VaultPayload(records: VaultDocument().records) }

    /// Reads the document of `vault` and checks it against the item model (spec/MODEL.md
    /// "Checking"): every record decodes, and every attachment names a blob the container
    /// holds, with the blob's length as its size. What `verify` with a key checks and what
    /// every export needs, so the two agree.
    public init(checking vault: UnlockedVault) throws {
        try self.init(vault: vault, strictCollections: true)
        let blobs = try Self.blobLengths(of: vault)
        for (i, item) in items.enumerated() { try Self.checkAttachments(of: item, record: i + 1, blobs: blobs) }
    }

    /// The length of every blob `vault` holds, by id.
    static func blobLengths(of vault: UnlockedVault) throws -> [Data: Int] {
        Dictionary(try vault.blobList().map { (Data($0.id), $0.length) }) { first, _ in first }
    }

    /// Every attachment of `item` (record `record`) names a blob `blobs` holds, with the
    /// blob's length as its size, or bytes its collection holds.
    static func checkAttachments(of item: VaultItem, record: Int, blobs: [Data: Int]) throws {
        for attachment in item.attachments {
            if item.collection != nil {  // a collection holds its attachments' bytes
                guard attachment.content?.count == attachment.size else {
                    throw ModelError(
                        record: record, key: "attachments",
                        "attachment \"\(attachment.name)\" names bytes its collection does not hold")
                }
                continue
            }
            guard let length = blobs[attachment.blob] else {
                throw ModelError(
                    record: record, key: "attachments",
                    "attachment \"\(attachment.name)\" names blob \(attachment.blob.hexString), "
                        + "which the vault does not hold")
            }
            guard attachment.size == length else {
                throw ModelError(
                    record: record, key: "attachments",
                    "attachment \"\(attachment.name)\" says \(attachment.size) bytes; its blob holds \(length)")
            }
        }
    }
}

extension VaultContent {
    /// The items of `vault`, read and checked as ``VaultDocument/init(checking:)`` reads and
    /// checks them, handed to `body` a batch of `batch` records at a time, in order, so an
    /// export never holds them all (attachments not loaded). False, with nothing handed,
    /// for a vault with private collections (their items are read with their collections:
    /// read it whole). A failure stops the run where it is found: the lowest failing record's,
    /// whatever the failure. (`init(checking:)` reads every record before it checks any
    /// attachment, so on a vault with both a damaged record and, before it, an attachment
    /// naming a missing blob, the two name different records; both refuse the vault.)
    public static func forEachCheckedItemBatch(
        of vault: UnlockedVault, batch: Int = 16_384, _ body: ([VaultItem]) throws -> Void
    ) throws -> Bool {
        try forEachCheckedItemSlice(of: vault, batch: batch, transform: { $0 }) { slices in
            try body(slices.count == 1 ? slices[0] : slices.flatMap { $0 })
        }
    }

    /// ``forEachCheckedItemBatch(of:batch:_:)`` with the items made into what `body` needs
    /// where they are read: `transform` runs on every core, on a slice of a batch's items at
    /// a time (the slices' records in order, cut at group starts), and `body` gets the
    /// batch's results in order, on the calling thread. So each item is made, used and let go
    /// on the thread that decoded it (an export's rows: items handed back whole were decoded
    /// on every core, then turned into rows, counted and released on one).
    public static func forEachCheckedItemSlice<T: Sendable>(
        of vault: UnlockedVault, batch: Int = 16_384, transform: @escaping @Sendable ([VaultItem]) throws -> T,
        _ body: ([T]) throws -> Void
    ) throws -> Bool {
        precondition(batch > 0, "a batch holds at least one record")
        return try vault.withRecords { records in
            // Asked inside: reading the records remembered the index that holds the table.
            guard try vault.collectionTable()?.collections.isEmpty ?? true else { return false }
            guard records.count > 0 else { return true }
            _ = try VaultDocument(settingsRecord: try records.decode(0))
            let blobs = try VaultDocument.blobLengths(of: vault)
            var start = 1
            while start < records.count {
                let end = min(start + batch, records.count)
                try body(
                    try records.mapSlices(start..<end) { numbers, decode in
                        var items = [VaultItem]()
                        items.reserveCapacity(numbers.count)
                        for n in numbers {
                            let item = try VaultItem(record: try decode(n), number: n)
                            try VaultDocument.checkAttachments(of: item, record: n, blobs: blobs)
                            items.append(item)
                        }
                        return try transform(items)
                    })
                start = end
            }
            return true
        }
    }
}

/// Flags that concurrent slices each set at their own indices.
private struct DisjointFlags: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Bool>
}

extension Data {
    fileprivate var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
