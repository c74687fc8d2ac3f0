import Foundation
import PropertyList
import VaultFormat
import VaultModel

/// Documents for changes to a few items of a large vault (`add`, `edit`, `remove`): every
/// item is first read from the few keys that name it, and only the items a change touches,
/// and those a save must encode again, are read whole. At 100,000 items a save then decodes
/// a group of records or two instead of every record (issue 12 §4).
///
/// The rule that keeps this safe: an item read from a few keys (a *stub*) is never written.
/// A save writes the stored record groups whose items are all unchanged stubs as they were,
/// reads whole every stub it must encode, and refuses a stub that was changed without being
/// read whole (``loadWhole(_:from:)``).
extension VaultDocument {
    /// The keys a stub holds: what naming an item (``ItemQuery/select(_:in:where:)``), the
    /// trash and a save's blobs need.
    public static let changingItemKeys = ["id", "kind", "title", "folder", "trashed", "attachments"]

    /// The document of `vault` for a change to a few items: each item a stub of
    /// ``changingItemKeys``, to be read whole with ``loadWhole(_:from:)`` before it is changed.
    /// A vault whose records are not stored in several compressed groups (stubs would save
    /// nothing there), that has a collection table (several keyslots: its save seals the
    /// table again) or whose items do not all have ids of their own (two stubs of one id can
    /// be the same bits, and a stub must name its record) is read whole (``init(vault:)``).
    /// Call ``UnlockedVault/keepRecordGroupsForResealing()`` first.
    public init(forChanging vault: UnlockedVault) throws {
        let kept = try vault.keptRecords()
        guard try vault.collectionTable() == nil, vault.storedRecordGroups.count > 1 else {
            try self.init(vault: vault)
            return
        }
        let keys = Self.changingItemKeys
        let read = try kept.withRecords(of: vault) { records -> VaultDocument? in
            guard records.count > 0 else { return VaultDocument() }
            let settings = try records.decode(0)
            var document = try VaultDocument(settingsRecord: settings)
            document.partialItemKeys = keys
            document.items = try Self.items(of: records, keys: keys)
            let positions = StubPositions(document.items)
            guard positions.idsAreUnique,
                let snapshot = RecordReuse.Snapshot(
                    settings: settings, stubs: document.items, kept: kept, positions: positions)
            else { return nil }
            vault.readSnapshot = snapshot
            return document
        }
        guard let read else {
            try self.init(vault: vault)
            return
        }
        self = read
        try readCollections(of: vault, strict: false)
    }

    /// Whether this is a document of stubs read for changing.
    var holdsStubs: Bool { partialItemKeys == Self.changingItemKeys }

    /// Reads the items at `indices` whole (each from the record its stub was read from), so
    /// they can be changed and saved; items already whole are left as they are.
    public mutating func loadWhole(_ indices: [Int], from vault: UnlockedVault) throws {
        guard holdsStubs, var snapshot = vault.readSnapshot as? RecordReuse.Snapshot, let kept = snapshot.kept
        else { return }
        // (index, record), in record order: a group is decompressed once for all its records.
        let stubs = Set(indices).compactMap { i in Self.record(of: items, at: i, in: snapshot).map { (i, $0) } }
            .sorted { $0.1 < $1.1 }
        guard !stubs.isEmpty else { return }
        let values = try kept.withRecords(of: vault) { view in try view.decode(stubs.map(\.1)) }
        for ((i, n), value) in zip(stubs, values) {
            let item = try VaultItem(record: value, number: n)
            items[i] = item
            snapshot.wholeIDs.insert(item.id)
        }
        vault.readSnapshot = snapshot
    }

    /// The record the item at `i` of `items` was read from, when it is a stub as read (the
    /// very storage of the stub read from that record); nil for an item read whole or new.
    static func record(of items: [VaultItem], at i: Int, in snapshot: RecordReuse.Snapshot) -> Int? {
        items.withUnsafeBufferPointer { now in
            snapshot.withRead { read in
                let item = now.baseAddress! + i
                // Most often where it was read, or one away (an item added or removed before
                // it); else where its id was read (ids are unique in a document of stubs).
                for n in [i, i + 1, i - 1] where (0..<read.count).contains(n) {
                    if read.isStorage(of: item, at: n) { return n + 1 }
                }
                guard let n = snapshot.positions?.position(of: item.pointee.id), read.isStorage(of: item, at: n)
                else { return nil }
                return n + 1
            }
        }
    }

    /// Before a save of stubs, over `reused` (the stored groups it writes again): every item
    /// outside those groups is read whole, and a stub changed without being read whole is
    /// refused (it would be saved without its password, notes and dates).
    mutating func loadWholeOutside(_ reused: [ReusedRecordGroup], from vault: UnlockedVault) throws {
        guard holdsStubs, let snapshot = vault.readSnapshot as? RecordReuse.Snapshot else { return }
        var covered = IndexSet()
        for group in reused { covered.insert(integersIn: group.records) }
        var stubs = [Int]()
        for i in items.indices where !covered.contains(i + 1) {
            if Self.record(of: items, at: i, in: snapshot) != nil {
                stubs.append(i)
            } else if !snapshot.wholeIDs.contains(items[i].id), snapshot.positions?.position(of: items[i].id) != nil {
                throw CofferKitError(
                    .partialDocument,
                    "item \"\(items[i].title)\" was changed without being read whole; it cannot be saved")
            }
        }
        try loadWhole(stubs, from: vault)
    }
}

/// Where each stub was read, by id, for a stub not found where it was read or one away (a
/// trash purge shifts items by many): the ids in order, each with its position, searched by
/// halves (a dictionary of 100,000 ids was 6 MB of a save's 70).
struct StubPositions: Sendable {
    private let sorted: [(id: UUID, position: Int)]
    /// Whether no two stubs share an id (checked as the document is read).
    let idsAreUnique: Bool

    init(_ items: [VaultItem]) {
        sorted = items.enumerated().map { ($1.id, $0) }.sorted { Self.precedes($0.id, $1.id) }
        idsAreUnique = zip(sorted, sorted.dropFirst()).allSatisfy { $0.id != $1.id }
    }

    func position(of id: UUID) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(sorted[middle].id, id) { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low].id == id ? sorted[low].position : nil
    }

    /// Byte order of two ids (as two big-endian halves).
    static func precedes(_ a: UUID, _ b: UUID) -> Bool {
        let x = halves(a)
        let y = halves(b)
        return x.0 != y.0 ? x.0 < y.0 : x.1 < y.1
    }

    private static func halves(_ id: UUID) -> (UInt64, UInt64) {
        withUnsafeBytes(of: id.uuid) {
            (
                UInt64(bigEndian: $0.loadUnaligned(as: UInt64.self)),
                UInt64(bigEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
        }
    }
}
