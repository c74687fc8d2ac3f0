import Foundation
import PropertyList
import TestSupport
import Testing
import VaultCrypto

@testable import CofferKit
@testable import VaultFormat

/// A document read for changing holds stubs (a few keys of each item); a save writes the
/// groups of unchanged stubs as they were and never writes a stub (issue 12 §4).
@Suite struct ChangingDocumentTests {
    let key = RecordReuseTests.key

    func readForChanging(_ path: String) throws -> (UnlockedVault, VaultDocument) {
        let vault = try VaultFile(path: path).unlock(with: key)
        vault.keepRecordGroupsForResealing()
        return (vault, try VaultDocument(forChanging: vault))
    }

    func whole(_ path: String) throws -> [VaultItem] {
        let vault = try VaultFile(path: path).unlock(with: key)
        _ = try vault.verifyEverything()
        return try VaultDocument(vault: vault).items
    }

    @Test func anEditedItemIsSavedWholeAndEveryOtherItemAsItWas() throws {
        let path = try RecordReuseTests.vault(items: 6000)
        let before = try whole(path)
        var (vault, document) = try readForChanging(path)
        #expect(document.items.count == 6000)
        #expect(document.items[10].notes == nil && document.items[10].username == nil)  // stubs
        let index = 3100
        try document.loadWhole([index], from: vault)
        #expect(document.items[index] == before[index])
        document.items[index].username = "changed"
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        var expected = before
        expected[index].username = "changed"
        #expect(try whole(path) == expected)
    }

    @Test func addedTrashedAndDeletedItemsSaveWithEveryOtherItemWhole() throws {
        let path = try RecordReuseTests.vault(items: 6000)
        let before = try whole(path)
        var (vault, document) = try readForChanging(path)
        try document.loadWhole([5], from: vault)
        document.trash(at: 5, now: Date(timeIntervalSince1970: 1_700_000_000))
        document.deletePermanently(at: 4000)  // a stub, deleted without being read whole
        var added = VaultItem(title: "added")
        added.password = "a new password"
        document.items.append(added)
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        var expected = before
        expected[5].trashed = Date(timeIntervalSince1970: 1_700_000_000)
        expected[5].modified = Date(timeIntervalSince1970: 1_700_000_000)
        expected.remove(at: 4000)
        expected.append(added)
        #expect(try whole(path) == expected)
    }

    @Test func aStubChangedWithoutBeingReadWholeIsRefusedAndTheFileIsUntouched() throws {
        let path = try RecordReuseTests.vault(items: 3000)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var (vault, document) = try readForChanging(path)
        document.items[1500].username = "changed"  // the stub has no password, notes or dates
        #expect(throws: CofferKitError.self) {
            try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    /// The read keeps each stub compactly (``VaultItem/StubRecord``), never the document's own
    /// items (their buffer would be shared, and the first change copy it): an item is still
    /// the stub it was read as only while every field holds the very storage read, and a
    /// change to any field, one a stub holds or one it leaves empty, makes it another item.
    @Test func aStubIsItsReadOnlyWhileEveryFieldIsTheStorageRead() throws {
        let path = try RecordReuseTests.vault(items: 3000)
        let (vault, document) = try readForChanging(path)
        let snapshot = try #require(vault.readSnapshot as? RecordReuse.Snapshot)
        #expect(snapshot.items.isEmpty && snapshot.stubs.count == 3000 && snapshot.blank != nil)
        let i = 1200
        #expect(VaultDocument.record(of: document.items, at: i, in: snapshot) == i + 1)
        let changes: [(String, (inout VaultItem) -> Void)] = [
            ("title", { $0.title += "!" }),
            ("kind", { $0.kind = .secureNote }), ("folder", { $0.folder.append("x") }),
            ("trashed", { $0.trashed = Date(timeIntervalSinceReferenceDate: 1) }), ("username", { $0.username = "u" }),
            ("password", { $0.password = "p" }), ("notes", { $0.notes = "n" }), ("urls", { $0.urls = ["https://a"] }),
            ("favorite", { $0.favorite = true }), ("created", { $0.created = Date(timeIntervalSinceReferenceDate: 2) }),
            ("tags", { $0.tags = ["t"] }), ("totp", { $0.totp = "otpauth://totp/x?secret=AA" }),
            ("icon", { $0.icon = "https://i" }), ("id", { $0.id = UUID() }),
            ("attachments", { $0.attachments = [VaultItem.Attachment(name: "a", content: Data([1]))] }),
        ]
        for (name, change) in changes {
            var items = document.items
            change(&items[i])
            #expect(VaultDocument.record(of: items, at: i, in: snapshot) == nil, "\(name)")
            #expect(VaultDocument.record(of: items, at: i + 1, in: snapshot) == i + 2, "\(name): its neighbour")
        }
    }

    @Test func aDocumentOfStubsIsSavedOnce() throws {
        let path = try RecordReuseTests.vault(items: 3000)
        var (vault, document) = try readForChanging(path)
        document.items.append(VaultItem(title: "added"))
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        // The stubs are still stubs: a second save from them could only lose their fields.
        #expect(throws: CofferKitError.self) { _ = try VaultContent.payload(for: &document, over: vault) }
        #expect(throws: CofferKitError.self) { _ = try VaultContent.payload(for: &document) }
    }

    @Test func aSmallVaultIsReadWhole() throws {
        // One group: nothing to carry over, so no stubs.
        let path = try RecordReuseTests.vault(items: 20)
        let (_, document) = try readForChanging(path)
        #expect(document.items == (try whole(path)))
    }

    /// A vault of `count` items as ``RecordReuseTests/vault(items:)`` makes it, changed by
    /// `change` before its first save, made with the reuse tests' key and `extra` slots.
    func vault(
        items count: Int, slots extra: [(SlotRecipe, label: String)] = [], _ change: (inout [VaultItem]) -> Void
    ) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-changing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("v.coffer").path
        try VaultStore.create(
            at: path, payload: VaultDocument.newVaultPayload, slots: [(.keyFile(key.keyFiles[0]), "k")] + extra)
        let items = try whole(try RecordReuseTests.vault(items: count))
        let vault = try VaultFile(path: path).unlock(with: key)
        var document = try VaultDocument(vault: vault)
        document.items = items
        change(&document.items)
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        return path
    }

    @Test func itemsSharingAnIdAreReadWhole() throws {
        // Two stubs of one id can be the same bits: a stub could not name its record.
        let path = try vault(items: 3000) { items in items[2001].id = items[2000].id }
        let (_, document) = try readForChanging(path)
        #expect(document.items == (try whole(path)))
    }

    @Test func aVaultWithSeveralKeyslotsIsReadWholeAndSaves() throws {
        let other = Credentials(keyFiles: [CollectionTests.secure("another key file for the same vault")])
        let path = try vault(items: 3000, slots: [(.keyFile(other.keyFiles[0]), label: "other")]) { _ in }
        var (vault, document) = try readForChanging(path)
        #expect(document.items == (try whole(path)))
        document.items.append(VaultItem(title: "added"))
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        #expect(try whole(path).count == 3001)
    }

    @Test func stubsThatCouldOnlyBeWrittenUncompressedAreRefusedAndTheFileIsUntouched() throws {
        // A record over a group's largest content cannot be compressed: the save would be
        // written uncompressed, every record made, stubs included.
        let path = try RecordReuseTests.vault(items: 3000)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var (vault, document) = try readForChanging(path)
        var large = VaultItem(title: "large")
        large.notes = String(repeating: "x", count: RecordGroup.maximumContentBytes + 1)
        document.items.append(large)
        #expect(throws: VaultPayload.PartRecordsCannotBeWrittenUncompressed.self) {
            try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func stubsShiftedByManyPlacesAreFoundByTheirIds() throws {
        // Three items deleted before them: the rest of their group is three places off, and
        // is found by id to be read whole and saved.
        let path = try RecordReuseTests.vault(items: 6000)
        let before = try whole(path)
        var (vault, document) = try readForChanging(path)
        for _ in 0..<3 { document.deletePermanently(at: 10) }
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        var expected = before
        expected.removeSubrange(10..<13)
        #expect(try whole(path) == expected)
    }

    @Test func stubPositionsFindEveryIdAndNoOther() {
        let items = (0..<500).map { VaultItem(title: "item \($0)") }
        let positions = StubPositions(items)
        #expect(positions.idsAreUnique)
        #expect(items.indices.allSatisfy { positions.position(of: items[$0].id) == $0 })
        #expect(positions.position(of: UUID()) == nil)
        #expect(!StubPositions(items + [items[7]]).idsAreUnique)
    }
}
