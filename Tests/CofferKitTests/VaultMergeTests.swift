import CofferKit
import Foundation
import PropertyList
import TestSupport
import Testing

/// The merge rules (VaultMerge, spec/MODEL.md "Merging"): properties over generated pairs
/// of copies, round trips of copies edited on both sides, tombstones, and issue 11's import.
@Suite struct VaultMergeTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static func day(_ n: Double) -> Date { now.addingTimeInterval(-n * 86_400) }

    // MARK: generated copies

    /// A random item: each field set or not, from small pools so that values collide.
    static func randomItem(_ g: inout SeededGenerator, id: UUID) -> VaultItem {
        func pick(_ values: [String]) -> String? { Bool.random(using: &g) ? values.randomElement(using: &g) : nil }
        var item = VaultItem(id: id, title: ["mail", "bank", "shop", "wiki"].randomElement(using: &g)!)
        item.username = pick(["ana", "bob", "ana@x.com"])
        item.password = pick(["p1", "p2", "p3", "p4"])
        item.urls = (0..<Int.random(in: 0...2, using: &g)).map { _ in
            ["https://a.example", "https://b.example", "c.example"].randomElement(using: &g)!
        }
        item.notes = pick(["note", "other note"])
        item.tags = Bool.random(using: &g) ? ["work"] : []
        if Bool.random(using: &g) { item.customFields = [.init(name: "PIN", value: pick(["1", "2"]) ?? "3")] }
        if Bool.random(using: &g) {
            item.passwordHistory = [.init(password: "h\(Int.random(in: 0...2, using: &g))", date: day(50))]
        }
        if Bool.random(using: &g) {
            item.attachments = [.init(name: "a.txt", content: Data(pick(["x", "y"]).map { Array($0.utf8) } ?? []))]
        }
        item.modified = day(
            Double(Int.random(in: 1...40, using: &g)) + Double(Int.random(in: 0...999, using: &g)) / 1000)
        return item
    }

    /// Two copies of one vault: shared items (some edited on either side, always with
    /// distinct dates), items only on one side, and removals with tombstones.
    static func randomPair(seed: UInt64) -> (VaultDocument, VaultDocument) {
        var g = SeededGenerator(seed: seed)
        var a = VaultDocument(name: "a")
        var b = VaultDocument(name: "b")
        for _ in 0..<Int.random(in: 0...8, using: &g) {
            let id = UUID.randomV4()
            let base = randomItem(&g, id: id)
            switch Int.random(in: 0...5, using: &g) {
            case 0: a.items.append(base)
            case 1: b.items.append(base)
            case 2:
                a.items.append(base)
                b.items.append(base)
            case 3:
                var edited = randomItem(&g, id: id)
                edited.modified = base.modified!.addingTimeInterval(Double(Int.random(in: 1...99, using: &g)))
                let (older, newer) = Bool.random(using: &g) ? (base, edited) : (edited, base)
                let newerFirst = Bool.random(using: &g)
                a.items.append(newerFirst ? newer : older)
                b.items.append(newerFirst ? older : newer)
            case 4:
                // Removed on one side, before or after the other side's last change.
                a.items.append(base)
                let offset = Double(Int.random(in: -5...5, using: &g)) * 3600
                b.tombstones.append(Tombstone(id: id, deleted: base.modified!.addingTimeInterval(offset)))
            default:
                b.items.append(base)
                a.tombstones.append(Tombstone(id: id, deleted: base.modified!.addingTimeInterval(-3600)))
            }
        }
        return (a, b)
    }

    static func merged(_ a: VaultDocument, _ b: VaultDocument) -> VaultDocument {
        var result = a
        result.merge(b, now: now)
        return result
    }

    /// The items up to order, and up to the id of items matched by title, username and URL
    /// (the vault merged into keeps its own id).
    static func itemsUpToOrder(_ document: VaultDocument, _ other: VaultDocument) -> [VaultItem] {
        let shared = Set(document.items.map(\.id)).intersection(other.items.map(\.id))
        return document.items.map { item in
            var item = item
            if !shared.contains(item.id) { item.id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
            return item
        }.sorted { "\($0)" < "\($1)" }
    }

    @Test(arguments: 0..<200) func mergingTheSameInputsTwiceChangesNothing(seed: Int) {
        let (a, b) = Self.randomPair(seed: UInt64(seed))
        let once = Self.merged(a, b)
        var twice = once
        let report = twice.merge(b, now: Self.now)
        #expect(twice == once, "seed \(seed)")
        #expect(report.added == 0 && report.updated == 0 && report.conflicts.isEmpty, "seed \(seed): \(report)")
        #expect(Self.merged(once, a) == once, "seed \(seed): merging A again")
    }

    @Test(arguments: 0..<200) func mergingIsCommutativeWhenDatesDiffer(seed: Int) {
        let (a, b) = Self.randomPair(seed: UInt64(seed))
        let ab = Self.merged(a, b)
        let ba = Self.merged(b, a)
        #expect(Self.itemsUpToOrder(ab, ba) == Self.itemsUpToOrder(ba, ab), "seed \(seed)")
        #expect(ab.tombstones == ba.tombstones, "seed \(seed)")
    }

    @Test(arguments: 0..<100) func nothingIsLost(seed: Int) {
        let (a, b) = Self.randomPair(seed: UInt64(seed))
        let result = Self.merged(a, b)
        let deaths = Dictionary((a.tombstones + b.tombstones).map { ($0.id, $0.deleted) }) { max($0, $1) }
        for item in a.items + b.items {
            if let death = deaths[item.id], death >= item.modified! {
                // Gone, unless a version matched by title, username and URL changed after.
                let laterVersion = (a.items + b.items).contains {
                    VaultMerge.matchKey($0) == VaultMerge.matchKey(item) && $0.modified! > death
                }
                #expect(laterVersion || !result.items.contains { $0.id == item.id }, "seed \(seed): came back")
                continue
            }
            // By id, else (matched by title, username and URL) among the items of that key.
            let byID = result.items.filter { $0.id == item.id }
            let candidates =
                byID.isEmpty ? result.items.filter { VaultMerge.matchKey($0) == VaultMerge.matchKey(item) } : byID
            guard !candidates.isEmpty else {
                Issue.record("seed \(seed): \(item.title) lost")
                continue
            }
            var kept = candidates[0]
            for other in candidates.dropFirst() {
                kept.customFields += other.customFields
                kept.passwordHistory +=
                    other.passwordHistory + [other.password].compactMap { $0 }.map { .init(password: $0, date: nil) }
                kept.urls += other.urls
                kept.tags += other.tags
                kept.attachments += other.attachments
                kept.customFields += [other.title, other.username, other.notes].compactMap { $0 }.map {
                    .init(name: "", value: $0)
                }
            }
            let values = Set(
                [kept.title, kept.username, kept.notes].compactMap { $0 } + kept.customFields.map(\.value))
            for value in [item.title, item.username, item.notes].compactMap({ $0 }) + item.customFields.map(\.value) {
                #expect(values.contains(value), "seed \(seed): \(value) lost")
            }
            let passwords = Set([kept.password].compactMap { $0 } + kept.passwordHistory.map(\.password))
            for password in [item.password].compactMap({ $0 }) + item.passwordHistory.map(\.password) {
                #expect(passwords.contains(password), "seed \(seed): a password was lost")
            }
            #expect(Set(item.urls).isSubset(of: Set(kept.urls)) && Set(item.tags).isSubset(of: Set(kept.tags)))
            let contents = Set(kept.attachments.compactMap(\.content))
            #expect(item.attachments.allSatisfy { contents.contains($0.content!) }, "seed \(seed): an attachment")
        }
    }

    // MARK: copies edited on both sides

    @Test func twoCopiesEditedOnBothSidesMergeWithTheConflictsReported() throws {
        var mail = VaultItem(title: "mail")
        mail.username = "ana"
        mail.password = "first"
        mail.urls = ["https://mail.example"]
        mail.customFields = [.init(name: "PIN", value: "1111", concealed: true)]
        mail.modified = Self.day(30)
        var a = VaultDocument(items: [mail])
        var b = a
        // A: the password changes (newer). B: the username, the PIN and a URL change (older).
        a.items[0].password = "second"
        a.items[0].attachments = [.init(name: "key.txt", content: Data("A".utf8))]
        a.items[0].modified = Self.day(2)
        b.items[0].username = "ana.b"
        b.items[0].customFields = [.init(name: "PIN", value: "2222", concealed: true)]
        b.items[0].urls.append("https://webmail.example")
        b.items[0].attachments = [.init(name: "key.txt", content: Data("B".utf8))]
        b.items[0].modified = Self.day(5)

        var result = a
        let report = result.merge(b, now: Self.now)
        #expect(report.updated == 1 && report.added == 0 && report.deleted == 0)
        let item = try #require(result.items.first)
        #expect(item.password == "second" && item.username == "ana")
        #expect(item.passwordHistory.map(\.password) == ["first"], "B's password was A's old one")
        #expect(item.passwordHistory.first?.date == Self.day(5))
        #expect(item.urls == ["https://mail.example", "https://webmail.example"])
        #expect(
            item.customFields == [
                .init(name: "PIN", value: "1111", concealed: true),
                .init(name: "username (conflict)", value: "ana.b"),
                .init(name: "PIN (conflict)", value: "2222", concealed: true),
            ])
        #expect(item.attachments.map(\.name) == ["key.txt", "key.txt (conflict)"])
        #expect(report.conflicts.map(\.field) == ["username", "PIN", "attachment \"key.txt\""])
    }

    @Test func itemsMatchByTitleUsernameAndURLWhenIdsDiffer() {
        var mine = VaultItem(title: "GitHub")
        mine.username = "Ana"
        mine.urls = ["https://www.github.com/"]
        mine.password = "old"
        mine.modified = Self.day(3)
        var theirs = VaultItem(title: " github ")
        theirs.username = "ana"
        theirs.urls = ["http://github.com"]
        theirs.password = "new"
        theirs.modified = Self.day(1)
        var vault = VaultDocument(items: [mine])
        let report = vault.merge(VaultDocument(items: [theirs]), now: Self.now)
        #expect(report.updated == 1 && vault.items.count == 1)
        #expect(vault.items[0].id == mine.id && vault.items[0].password == "new")
        #expect(vault.items[0].passwordHistory.map(\.password) == ["old"])
    }

    @Test func identicalAttachmentsAreOne() {
        var item = VaultItem(title: "ssh")
        item.attachments = [.init(name: "id.pub", content: Data("key".utf8))]
        item.modified = Self.day(2)
        var other = item
        other.attachments = [.init(name: "renamed.pub", content: Data("key".utf8))]  // another blob id, same bytes
        other.modified = Self.day(1)
        var vault = VaultDocument(items: [item])
        vault.merge(VaultDocument(items: [other]), now: Self.now)
        #expect(vault.items[0].attachments.map(\.name) == ["renamed.pub"])
    }

    // MARK: tombstones

    @Test func aRemovedItemStaysRemovedUnlessChangedAfterTheRemoval() {
        var item = VaultItem(title: "old account")
        item.modified = Self.day(10)
        var a = VaultDocument(items: [item])
        let b = a
        #expect(a.remove(id: item.id, at: Self.day(5))?.title == "old account")
        #expect(a.tombstones == [Tombstone(id: item.id, deleted: Self.day(5))])

        var merged = a
        let report = merged.merge(b, now: Self.now)
        #expect(merged.items.isEmpty && report.notRestored == 1 && report.added == 0)
        var reverse = b
        let reverseReport = reverse.merge(a, now: Self.now)
        #expect(reverse.items.isEmpty && reverseReport.deleted == 1)

        // Edited on B after A removed it: the edit wins the item back, on either side.
        var edited = b
        edited.items[0].notes = "still used"
        edited.items[0].modified = Self.day(1)
        var back = a
        #expect(back.merge(edited, now: Self.now).added == 1)
        #expect(back.items.map(\.notes) == ["still used"])
        var backReverse = edited
        #expect(backReverse.merge(a, now: Self.now).kept == 0)
        #expect(backReverse.items.map(\.notes) == ["still used"])
    }

    @Test func tombstonesAgeOutAfterTheRetention() {
        var vault = VaultDocument()
        vault.tombstones = [
            Tombstone(id: .randomV4(), deleted: Self.day(Double(Tombstone.defaultRetentionDays) + 1)),
            Tombstone(id: .randomV4(), deleted: Self.day(Double(Tombstone.defaultRetentionDays) - 1)),
        ]
        vault.merge(VaultDocument(), now: Self.now)
        #expect(vault.tombstones.count == 1)
        vault.tombstoneRetentionDays = 30
        vault.recordTombstones([], now: Self.now)
        #expect(vault.tombstones.isEmpty)
    }

    @Test func tombstonesRoundTripThroughRecordZero() throws {
        var vault = VaultDocument()
        vault.tombstones = [Tombstone(id: .randomV4(), deleted: Self.day(1))]
        vault.tombstoneRetentionDays = 30
        let read = try VaultDocument(records: vault.records)
        #expect(read.tombstones == vault.tombstones && read.tombstoneRetentionDays == 30)
        #expect(try VaultDocument(records: VaultDocument().records).tombstones.isEmpty, "absent means none")
        guard case .dictionary(let settings) = VaultDocument().settingsRecord else { return }
        #expect(settings["tombstones"] == nil && settings["tombstoneRetentionDays"] == nil, "create writes neither")
    }

    @Test(arguments: [
        ("tombstones", PropertyListValue.array([.dictionary(["id": .string("nope"), "deleted": .date(Date())])])),
        ("tombstones", .array([.dictionary(["id": .string(UUID().uuidString)])])),
        ("tombstones", .string("x")),
        ("tombstoneRetentionDays", .integer(0)),
        ("tombstoneRetentionDays", .integer(3651)),
    ])
    func aBadTombstoneIsAModelFailureNamingRecordZero(key: String, value: PropertyListValue) {
        guard case .dictionary(var settings) = VaultDocument().settingsRecord else { return }
        settings[key] = value
        #expect {
            try VaultDocument(records: [.dictionary(settings)])
        } throws: { error in
            (error as? ModelError).map { $0.record == 0 && $0.key == key } ?? false
        }
    }

    // MARK: import --into --duplicates update (issue 11)

    /// The issue's data loss: the password changed in copy A, then an older copy B imported
    /// with --duplicates update. A's password stays; B's joins the history only if it differs.
    @Test func anImportOfAnOlderCopyKeepsTheNewerPassword() {
        var a = VaultItem(title: "mail")
        a.username = "ana"
        a.password = "changed-in-A"
        a.modified = Self.day(1)
        var b = a
        b.password = "old"
        b.modified = Self.day(9)
        var vault = VaultDocument(items: [a])
        let result = vault.merge([b], duplicates: .update)
        #expect(result.duplicates == [0] && result.updated == 1 && result.unchanged == 0)
        #expect(vault.items[0].password == "changed-in-A")
        #expect(vault.items[0].passwordHistory == [.init(password: "old", date: Self.day(9))])
        #expect(vault.items[0].modified == Self.day(1))

        // The same password, older: nothing to keep; the item is already up to date.
        var same = a
        same.modified = Self.day(9)
        var unchanged = VaultDocument(items: [a])
        let again = unchanged.merge([same], duplicates: .update)
        #expect(again.unchanged == 1 && unchanged.items == [a])

        // A CSV row without an id or date, with the title, username and URL: the same item.
        // Nothing says it is newer than A's dated change, so A's password stays and the
        // row's joins the history; against an undated item the row wins (update asks it).
        var row = VaultItem(title: "mail")
        row.username = "ana"
        row.password = "from-csv"
        var csv = VaultDocument(items: [a])
        #expect(csv.merge([row], duplicates: .update).duplicates == [0])
        #expect(csv.items[0].password == "changed-in-A" && csv.items[0].id == a.id)
        #expect(csv.items[0].passwordHistory.map(\.password) == ["from-csv"])
        var undated = a
        undated.modified = nil
        var plain = VaultDocument(items: [undated])
        plain.merge([row], duplicates: .update)
        #expect(plain.items[0].password == "from-csv")
        #expect(plain.items[0].passwordHistory.map(\.password) == ["changed-in-A"])
    }

    @Test func duplicateCountsNeverGoNegative() {
        var report = ImportReport(input: "v.json", format: "json", encoding: "UTF-8")
        report.read = 3
        report.imported = 3  // secure notes a manager exported, counted as imported
        for _ in 0..<3 { report.countAsDuplicate(VaultItem(kind: .secureNote, title: "n")) }
        #expect(report.imported == 0 && report.keptAsNotes == 0 && report.duplicates == 3 && report.addsUp)
    }
}
