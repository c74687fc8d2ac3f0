import Foundation
import Testing
import VaultModel

@testable import Converters

/// A secret never becomes a title or a folder (issue 10 §3), from wrong-kind values of the
/// tuned sets outside/s and u (stop 30): a heading that is a secret's label and value, a
/// sheet's comment row, and labels of secrets in more languages.
@Suite struct SecretOutOfTitleTests {
    /// `# PIN: 4802` is no heading: its words would be a folder or a title. It is kept out of
    /// sight, concealed; a heading naming anything else stays one.
    @Test func aHeadingThatIsASecretsLabelAndValueIsNoHeading() {
        for text in [
            "# PIN: 4802\nBank\nuser: ana\npw: Bank!2024x\n",
            "Bank\nuser: ana\npw: Bank!2024x\n## pinkod kortet: 4802\n",
        ] {
            let items = NotesImporterTests.items(text)
            #expect(
                !items.contains { $0.title.contains("4802") || $0.folder.contains { $0.contains("4802") } }, "\(text)")
            #expect(
                items.contains { $0.customFields.contains { $0.concealed && $0.value.contains("4802") } }, "\(text)")
        }
        // Counter-inputs: a heading with a colon naming no secret is a heading, and so is one
        // whose first word is a secret's label when a name, not a value, follows it.
        #expect(!NotesLineClassifier.namesSecretValue("Password manager: Bitwarden"))
        #expect(
            NotesLineClassifier.namesSecretValue("PIN: 4802")
                && NotesLineClassifier.namesSecretValue("pinkod kortet: 4802"))
        let bank = NotesImporterTests.items("# Bank: Chase\nuser: ana\npw: Bank!2024x\n")
        #expect(bank.contains { $0.folder == ["Bank: Chase"] || $0.title.contains("Chase") })
    }

    /// A sheet's comment row (`# …` alone in its first cell) is kept concealed in an item of
    /// its own, counted as a note; `#2` or `#ff0000` in a first cell is a value.
    @Test func aCommentRowOfASheetIsKeptOutOfSight() throws {
        let text = "name,username,password\nBank,ana,Bank!2024x\n\n# pinkod kortet: 4802\n#2,bob,Two!2024x\n"
        let (items, report) = try CSVImporter().importItems(text, input: "t.csv", encoding: "UTF-8")
        #expect(report.addsUp && report.keptAsNotes == 1 && report.imported == 2)
        let comment = try #require(items.first { $0.kind == .secureNote })
        #expect(!comment.title.contains("4802") && comment.customFields.first?.concealed == true)
        #expect(comment.customFields.first?.value == "# pinkod kortet: 4802")
        #expect(items.contains { $0.title == "#2" && $0.username == "bob" })
    }

    /// A PIN in Swedish, Danish, Norwegian, Finnish and Polish, and a Russian bank's code word,
    /// are secrets: concealed fields, never a title.
    @Test func secretLabelsInMoreLanguages() {
        for (label, value) in [
            ("pinkod", "4802"), ("PIN-kode", "7731"), ("PIN-koodi", "5520"), ("Кодовое слово", "Барсик"),
        ] {
            let items = NotesImporterTests.items("Bank\nuser: ana\npw: Bank!2024x\n\(label): \(value)\n")
            #expect(!items.contains { $0.title.contains(value) }, "\(label)")
            #expect(items.contains { $0.customFields.contains { $0.concealed && $0.value == value } }, "\(label)")
        }
    }
}
