import Converters
import Foundation
import VaultModel

extension VaultDocument {
    /// What ``merge(_:duplicates:)`` did.
    public struct MergeResult: Equatable, Sendable {
        /// The items added to the document, in input order.
        public var added: [VaultItem]
        /// Indices (into the merged items) of those found to be duplicates and skipped or
        /// used to update an item, per the policy.
        public var duplicates: [Int]
        /// With `update`: how many duplicates changed the vault's item, and how many found
        /// it already holding everything (`duplicates.count` == updated + unchanged).
        public var updated = 0
        public var unchanged = 0
        /// With `update`: the values kept beside the winner's (``VaultMerge``).
        public var conflicts: [MergeReport.Conflict] = []

        public init(added: [VaultItem], duplicates: [Int]) {
            self.added = added
            self.duplicates = duplicates
        }
    }

    /// Merges imported `items` into this document under `policy`. An item is a duplicate
    /// when the document holds one with the same id, or the same title, username and
    /// password; with `update` also one with the same ``VaultMerge/matchKey(_:)`` (title,
    /// username and URL), so a changed password updates its item rather than adding a copy.
    /// An update follows the merge rules (``VaultMerge/merged(_:_:theirsWinWhenUndated:)``: the
    /// newer `modified` wins, a dated version wins over an undated one, an undated import
    /// wins over an undated item, nothing is lost). Ids stay unique: an
    /// item added whose id is already taken (by the document or an earlier input item) gets
    /// a fresh one. Tombstones do not apply: an import adds what it is given (`coffer merge`
    /// applies them).
    @discardableResult
    public mutating func merge(_ items: [VaultItem], duplicates policy: DuplicatePolicy) -> MergeResult {
        func identity(_ item: VaultItem) -> String {
            "\(item.title)\u{0}\(item.username ?? "")\u{0}\(item.password ?? "")"
        }
        // Duplicates are looked for in the collection the item goes to only: an update must
        // never carry an imported (private) value into another collection's item, or back.
        func scope(_ item: VaultItem) -> String { (item.collection?.base64EncodedString() ?? "") + "\u{0}" }
        var byID = [UUID: Int]()
        var byContent = [String: Int]()
        var byKey = [String: Int]()
        for (i, item) in self.items.enumerated() {
            byID[item.id] = i
            byContent[scope(item) + identity(item)] = i
            if byKey[scope(item) + VaultMerge.matchKey(item)] == nil {
                byKey[scope(item) + VaultMerge.matchKey(item)] = i
            }
        }
        var result = MergeResult(added: [], duplicates: [])
        var freshIDs = Set<UUID>()
        for (n, var item) in items.enumerated() {
            let sameID = byID[item.id].flatMap { self.items[$0].collection == item.collection ? $0 : nil }
            let existing =
                sameID ?? byContent[scope(item) + identity(item)]
                ?? (policy == .update ? byKey[scope(item) + VaultMerge.matchKey(item)] : nil)
            guard policy != .keep, let existing else {
                if byID[item.id] != nil || freshIDs.contains(item.id) { item.id = .randomV4() }
                freshIDs.insert(item.id)
                result.added.append(item)
                continue
            }
            if policy == .update {
                let current = self.items[existing]
                let (merged, conflicts) = VaultMerge.merged(current, item, theirsWinWhenUndated: true)
                if merged == current { result.unchanged += 1 } else { result.updated += 1 }
                result.conflicts += conflicts.map {
                    .init(item: merged.id.recordString, title: merged.title, field: $0.field, keptAs: $0.keptAs)
                }
                self.items[existing] = merged
            }
            result.duplicates.append(n)
        }
        self.items += result.added
        return result
    }
}

extension ImportReport {
    /// Moves `item` from "imported" (or "kept as notes") to "duplicates", after a merge
    /// found it to be one. A secure note comes from "kept as notes" while that count has
    /// any (importers count notes they made from free text there, and notes a manager
    /// exported as notes under "imported"), any other item from "imported" while it has
    /// any: no count goes below zero, and the counts still add up to what was read.
    public mutating func countAsDuplicate(_ item: VaultItem) {
        if item.kind == .secureNote && keptAsNotes > 0 || imported == 0 {
            keptAsNotes -= 1
        } else {
            imported -= 1
        }
        duplicates += 1
    }
}
