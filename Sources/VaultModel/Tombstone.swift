import Foundation

/// The record of a removed item: its id and when it was removed, kept in record 0 so a
/// merge with an older copy that still holds the item does not bring it back
/// (spec/MODEL.md "Tombstones").
public struct Tombstone: Equatable, Hashable, Sendable {
    public var id: UUID
    public var deleted: Date

    public init(id: UUID, deleted: Date) {
        self.id = id
        self.deleted = deleted
    }

    /// The default of record 0's `tombstoneRetentionDays`: half a year, longer than copies
    /// usually go without being merged, short enough that removals do not pile up.
    public static let defaultRetentionDays = 180
    /// The range `tombstoneRetentionDays` may take (one day to ten years).
    public static let retentionDaysRange = 1...3650
}
