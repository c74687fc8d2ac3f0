import Foundation
import Testing
import VaultModel

@testable import Converters

/// Every snippet of samples/notes-corpus, both halves, through the importer with the format
/// detected by content: nothing a person wrote disappears, and no password or secret lands in
/// a field of the wrong kind. Recall is asserted on the tune half only; the held-out half is
/// measured by scripts/score-notes and never tuned to, so failures there name the file and the
/// kind of fault, never the values.
@Suite struct NotesCorpusTests {
    /// The share of the tune half's logins that must be recovered.
    static let tuneRecallFloor = 0.95

    static let halves = ["tune", "heldout"]

    /// Snippets that still fail a rule, per half, when this was written: open defects of the
    /// notes importer (see the issue's closing note), not allowances. A run with more fails;
    /// each fix should lower the number. Heldout faults name no values (the half is never
    /// tuned to), so its count is all a person fixing the importer may see.
    static let knownLossySnippets = ["tune": 0, "heldout": 2]
    static let knownWrongKindSnippets = ["tune": 0, "heldout": 4]

    @Test(arguments: halves) func nothingWrittenDisappears(half: String) throws {
        let snippets = try NotesCorpus.snippets(half)
        #expect(snippets.count >= 150, "\(half): the corpus is missing snippets")
        var faults = [String]()
        for snippet in snippets {
            guard let lines = NotesCorpus.writtenLines(of: snippet) else {
                Issue.record("\(half)/\(snippet.name): not \(snippet.expected.encoding) text")
                continue
            }
            let items: [VaultItem]
            do {
                items = try Importer.importFile(snippet.bytes, input: snippet.name).items
            } catch {
                Issue.record("\(half)/\(snippet.name) does not import: \(error)")
                continue
            }
            let haystack = NotesCorpus.haystack(items)
            var missing = [String]()
            for (index, line) in lines.enumerated() {
                for word in NotesCorpus.words(of: line) where !haystack.contains(word) {
                    missing.append(snippet.isTune ? "line \(index + 1): \(word)" : "line \(index + 1)")
                }
            }
            if !missing.isEmpty { faults.append("\(half)/\(snippet.name): words in no field: \(missing.prefix(8))") }
        }
        #expect(
            faults.count <= Self.knownLossySnippets[half, default: 0],
            "\(faults.count) snippets lose words (known: \(Self.knownLossySnippets[half, default: 0])): \(faults)")
    }

    /// An expectation names only what the snippet holds: a URL, username or password absent
    /// from its text is a fault of the corpus (17 template-made URLs were), not a miss of the
    /// importer. Checked on both halves without running the importer.
    @Test(arguments: halves) func expectationsNameOnlyWhatTheSnippetHolds(half: String) throws {
        var faults = [String]()
        for snippet in try NotesCorpus.snippets(half) {
            guard let text = NotesCorpus.text(of: snippet) else { continue }
            let unescaped = NotesCorpus.unescapedMarkup(text)
            for (index, login) in snippet.expected.logins.enumerated() {
                for (field, value) in [("url", login.url), ("username", login.username), ("password", login.password)] {
                    guard let value, !text.contains(value), !unescaped.contains(value) else { continue }
                    faults.append("\(half)/\(snippet.name): login \(index + 1)'s \(field)")
                }
            }
        }
        #expect(faults.isEmpty, "expected values not in the snippet: \(faults)")
    }

    @Test(arguments: halves) func noValueInAFieldOfTheWrongKind(half: String) throws {
        var faults = [String]()
        for snippet in try NotesCorpus.snippets(half) {
            guard let items = try? Importer.importFile(snippet.bytes, input: snippet.name).items else {
                continue  // nothingWrittenDisappears reports it
            }
            let wrong = NotesCorpus.wrongKinds(snippet.expected, items)
            if !wrong.isEmpty { faults.append("\(half)/\(snippet.name): \(wrong.prefix(8))") }
        }
        #expect(
            faults.count <= Self.knownWrongKindSnippets[half, default: 0],
            "\(faults.count) snippets put a value in a field of the wrong kind (known: \(Self.knownWrongKindSnippets[half, default: 0])): \(faults)"
        )
    }

    @Test func tuneHalfRecall() throws {
        var recovered = 0
        var expected = 0
        var missed = [String: Int]()
        for snippet in try NotesCorpus.snippets("tune") {
            let items = (try? Importer.importFile(snippet.bytes, input: snippet.name).items) ?? []
            for login in snippet.expected.logins {
                expected += 1
                if items.contains(where: { NotesCorpus.recovers(login, $0) }) {
                    recovered += 1
                } else {
                    missed[snippet.expected.style, default: 0] += 1
                }
            }
        }
        #expect(expected > 0)
        let recall = Double(recovered) / Double(max(expected, 1))
        let worst = missed.sorted { $0.value > $1.value }.prefix(10).map { "\($0.key): \($0.value)" }
        #expect(
            recall >= Self.tuneRecallFloor,
            "tune recall \(recovered)/\(expected) (\(Int(recall * 1000) / 10) %); most missed by style: \(worst)")
    }

    /// The rules above must be able to fail: a password put in a title, a PIN in plain notes,
    /// and a URL in a username are all caught; a lone word dropped is noticed.
    @Test func theRulesCatchWhatTheyAreFor() {
        let expected = NotesCorpus.Expected(
            style: "x", encoding: "utf-8",
            logins: [
                .init(
                    title: "Jira", username: "mgarcia", password: "Jira!Pass2022", url: "https://empresa.atlassian.net")
            ],
            secrets: ["48213"])
        var item = VaultItem(kind: .login, title: "Jira — mgarcia — Jira!Pass2022")
        item.username = "https:/"
        item.password = "Jira!Pass2022"
        item.notes = "bank PIN 48213"
        let wrong = NotesCorpus.wrongKinds(expected, [item])
        #expect(wrong.contains("item 0 title holds a password"))
        #expect(wrong.contains("item 0 notes holds a secret"))
        #expect(wrong.contains("item 0 username holds a URL"))
        #expect(!NotesCorpus.recovers(expected.logins[0], item))
        item.title = "Jira"
        item.username = "mgarcia"
        item.urls = ["empresa.atlassian.net/"]
        #expect(NotesCorpus.recovers(expected.logins[0], item))
        #expect(!NotesCorpus.holds("Pelis2020", "2020"))
        #expect(NotesCorpus.holds("old pw was Pelis2020, changed", "Pelis2020"))
        #expect(NotesCorpus.words(of: "- **Jira**: user `mgarcia`") == ["jira", "mgarcia"])
        #expect(!NotesCorpus.haystack([item]).contains("confluence"))
    }
}
