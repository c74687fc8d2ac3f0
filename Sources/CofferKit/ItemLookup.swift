import Foundation
import VaultFormat
import VaultModel

/// One item found by name (``ItemQuery/select(_:in:where:)``) without reading every record
/// whole: every record's ``ItemName`` is read from its few keys, on every core, and only the
/// item named is decoded in full. What `show`, `clip` and `totp` need at 100,000 items, where
/// reading the whole document was most of their time.
///
/// Records not chosen are checked only in the keys read; a damaged value elsewhere in them is
/// found by the commands that read the document, and by `verify`.
public enum ItemLookup {
    public enum Found {
        case one(VaultItem)
        case none
        /// Several items fit; their names, for the caller to list.
        case ambiguous([ItemName])
    }

    /// The item `selector` names among those `candidate` accepts. Nil when the vault holds
    /// collections: their items are in their own regions, so read the whole document instead.
    public static func find(
        _ selector: String, in vault: UnlockedVault, where candidate: (ItemName) -> Bool = { $0.trashed == nil }
    ) throws -> Found? {
        try vault.withRecords { records -> Found? in
            // Asked inside: reading the records remembered the index that holds the table.
            guard try vault.collectionTable()?.collections.isEmpty ?? true else { return nil }
            guard records.count > 0 else { return Found.none }
            // Read as every reader reads it: a newer schema or a damaged record 0 is refused.
            _ = try VaultDocument(settingsRecord: records.decode(0))
            guard records.count > 1 else { return Found.none }
            let names = try records.mapEntries(1..<records.count, keys: ItemName.recordKeys) { n, entries in
                try ItemName(entries: entries, record: n)
            }
            switch ItemQuery.select(selector, in: names, where: candidate) {
            case .one(let i): return .one(try VaultItem(record: records.decode(i + 1), number: i + 1))
            case .none: return Found.none
            case .ambiguous(let indices): return .ambiguous(indices.map { names[$0] })
            }
        }
    }
}
