import Foundation
import PropertyList
import VaultFormat
import VaultModel

/// Documents for commands that show a few items found among many (`search`): every item is
/// decoded whole on every core, tested, and dropped at once unless kept, so a search of
/// 100,000 items never holds them all (issue 12 §4: peak memory).
extension VaultDocument {
    /// The document of `vault` holding only the items `keep` accepts, in record order: for
    /// showing, never for saving (``VaultContent`` refuses to save it). Every record is still
    /// decoded and checked against the item model. A vault with collections is read whole and
    /// then filtered (their items are in their own regions), as ``init(vault:)`` reads it.
    public init(vault: UnlockedVault, keeping keep: @escaping @Sendable (VaultItem) -> Bool) throws {
        let kept = try vault.withRecords { records -> VaultDocument? in
            // Asked inside: reading the records remembered the index that holds the table.
            guard try vault.collectionTable()?.collections.isEmpty ?? true else { return nil }
            guard records.count > 0 else { return VaultDocument() }
            var document = try VaultDocument(settingsRecord: try records.decode(0))
            document.items = try records.map(1..<records.count) { n, value -> VaultItem? in
                let item = try VaultItem(record: value, number: n)
                return keep(item) ? item : nil
            }.compactMap { $0 }
            return document
        }
        if let kept {
            self = kept
        } else {
            try self.init(vault: vault)
            items.removeAll { !keep($0) }
        }
        partialItemKeys = []
    }
}
