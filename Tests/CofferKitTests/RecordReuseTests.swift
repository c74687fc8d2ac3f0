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
        // The edited group is made anew, and so are small groups beside it or beside the new
        // item (here every group is small: 750 records, one encoding slice each); every other
        // group is written as it was, at the same record numbers.
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
        // Groups 0 (the settings) and 1 (the removed record) are made anew, and group 2 (small,
        // beside them); every later group is reused one record earlier.
        let later = stored.dropFirst(3).map { $0.records.lowerBound - 1..<$0.records.upperBound - 1 }
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
        let big = StoredRecordGroup.targetContentBytes
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
