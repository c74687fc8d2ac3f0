import Foundation
import Testing
import VaultModel

@testable import Converters

/// Families a fresh outside set (`samples/notes-corpus/outside/n`, stop 23) showed: a list of
/// security questions under a heading, a misspelt label without its colon, and the order of
/// two bare values after a record's name. Each test writes its own inputs.
extension NotesImporterTests {
    @Test func answersUnderASecurityQuestionsHeadingAreConcealedNeverTitles() {
        for heading in ["Security questions (same everywhere):", "Sicherheitsfragen:", "Preguntas de seguridad"] {
            let items = Self.items(
                """
                Credit Union online: member no 10443, password CU_Savings!12

                \(heading)
                  mother's maiden name - Fitzgerald
                  first school - Scoil Bhríde
                  first pet - Biscuit

                Gmail aoife@example.com  Claddagh#Ring84
                """)
            let answers = ["Fitzgerald", "Scoil Bhríde", "Biscuit"]
            // No answer in a title, a folder, a login or a visible field; each is kept concealed.
            for item in items {
                let shown =
                    [item.title, item.username ?? ""] + item.folder
                    + item.customFields.filter { !$0.concealed }.map(\.value)
                #expect(!shown.contains { text in answers.contains { text.contains($0) } }, "\(heading): \(item)")
            }
            let concealed = items.flatMap(\.customFields).filter(\.concealed).map(\.value).joined(separator: "\n")
            #expect(answers.allSatisfy { concealed.contains($0) }, "\(heading)")
            #expect(items.contains { $0.title == "Gmail" && $0.password == "Claddagh#Ring84" && $0.folder.isEmpty })
        }
        // Questions right under a record's login are that record's; a line that reads as a
        // record of its own ends the list, blank line or not.
        let bank = Self.items(
            """
            Bank
            user: ana
            pw: Bank!2024
            Security questions:
              first pet - Rex
            Gmail ana@example.com Gm!2024
            Outlook: ana@example.org / Out!2024
            """)
        #expect(bank.map(\.title) == ["Bank", "Gmail", "Outlook"], "\(bank)")
        #expect(
            bank[0].password == "Bank!2024"
                && bank[0].customFields.contains { $0.concealed && $0.value.contains("Rex") })
        #expect(bank.map(\.password) == ["Bank!2024", "Gm!2024", "Out!2024"])
        // A line that only mentions security questions beside a login is read as before.
        Self.expect(
            "Chase security questions set, pw: Chase!2024", [("Chase security questions set", nil, "Chase!2024")])
    }

    @Test func aLongMisspeltLabelWithoutAColonStillNamesItsField() {
        let items = Self.items(
            """
            Facebook
            uesrname mags.hollis52
            password - Grandkids4ever

            Gmail
            pasword hunter22
            usrname bob
            """)
        #expect(items.map(\.title) == ["Facebook", "Gmail"])
        #expect(items.map(\.username) == ["mags.hollis52", "bob"])
        #expect(items.map(\.password) == ["Grandkids4ever", "hunter22"])
        // One edit away is a label; a real word one edit away is not (a passport's number is
        // concealed, never a password).
        #expect(NotesLabel.misspelt("passport", strict: true)?.field != .password)
        #expect(Self.items("Ana ID\npassport X1234567").allSatisfy { $0.password == nil && $0.username == nil })
        #expect(NotesLabel.misspelt("uesrname", strict: true)?.field == .username)
        #expect(NotesLabel.misspelt("pasword", strict: true)?.field == .password)
    }

    /// "roblox FrostyEJ2011 robux123ethan": after the name, two values of letters and digits
    /// are not swapped by their looks (people write the login first), and since either could be
    /// a password the first is kept out of sight rather than shown as the login.
    @Test func twoBareValuesAfterANameAreNeverSwappedByTheirLooksAlone() {
        for line in ["roblox   FrostyEJ2011   robux123ethan", "Roblox (for Leo) → FrostyEJ2011 / robux123ethan"] {
            let items = Self.items(line)
            #expect(items.count == 1 && items[0].password == "robux123ethan", "\(line) → \(items)")
            #expect(items[0].username == nil && Self.hidden(items[0])?.contains("FrostyEJ2011") == true, "\(line)")
        }
        // A symbol still says password, wherever it stands; so does a value before the name.
        Self.expect("Hulu  Hulu#Night22  nightowl", [("Hulu", "nightowl", "Hulu#Night22")])
        Self.expect("KnitOne2Purl  ravelry  -- beth_knits", [("ravelry", "beth_knits", "KnitOne2Purl")])
    }

    /// Labelled blocks in capitals with no blank line between them, each opened by the label
    /// that names its site: the label again, once the record has its login, opens the next
    /// record (before, the second `SITE:` became a field and every password after it moved one
    /// record down).
    @Test func theLabelThatNamedARecordNamesTheNextOne() {
        let items = Self.items(
            """
            SITE: NATWEST
            CUSTOMER NO: 1204198833
            PASSWORD: Spitfire1940!
            SITE: CAMERA CLUB FORUM
            USER: KENHOLLAND
            PASSWORD: f2.8aperture
            SITE: RAC
            EMAIL: ken@example.com
            PASSWORD: Breakdown99
            """)
        #expect(items.map(\.title) == ["NATWEST", "CAMERA CLUB FORUM", "RAC"])
        #expect(items.map(\.password) == ["Spitfire1940!", "f2.8aperture", "Breakdown99"])
        #expect(items.map(\.username) == ["1204198833", "KENHOLLAND", "ken@example.com"])
        // An address under the same label is the record's address, not a new record.
        let site = Self.items("Site: Dropbox\nuser: ana\npass: Drop!Box9\nsite: https://dropbox.com/login")
        #expect(site.count == 1 && site[0].urls == ["https://dropbox.com/login"])
    }

    /// A log of changes under each record, with their dates: each change gives the record its
    /// new password and keeps the older ones out of sight.
    @Test func datedChangesUnderARecordGiveItItsNewPassword() {
        let items = Self.items(
            """
            03/02/2021  Halifax online   user: gbarnes_hx   pw: Halifax2021!
              changed 14/08/2022 -> Halifax#Aug22
              changed 02/01/2024 -> Xmas-Halifax-24   (forced reset)
            19/06/2021  Sky  graham@example.com  SkyQ_Box2021
               changed on 30/09/2023 to SkyQ_Box2023 after that phishing thing
            01/07/2023  Virgin Media  graham@example.com  VMbroadband_23
               changed 11/03/2024 VMbroadband_24
            """)
        #expect(items.map(\.password) == ["Xmas-Halifax-24", "SkyQ_Box2023", "VMbroadband_24"])
        let old = items.map { $0.customFields.filter { $0.name == "old password" && $0.concealed }.map(\.value) }
        #expect(old == [["Halifax2021!", "Halifax#Aug22"], ["SkyQ_Box2021"], ["VMbroadband_23"]])
        // A date alone after the verb, and no new value, changes nothing.
        let dentist = Self.items("Dentist portal  ana@example.com  Teeth!2024\n  changed 14/08/2022")
        #expect(dentist.first?.password == "Teeth!2024")
    }

    /// A paragraph written without capitals that states several logins, a sentence each:
    /// every one is read, and a sentence about an old or changed password states none.
    @Test func aParagraphOfLowerCaseSentencesGivesEachLoginItStates() {
        let items = Self.items(
            "ok so writing these down. netflix was doyle1234 before she changed it. spotify is my own, "
                + "username niamhdoyle_, password is Tr4ck-L1st!! (with the two marks). my gmail "
                + "niamh@example.com password Kerry-Gold-Butter02. uber is just google.")
        let logins = items.filter { $0.password != nil }
        #expect(logins.map(\.password) == ["Tr4ck-L1st!!", "Kerry-Gold-Butter02"], "\(items)")
        #expect(logins.map(\.username) == ["niamhdoyle_", "niamh@example.com"])
        #expect(!items.contains { $0.password == "doyle1234" || $0.username == "doyle1234" })
        // Abbreviations with a full stop do not cut a sentence.
        #expect(NotesSentence.sentences("my member no. 5512 and approx. 3 cards. all fine").count == 2)
        #expect(NotesSentence.sentences("see e.g. the gmail one").count == 1)
    }

    /// `PASSWORD LOG` opening a file names it; `PASSWORD HUNTER` is still a password, never a
    /// title (in capitals the case says nothing, so only words that name a list count).
    @Test func aFileNamedPasswordLogInCapitalsIsNoPassword() {
        let items = Self.items("PASSWORD LOG\n\nHalifax  gbarnes  Halifax2021!")
        #expect(!items.contains { $0.password == "LOG" } && items.contains { $0.password == "Halifax2021!" })
        for line in ["PASSWORD HUNTER", "PW SUNSHINE"] {
            let item = Self.items(line).first
            #expect(item?.password == line.split(separator: " ").last.map(String.init), "\(line)")
            #expect(item?.title.contains("HUNTER") == false && item?.title.contains("SUNSHINE") == false, "\(line)")
        }
    }
}
