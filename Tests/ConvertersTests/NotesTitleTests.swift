import Foundation
import Testing
import VaultModel

@testable import Converters

/// What names a record and what is only said about it on a one-line record (from the
/// cold-written set samples/notes-corpus/outside/u, stop 28), each rule with inputs and
/// counter-inputs.
@Suite struct NotesTitleTests {
    static func logins(_ text: String) -> [VaultItem] { NotesImporterTests.items(text).filter { $0.password != nil } }

    /// Capitalised names joined by a slash open a line as its title, even shaped like a
    /// password, when a later value of letters and digits is there to be the password.
    @Test func capitalisedNamesJoinedByASlashAreTheTitle() {
        let joined = Self.logins("Twitter/X — alexriv — still birdsong44")
        #expect(joined.first?.title == "Twitter/X" && joined.first?.username == "alexriv")
        #expect(joined.first?.password == "birdsong44")
        // Counter-input: with nothing else to be the password, the joined words are it.
        let password = Self.logins("Red/Blue - netflix - ana@x.com")
        #expect(password.first?.password == "Red/Blue" && password.first?.title == "netflix")
    }

    /// A kind of account with the service's name in brackets is titled as written; a word in
    /// brackets after a service's own name stays a remark, out of sight.
    @Test func aKindOfAccountWithItsServiceInBracketsIsTheTitle() {
        #expect(Self.logins("Bank (Ally) — arivera_ally — Ally$aver2023").first?.title == "Bank (Ally)")
        #expect(Self.logins("VPN (GlobalProtect) - mgarcia - Vpn#Acme-0423").first?.title == "VPN (GlobalProtect)")
        // Counter-input: after a service's own name, a word in brackets is a remark.
        #expect(Self.logins("Spotify (Premium) - ana@x.org - Flix!2020").first?.title == "Spotify")
    }

    /// A time of day after a date is when, never a password.
    @Test func aTimeOfDayAfterADateIsNoPassword() {
        #expect(Self.logins("Folder: Travel · Modified 2023-06-11 09:14").isEmpty)
        #expect(NotesRecordAssembler.isTimeOfDay("09:14") && NotesRecordAssembler.isTimeOfDay("18:40:05"))
        #expect(!NotesRecordAssembler.isTimeOfDay("24:00") && !NotesRecordAssembler.isTimeOfDay("9:14x"))
        // Counter-input: after a word, such a value may be what the writer chose.
        #expect(Self.logins("Locker - 12:34").first?.password == "12:34")
    }

    /// A Markdown code span of several words is one value, as a quoted one is; one opening
    /// with a label is a line of configuration, label and value.
    @Test func aCodeSpanOfSeveralWordsIsOneValue() {
        let phrase = Self.logins("- [x] Apple ID — alex@proton.me — `Orchard Lane 1987!`")
        #expect(phrase.first?.password == "Orchard Lane 1987!")
        let config = Self.logins("- **Redis**: `requirepass RedisLocal99`")
        #expect(config.first?.password == "RedisLocal99" && config.first?.title == "Redis")
        #expect(NotesMarkdown.plain("run `ls -la` now"[...]) == "run \"ls -la\" now")
        #expect(NotesMarkdown.plain("pw `Hunter2`"[...]) == "pw Hunter2")
    }

    /// A password written first, then the login, then the site in lower case or as a domain:
    /// the site is the title, never the password or the login.
    @Test func aPasswordWrittenFirstBeforeItsLoginAndSite() {
        let cases: [(String, String, String, String)] = [
            ("Tr0ub4dor&3   marcus.bell   reddit", "reddit", "marcus.bell", "Tr0ub4dor&3"),
            (
                "CorrectHorseBatteryStaple   mbell@fastmail.com   fastmail.com", "fastmail.com", "mbell@fastmail.com",
                "CorrectHorseBatteryStaple"
            ),
            ("hunter2hunter2 — marcusbell — runescape (lol from 2008)", "runescape", "marcusbell", "hunter2hunter2"),
        ]
        for (line, title, login, password) in cases {
            let item = Self.logins(line).first
            #expect(item?.title == title && item?.username == login && item?.password == password, "\(line)")
        }
        // Counter-inputs: a service first, as most lines are written.
        let serviceFirst = Self.logins("Netflix  ana@x.com  Flix!2020").first
        #expect(serviceFirst?.title == "Netflix" && serviceFirst?.password == "Flix!2020")
        #expect(Self.logins("gmail ana@x.com Pa55word!").first?.password == "Pa55word!")
    }

    /// A password label before a word saying what a list is about names the list; it labels
    /// no value.
    @Test func aPasswordLabelBeforeWhatTheListIsAboutLabelsNothing() {
        #expect(Self.logins("pw list (pw first, then user, then site)").isEmpty)
        #expect(Self.logins("Gmail\npw Secret1").first?.password == "Secret1")
    }

    /// A security question written as the label of its answer (`MOTHERS MAIDEN NAME
    /// Hargrove`) keeps the answer concealed; it never titles a record. Under a heading of
    /// security questions, such lines stay in its list.
    @Test func aSecurityQuestionAsALabelKeepsItsAnswerConcealed() {
        let items = NotesImporterTests.items(
            "PANDORA  gp@yahoo.com  PASSWORD  Elvis1935\n\nMOTHERS MAIDEN NAME  Hargrove\nFIRST PET  Sparky")
        #expect(!items.contains { $0.title.contains("Hargrove") || $0.title.contains("Sparky") })
        let answers = items.flatMap(\.customFields).filter { ["Hargrove", "Sparky"].contains($0.value) }
        #expect(answers.count == 2 && answers.allSatisfy(\.concealed))
        let listed = NotesImporterTests.items(
            "Security questions (same everywhere):\n  mother's maiden name - Fitzgerald\n  first school - Scoil Bhríde\n"
                + "  first pet - Biscuit\n\nGmail ana@x.org Claddagh#Ring84")
        #expect(!listed.contains { $0.title.contains("Scoil") || $0.title.contains("Biscuit") })
        #expect(listed.filter { $0.password != nil }.map(\.title) == ["Gmail"])
    }

    /// A login over an indented list of dated passwords: the latest, or the one marked current,
    /// is the password; the others are kept concealed as old ones.
    @Test func aDatedListOfPasswordsGivesTheLatestAndKeepsTheOthers() {
        let item = Self.logins(
            "gmail: cwarren@gmail.com\n  2015: Guitar123\n  2018: Guitar123!!\n  2021: Strat-Sunburst-21   <-- CURRENT"
        ).first
        #expect(item?.title == "gmail" && item?.username == "cwarren@gmail.com")
        #expect(item?.password == "Strat-Sunburst-21")
        let old = item?.customFields.filter { $0.name == "old password" } ?? []
        #expect(old.map(\.value) == ["Guitar123", "Guitar123!!"] && old.allSatisfy(\.concealed))
        let marked = Self.logins("bank: ana@x.org\n  2019: B4nk#One  <-- current\n  2022: B4nk#Two").first
        #expect(marked?.password == "B4nk#One", "the one marked current stays the password")
        // Counter-input: a journal's years at the margin are no list of passwords.
        #expect(NotesRecordAssembler.datedPassword(NotesLineClassifier.classify("2015: Guitar123", number: 1)) == nil)
    }
}
