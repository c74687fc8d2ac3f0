import Foundation
import PropertyList
import VaultFormat
import VaultModel

/// Which of a vault's stored record groups a save can write again as they are (issue 12 §4):
/// a group whose every record is unchanged — the settings record equal, each item equal to
/// the item read — and still consecutive in the new records. Only the other records are
/// encoded and compressed. At 100,000 items, `add`, `edit` and `remove` then re-encode one
/// group or two instead of every record.
enum RecordReuse {
    /// What a read of the vault decoded: record 0 and the items of records 1… in order.
    struct Snapshot: Sendable {
        let settings: PropertyListValue
        let items: [VaultItem]
    }

    /// The stored groups of `vault` that the records `settings`, `items` (record 0, then one
    /// per item) hold unchanged and in order, by their new record numbers. None without a
    /// snapshot of the read, or when two items share an id.
    static func groups(of vault: UnlockedVault, settings: PropertyListValue, items: [VaultItem]) -> [ReusedRecordGroup]
    {
        let stored = vault.storedRecordGroups
        guard !stored.isEmpty, let old = vault.readSnapshot as? Snapshot else { return [] }
        var newRecord = [UUID: Int](minimumCapacity: items.count)
        for (i, item) in items.enumerated() {
            guard newRecord.updateValue(i + 1, forKey: item.id) == nil else { return [] }
        }
        /// The new record number of old record `n` when it is unchanged.
        func unchanged(_ n: Int) -> Int? {
            if n == 0 { return settings == old.settings ? 0 : nil }
            guard old.items.indices.contains(n - 1) else { return nil }
            let item = old.items[n - 1]
            guard let new = newRecord[item.id], items[new - 1] == item else { return nil }
            return new
        }
        var reused = [ReusedRecordGroup]()
        for group in stored {
            guard let first = unchanged(group.records.lowerBound),
                group.records.dropFirst().enumerated().allSatisfy({ unchanged($1) == first + 1 + $0 })
            else { continue }
            reused.append(ReusedRecordGroup(records: first..<first + group.records.count, group: group))
        }
        reused.sort { $0.records.lowerBound < $1.records.lowerBound }
        return withoutSmallGroupsBesideNewRecords(reused, recordCount: items.count + 1)
    }

    /// A group smaller than a fresh group's target that borders records made anew is made
    /// anew with them, so saving one item at a time does not leave a trail of tiny groups
    /// (each compresses worse than one large one).
    static func withoutSmallGroupsBesideNewRecords(_ reused: [ReusedRecordGroup], recordCount: Int)
        -> [ReusedRecordGroup]
    {
        reused.indices.filter { i in
            let records = reused[i].records
            guard reused[i].group.contentBytes < StoredRecordGroup.targetContentBytes else { return true }
            let freshBefore = records.lowerBound > (i > 0 ? reused[i - 1].records.upperBound : 0)
            let freshAfter =
                records.upperBound < (i + 1 < reused.count ? reused[i + 1].records.lowerBound : recordCount)
            return !freshBefore && !freshAfter
        }.map { reused[$0] }
    }
}
