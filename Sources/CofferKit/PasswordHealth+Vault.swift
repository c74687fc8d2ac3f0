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
        let surveys = try VaultDocument.mapItems(of: vault, keys: Self.itemKeys) { n, item in
            ItemSurvey(item, at: n - 1, now: now, calendar: calendar)
        }?.items
        guard let surveys else { return nil }
        self.init(surveys: surveys)
    }
}
