import Foundation
import PropertyList
import VaultFormat
import VaultModel

extension PasswordHealth {
    /// The health of `vault`'s items, read as ``VaultDocument/init(vault:itemKeys:)`` reads
    /// them (``itemKeys`` only, on every core), each surveyed on the thread that read it and
    /// let go there: what is held is a name and a digest an item, not the items. Nil for a
    /// vault with private collections (their items are read with their collections: read
    /// its document and use ``init(_:now:)``).
    public init?(vault: UnlockedVault, now: Date = Date()) throws {
        let calendar = Calendar(identifier: .gregorian)
        let surveys = try vault.withRecords { records -> [ItemSurvey]? in
            // Asked inside: reading the records remembered the index that holds the table.
            guard try vault.collectionTable()?.collections.isEmpty ?? true else { return nil }
            guard records.count > 0 else { return [] }
            _ = try VaultDocument(settingsRecord: try records.decode(0))
            return try records.mapEntries(1..<records.count, keys: Self.itemKeys) { n, entries in
                guard let entries else { throw ModelError(record: n, key: "", "an item record is not a dictionary") }
                return ItemSurvey(try VaultItem(plist: entries, record: n), at: n - 1, now: now, calendar: calendar)
            }
        }
        guard let surveys else { return nil }
        self.init(surveys: surveys)
    }
}
