import CofferKit
import Foundation
import TestSupport
import Testing

/// `search`'s matching: the byte-level path for ASCII must find exactly what Foundation's
/// case- and diacritic-insensitive search over the joined searchable text finds.
@Suite struct SearchWordsTests {
    /// What `search` matched before the fast path: one Foundation search per word over the
    /// lines joined.
    static func reference(_ item: VaultItem, _ words: [String]) -> Bool {
        let text =
            [item.title, item.username ?? "", item.notes ?? "", item.kind.name, FolderPath.format(item.folder)]
            + item.urls + item.tags + item.customFields.flatMap { $0.concealed ? [$0.name] : [$0.name, $0.value] }
        let haystack = text.joined(separator: "\n")
        return words.allSatisfy { haystack.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    static let pieces = [
        "git", "GitHub", "HUB", "é", "e", "Café", "CAFE", "straße", "STRASSE", "ﬁ", "fi", "a b", "", " ", "\n",
        "K", "\u{212A}", "x@y.org", "Ü", "u", "-", "Ж", "ж", "e\u{301}", "Zoë", "zoe", "[", "@", "🙂",
    ]

    @Test func theFastPathFindsWhatFoundationFinds() {
        var random = SeededGenerator(seed: 44)
        func text() -> String {
            (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }
                .joined()
        }
        var found = 0
        for _ in 0..<3000 {
            var item = VaultItem(title: text())
            item.username = Bool.random(using: &random) ? text() : nil
            item.notes = Bool.random(using: &random) ? text() : nil
            item.folder = (0..<Int.random(in: 0...2, using: &random)).map { _ in text() }
            item.urls = (0..<Int.random(in: 0...2, using: &random)).map { _ in text() }
            item.password = text()
            item.customFields = [
                .init(name: text(), value: text(), concealed: false),
                .init(name: text(), value: text(), concealed: true),
            ]
            let words = (0..<Int.random(in: 0...2, using: &random)).map { _ in text() }
            if Self.reference(item, words) { found += 1 }
            #expect(
                SearchWords(words).match(item) == Self.reference(item, words),
                "words \(words.debugDescription) in \(Self.reference(item, []) ? item.title.debugDescription : "")")
        }
        #expect((500...2500).contains(found), "both outcomes must be common for the comparison to mean much")
    }

    /// Many items are matched on every core: the indices are those a filter in order finds,
    /// with the candidate rule applied.
    @Test func indicesAreWhatAFilterInOrderFinds() {
        var random = SeededGenerator(seed: 45)
        let items = (0..<20_000).map { i -> VaultItem in
            var item = VaultItem(title: Self.pieces.randomElement(using: &random)! + " \(i % 97)")
            item.notes = i % 3 == 0 ? "Café \(i)" : nil
            if i % 11 == 0 { item.trashed = Date(timeIntervalSinceReferenceDate: 0) }
            return item
        }
        for words in [["cafe"], ["git", "1"], ["zzz"], [], ["5"]] {
            let query = SearchWords(words)
            let expected = items.indices.filter { items[$0].trashed == nil && query.match(items[$0]) }
            #expect(query.indices(in: items) { $0.trashed == nil } == expected, "\(words)")
        }
    }

    @Test func asciiWordsIgnoreCaseAndNeverSearchSecrets() {
        var item = VaultItem(title: "GitHub")
        item.username = "Ana@Example.org"
        item.password = "hunter2"
        item.customFields = [.init(name: "PIN", value: "4821", concealed: true)]
        #expect(SearchWords(["github", "EXAMPLE"]).match(item))
        #expect(SearchWords(["pin"]).match(item))
        #expect(!SearchWords(["hunter2"]).match(item))
        #expect(!SearchWords(["4821"]).match(item))
        #expect(!SearchWords(["github", "gitlab"]).match(item))
        #expect(!SearchWords([""]).match(item))
        #expect(SearchWords(["cafe"]).match(VaultItem(title: "Café Müller")))
    }
}
