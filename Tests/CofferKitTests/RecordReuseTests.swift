import Foundation
import PropertyList
import TestSupport
import Testing
import VaultCrypto

@testable import CofferKit
@testable import VaultFormat

/// A save writes the stored record groups whose records did not change as they are, and
/// encodes only the rest (issue 12 §4); what it writes reads back as the document saved.
@Suite struct RecordReuseTests {
    static let key = Credentials(keyFiles: [CollectionTests.secure("the reuse tests' key file, 32 b!")])

    /// A vault of `count` items whose notes do not compress to nothing, so the records fill
    /// several groups of about 512 KiB.
    static func vault(items count: Int) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-reuse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("v.coffer").path
        try VaultStore.create(
            at: path, payload: VaultDocument.newVaultPayload, slots: [(.keyFile(key.keyFiles[0]), "k")])
        var random = SeededGenerator(seed: 7)
        let vault = try VaultFile(path: path).unlock(with: key)
        var document = try VaultDocument(vault: vault)
        document.items = (0..<count).map { i in
            var item = VaultItem(title: "Service \(i)")
            item.username = "user\(i)@example.com"
            item.notes = String(
                (0..<300).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789 ".randomElement(using: &random)! })
            return item
        }
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        return path
    }

    static func openForSaving(_ path: String) throws -> (UnlockedVault, VaultDocument) {
        let vault = try VaultFile(path: path).unlock(with: key)
        vault.keepRecordGroupsForResealing()
        return (vault, try VaultDocument(vault: vault))
    }

    @Test func unchangedGroupsAreWrittenAgainAndTheSaveReadsBackAsSaved() throws {
        let path = try Self.vault(items: 6000)
        let (vault, read) = try Self.openForSaving(path)
        let stored = vault.storedRecordGroups
        #expect(stored.count >= 4, "\(stored.count) groups")
        var document = read
        let middle = stored[stored.count / 2].records.lowerBound + 3  // record n is item n - 1
        document.items[middle - 1].username = "changed"
        document.items.append(VaultItem(title: "added"))
        let payload = try VaultContent.payload(for: &document, over: vault)
        let reused = try #require(payload.recordSource?.reused)
        // The edited group is made anew, and so is a small group beside it or beside the new
        // item; every other group is written as it was, at the same record numbers.
        #expect(!reused.contains { $0.records.contains(middle) })
        #expect(reused.allSatisfy { r in stored.contains { $0.records == r.records } })
        #expect(reused.count >= stored.count - 5 && reused.count >= 3, "\(reused.count) of \(stored.count)")
        try VaultStore.save(payload, over: vault)
        let again = try VaultFile(path: path).unlock(with: Self.key)
        _ = try again.verifyEverything()
        #expect(try VaultDocument(vault: again).items == document.items)
    }

    @Test func removedItemsAndChangedSettingsShiftOrRemakeGroups() throws {
        let path = try Self.vault(items: 6000)
        let (vault, read) = try Self.openForSaving(path)
        let stored = vault.storedRecordGroups
        var document = read
        document.name = "renamed"  // record 0: the first group is made anew
        document.items.remove(at: stored[1].records.lowerBound + 5)  // one record of group 1
        let payload = try VaultContent.payload(for: &document, over: vault)
        let reused = try #require(payload.recordSource?.reused)
        // Groups 0 (the settings) and 1 (the removed record) are made anew; every later group
        // (750 records, over half a group's target, so not small) is reused one record earlier.
        let later = stored.dropFirst(2).map { $0.records.lowerBound - 1..<$0.records.upperBound - 1 }
        #expect(reused.map(\.records) == later)
        try VaultStore.save(payload, over: vault)
        let reopened = try VaultDocument(vault: VaultFile(path: path).unlock(with: Self.key))
        #expect(reopened.items == document.items)
        #expect(reopened.name == "renamed")
    }

    @Test func reorderedItemsAreEncodedAnew() throws {
        let path = try Self.vault(items: 3000)
        let (vault, read) = try Self.openForSaving(path)
        var document = read
        document.items.reverse()
        let payload = try VaultContent.payload(for: &document, over: vault)
        #expect(payload.recordSource?.reused.isEmpty == true)
        try VaultStore.save(payload, over: vault)
        #expect(try VaultDocument(vault: VaultFile(path: path).unlock(with: Self.key)).items == document.items)
    }

    @Test func itemsSharingAnIdNeverMisleadReuse() throws {
        let path = try Self.vault(items: 3000)
        var (vault, document) = try Self.openForSaving(path)
        document.items.append(document.items[5])  // a second copy: same id, same fields
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        (vault, document) = try Self.openForSaving(path)
        #expect(document.items.count == 3001)
        document.items.remove(at: 5)
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        #expect(try VaultDocument(vault: VaultFile(path: path).unlock(with: Self.key)).items == document.items)
    }

    /// Text equal under Swift's canonical equivalence but not the same bytes is a change:
    /// the save writes what the document holds.
    @Test func textEqualOnlyByUnicodeEquivalenceIsWrittenAsTheDocumentHoldsIt() throws {
        let path = try Self.vault(items: 3000)
        let decomposed = "Cafe\u{301}"
        let precomposed = "Caf\u{E9}"
        #expect(decomposed == precomposed)
        var (vault, document) = try Self.openForSaving(path)
        document.items[10].title = decomposed
        document.name = decomposed
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        (vault, document) = try Self.openForSaving(path)
        document.items[10].title = precomposed
        document.name = precomposed
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        let back = try VaultDocument(vault: VaultFile(path: path).unlock(with: Self.key))
        #expect(Array(back.items[10].title.utf8) == Array(precomposed.utf8))
        #expect(Array(back.name.utf8) == Array(precomposed.utf8))
    }

    /// A record that reading does not keep whole (an unknown key inside a custom field) is
    /// encoded anew, as it would be without reuse, never carried as it was.
    @Test func recordsReadingDoesNotKeepWholeAreEncodedAnew() throws {
        let path = try Self.vault(items: 3000)
        let vault = try VaultFile(path: path).unlock(with: Self.key)
        var records = try vault.readRecords()
        guard case .dictionary(var record) = records[6] else {
            Issue.record("record 6")
            return
        }
        record["fields"] = .array([.dictionary(["name": "PIN", "value": "1234", "extra": "kept only in the record"])])
        records[6] = .dictionary(record)
        try VaultStore.save(VaultPayload(records: records), over: vault)
        let (reopened, read) = try Self.openForSaving(path)
        var document = read
        document.items[2990].username = "changed"  // a change in another group
        let payload = try VaultContent.payload(for: &document, over: reopened)
        #expect(payload.recordSource?.reused.contains { $0.records.contains(6) } == false)
        try VaultStore.save(payload, over: reopened)
        let saved = try VaultFile(path: path).unlock(with: Self.key).readRecords()
        guard case .dictionary(let after) = saved[6], case .array(let fields)? = after["fields"],
            case .dictionary(let field)? = fields.first
        else {
            Issue.record("record 6 after the save")
            return
        }
        #expect(field["extra"] == nil && field["value"] == "1234")
    }

    /// Repeated small saves do not split the records into ever more groups.
    @Test func manySmallSavesKeepTheGroupsFew() throws {
        let path = try Self.vault(items: 6000)
        let initial = try Self.openForSaving(path).0.storedRecordGroups.count
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        for edit in 0..<12 {
            var (vault, document) = try Self.openForSaving(path)
            if edit % 2 == 0 {
                document.items[(edit * 487) % document.items.count].username = "edit \(edit)"
            } else {
                document.items.append(VaultItem(title: "added \(edit)"))
            }
            try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        }
        let groups = try Self.openForSaving(path).0.storedRecordGroups.count
        #expect(groups <= initial + 3, "\(initial) groups, then \(groups)")
        let grown = try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int
        #expect(Double(grown) < Double(size) * 1.01, "\(size) bytes, then \(grown)")
    }

    @Test func withoutKeepingGroupsNothingIsReused() throws {
        let path = try Self.vault(items: 2000)
        let vault = try VaultFile(path: path).unlock(with: Self.key)
        var document = try VaultDocument(vault: vault)
        #expect(vault.storedRecordGroups.isEmpty)
        #expect(try VaultContent.payload(for: &document, over: vault).recordSource?.reused.isEmpty == true)
    }

    @Test func smallGroupsBesideNewRecordsAreMadeAgain() {
        func group(_ records: Range<Int>, bytes: Int) -> ReusedRecordGroup {
            ReusedRecordGroup(
                records: records, group: StoredRecordGroup(records: records, contentBytes: bytes, item: [1]))
        }
        let big = StoredRecordGroup.smallContentBytes
        let groups = [
            group(0..<10, bytes: 100), group(10..<20, bytes: big), group(20..<30, bytes: 100),
            group(31..<40, bytes: 100), group(40..<50, bytes: 100),
        ]
        // 30 is new: the small groups either side of it go; the first small one borders
        // nothing new and stays; so does the last (the records end with it).
        #expect(
            groups.withoutSmallGroupsBesideNewRecords(recordCount: 50).map(\.records)
                == [0..<10, 10..<20, 40..<50])
        #expect(
            groups.withoutSmallGroupsBesideNewRecords(recordCount: 51).map(\.records) == [0..<10, 10..<20])
    }

    @Test func aPlanRefusesGroupsOutOfOrder() {
        let stored = StoredRecordGroup(records: 1..<3, contentBytes: 10, item: [0, 0, 0, 0])
        var source = VaultPayload.RecordSource(count: 5) { _ in .dictionary(PropertyListDictionary()) }
        source.reused = [
            ReusedRecordGroup(records: 3..<5, group: stored), ReusedRecordGroup(records: 2..<4, group: stored),
        ]
        #expect(throws: VaultError.self) { try PayloadPlan(VaultPayload(recordSource: source), compressRecords: true) }
    }
}
