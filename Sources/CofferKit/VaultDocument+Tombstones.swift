import Foundation
import VaultModel

extension VaultDocument {
    /// Removes the item `id` names and records its tombstone (spec/MODEL.md "Tombstones"),
    /// so merging a copy that still holds it does not bring it back. Returns the removed
    /// item, or nil when no item has that id.
    @discardableResult
    public mutating func remove(id: UUID, at date: Date = Date()) -> VaultItem? {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
        return deletePermanently(at: index, now: date)
    }

    /// The date of the tombstone of `id`, if any.
    public func tombstone(of id: UUID) -> Date? { tombstones.first { $0.id == id }?.deleted }

    /// Adds `new` tombstones (one per id, the latest date winning) and drops those older
    /// than the retention period before `now`.
    public mutating func recordTombstones(_ new: [Tombstone], now: Date) {
        var latest = [UUID: Date]()
        for tombstone in tombstones + new {
            latest[tombstone.id] = max(latest[tombstone.id] ?? .distantPast, tombstone.deleted)
        }
        let cutoff = now.addingTimeInterval(-Double(tombstoneRetentionDays) * 86_400)
        tombstones = latest.filter { $0.value >= cutoff }.map { Tombstone(id: $0.key, deleted: $0.value) }
            .sorted { $0.id.uuidString < $1.id.uuidString }
    }

    /// Whether a tombstone (of any of `ids`) is at least as new as `item`'s last change: a
    /// deletion wins over an older (or undated) version, an edit after it wins over it.
    func isDeleted(_ item: VaultItem, tombstones: [UUID: Date], ids: [UUID]) -> Bool {
        ids.contains { id in tombstones[id].map { $0 >= (item.modified ?? .distantPast) } ?? false }
    }
}
