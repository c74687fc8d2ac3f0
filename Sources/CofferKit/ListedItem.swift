import Foundation
import PropertyList
import VaultFormat
import VaultModel

/// What `list` shows or filters on of an item, and nothing else: held in half an item's
/// room. 100,000 items listed as ``VaultItem``s, each with every other field empty, held 21
/// MB of empty fields (list --json peaked at 96 MiB).
public struct ListedItem: Sendable {
    public let id: UUID
    public let kind: VaultItem.Kind
    public let title: String
    public let username: String?
    public let folder: [String]
    public let urls: [String]
    public let tags: [String]
    public let trashed: Date?

    public init(_ item: VaultItem) {
        id = item.id
        kind = item.kind
        title = item.title
        username = item.username
        folder = item.folder
        urls = item.urls
        tags = item.tags
        trashed = item.trashed
    }

    /// The items of `vault`, each read from `keys` (``VaultDocument/listedItemKeys`` or
    /// ``VaultDocument/tabledItemKeys``) on every core and made a listed item where it is
    /// read, as ``VaultDocument/init(vault:itemKeys:)`` reads and checks them; nil for a vault
    /// with private collections (read its document).
    public static func read(_ vault: UnlockedVault, keys: [String]) throws -> [ListedItem]? {
        try VaultDocument.mapItems(of: vault, keys: keys) { _, item in ListedItem(item) }?.items
    }
}
