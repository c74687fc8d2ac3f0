import CofferKit
import Foundation
import Testing

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
}
