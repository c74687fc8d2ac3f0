import Foundation
import TestSupport
import Testing

@testable import CofferKit

@Suite struct PasswordHealthTests {
    static func login(_ title: String, _ password: String?, url: String? = nil, modified: Date? = nil) -> VaultItem {
        var item = VaultItem(title: title)
        item.password = password
        item.urls = url.map { [$0] } ?? []
        item.modified = modified
        return item
    }

    @Test func eachProblemIsFoundAndNoPasswordIsEverPrinted() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let items = [
            Self.login("mail", "correct-horse-42"),
            Self.login("bank", "correct-horse-42"),
            Self.login("shop", "Summer2024!"),
            Self.login("forum", "abc12"),
            Self.login("router", nil),
            Self.login("blog", "Xq9!vT2#pL7@", url: "http://blog.example.com"),
            Self.login("old", "Long-enough-and-odd-77", modified: now.addingTimeInterval(-400 * 86_400)),
            VaultItem(kind: .secureNote, title: "note without password"),
        ]
        let health = PasswordHealth(items, now: now)
        func found(_ problem: PasswordHealth.Problem) -> [String] {
            health.findings.filter { $0.problem == problem }.map { items[$0.item].title }
        }
        #expect(found(.reused) == ["mail", "bank"])
        #expect(health.findings.first { $0.problem == .reused }?.detail == "also used by bank")
        #expect(found(.common) == ["shop"], "a common word with digits and a symbol appended")
        #expect(found(.weak) == ["forum"])
        #expect(found(.missing) == ["router"], "a note needs no password")
        #expect(found(.insecureURL) == ["blog"])
        #expect(found(.old) == ["old"])
        let passwords = items.compactMap(\.password)
        #expect(!health.findings.contains { f in passwords.contains { f.detail.contains($0) } })
    }

    @Test func strengthEstimateIsZxcvbns() {
        #expect(PasswordHealth.estimatedBits("aaaaaaaaaaaaaaaaaaaa") < 15, "one repeated character")
        #expect(PasswordHealth.estimatedBits("abcd1234") < PasswordHealth.weakBits)
        #expect(PasswordHealth.estimatedBits("Tr0ub4dor&3x") > PasswordHealth.weakBits)
        #expect(!PasswordHealth.isCommon("correct-horse-42") && PasswordHealth.isCommon("PASSWORD123"))
        // Digits and symbols at the end are dropped before looking up a stem of 4 or more.
        for common in ["Dragon!!", "dragon", "abc123", "1234", "Sunshine2024?", "PASSWORD", "pass!"] {
            #expect(PasswordHealth.isCommon(common), "\(common)")
        }
        for uncommon in ["abc1234", "1234!", "drag0n", "dragonfly1", "x-dragon", "Monkey99é", "abc!!"] {
            #expect(!PasswordHealth.isCommon(uncommon), "\(uncommon)")
        }
    }

    /// The character-class count called these strong (9 and 11 characters, three and four
    /// classes); zxcvbn sees a word and a year.
    @Test func aWordWithAYearIsWeak() {
        let items = [Self.login("films", "Pelis2020"), Self.login("laptop", "Winter2019!")]
        let health = PasswordHealth(items)
        let flagged = Set(health.findings.filter { [.weak, .common].contains($0.problem) }.map(\.item))
        #expect(flagged == [0, 1])
        #expect(health.findings.contains { $0.item == 0 && $0.problem == .weak })
        #expect(PasswordHealth.estimatedBits("Pelis2020") < PasswordHealth.weakBits)
        #expect(PasswordHealth.estimatedBits("Winter2019!") < PasswordHealth.weakBits)
    }

    @Test func estimatesOnEveryCoreGiveWhatOneCoreGives() {
        // Over 256 items the estimates run on every core; in pieces of 100 on one.
        let passwords = ["Pelis2020", "Winter2019!", "correct horse battery staple", "123456", "", "x7#Qm!2vLp9@Wz"]
        let items = (0..<600).map { i -> VaultItem in
            var item = VaultItem(title: "Item \(i)")
            item.username = "user\(i % 7)"
            item.password = passwords[i % passwords.count] + (i % 4 == 0 ? "" : "\(i)")
            return item
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let whole = PasswordHealth(items, now: now).findings.filter { $0.problem != .reused }
        let pieces = stride(from: 0, to: items.count, by: 100).flatMap { start in
            PasswordHealth(Array(items[start..<start + 100]), now: now).findings.filter { $0.problem != .reused }
                .map { (item: $0.item + start, problem: $0.problem, detail: $0.detail) }
        }
        #expect(whole.count > 100)
        #expect(
            whole.map { "\($0.item) \($0.problem) \($0.detail)" }.sorted()
                == pieces.map { "\($0.item) \($0.problem) \($0.detail)" }.sorted())
    }

    /// `analyze` surveys each item where it is read (``PasswordHealth/init(vault:now:)``) and
    /// finds exactly what the items read together find: the same findings in the same order,
    /// reuse across slices of the records read on different threads included.
    @Test func surveyingAVaultFindsWhatItsItemsFind() throws {
        let path = try RecordReuseTests.vault(items: 0)
        let vault = try VaultFile(path: path).unlock(with: RecordReuseTests.key)
        var document = try VaultDocument(vault: vault)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let passwords = ["Pelis2020", "correct-horse-42", "password1", "", "x7#Qm!2vLp9@Wz", "Ünï-cødé-Pässwörd-9"]
        var random = SeededGenerator(seed: 7)
        document.items = (0..<3_000).map { i in
            var item = VaultItem(kind: i % 11 == 0 ? .secureNote : .login, title: "Item \(i % 997)")
            item.username = i % 3 == 0 ? nil : "user\(i)"
            // Most passwords unique; some shared by two items thousands of records apart.
            item.password =
                i % 13 == 0
                ? nil
                : passwords[i % passwords.count] + (i % 5 == 0 ? "" : "-\(Int.random(in: 0..<2_000, using: &random))")
            item.urls = i % 4 == 0 ? ["http://s\(i).example", "https://s\(i).example", "HTTP://S\(i).example"] : []
            item.modified = i % 6 == 0 ? now.addingTimeInterval(-Double(i % 900) * 86_400) : nil
            return item
        }
        try VaultStore.save(try VaultContent.payload(for: &document, over: vault), over: vault)
        let reopened = try VaultFile(path: path).unlock(with: RecordReuseTests.key)
        let items = try VaultDocument(vault: reopened).items
        let together = PasswordHealth(items, now: now)
        let surveyed = try #require(try PasswordHealth(vault: reopened, now: now))
        func lines(_ health: PasswordHealth) -> [String] {
            health.findings.map { "\($0.item) \($0.problem) \($0.detail)" }
        }
        #expect(Set(together.findings.map(\.problem)) == Set(PasswordHealth.Problem.allCases))
        #expect(together.findings.filter { $0.problem == .reused }.count > 100)
        #expect(lines(surveyed) == lines(together))
        #expect(surveyed.subjects.map(\.id) == items.map(\.id) && surveyed.subjects.map(\.title) == items.map(\.title))
        // A vault with private collections is read whole instead.
        let shared = try CollectionTests.open(try CollectionTests.sharedHousehold(), CollectionTests.alice)
        #expect(try PasswordHealth(vault: shared) == nil)
    }

    /// A password shared by many items names three others and counts the rest, for each of
    /// them, in time linear in the group (100,000 items of one password).
    @Test func aPasswordSharedByManyNamesThreeOthersAndCountsTheRest() {
        let items = (0..<100_000).map { Self.login("Item \($0)", "same-Placeholder-77") }
        let reused = PasswordHealth(items).findings.filter { $0.problem == .reused }
        #expect(reused.count == 100_000 && reused.map(\.item) == Array(0..<100_000))
        #expect(reused[0].detail == "also used by Item 1, Item 2, Item 3 and 99996 more")
        #expect(reused[2].detail == "also used by Item 0, Item 1, Item 3 and 99996 more")
        let few = PasswordHealth(["a", "b", "c", "d"].map { Self.login($0, "x7#Qm!2vLp9@Wz") }).findings
        #expect(
            few.map(\.detail) == [
                "also used by b, c, d", "also used by a, c, d", "also used by a, b, d", "also used by a, b, c",
            ])
    }

    /// Equal passwords, as strings compare them, share a digest; different ones do not.
    @Test func passwordDigestsTellPasswordsApart() {
        #expect(PasswordDigest("caf\u{E9}") == PasswordDigest("cafe\u{301}"), "canonically equivalent")
        let digests = Set((0..<50_000).map { PasswordDigest("pw-\($0)") })
        #expect(digests.count == 50_000)
        #expect(PasswordDigest("a") != PasswordDigest("b") && PasswordDigest("") != PasswordDigest(" "))
    }
}
