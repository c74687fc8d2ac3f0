import Foundation
import VaultModel

extension VaultDocument {
    /// Merges `other` (another copy of this vault, or an export read as one) into this
    /// document by the rules of ``VaultMerge`` and spec/MODEL.md "Merging": items match by id,
    /// else by ``VaultMerge/matchKey(_:)``; tombstones of both sides apply (the latest per
    /// id) and those older than this vault's retention before `now` are dropped; folder
    /// lists are united. This document's name and settings stay. Attachments compare by
    /// their bytes when loaded: read both documents with
    /// ``VaultContent/documentWithAttachments(of:)`` (the other's attachments must carry
    /// their bytes, as its blobs are not in this vault), then save with
    /// ``VaultContent/payload(for:previous:)``.
    @discardableResult
    public mutating func merge(_ other: VaultDocument, now: Date = Date()) -> MergeReport {
        var report = MergeReport()
        var deaths = [UUID: Date]()
        for tombstone in tombstones + other.tombstones {
            deaths[tombstone.id] = max(deaths[tombstone.id] ?? .distantPast, tombstone.deleted)
        }
        let otherIDs = Set(other.items.map(\.id))
        var byID = [UUID: Int]()
        var byKey = [String: Int]()
        // Items match only within one collection: a match across collections would move one
        // copy's private data into the other's place.
        func key(_ item: VaultItem) -> String {
            (item.collection?.base64EncodedString() ?? "") + "\u{0}" + VaultMerge.matchKey(item)
        }
        for (i, item) in items.enumerated() {
            byID[item.id] = byID[item.id] ?? i
            // Only an item the other copy does not hold by id can be matched by its content.
            if !otherIDs.contains(item.id), byKey[key(item)] == nil {
                byKey[key(item)] = i
            }
        }
        // A private collection is merged only when both copies hold it under the same key: a
        // copy where it was unshared (a new key) must not have its later items granted again.
        let myKeys = Dictionary(collections.compactMap { c in c.keyFingerprint.map { (c.id, $0) } }) { a, _ in a }
        let theirKeys = Dictionary(other.collections.compactMap { c in c.keyFingerprint.map { (c.id, $0) } }) { a, _ in
            a
        }
        func mergeable(_ theirs: VaultItem) -> Bool {
            guard let collection = theirs.collection else { return true }
            return theirKeys[collection] != nil && myKeys[collection] == theirKeys[collection]
        }
        var matched = Set<Int>()
        var removed = Set<Int>()
        var added = [VaultItem]()
        var takenIDs = Set(items.map(\.id))
        for theirs in other.items {
            guard mergeable(theirs), byID[theirs.id].map({ items[$0].collection == theirs.collection }) ?? true else {
                report.notMerged += 1
                continue
            }
            let candidate = byID[theirs.id] ?? (byKey[key(theirs)].flatMap { matched.contains($0) ? nil : $0 })
            guard let i = candidate, !matched.contains(i) else {
                if isDeleted(theirs, tombstones: deaths, ids: [theirs.id]) {
                    report.notRestored += 1
                    continue
                }
                var item = theirs
                if !takenIDs.insert(item.id).inserted { item.id = .randomV4() }
                added.append(item)
                report.added += 1
                continue
            }
            matched.insert(i)
            let mine = items[i]
            let (item, conflicts) = VaultMerge.merged(mine, theirs)
            if isDeleted(item, tombstones: deaths, ids: [mine.id, theirs.id]) {
                removed.insert(i)
                report.deleted += 1
                continue
            }
            report.conflicts += conflicts.map {
                .init(item: item.id.recordString, title: item.title, field: $0.field, keptAs: $0.keptAs)
            }
            if item == mine { report.kept += 1 } else { report.updated += 1 }
            items[i] = item
        }
        for (i, item) in items.enumerated()
        where !matched.contains(i) && isDeleted(item, tombstones: deaths, ids: [item.id]) {
            removed.insert(i)
            report.deleted += 1
        }
        items = items.enumerated().filter { !removed.contains($0.offset) }.map(\.element) + added
        for path in other.folders where !folders.contains(path) { folders.append(path) }
        recordTombstones(deaths.map { Tombstone(id: $0.key, deleted: $0.value) }, now: now)
        return report
    }
}
