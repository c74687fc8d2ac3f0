import Converters
import Foundation
import PropertyList
import VaultFormat
import VaultModel

/// Which of a vault's stored record groups a save can write again as they are (issue 12 §4):
/// a group whose every record would be written the same — the settings record, or an item
/// equal to the one read with every string the same bytes (``ExactText``), from a record that
/// reading kept whole — and still consecutive in the new records. Only the other records are
/// encoded and compressed. At 100,000 items, `add`, `edit` and `remove` then re-encode one
/// group or two instead of every record.
enum RecordReuse {
    /// What a read of the vault decoded: record 0 and the items of records 1… in order, and
    /// whether each item's record decoded whole (``VaultItem/readingKeepsEverything(in:)``):
    /// a record that lost something in reading is encoded anew, as without reuse.
    struct Snapshot: Sendable {
        let settings: PropertyListValue
        /// The items as read (for a document of stubs, empty: ``stubs`` holds them).
        let items: [VaultItem]
        let whole: [Bool]
        /// For a document read for changing (``VaultDocument/init(forChanging:)``): the
        /// records region, kept to read items whole, and the ids of the items read whole
        /// since.
        var kept: KeptRecords? = nil
        var wholeIDs: Set<UUID> = []
        var positions: StubPositions? = nil
        /// For a document of stubs: each stub as read, compactly, on the other fields of
        /// `blank` (every stub's are the same bits). Not the stubs themselves: the document's
        /// items would then share their buffer with the snapshot, and the first change copy it.
        var stubs: [VaultItem.StubRecord] = []
        var blank: VaultItem? = nil

        /// A snapshot of a read of stubs: nil when they do not all rest on one blank.
        init?(
            settings: PropertyListValue, stubs items: [VaultItem], kept: KeptRecords, positions: StubPositions
        ) {
            // Checked on every core.
            let rest = items.withUnsafeBufferPointer { buffer in
                let read = ItemBuffer(items: buffer)
                return ParallelMap.map(read.items.count, serialBelow: 4_096) {
                    VaultItem.sameRest(read.items.baseAddress! + $0, read.items.baseAddress!)
                }.allSatisfy { $0 }
            }
            guard rest else { return nil }
            self.settings = settings
            self.items = []
            whole = [Bool](repeating: true, count: items.count)
            self.kept = kept
            self.positions = positions
            // On one thread: stubs without rare fields share one storage object, whose count
            // two threads retaining it at once made a contended line (slower than one thread).
            stubs = items.map(VaultItem.StubRecord.init)
            blank = items.first
        }

        init(settings: PropertyListValue, items: [VaultItem], whole: [Bool]) {
            self.settings = settings
            self.items = items
            self.whole = whole
        }

        /// `body` of the items as read, lent in place (never copied: at 100,000 items a
        /// copy of each to compare it was a third of a save).
        func withRead<R>(_ body: (ReadItems) throws -> R) rethrows -> R {
            try items.withUnsafeBufferPointer { items in
                try stubs.withUnsafeBufferPointer { stubs in
                    if let blank {
                        return try withUnsafePointer(to: blank) {
                            try body(ReadItems(items: items, stubs: stubs, blank: $0))
                        }
                    }
                    return try body(ReadItems(items: items, stubs: stubs, blank: nil))
                }
            }
        }
    }

    /// The items of a ``Snapshot``, lent: whole items, or stubs on a blank.
    struct ReadItems: @unchecked Sendable {  // read only, while lent
        let items: UnsafeBufferPointer<VaultItem>
        let stubs: UnsafeBufferPointer<VaultItem.StubRecord>
        let blank: UnsafePointer<VaultItem>?

        var count: Int { blank == nil ? items.count : stubs.count }

        func id(at i: Int) -> UUID { blank == nil ? items[i].id : stubs[i].id }

        /// Whether `item` holds the very storage of item `i` as read (``VaultItem/sameStorage(_:_:)``).
        func isStorage(of item: UnsafePointer<VaultItem>, at i: Int) -> Bool {
            if let blank { return VaultItem.sameStorage(item, asStub: stubs.baseAddress! + i, blank: blank) }
            return VaultItem.sameStorage(item, items.baseAddress! + i)
        }

        /// Whether `item` is equal to item `i` as read, every string the same bytes.
        func isEqual(_ item: UnsafePointer<VaultItem>, at i: Int) -> Bool {
            if let blank {
                let read = stubs[i].item(on: blank.pointee)
                return item.pointee == read && ExactText.same(item.pointee, read)
            }
            let read = items.baseAddress! + i
            return item.pointee == read.pointee && ExactText.same(item.pointee, read.pointee)
        }
    }

    /// The stored groups of `vault` that the records `settings`, `items` (record 0, then one
    /// per item) hold unchanged and in order, by their new record numbers; none without a
    /// snapshot of the read. Every record of a group is compared with the record now at its
    /// place, so ids only guide the search: items sharing an id cannot mislead it (a group
    /// that would overlap another is dropped).
    static func groups(of vault: UnlockedVault, settings: PropertyListValue, items: [VaultItem]) -> [ReusedRecordGroup]
    {
        let stored = vault.storedRecordGroups
        guard !stored.isEmpty, let old = vault.readSnapshot as? Snapshot else { return [] }
        let settingsSame = ExactText.same(settings, old.settings)
        let found = old.withRead { oldItems in
            items.withUnsafeBufferPointer { newBuffer in
                // Items are compared in place, never copied; groups are checked on every core
                // (at 100,000 items this was a tenth of a second of each save, on one core).
                let newItems = ItemBuffer(items: newBuffer)
                let positions = NewPositions(newItems)
                let whole = old.whole
                let slices = min(stored.count, ProcessInfo.processInfo.activeProcessorCount * 4)
                return ParallelMap.map(slices, serialBelow: 2) { slice -> [ReusedRecordGroup] in
                    // Where each old item is now: most often where it was, or shifted as much
                    // as the one before it (an item added or removed earlier), so those are
                    // tried first; otherwise looked up by id.
                    var shift = 0
                    func position(of id: UUID, at n: Int) -> Int? {
                        let guess = n - 1 + shift
                        if newItems.items.indices.contains(guess), newItems.items[guess].id == id { return guess }
                        guard let found = positions.position(of: id) else { return nil }
                        shift = found - (n - 1)
                        return found
                    }
                    /// The new record number of old record `n` when it is unchanged.
                    func unchanged(_ n: Int) -> Int? {
                        if n == 0 { return settingsSame ? 0 : nil }
                        guard n - 1 < oldItems.count, whole[n - 1],
                            let new = position(of: oldItems.id(at: n - 1), at: n)
                        else { return nil }
                        let now = newItems.items.baseAddress! + new
                        guard oldItems.isStorage(of: now, at: n - 1) || oldItems.isEqual(now, at: n - 1) else {
                            return nil
                        }
                        return new + 1
                    }
                    var reused = [ReusedRecordGroup]()
                    for group in stored[stored.count * slice / slices..<stored.count * (slice + 1) / slices] {
                        guard let first = unchanged(group.records.lowerBound),
                            group.records.dropFirst().enumerated().allSatisfy({ unchanged($1) == first + 1 + $0 })
                        else { continue }
                        reused.append(ReusedRecordGroup(records: first..<first + group.records.count, group: group))
                    }
                    return reused
                }.flatMap { $0 }
            }
        }
        return
            found
            .sorted { $0.records.lowerBound < $1.records.lowerBound }
            .reduce(into: [ReusedRecordGroup]()) { kept, group in
                if group.records.lowerBound >= kept.last?.records.upperBound ?? 0 { kept.append(group) }
            }
            .withoutSmallGroupsBesideNewRecords(recordCount: items.count + 1)
    }

    /// Items lent to the slices that compare them, which only read them.
    private struct ItemBuffer: @unchecked Sendable {
        let items: UnsafeBufferPointer<VaultItem>
    }

    /// Each id's position among the new items, the table made the first time a slice asks
    /// (never when every item is where it was): two items sharing an id give neither.
    private final class NewPositions: @unchecked Sendable {  // `table` only under `lock`
        private let items: ItemBuffer
        private let lock = NSLock()
        private var table: [UUID: Int]? = nil

        init(_ items: ItemBuffer) { self.items = items }

        func position(of id: UUID) -> Int? {
            lock.withLock {
                if table == nil {
                    var made = [UUID: Int](minimumCapacity: items.items.count)
                    for (i, item) in items.items.enumerated() where made.updateValue(i, forKey: item.id) != nil {
                        made[item.id] = -1
                    }
                    table = made
                }
                guard let found = table![id], found >= 0 else { return nil }
                return found
            }
        }
    }
}

extension [ReusedRecordGroup] {
    /// A small group (under half a fresh group's target) that borders records made anew is
    /// made anew with them, so saving one item at a time does not leave a trail of small
    /// groups (each compresses worse than one large one).
    func withoutSmallGroupsBesideNewRecords(recordCount: Int) -> [ReusedRecordGroup] {
        indices.filter { i in
            let records = self[i].records
            guard self[i].group.contentBytes < StoredRecordGroup.smallContentBytes else { return true }
            let freshBefore = records.lowerBound > (i > 0 ? self[i - 1].records.upperBound : 0)
            let freshAfter = records.upperBound < (i + 1 < count ? self[i + 1].records.lowerBound : recordCount)
            return !freshBefore && !freshAfter
        }.map { self[$0] }
    }
}
