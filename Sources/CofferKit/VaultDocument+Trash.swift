import Foundation
import VaultModel

/// The trash (spec/MODEL.md "Trash"): `remove` sets an item's `trashed` date and keeps its
/// data; `trash restore` clears it; `trash empty`, `remove --permanent` and the retention
/// period delete it for good. Listing, searching, showing and exporting leave trashed items
/// out unless asked.
extension VaultDocument {
    /// The items in the trash, with their indices in ``items``.
    public var trashedIndices: [Int] { items.indices.filter { items[$0].trashed != nil } }

    /// The items that are not in the trash.
    public var liveItems: [VaultItem] { items.filter { $0.trashed == nil } }

    /// Moves the item at `index` to the trash; its data, attachments included, stay.
    public mutating func trash(at index: Int, now: Date = Date()) {
        items[index].trashed = now
        // A change like any other: a merge with an older copy keeps the item in the trash.
        items[index].modified = now
    }

    /// Takes the item at `index` out of the trash. A folder it was in that no longer
    /// exists comes back with it (a folder is where its items are).
    public mutating func restore(at index: Int, now: Date = Date()) {
        items[index].trashed = nil
        items[index].modified = now
    }

    /// Deletes the item at `index` for good (the only place an item leaves the document),
    /// returning it, and records its tombstone so a merge does not bring it back.
    @discardableResult
    public mutating func deletePermanently(at index: Int, now: Date = Date()) -> VaultItem {
        let item = items.remove(at: index)
        recordTombstones([Tombstone(id: item.id, deleted: now)], now: now)
        return item
    }

    /// When the trashed item `item` will be deleted by the retention period; nil when the
    /// vault keeps trash until it is emptied (retention 0) or the item is not trashed.
    public func expiry(of item: VaultItem) -> Date? {
        guard let trashed = item.trashed, trashRetentionDays > 0 else { return nil }
        return trashed.addingTimeInterval(TimeInterval(trashRetentionDays) * 86_400)
    }

    /// Deletes every trashed item (the ones `select` accepts, when given), returning them.
    @discardableResult
    public mutating func emptyTrash(where select: (VaultItem) -> Bool = { _ in true }) -> [VaultItem] {
        let doomed = trashedIndices.filter { select(items[$0]) }
        return doomed.reversed().map { deletePermanently(at: $0) }.reversed()
    }

    /// Deletes the trashed items whose retention period has passed at `now`; every save
    /// calls this, so the trash holds nothing older than the vault's setting.
    @discardableResult
    public mutating func purgeExpiredTrash(now: Date = Date()) -> [VaultItem] {
        guard trashRetentionDays > 0 else { return [] }
        let limit = now.addingTimeInterval(-TimeInterval(trashRetentionDays) * 86_400)
        return emptyTrash { item in item.trashed.map { $0 <= limit } ?? false }
    }
}
