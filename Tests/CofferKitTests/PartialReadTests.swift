import Foundation
import PropertyList
import TestSupport
import Testing

@testable import CofferKit

/// Reading items from a few record keys (`ItemLookup`, `VaultDocument(vault:itemKeys:)`)
/// finds and shows exactly what reading the whole document does.
@Suite struct PartialReadTests {
    /// A vault of items with shared titles, folders, titles holding a slash, trashed items,
    /// secrets, notes, fields and keychain attributes.
    static func vault() throws -> (path: String, items: [VaultItem]) {
        let path = try RecordReuseTests.vault(items: 0)
        var random = SeededGenerator(seed: 12)
        let vault = try VaultFile(path: path).unlock(with: RecordReuseTests.key)
        var document = try VaultDocument(vault: vault)
        let titles = ["GitHub", "github", "Bank", "a/b", "Mail", "Ünïcode", "Work", "x"]
        let folders: [[String]] = [[], ["Work"], ["Work", "a/b"], ["Home"], ["a"]]
        document.items = (0..<400).map { i in
            var item = VaultItem(title: titles.randomElement(using: &random)! + (i % 5 == 0 ? " \(i)" : ""))
            item.folder = folders.randomElement(using: &random)!
            item.username = i % 3 == 0 ? nil : "user\(i)"
            item.password = "pw-\(i)"
            item.urls = i % 4 == 0 ? ["https://s\(i).example"] : []
            item.notes = i % 2 == 0 ? "note \(i) Bank" : nil
            item.tags = i % 6 == 0 ? ["t\(i % 12)"] : []
            item.customFields =
                i % 7 == 0 ? [VaultItem.CustomField(name: "pin", value: "\(i)", concealed: i % 14 == 0)] : []
            if i % 9 == 0 { item.trashed = Date(timeIntervalSinceReferenceDate: Double(i)) }
            return item
        }
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        return (path, try VaultDocument(vault: VaultFile(path: path).unlock(with: RecordReuseTests.key)).items)
    }

    @Test func lookingUpOneItemFindsWhatTheWholeDocumentFinds() throws {
        let (path, items) = try Self.vault()
        let vault = try VaultFile(path: path).unlock(with: RecordReuseTests.key)
        var selectors = [
            "GitHub", "github", "bank", "a/b", "Work/a\\/b/Mail", "Home/x", "ünïcode", "nothing", "Mail 5",
        ]
        selectors += items.prefix(40).map { String($0.id.recordString.prefix(4 + $0.title.count % 5)) }
        selectors += items.suffix(10).map(\.id.recordString) + items.map { ItemQuery.path(of: $0) }.prefix(30)
        for trashed in [false, true] {
            for selector in selectors {
                let whole = ItemQuery.select(selector, in: items, where: { ($0.trashed != nil) == trashed })
                let found = try #require(
                    try ItemLookup.find(selector, in: vault, where: { ($0.trashed != nil) == trashed }))
                switch (whole, found) {
                case (.one(let i), .one(let item)): #expect(item == items[i], "\(selector)")
                case (.none, .none): break
                case (.ambiguous(let indices), .ambiguous(let names)):
                    #expect(names == indices.map { ItemName(items[$0]) }, "\(selector)")
                default: Issue.record("\(selector) trashed \(trashed): \(whole) but \(found)")
                }
            }
        }
    }

    @Test func aListedDocumentHoldsTheListedFieldsOfEveryItemAndNoSecret() throws {
        let (path, items) = try Self.vault()
        let vault = try VaultFile(path: path).unlock(with: RecordReuseTests.key)
        let listed = try VaultDocument(vault: vault, itemKeys: VaultDocument.listedItemKeys).items
        #expect(listed.count == items.count)
        for (read, whole) in zip(listed, items) {
            #expect(read.id == whole.id && read.kind == whole.kind && read.title == whole.title)
            #expect(read.username == whole.username && read.folder == whole.folder && read.urls == whole.urls)
            #expect(read.tags == whole.tags && read.trashed == whole.trashed)
            #expect(read.password == nil && read.notes == nil && read.customFields.isEmpty)
        }
    }

    /// `list` keeps each item as what it lists (``ListedItem``), read as the listed document
    /// reads it: the same fields of every item, in order; a vault with private collections
    /// is read as a document instead.
    @Test func listedItemsHoldWhatTheListedDocumentHolds() throws {
        let (path, items) = try Self.vault()
        let vault = try VaultFile(path: path).unlock(with: RecordReuseTests.key)
        for keys in [VaultDocument.listedItemKeys, VaultDocument.tabledItemKeys] {
            let document = try VaultDocument(vault: vault, itemKeys: keys).items
            let listed = try #require(try ListedItem.read(vault, keys: keys))
            #expect(listed.count == items.count && document.count == items.count)
            for (row, item) in zip(listed, document) {
                #expect(row.id == item.id && row.kind == item.kind && row.title == item.title)
                #expect(row.username == item.username && row.folder == item.folder && row.urls == item.urls)
                #expect(row.tags == item.tags && row.trashed == item.trashed)
            }
        }
        #expect(items.contains { $0.trashed != nil } && items.contains { !$0.urls.isEmpty })
        let shared = try CollectionTests.open(try CollectionTests.sharedHousehold(), CollectionTests.alice)
        #expect(try ListedItem.read(shared, keys: VaultDocument.listedItemKeys) == nil)
    }

    /// A document read for showing holds no secret: saving it would lose them all, so every
    /// save refuses it and the file is left as it was.
    @Test func aListedDocumentIsNeverSaved() throws {
        let (path, _) = try Self.vault()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let vault = try VaultFile(path: path).unlock(with: RecordReuseTests.key)
        var listed = try VaultDocument(vault: vault, itemKeys: VaultDocument.listedItemKeys)
        #expect(throws: CofferKitError.self) { try VaultContent.payload(for: &listed, over: vault) }
        #expect(throws: CofferKitError.self) { try VaultContent.payload(for: &listed) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        var whole = try VaultDocument(vault: vault)
        _ = try VaultContent.payload(for: &whole, over: vault)
    }

    /// `search` keeps only the items it matches: exactly those the whole document holds that
    /// pass, in order, each whole; such a document is never saved either.
    @Test func aDocumentOfKeptItemsHoldsExactlyThoseThatPassWhole() throws {
        let (path, items) = try Self.vault()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let vault = try VaultFile(path: path).unlock(with: RecordReuseTests.key)
        for words in [["mail"], ["a"], ["GitHub"], ["nothing at all"], []] {
            let search = SearchWords(words)
            var kept = try VaultDocument(vault: vault) { $0.trashed == nil && search.match($0) }
            #expect(kept.items == items.filter { $0.trashed == nil && search.match($0) }, "\(words)")
            #expect(throws: CofferKitError.self) { try VaultContent.payload(for: &kept, over: vault) }
        }
        let shared = try CollectionTests.open(try CollectionTests.sharedHousehold(), CollectionTests.alice)
        let kept = try VaultDocument(vault: shared) { $0.title.hasPrefix("Alice") }
        #expect(kept.items.map(\.title) == ["Alice's bank"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// Items in collections are in their own regions: both reads fall back to the whole
    /// document and see them.
    @Test func aVaultWithCollectionsIsReadWhole() throws {
        let path = try CollectionTests.sharedHousehold()
        let vault = try CollectionTests.open(path, CollectionTests.alice)
        #expect(try ItemLookup.find("Alice's bank", in: vault) == nil)
        let listed = try VaultDocument(vault: vault, itemKeys: VaultDocument.listedItemKeys)
        #expect(listed.items.map(\.title).sorted() == ["Alice's bank", "Electricity", "Netflix"])
    }

    /// A vault holding `records` as they are (record 0 first).
    static func vault(records: [PropertyListValue]) throws -> UnlockedVault {
        let path = try RecordReuseTests.vault(items: 0)
        try VaultStore.save(
            VaultPayload(records: records), over: VaultFile(path: path).unlock(with: RecordReuseTests.key))
        return try VaultFile(path: path).unlock(with: RecordReuseTests.key)
    }

    static let item: PropertyListValue = .dictionary(VaultItem(title: "GitHub").plist)

    /// Record 0 is read as every reader reads it: a newer schema is refused, not skipped.
    @Test func aNewerSchemaIsRefusedByTheLookupAsByTheDocument() throws {
        let vault = try Self.vault(records: [.dictionary(["schema": .integer(2)]), Self.item])
        let whole = #expect(throws: (any Error).self) { try VaultDocument(vault: vault) }
        let found = #expect(throws: (any Error).self) { try ItemLookup.find("GitHub", in: vault) }
        #expect("\(String(describing: found))" == "\(String(describing: whole))")
        #expect("\(String(describing: whole))".contains("schema"))
    }

    /// A record that is no dictionary, or no valid bplist00 in a key the lookup reads, fails
    /// the lookup and the listing with the error the whole document gives.
    @Test func aBrokenRecordGivesTheErrorTheWholeDocumentGives() throws {
        let settings = VaultDocument().settingsRecord
        for broken: PropertyListValue in [.array([.string("id")]), .dictionary(["id": .integer(7)]), .string("x")] {
            let vault = try Self.vault(records: [settings, Self.item, broken])
            let whole = #expect(throws: (any Error).self) { try VaultDocument(vault: vault) }
            let found = #expect(throws: (any Error).self) { try ItemLookup.find("GitHub", in: vault) }
            let listed = #expect(throws: (any Error).self) {
                try VaultDocument(vault: vault, itemKeys: VaultDocument.listedItemKeys)
            }
            #expect("\(String(describing: found))" == "\(String(describing: whole))", "\(broken)")
            #expect("\(String(describing: listed))" == "\(String(describing: whole))", "\(broken)")
        }
    }
}
