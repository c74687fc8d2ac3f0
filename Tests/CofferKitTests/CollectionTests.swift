import CofferKit
import Foundation
import PropertyList
import Testing
import VaultCrypto
import VaultFormat

/// Private collections (spec/FORMAT.md §13) through the library, as two people sharing one
/// vault would use them: each key sees the default collection and what was granted to it,
/// and a save by someone who cannot open a collection carries it byte for byte.
@Suite struct CollectionTests {
    static func secure(_ text: String) -> SecureBytes { Array(text.utf8).withUnsafeBytes { SecureBytes(copying: $0) } }
    static let alice = Credentials(keyFiles: [secure("alice's key file, 32 bytes long!")])
    static let bob = Credentials(keyFiles: [secure("bob's key file, also 32 bytes ok")])
    static let carol = Credentials(keyFiles: [secure("carol's key file, 32 bytes long!")])

    /// A vault with slots for alice and bob, made before any collection existed.
    static func household() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-coll-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("home.coffer").path
        try VaultStore.create(
            at: path, payload: VaultDocument.newVaultPayload,
            slots: [(.keyFile(alice.keyFiles[0]), label: "alice"), (.keyFile(bob.keyFiles[0]), label: "bob")])
        return path
    }

    static func open(_ path: String, _ who: Credentials) throws -> UnlockedVault {
        try VaultFile(path: path).unlock(with: who)
    }

    /// Opens `path` as `who`, applies `change`, saves.
    static func modify(
        _ path: String, as who: Credentials, _ change: (inout VaultDocument, UnlockedVault) throws -> Void
    )
        throws
    {
        let vault = try open(path, who)
        var document = try VaultDocument(vault: vault)
        try change(&document, vault)
        let payload = try VaultContent.payload(for: &document, over: vault)
        try VaultStore.save(payload, over: vault)
    }

    static func titles(_ path: String, _ who: Credentials) throws -> [String] {
        try VaultDocument(vault: open(path, who)).items.map(\.title).sorted()
    }

    static func member(_ vault: UnlockedVault) -> Data { Data(vault.member!.publicKey) }

    /// alice: a private collection and a shared one; bob registered and given the shared one.
    static func sharedHousehold() throws -> String {
        let path = try household()
        try modify(path, as: alice) { document, vault in
            document.items.append(VaultItem(title: "Netflix"))
            let mine = try document.createCollection(named: "Alice only", grantedTo: member(vault))
            let ours = try document.createCollection(named: "Household", grantedTo: member(vault))
            var bank = VaultItem(title: "Alice's bank")
            bank.collection = mine.id
            var power = VaultItem(title: "Electricity")
            power.collection = ours.id
            document.items += [bank, power]
        }
        try modify(path, as: bob) { _, _ in }  // bob's first save records his member key
        let bobMember = try member(open(path, bob))
        try modify(path, as: alice) { document, _ in
            try document.share(document.collection(named: "Household").id, with: bobMember)
        }
        return path
    }

    @Test func eachKeySeesTheDefaultCollectionAndItsOwn() throws {
        let path = try Self.sharedHousehold()
        #expect(try Self.titles(path, Self.alice) == ["Alice's bank", "Electricity", "Netflix"])
        #expect(try Self.titles(path, Self.bob) == ["Electricity", "Netflix"])
        let bobsView = try VaultDocument(vault: Self.open(path, Self.bob))
        #expect(bobsView.collections.compactMap(\.name) == ["Household"])
        #expect(bobsView.collections.filter { !$0.isReadable }.count == 1)
        // Names are sealed: nothing of them is in the file's bytes.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.range(of: Data("Alice only".utf8)) == nil)
        #expect(bytes.range(of: Data("Household".utf8)) == nil)
    }

    @Test func aSaveBySomeoneWhoCannotOpenACollectionCarriesItByteForByte() throws {
        let path = try Self.sharedHousehold()
        func sealed(_ name: String) throws -> Data {
            let vault = try Self.open(path, Self.alice)
            let id = try VaultDocument(vault: vault).collection(named: name).id
            return try #require(try vault.collectionTable()?.entry(Array(id))?.sealed)
        }
        let before = try sealed("Alice only")
        let household = try sealed("Household")
        try Self.modify(path, as: Self.bob) { document, _ in
            document.items.append(VaultItem(title: "Bob's mail"))
            let ours = try document.collection(named: "Household")
            document.items[document.items.firstIndex { $0.title == "Electricity" }!].username = "meter 42"
            _ = ours
        }
        #expect(try sealed("Alice only") == before)
        let after = try sealed("Household")
        #expect(after != household)  // changed, so sealed again…
        #expect(after.prefix(32) != household.prefix(32))  // …under a new salt: a new chunk key, no nonce reused
        #expect(try Self.titles(path, Self.alice) == ["Alice's bank", "Bob's mail", "Electricity", "Netflix"])
        // Unchanged collections keep their bytes through a save that changes nothing in them.
        let again = try sealed("Household")
        try Self.modify(path, as: Self.alice) { document, _ in document.items.append(VaultItem(title: "x")) }
        #expect(try sealed("Household") == again)
    }

    @Test func unsharingGivesTheCollectionANewKey() throws {
        let path = try Self.sharedHousehold()
        let oldKey = try #require(try Self.open(path, Self.bob).openCollections().first?.key)
        let bobMember = try Self.member(Self.open(path, Self.bob))
        try Self.modify(path, as: Self.alice) { document, _ in
            try document.unshare(document.collection(named: "Household").id, from: bobMember)
        }
        #expect(try Self.titles(path, Self.bob) == ["Netflix"])
        let vault = try Self.open(path, Self.alice)
        let household = try #require(try vault.openCollections().first { $0.contents.name == "Household" })
        #expect(household.key.withBytes { Array($0) } != oldKey.withBytes { Array($0) })
        #expect(household.contents.records.count == 1)
        // The last member cannot be taken away (nobody could open it again).
        #expect(throws: CofferKitError.self) {
            var document = try VaultDocument(vault: vault)
            try document.unshare(document.collection(named: "Household").id, from: Self.member(vault))
        }
    }

    @Test func removingTheOnlyKeyslotOfACollectionIsRefused() throws {
        let path = try Self.sharedHousehold()
        let vault = try Self.open(path, Self.bob)
        var members = try #require(try vault.collectionTable()?.members)
        members.remove(at: 0)
        #expect(throws: VaultError.self) {
            try VaultStore.replaceSlots(of: vault, with: [vault.file.header.slots[1]], members: members)
        }
        // Removing bob keeps everything alice holds and drops bob's grant.
        let asAlice = try Self.open(path, Self.alice)
        var aliceMembers = try #require(try asAlice.collectionTable()?.members)
        aliceMembers.remove(at: 1)
        try VaultStore.replaceSlots(of: asAlice, with: [asAlice.file.header.slots[0]], members: aliceMembers)
        #expect(try Self.titles(path, Self.alice) == ["Alice's bank", "Electricity", "Netflix"])
        #expect(throws: VaultError.self) { try Self.open(path, Self.bob) }
    }

    @Test func aNewSlotCanBeGrantedACollectionAtOnce() throws {
        let path = try Self.sharedHousehold()
        let vault = try Self.open(path, Self.alice)
        let (slot, member) = try VaultStore.makeSlotWithMember(
            .keyFile(Self.carol.keyFiles[0]), label: "carol", keys: vault.keys)
        let members = try #require(try vault.collectionTable()?.members)
        try VaultStore.replaceSlots(of: vault, with: vault.file.header.slots + [slot], members: members + [member])
        try Self.modify(path, as: Self.alice) { document, _ in
            try document.share(document.collection(named: "Alice only").id, with: Data(member))
        }
        #expect(try Self.titles(path, Self.carol) == ["Alice's bank", "Netflix"])
    }

    @Test func attachmentsOfPrivateItemsStayInsideTheirCollection() throws {
        let path = try Self.household()
        try Self.modify(path, as: Self.alice) { document, vault in
            let mine = try document.createCollection(named: "Papers", grantedTo: Self.member(vault))
            var item = VaultItem(title: "Passport scan")
            item.collection = mine.id
            item.attachments = [VaultItem.Attachment(name: "scan.txt", content: Data("P<UTOERIKSSON".utf8))]
            document.items.append(item)
        }
        let vault = try Self.open(path, Self.alice)
        #expect(try vault.blobList().isEmpty)  // no blob of the default collection holds it
        let document = try VaultContent.documentWithAttachments(of: vault)
        #expect(document.items.first?.attachments.first?.content == Data("P<UTOERIKSSON".utf8))
        let exported = try VaultDocument(checking: vault)
        #expect(exported.items.count == 1)
        #expect(try Self.titles(path, Self.bob) == [])
    }

    @Test func salvageCarriesTheSealedCollectionsOfAnIntactIndex() throws {
        let path = try Self.sharedHousehold()
        let (payload, report) = try Self.open(path, Self.bob).salvage()
        #expect(report.collectionsCarried == 2)
        let output = path + ".salvaged"
        try VaultStore.writeSalvaged(payload, from: Self.open(path, Self.bob), to: output)
        #expect(try Self.titles(output, Self.alice) == ["Alice's bank", "Electricity", "Netflix"])
        #expect(try Self.titles(output, Self.bob) == ["Electricity", "Netflix"])
    }

    @Test func rekeyKeepsTheMemberTableAndRefusesPrivateCollections() throws {
        let path = try Self.household()
        try Self.modify(path, as: Self.alice) { _, _ in }
        try Self.modify(path, as: Self.bob) { _, _ in }  // a table of two members, no collection
        let recipes: [(SlotRecipe, label: String)] = [(.keyFile(Self.alice.keyFiles[0]), "alice")]
        try VaultStore.rekey(Self.open(path, Self.alice), slots: recipes)
        let table = try #require(try Self.open(path, Self.alice).collectionTable())
        let alice = try Self.open(path, Self.alice)
        #expect(table.members == [Array(Self.member(alice))])
        let shared = try Self.sharedHousehold()
        #expect(throws: VaultError.self) { try VaultStore.rekey(Self.open(shared, Self.alice), slots: recipes) }
    }

    @Test func aForgedGrantOrDamagedCollectionIsAPayloadFailure() throws {
        let path = try Self.sharedHousehold()
        let vault = try Self.open(path, Self.bob)
        var payload = try vault.payloadForResealing()
        var table = try #require(payload.collections)
        let i = try #require(
            table.collections.firstIndex { $0.grants.contains { Data($0.member) == Self.member(vault) } })
        var sealed = table.collections[i].sealed
        sealed[sealed.count - 20] ^= 1  // inside the last chunk
        table.collections[i].sealed = sealed
        payload.collections = table
        try VaultStore.save(payload, over: vault)
        let damaged = try Self.open(path, Self.bob)
        #expect(throws: VaultError.self) { try damaged.openCollections() }
        // Everything else still reads and saves; the damaged one is named and carried as it is.
        let asAlice = try VaultDocument(vault: Self.open(path, Self.alice))
        #expect(asAlice.items.map(\.title).sorted() == ["Alice's bank", "Netflix"])
        #expect(asAlice.collections.filter { $0.damage != nil }.count == 1)
        try Self.modify(path, as: Self.alice) { document, _ in document.items.append(VaultItem(title: "later")) }
        #expect(!VaultCheck.check(path, credentials: Self.alice).isOK)
        #expect(try Self.titles(path, Self.alice) == ["Alice's bank", "Netflix", "later"])
    }

    /// A member who seals a record that breaks the item model into a shared collection
    /// costs the other members that collection only; checking (verify, exports) fails on it.
    @Test func aCollectionWhoseRecordsBreakTheModelIsLeftOutNotFatal() throws {
        let path = try Self.sharedHousehold()
        let alice = try Self.open(path, Self.alice)
        let household = try #require(try alice.openCollections().first { $0.contents.name == "Household" })
        var payload = try alice.payloadForResealing()
        var table = try #require(payload.collections)
        let i = try #require(table.collections.firstIndex { $0.id == household.id })
        let broken = CollectionContents(
            name: "Household", revision: 9, members: household.contents.members, records: ["not an item"])
        table.collections[i].sealed = Data(
            try SealedCollection.seal(
                broken.encoded(), id: household.id, key: household.key, random: SystemRandom.shared))
        payload.collections = table
        try VaultStore.save(payload, over: alice)
        let seen = try VaultDocument(vault: Self.open(path, Self.bob))
        #expect(seen.items.map(\.title) == ["Netflix"])
        #expect(seen.collections.contains { $0.damage != nil })
        #expect(throws: ModelError.self) { try VaultDocument(checking: Self.open(path, Self.bob)) }
    }

    /// A co-owner (with the file key, not the collection's) adds a grant for themselves: it
    /// is not followed — not even when the collection's key rotates.
    @Test func aGrantSomeoneElseAddedIsNeverFollowed() throws {
        let path = try Self.sharedHousehold()
        let bob = try Self.open(path, Self.bob)
        var payload = try bob.payloadForResealing()
        var table = try #require(payload.collections)
        let i = try #require(table.collections.firstIndex { $0.grants.count == 1 })  // "Alice only"
        let bogus = SecureBytes(count: 32)
        table.collections[i].grants.append(
            try CollectionGrant.make(
                collectionKey: bogus, collectionID: table.collections[i].id, member: bob.member!.publicKey,
                random: SystemRandom.shared))
        payload.collections = table
        try VaultStore.save(payload, over: bob)
        let seen = try VaultDocument(vault: Self.open(path, Self.alice))
        #expect(try seen.collection(named: "Alice only").unlistedGrants == 1)
        #expect(try seen.collection(named: "Alice only").members.count == 1)
        // alice shares it with carol, then takes it back: the new key goes to her alone.
        let vault = try Self.open(path, Self.alice)
        let (slot, carol) = try VaultStore.makeSlotWithMember(
            .keyFile(Self.carol.keyFiles[0]), label: "carol", keys: vault.keys)
        let members = try #require(try vault.collectionTable()?.members)
        try VaultStore.replaceSlots(of: vault, with: vault.file.header.slots + [slot], members: members + [carol])
        try Self.modify(path, as: Self.alice) { document, _ in
            try document.share(document.collection(named: "Alice only").id, with: Data(carol))
        }
        try Self.modify(path, as: Self.alice) { document, _ in
            try document.unshare(document.collection(named: "Alice only").id, from: Data(carol))
        }
        #expect(try Self.titles(path, Self.bob) == ["Electricity", "Netflix"])
        #expect(try Self.titles(path, Self.carol) == ["Netflix"])
        let entry = try #require(try Self.open(path, Self.alice).collectionTable()?.collections[i])
        #expect(entry.grants.count == 1)
    }

    @Test func aMemberWhoseKeyslotIsRemovedLosesTheKeyAtTheNextSave() throws {
        let path = try Self.sharedHousehold()
        let before = try #require(try Self.open(path, Self.bob).openCollections().first?.key)
        let alice = try Self.open(path, Self.alice)
        var members = try #require(try alice.collectionTable()?.members)
        members.remove(at: 1)
        try VaultStore.replaceSlots(of: alice, with: [alice.file.header.slots[0]], members: members)
        try Self.modify(path, as: Self.alice) { document, _ in document.items.append(VaultItem(title: "after")) }
        let household = try #require(
            try Self.open(path, Self.alice).openCollections().first { $0.contents.name == "Household" })
        #expect(household.key.withBytes { Array($0) } != before.withBytes { Array($0) })
        #expect(household.contents.members.count == 1)
    }

    @Test func twoCollectionsOfOneNameAreNeverGuessedBetween() throws {
        let path = try Self.sharedHousehold()
        let bobMember = try Self.member(Self.open(path, Self.bob))
        let aliceMember = try Self.member(Self.open(path, Self.alice))
        // bob, who cannot see "Alice only", makes one of that name and shares it with alice.
        try Self.modify(path, as: Self.bob) { document, _ in
            let trap = try document.createCollection(named: "Alice only", grantedTo: bobMember)
            try document.share(trap.id, with: aliceMember)
        }
        let document = try VaultDocument(vault: Self.open(path, Self.alice))
        #expect(throws: CofferKitError.self) { try document.collection(named: "Alice only") }
        let mine = try #require(document.collections.first { $0.name == "Alice only" && $0.members == [aliceMember] })
        #expect(try document.collection(named: String(mine.idString.prefix(8))).id == mine.id)
    }

    @Test func mergeLeavesCollectionsThatDifferBetweenTheCopies() throws {
        let path = try Self.sharedHousehold()
        let copy = path + ".phone"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let bobMember = try Self.member(Self.open(path, Self.bob))
        try Self.modify(copy, as: Self.alice) { document, _ in
            let household = try document.collection(named: "Household").id
            try document.unshare(household, from: bobMember)
            var item = VaultItem(title: "After unshare")
            item.collection = household
            document.items.append(item)
        }
        let other = try VaultContent.documentWithAttachments(of: Self.open(copy, Self.alice))
        let vault = try Self.open(path, Self.alice)
        var document = try VaultContent.documentWithAttachments(of: vault)
        let report = document.merge(other)
        #expect(report.notMerged == 2)  // Electricity and the new item: Household's key differs
        let payload = try VaultContent.payload(for: &document, over: vault)
        try VaultStore.save(payload, over: vault)
        #expect(try !Self.titles(path, Self.bob).contains("After unshare"))
    }

    @Test func anImportUpdatesOnlyItemsOfItsOwnCollection() throws {
        let path = try Self.sharedHousehold()
        let vault = try Self.open(path, Self.alice)
        var document = try VaultDocument(vault: vault)
        var imported = VaultItem(title: "Netflix")
        imported.password = "private-import"
        imported.collection = try document.collection(named: "Alice only").id
        let result = document.merge([imported], duplicates: .update)
        #expect(result.added.count == 1)
        #expect(document.items.first { $0.title == "Netflix" && $0.collection == nil }?.password == nil)
    }
}
