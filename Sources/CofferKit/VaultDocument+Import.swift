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
            if policy == .update { self.items[existing] = Self.updated(self.items[existing], by: item) }
            result.duplicates.append(n)
        }
        self.items += result.added
        return result
    }
}

extension VaultDocument {
    /// The item an update leaves, never losing a password: when both versions carry a
    /// `modified` date the newer one wins (the vault's on a tie); when either lacks one, the
    /// imported one does, as `update` asks. The id and creation date stay the vault's. The
    /// losing version's password, when it differs, joins the history with its date (or now),
    /// and both histories are kept, oldest first.
    static func updated(_ current: VaultItem, by incoming: VaultItem, now: Date = Date()) -> VaultItem {
        let incomingWins: Bool
        if let mine = current.modified, let theirs = incoming.modified {
            incomingWins = theirs > mine
        } else {
            incomingWins = true
        }
        var winner = incomingWins ? incoming : current
        let loser = incomingWins ? current : incoming
        winner.id = current.id
        winner.created = current.created ?? incoming.created
        var history = winner.passwordHistory
        for entry in loser.passwordHistory where !history.contains(entry) { history.append(entry) }
        if let lost = loser.password, !lost.isEmpty, lost != winner.password,
            !history.contains(where: { $0.password == lost })
        {
            history.append(VaultItem.HistoryEntry(password: lost, date: loser.modified ?? now))
        }
        // Stable: entries without a date keep their place among equals.
        winner.passwordHistory = history.enumerated().sorted {
            ($0.element.date ?? .distantPast, $0.offset) < ($1.element.date ?? .distantPast, $1.offset)
        }.map(\.element)
        return winner
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
