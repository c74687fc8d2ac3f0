import Foundation
import Testing
import VaultModel

@testable import Converters

/// Rules from the tuned set samples/notes-corpus/outside/z (stop 33): several people's or
/// several accounts' logins to one service, a gamer's alternates, a password shared by
/// pointing at another record, and secrets that must stay out of titles. Each with inputs
/// and counter-inputs.
@Suite struct NotesPeoplesAccountsTests {
    static func logins(_ text: String) -> [VaultItem] { NotesImporterTests.items(text).filter { $0.password != nil } }

    /// Names with their colons, indented under a service, are people's accounts of it.
    @Test func peoplesLoginsUnderOneServiceAreARecordEach() {
        let items = Self.logins(
            "Dentrix\n  server = FRONTDESK-PC\n  Dr. Okafor:  DOKAFOR / Implant$2022\n  Trish:  tmalloy / tm0ll0y-BSD\n"
                + "  hygienists share:  HYG1 / cleaning1   <- support said we shouldnt share\n")
        #expect(items.map(\.title) == ["Dentrix (Dr. Okafor)", "Dentrix (Trish)", "Dentrix (hygienists share)"])
        #expect(items.map(\.username) == ["DOKAFOR", "tmalloy", "HYG1"])
        #expect(items.map(\.password) == ["Implant$2022", "tm0ll0y-BSD", "cleaning1"])
        // Counter-inputs: a heading over services, a label's word, lines not indented under it.
        #expect(Self.logins("Banks\n  Chase:  ana_c / Ch4se!2020\n").first?.title == "Chase")
        #expect(Self.logins("Router\n  wifi:  HomeNet / Key!2020x\n").first?.title != "Router (wifi)")
        #expect(Self.logins("Dentrix\nTrish:  tmalloy / tm0ll0y-BSD\n").first?.title == "Trish")
    }

    /// `alt` glued after a name is the English alternate account; after a password label, or
    /// on a line naming the new one, the German old.
    @Test func altAfterANameIsAnAlternateAccount() {
        let riot = Self.logins("riot alt:  sleepyowl420    pass: Yasuo4life!!2\n")
        #expect(riot.first?.username == "sleepyowl420")
        #expect(riot.first?.password == "Yasuo4life!!2")
        let german = NotesImporterTests.items("Netflix alt: abc123   neu: Xyz#2023\n")
        #expect(german.first?.password == "Xyz#2023")
        #expect(german.first?.customFields.contains { $0.name == "old password" && $0.value == "abc123" } == true)
    }

    /// A phrase with its colon names the value after it: a capitalised login is no service.
    @Test func aPhraseWithItsColonNamesTheLoginAfterIt() {
        let items = Self.logins("riot main: NightOwlMain    pw Yasuo4life!!\n")
        #expect(items.first?.title == "riot main")
        #expect(items.first?.username == "NightOwlMain")
        // Counter-input: without the colon, the capitalised name after a phrase is the service.
        #expect(Self.logins("new bank - Ally - user ana_a pw Ally!2020\n").first?.title == "Ally")
    }

    /// An old password or a PIN is kept out of the title, as the password is.
    @Test func noSecretOfTheRecordIsItsTitle() {
        let items = NotesImporterTests.items("Passwort alt: abc123\nPasswort neu: Winter#2023\n")
        #expect(items.allSatisfy { !$0.title.contains("abc123") })
        #expect(items.first?.customFields.contains { $0.value == "abc123" && $0.concealed } == true)
    }

    /// "pw same as discord": the password label says what is shared; the login stays its own.
    @Test func aPasswordSharedByPointingKeepsItsOwnLogin() {
        for line in ["twitch: nightowl_live   pw same as discord", "twitch  nightowl_live   same pw as discord"] {
            let items = Self.logins("discord   owl@x.org   DiscordOwl_9\n" + line + "\n")
            #expect(items.last?.title == "twitch")
            #expect(items.last?.username == "nightowl_live")
            #expect(items.last?.password == "DiscordOwl_9")
        }
        // Counter-input: pointing without a login of its own shares the login too.
        #expect(
            Self.logins("discord   owl@x.org   DiscordOwl_9\ntwitch same as discord\n").last?.username == "owl@x.org")
    }

    /// An arrow, then a verb of change, then the value: the value before the arrow is old.
    @Test func anArrowAndAVerbOfChangeTellTheChange() {
        let items = Self.logins("epic - owl@x.org   Fortnite2019 -> changed Fortn1te#2022\n")
        #expect(items.first?.password == "Fortn1te#2022")
        #expect(items.first?.customFields.contains { $0.value == "Fortnite2019" && $0.concealed } == true)
        // Counter-input: an arrow alone between a login name and a password is no change.
        #expect(Self.logins("Zelle -> ana01 -> Pw!1zz\n").first?.username == "ana01")
    }

    /// Many words in short runs between gaps are columns; a long run of words is a sentence.
    @Test func shortRunsBetweenGapsAreColumnsNotProse() {
        let items = Self.logins("Online giving – Faith Direct:   org ID 4401   username stbrendans   pw FD-stb-2020\n")
        #expect(items.first?.username == "stbrendans")
        #expect(items.first?.password == "FD-stb-2020")
        #expect(items.first?.customFields.contains { $0.name == "ID" && $0.value == "4401" } == true)
        let words = ["we", "keep", "the", "spare", "key", "under", "the", "mat", "by", "the", "back", "door"]
        #expect(!NotesLineClassifier.isColumns(NotesTokenizer.tokens(words.joined(separator: " ")[...])))
    }

    /// A mailbox with no name is titled by its label and its domain.
    @Test func aMailboxWithNoNameIsTitledByItsDomain() {
        let items = Self.logins("Email  parish@stbrendans.org     pw: Faith&Hope24\n")
        #expect(items.first?.title == "Email (stbrendans.org)")
        // Counter-input: a login label that is no mailbox's keeps the domain alone.
        #expect(Self.logins("user: ana@gmail.com  pw: Sunny#2020\n").first?.title == "gmail.com")
    }
}
