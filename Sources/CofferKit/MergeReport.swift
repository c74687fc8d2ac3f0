import Foundation

/// What a merge (``VaultDocument/merge(_:now:)``) did to the vault it merged into. Every
/// item of the other copy is counted once, as `added`, `updated`, `kept`, `notRestored`
/// or (when a tombstone removed the merged item) `deleted`; `deleted` also counts the
/// vault's own items that the other copy's tombstones removed. The vault ends with its
/// item count + `added` − `deleted` items.
public struct MergeReport: Codable, Equatable, Sendable {
    /// A value both versions of an item held differently: the winner's stays in place, the
    /// other is kept beside it (``VaultMerge``).
    public struct Conflict: Codable, Equatable, Sendable {
        /// The merged item's id.
        public var item: String
        public var title: String
        /// The field whose other value was kept: `username`, `notes`, `field "PIN"`, …
        public var field: String
        /// Where the value the merge kept beside the winner's is now.
        public var keptAs: String

        public init(item: String, title: String, field: String, keptAs: String) {
            self.item = item
            self.title = title
            self.field = field
            self.keptAs = keptAs
        }
    }

    /// Items of the other copy the vault did not hold.
    public var added = 0
    /// Items both held, changed by the merge.
    public var updated = 0
    /// Items both held, already holding everything of the other version.
    public var kept = 0
    /// Items removed because a tombstone is at least as new as their last change.
    public var deleted = 0
    /// Items of the other copy left out because the vault's tombstone is at least as new.
    public var notRestored = 0
    public var conflicts: [Conflict] = []

    public init() {}

    /// The counts of several merges into one vault, in order.
    public mutating func add(_ other: MergeReport) {
        added += other.added
        updated += other.updated
        kept += other.kept
        deleted += other.deleted
        notRestored += other.notRestored
        conflicts += other.conflicts
    }
}
