import CofferKit
import Foundation
import Testing

/// Folder paths wherever an item is named, folder rename and removal, and the trash rules.
@Suite struct FolderTrashRuleTests {
    static func item(_ title: String, in folder: [String]) -> VaultItem {
        var item = VaultItem(title: title)
        item.folder = folder
        return item
    }

    static let items = [
        item("GitHub", in: ["Work", "Code"]), item("GitHub", in: ["Casa / Home"]), item("a/b", in: []),
        item("b", in: ["a"]), item("Mail", in: []),
    ]

    @Test func aPathNamesAnItemAndAnAmbiguousNameListsEveryCandidate() {
        #expect(ItemQuery.select("work/code/github", in: Self.items) == .one(0))
        #expect(ItemQuery.select("Casa \\/ Home/GitHub", in: Self.items) == .one(1))
        #expect(ItemQuery.select("GitHub", in: Self.items) == .ambiguous([0, 1]))
        // A title holding a slash and a path that reads the same: both are candidates.
        #expect(ItemQuery.select("a/b", in: Self.items) == .ambiguous([2, 3]))
        #expect(ItemQuery.select("Work/GitHub", in: Self.items) == .none)
        #expect(ItemQuery.path(of: Self.items[1]) == "Casa \\/ Home/GitHub")
        // Titles beyond ASCII are compared as Foundation compares them, ignoring case.
        let accented = [Self.item("Café Zoë", in: []), Self.item("Cafe Zoe", in: [])]
        #expect(ItemQuery.select("CAFÉ ZOË", in: accented) == .one(0))
        #expect(ItemQuery.select("cafe zoe", in: accented) == .one(1))
        // A full id, in either case, names its item; one character off names nothing.
        let id = Self.items[3].id.recordString
        #expect(ItemQuery.select(id.lowercased(), in: Self.items) == .one(3))
        #expect(ItemQuery.select(String(id.dropLast()) + (id.hasSuffix("0") ? "1" : "0"), in: Self.items) == .none)
    }

    @Test func trashedItemsAreNamedOnlyThroughTheTrash() {
        var items = Self.items
        items[4].trashed = Date()
        #expect(ItemQuery.select("Mail", in: items) == .none)
        #expect(ItemQuery.select("Mail", in: items, where: { $0.trashed != nil }) == .one(4))
    }

    @Test func keychainAttributesAndIconsAreSearchedButSecretsAreNot() throws {
        var item = VaultItem(title: "x")
        try item.setKeychainAttributes([("service", "com.example.app"), ("server", "example.org")])
        item.icon = "https://example.org/logo.png"
        item.password = "hunter2"
        #expect(ItemQuery.matches(item, words: ["com.example.app"]))
        #expect(ItemQuery.matches(item, words: ["logo.png"]))
        #expect(!ItemQuery.matches(item, words: ["hunter2"]))
    }

    @Test func trashRestoreEmptyAndRetention() {
        var document = VaultDocument(items: Self.items)
        let day: TimeInterval = 86_400
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        document.trash(at: 0, now: start)
        document.trash(at: 4, now: start.addingTimeInterval(10 * day))
        #expect(document.trashedIndices == [0, 4] && document.liveItems.count == 3)
        #expect(document.items[0].folder == ["Work", "Code"])  // kept, for restoring
        #expect(document.expiry(of: document.items[0]) == start.addingTimeInterval(30 * day))
        // Day 31: the first is past 30 days, the second is not.
        let purged = document.purgeExpiredTrash(now: start.addingTimeInterval(31 * day))
        #expect(purged.map(\.folder) == [["Work", "Code"]] && document.trashedIndices.count == 1)
        document.trashRetentionDays = 0
        #expect(document.purgeExpiredTrash(now: start.addingTimeInterval(999 * day)).isEmpty)
        let mail = document.trashedIndices[0]
        document.restore(at: mail)
        #expect(document.trashedIndices.isEmpty && document.items[mail].trashed == nil)
        document.trash(at: 0)
        #expect(document.emptyTrash().count == 1 && document.items.count == 3)
    }

    @Test func renamingAFolderMovesItsItemsAndSubfolders() throws {
        var document = VaultDocument(items: Self.items)
        document.folders = [["Work", "Empty"]]
        #expect(try document.renameFolder(["Work"], to: ["Job"]) == 1)
        #expect(document.items[0].folder == ["Job", "Code"] && document.folders == [["Job", "Empty"]])
        #expect(throws: CofferKitError.self) { try document.renameFolder(["Job"], to: ["Job", "Inner"]) }
        #expect(throws: CofferKitError.self) { try document.renameFolder(["Job"], to: ["a"]) }
        #expect(throws: CofferKitError.self) { try document.renameFolder(["Nope"], to: ["x"]) }
        #expect(document.allFolders.map(FolderPath.format) == ["a", "Casa \\/ Home", "Job", "Job/Code", "Job/Empty"])
    }

    @Test func removingAFolderWithItemsIsRefusedUnlessTheyGoToTheTrash() throws {
        var document = VaultDocument(items: Self.items)
        #expect(throws: CofferKitError.self) { try document.removeFolder(["Work"], removal: .refuseIfNotEmpty) }
        let trashed = try document.removeFolder(["Work"], removal: .trashItems)
        #expect(trashed.map(\.title) == ["GitHub"] && document.items[0].trashed != nil)
        #expect(!document.hasFolder(["Work"]) && document.items[0].folder == ["Work", "Code"])
        document.folders = [["Empty"]]
        try document.removeFolder(["Empty"], removal: .refuseIfNotEmpty)
        #expect(document.folders.isEmpty)
    }
}
