import Foundation
import Testing
import VaultModel

/// `VaultItem.sameStorage` lets a save skip comparing unchanged items field by field; it must
/// never call two different items the same.
@Suite struct ItemStorageTests {
    let id = UUID()

    func item() -> VaultItem {
        var item = VaultItem(id: id, title: "A title long enough to live on the heap")
        item.username = "someone@example.com"
        item.password = "a password of more than fifteen bytes"
        item.urls = ["https://example.com/login"]
        item.tags = ["work"]
        item.icon = "https://example.com/icon.png"
        return item
    }

    func same(_ a: VaultItem, _ b: VaultItem) -> Bool {
        withUnsafePointer(to: a) { x in withUnsafePointer(to: b) { y in VaultItem.sameStorage(x, y) } }
    }

    /// Fails too when a stored property is added to `VaultItem` without being listed for the
    /// comparison: then no two items are ever the same storage.
    @Test func aCopyIsTheSameStorage() {
        let a = item()
        var copies = [a, a]
        copies.append(a)  // copied into a grown buffer
        #expect(copies.allSatisfy { same($0, a) })
    }

    @Test func anyChangedFieldIsNotTheSameStorage() {
        let a = item()
        var changes = [VaultItem]()
        for change: (inout VaultItem) -> Void in [
            { $0.title += "!" }, { $0.username = nil }, { $0.password = "another password, also long" },
            { $0.urls.append("x") }, { $0.totp = "otpauth://totp/x?secret=JBSWY3DP" }, { $0.notes = "n" },
            { $0.customFields = [.init(name: "n", value: "v")] }, { $0.tags = [] }, { $0.folder = ["F"] },
            { $0.favorite = true }, { $0.created = Date(timeIntervalSince1970: 1) },
            { $0.modified = Date(timeIntervalSince1970: 2) },
            { $0.passwordHistory = [.init(password: "old", date: nil)] },
            { $0.icon = nil }, { $0.trashed = Date(timeIntervalSince1970: 3) }, { $0.kind = .secureNote },
            { $0.id = UUID() }, { $0.details = ["number": .string("4111")] },
        ] {
            var b = a
            change(&b)
            changes.append(b)
        }
        for (i, b) in changes.enumerated() {
            #expect(!same(a, b), "change \(i)")
        }
    }

    @Test func equalItemsBuiltApartAreNotTheSameStorage() {
        // Equal, but their strings are separate buffers: callers fall back to `==`.
        let a = item()
        let b = item()
        #expect(a == b)
        #expect(!same(a, b))
    }
}
