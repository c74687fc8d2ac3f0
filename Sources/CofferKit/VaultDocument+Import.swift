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
    }

    /// Merges imported `items` into this document under `policy`. An item is a duplicate
    /// when the document holds one with the same id, or the same title, username and
    /// password. Ids stay unique: an item added whose id is already taken (by the document
    /// or an earlier input item) gets a fresh one.
    @discardableResult
    public mutating func merge(_ items: [VaultItem], duplicates policy: DuplicatePolicy) -> MergeResult {
        func identity(_ item: VaultItem) -> String {
            "\(item.title)\u{0}\(item.username ?? "")\u{0}\(item.password ?? "")"
        }
        var byID = [UUID: Int]()
        var byContent = [String: Int]()
        for (i, item) in self.items.enumerated() {
            byID[item.id] = i
            byContent[identity(item)] = i
        }
        var result = MergeResult(added: [], duplicates: [])
        var freshIDs = Set<UUID>()
        for (n, var item) in items.enumerated() {
            guard policy != .keep, let existing = byID[item.id] ?? byContent[identity(item)] else {
                if byID[item.id] != nil || freshIDs.contains(item.id) { item.id = .randomV4() }
                freshIDs.insert(item.id)
                result.added.append(item)
                continue
            }
            if policy == .update {
                var updated = item
                updated.id = self.items[existing].id
                updated.created = self.items[existing].created ?? item.created
                self.items[existing] = updated
            }
            result.duplicates.append(n)
        }
        self.items += result.added
        return result
    }
}

extension ImportReport {
    /// Moves `item` from "imported" (or "kept as notes") to "duplicates", after a merge
    /// found it to be one.
    public mutating func countAsDuplicate(_ item: VaultItem) {
        if item.kind == .secureNote {
            keptAsNotes -= 1
        } else {
            imported -= 1
        }
        duplicates += 1
    }
}
