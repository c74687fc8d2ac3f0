import PropertyList
import VaultFormat
import VaultModel

/// Where the item model meets the container: a document read from an opened vault, and
/// the records that save one. VaultModel knows nothing of the container; this does.
extension VaultDocument {
    /// Reads the document from an opened vault (records only; blobs stay in the container).
    public init(vault: UnlockedVault) throws {
        try self.init(records: try vault.readRecords())
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
