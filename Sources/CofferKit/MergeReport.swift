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
    /// Items of the other copy left as they were (spec/MODEL.md "Merging", collections): in a
    /// private collection this vault cannot open or whose key differs between the copies
    /// (it was unshared or replaced in one), or in another collection than this vault's item
    /// of the same id. Nothing of them is moved into another collection.
    public var notMerged = 0
    public var conflicts: [Conflict] = []

    public init() {}

    private enum CodingKeys: String, CodingKey {
        case added, updated, kept, deleted, notRestored, notMerged, conflicts
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        added = try c.decode(Int.self, forKey: .added)
        updated = try c.decode(Int.self, forKey: .updated)
        kept = try c.decode(Int.self, forKey: .kept)
        deleted = try c.decode(Int.self, forKey: .deleted)
        notRestored = try c.decode(Int.self, forKey: .notRestored)
        notMerged = try c.decodeIfPresent(Int.self, forKey: .notMerged) ?? 0
        conflicts = try c.decode([Conflict].self, forKey: .conflicts)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(added, forKey: .added)
        try c.encode(updated, forKey: .updated)
        try c.encode(kept, forKey: .kept)
        try c.encode(deleted, forKey: .deleted)
        try c.encode(notRestored, forKey: .notRestored)
        if notMerged > 0 { try c.encode(notMerged, forKey: .notMerged) }
        try c.encode(conflicts, forKey: .conflicts)
    }

    /// The counts of several merges into one vault, in order.
    public mutating func add(_ other: MergeReport) {
        added += other.added
        updated += other.updated
        kept += other.kept
        deleted += other.deleted
        notRestored += other.notRestored
        notMerged += other.notMerged
        conflicts += other.conflicts
    }
}
