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
        for (i, item) in items.enumerated() {
            byID[item.id] = byID[item.id] ?? i
            // Only an item the other copy does not hold by id can be matched by its content.
            if !otherIDs.contains(item.id), byKey[VaultMerge.matchKey(item)] == nil {
                byKey[VaultMerge.matchKey(item)] = i
            }
        }
        var matched = Set<Int>()
        var removed = Set<Int>()
        var added = [VaultItem]()
        var takenIDs = Set(items.map(\.id))
        for theirs in other.items {
            let key = VaultMerge.matchKey(theirs)
            let candidate = byID[theirs.id] ?? (byKey[key].flatMap { matched.contains($0) ? nil : $0 })
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
