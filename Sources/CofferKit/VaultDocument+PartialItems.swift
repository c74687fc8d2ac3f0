import Foundation
import PropertyList
import VaultFormat
import VaultModel

/// Documents for commands that only show items: each item read from the few record keys
/// the command shows, on every core, so `list` does not decode every password, note and
/// date of 100,000 items to print four columns.
extension VaultDocument {
    /// The keys `list` shows or filters on (spec/MODEL.md names them).
    public static let listedItemKeys = ["id", "kind", "title", "username", "folder", "urls", "tags", "trashed"]
    /// The keys `list`'s table shows or filters on: ``listedItemKeys`` but the URLs and tags
    /// only its JSON shows.
    public static let tabledItemKeys = ["id", "kind", "title", "username", "folder", "trashed"]

    /// The document of `vault` with each item read from `itemKeys` only (its other fields
    /// empty): for showing, never for saving (``VaultContent`` refuses to save it). Other
    /// keys of a record are not checked here. A vault with collections is read whole (their
    /// items are in their own regions), as ``init(vault:)`` reads it.
    public init(vault: UnlockedVault, itemKeys: [String]) throws {
        guard let read = try Self.mapItems(of: vault, keys: itemKeys, { _, item in item }) else {
            try self.init(vault: vault)
            return
        }
        guard let settings = read.settings else {
            self.init()
            return
        }
        self = settings
        partialItemKeys = itemKeys
        items = read.items
    }

    /// `make` of every item of `vault` (its record number, the item), each item read from
    /// `keys` only, on every core, and made into what the caller keeps on the thread that read
    /// it; first the settings record, read and checked (as a document without items; nil for
    /// a vault without records). Nil for a vault with private collections: their items are
    /// read with their collections.
    static func mapItems<T: Sendable>(
        of vault: UnlockedVault, keys: [String], _ make: @Sendable (Int, VaultItem) throws -> T
    ) throws -> (settings: VaultDocument?, items: [T])? {
        try vault.withRecords { records in
            // Asked inside: reading the records remembered the index that holds the table.
            guard try vault.collectionTable()?.collections.isEmpty ?? true else { return nil }
            guard records.count > 0 else { return (nil, []) }
            let settings = try VaultDocument(settingsRecord: try records.decode(0))
            return (settings, try mapItems(of: records, keys: keys, make))
        }
    }

    /// `make` of every item record of `records` (1…), each read from `keys` only, on every
    /// core.
    static func mapItems<T: Sendable>(
        of records: RecordsView, keys: [String], _ make: @Sendable (Int, VaultItem) throws -> T
    ) throws -> [T] {
        try records.mapEntries(1..<records.count, keys: keys) { n, entries in
            guard let entries else { throw ModelError(record: n, key: "", "an item record is not a dictionary") }
            return try make(n, try VaultItem(plist: entries, record: n))
        }
    }

    /// Every item record of `records` (1…), each read from `keys` only, on every core.
    static func items(of records: RecordsView, keys: [String]) throws -> [VaultItem] {
        try mapItems(of: records, keys: keys) { _, item in item }
    }
}
