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

    /// People's names with their colons, indented under a service, are their accounts of it.
    @Test func peoplesLoginsUnderOneServiceAreARecordEach() {
        let items = Self.logins(
            "Dentrix\n  server = FRONTDESK-PC\n  Dr. Okafor:  DOKAFOR / Implant$2022\n  Tom's:  tmalloy / tm0ll0y-BSD\n"
                + "  hygienists share:  HYG1 / cleaning1   <- support said we shouldnt share\n")
        #expect(items.map(\.title) == ["Dentrix (Dr. Okafor)", "Dentrix (Tom's)", "Dentrix (hygienists share)"])
        #expect(items.map(\.username) == ["DOKAFOR", "tmalloy", "HYG1"])
        #expect(items.map(\.password) == ["Implant$2022", "tm0ll0y-BSD", "cleaning1"])
        // Counter-inputs: a heading over services, a capitalised name that may be a service's,
        // a label's word, a line not indented under the name.
        #expect(Self.logins("Banks\n  Chase:  ana_c / Ch4se!2020\n").map(\.title) == ["Chase"])
        let utilities = Self.logins("Utilities\n  Comcast:  ana_k / Xfin1ty!20\n  PGandE:  ana.k / Pge#2021x\n")
        #expect(utilities.map(\.title) == ["Comcast", "PGandE"])
        #expect(utilities.map(\.folder) == [["Utilities"], ["Utilities"]])
        #expect(
            Self.logins("Router\n  wifi:  HomeNet / Key!2020x\n").map(\.title).allSatisfy { !$0.contains("(wifi)") })
        #expect(Self.logins("Router\n  wifi:  HomeNet / Key!2020x\n").count == 1)
        #expect(Self.logins("Dentrix\nTom's:  tmalloy / tm0ll0y-BSD\n").map(\.title) == ["Tom's"])
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
        // Counter-inputs: a value written like a password, or a German word on the line, make
        // `alt` the old password's mark — never a login.
        for line in [
            "Sparkasse alt: Geheim123  Passwort: Geheim#2024", "Router alt: admin123  jetzt: R0uter#2024",
            "Sparkasse alt: Geheim123 / Geheim#2024",
        ] {
            let items = NotesImporterTests.items(line + "\n")
            #expect(items.count == 1)
            #expect(items.allSatisfy { $0.username == nil })
            #expect(items.first?.customFields.contains { $0.name == "old password" && $0.concealed } == true)
        }
    }

    /// A phrase with its colon names the value after it: a capitalised login is no service.
    @Test func aPhraseWithItsColonNamesTheLoginAfterIt() {
        let items = Self.logins("riot main: NightOwlMain    pw Yasuo4life!!\n")
        #expect(items.first?.title == "riot main")
        #expect(items.first?.username == "NightOwlMain")
        // Counter-inputs: without the colon, or with a login labelled on the line, the
        // capitalised name after a phrase is the service.
        #expect(Self.logins("new bank - Ally - user ana_a pw Ally!2020\n").first?.title == "Ally")
        let chase = Self.logins("my bank: Chase  user ana_c  pw Ch4se!2020\n")
        #expect(chase.first?.title == "Chase")
        #expect(chase.first?.username == "ana_c")
    }

    /// An old password, or another password-like secret of the record, is kept out of its title
    /// as the password is.
    @Test func noSecretOfTheRecordIsItsTitle() {
        let items = NotesImporterTests.items("Passwort alt: abc123\nPasswort neu: Winter#2023\n")
        #expect(items.count == 1)
        #expect(items.allSatisfy { !$0.title.contains("abc123") })
        #expect(items.first?.customFields.contains { $0.value == "abc123" && $0.concealed } == true)
        // Counter-input: a security answer is no password; the title naming it stays.
        let wells = Self.logins("Wells Fargo\nuser: ana_w\npw: WF!2020xx\nmother maiden name: Wells\n")
        #expect(wells.first?.title == "Wells Fargo")
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
        // Counter-inputs: an arrow alone between a login name and a password is no change, and
        // beside a labelled password the arrow renamed the login.
        #expect(Self.logins("Zelle -> ana01 -> Pw!1zz\n").first?.username == "ana01")
        let renamed = NotesImporterTests.items("steam  gamer_owl2019 -> changed gamer_owl2020  pw St3am!2020\n")
        #expect(!renamed.contains { $0.customFields.contains { $0.name == "old password" } })
    }

    /// Many words in short runs between gaps are columns; a long run of words is a sentence.
    @Test func shortRunsBetweenGapsAreColumnsNotProse() {
        let items = Self.logins("Online giving – Faith Direct:   org ID 4401   username stbrendans   pw FD-stb-2020\n")
        #expect(items.first?.username == "stbrendans")
        #expect(items.first?.password == "FD-stb-2020")
        #expect(items.first?.customFields.contains { $0.name == "ID" && $0.value == "4401" } == true)
        // Counter-input: cut by dashes only, it may be a sentence; no label word becomes a value.
        let wifi = "Wifi - Name Home5G - Password - Blue Cat Sings - router in closet - do not share"
        #expect(!NotesLineClassifier.isColumns(NotesTokenizer.tokens(wifi[...]), text: wifi))
        #expect(NotesImporterTests.items(wifi + "\n").allSatisfy { $0.password != "Password" })
    }

    /// A mailbox with no name is titled by its label and its domain.
    @Test func aMailboxWithNoNameIsTitledByItsDomain() {
        let items = Self.logins("Email  parish@stbrendans.org     pw: Faith&Hope24\n")
        #expect(items.first?.title == "Email (stbrendans.org)")
        // Counter-input: a login label that is no mailbox's keeps the domain alone.
        #expect(Self.logins("user: ana@gmail.com  pw: Sunny#2020\n").first?.title == "gmail.com")
    }

    /// Records titled by a street address or a unit under a service's heading are its accounts.
    @Test func addressesUnderAServiceAreItsAccounts() {
        let items = Self.logins(
            "DUKE ENERGY\n  414 Elm St ..... user: obrien414elm  pw: Elm414!power\n"
                + "  22 Birch Ave .... user: obrien22birch pw: Birch22!power\n")
        #expect(items.map(\.title) == ["Duke Energy (414 Elm St)", "Duke Energy (22 Birch Ave)"])
        #expect(NotesRecordAssembler.isPlaceOrUnit("Unit 2"))
        // Counter-inputs: a name with a number in it, or one word, is no address.
        #expect(!NotesRecordAssembler.isPlaceOrUnit("Office365"))
        #expect(!NotesRecordAssembler.isPlaceOrUnit("Chase"))
        #expect(!NotesRecordAssembler.isPlaceOrUnit("Fidelity 401k"))
    }

    /// `customer # 0012345` opening a line is the customer-number label, read whole.
    @Test func aNumberSignAfterALabelWordIsPartOfTheLabel() {
        let items = Self.logins("CITY WATER\n  customer # 0012345-01  pw: H2O_obrien\n")
        #expect(items.first?.title == "CITY WATER")
        #expect(items.first?.username == "0012345-01")
        // Counter-input: after the values, the number is a field of its own beside the login.
        let usaa = Self.logins("USAA: rdelgado55 / USAA_Vet1973 - member # 00918273\n")
        #expect(usaa.first?.username == "rdelgado55")
        #expect(usaa.first?.password == "USAA_Vet1973")
    }
}
