import Foundation
import Testing
import VaultModel

@testable import Converters

/// Rules from the cold-written set samples/notes-corpus/outside/z (stop 32): shared lists
/// marking whose each account is, gamers' numbered alternate accounts, framed remarks, and
/// sheets headed in people's own words. Each with inputs and counter-inputs.
@Suite struct NotesSharedListTests {
    static func logins(_ text: String) -> [VaultItem] { NotesImporterTests.items(text).filter { $0.password != nil } }

    /// A name with a slash-joined remark in brackets heads the numbered accounts under it.
    @Test func aServiceLineHeadsItsNumberedAccounts() {
        let riot = Self.logins(
            "RIOT (league/valorant)\nmain -> xXShadowFoxXx -> Foxy!Valo2023\nsmurf1 -> shadowfox_alt -> ggEZ123!!\n"
                + "smurf2 -> notshadowfox = ggEZ1234!!\n")
        #expect(riot.map(\.title) == ["RIOT (main)", "RIOT (smurf1)", "RIOT (smurf2)"])
        #expect(riot.map(\.username) == ["xXShadowFoxXx", "shadowfox_alt", "notshadowfox"])
        // The words in brackets are no login.
        #expect(!NotesImporterTests.items("RIOT (league/valorant)\n").contains { $0.username == "league/valorant" })
        // Counter-inputs: a login and a password in brackets, or a login, stay out of the title.
        #expect(NotesImporterTests.items("Work VPN (jsmith/Bluebird) vpn.corp.com\n").first?.title == "Work VPN")
        let hulu = Self.logins("Hulu (ana.b@x.com)\nHulu2024!\n")
        #expect(hulu.first?.username == "ana.b@x.com")
    }

    /// The service a heading names comes before its generic word; what follows is a remark.
    @Test func aHeadingsServiceComesBeforeItsGenericWord() {
        #expect(NotesRecordAssembler.serviceInHeading("ACCOUNTS DONT TOUCH MOM") == nil)
        #expect(NotesRecordAssembler.serviceInHeading("GOOGLE ACCOUNTS") == "GOOGLE")
        #expect(NotesRecordAssembler.serviceInHeading("Personal Gmail") == "Gmail")
    }

    /// An initial and a colon opening a line say whose account it is; `U:` and `P:` stay labels.
    @Test func anOwnersInitialIsNoTitle() {
        let items = Self.logins(
            "K: Fidelity 401k     kevinwalsh82 / Steelers4life\nM: Schwab  marawalsh / Peonies&Tea\n")
        #expect(items.map(\.title) == ["Fidelity 401k", "Schwab"])
        #expect(items.map(\.username) == ["kevinwalsh82", "marawalsh"])
        #expect(Self.logins("X: ana_x / Tw1tter!2023\n").first?.title == "X")
        let labelled = Self.logins("Netflix\nU: ana@x.org\nP: Flix!2020-ok\n")
        #expect(labelled.first?.username == "ana@x.org" && labelled.first?.password == "Flix!2020-ok")
    }

    /// `401k` names a plan in a title; a code of three digits and a capital stays a secret.
    @Test func aRetirementPlansNameIsAWord() {
        #expect(NotesToken.shape(of: "401k") == .word)
        #expect(NotesToken.shape(of: "403b") == .word)
        #expect(NotesToken.shape(of: "401K") == .secret)
        #expect(NotesToken.shape(of: "317b") == .secret)
    }

    /// A sentence framed by stars is a remark; a short name framed so is a heading, with a
    /// comma too.
    @Test func aFramedSentenceIsNoHeading() {
        let items = NotesImporterTests.items(
            "*** update when you change something, I mean it Kevin ***\nChase  user: kmwalsh  pw: Hollyhock#14\n")
        #expect(items.first { $0.password != nil }?.folder == [])
        let framed = Self.logins("*** Banks ***\nChase  user: kmwalsh  pw: Hollyhock#14\n")
        #expect(framed.first?.folder == ["Banks"])
        let listed = Self.logins("--- Work, School ---\nGmail  ana@x.org  Gm!l2020x\n")
        #expect(listed.map(\.folder) == [["Work, School"]] && listed.first?.title == "Gmail")
    }

    /// A sheet's service column headed in the writer's words (`Site / Program`, `App`,
    /// `Software`) is the title; a cell of unknown words cut at a comma is no header.
    @Test(arguments: ["Site / Program", "App", "Software", "Anwendung", "Aplicativo"])
    func serviceColumnWordsAreTitles(_ header: String) {
        #expect(CSVHeaderVocabulary.meaning(of: header)?.field == .title, "\(header)")
    }

    @Test func proseCutAtACommaIsNoHeader() {
        #expect(CSVHeaderVocabulary.meaning(of: "then site - my system)") == nil)
        let items = Self.logins(
            "pw list (pw first, then user, then site - my system)\n\nTr0ub4dor&3   marcus.bell   reddit\n")
        #expect(items.first?.title == "reddit" && items.first?.password == "Tr0ub4dor&3")
    }

    /// Among a note's records, one named by the site written on its line keeps that name (the
    /// note is its folder); a site the note is named after gives way to the note's title.
    @Test func aSiteNamedOnItsLineTitlesItsRecordInANoteOfSeveral() {
        let note = ExportedNote(title: "Passwords", text: "", origin: "note 1")
        var medicare = VaultItem(title: "Medicare.gov")
        medicare.urls = ["Medicare.gov"]
        note.apply(to: &medicare, records: 2)
        #expect(medicare.title == "Medicare.gov" && medicare.folder == ["Passwords"])
        let fritz = ExportedNote(title: "FRITZ!Box", text: "", origin: "note 2")
        var router = VaultItem(title: "fritz.box")
        router.urls = ["http://fritz.box"]
        fritz.apply(to: &router, records: 2)
        #expect(router.title == "FRITZ!Box")
    }
}

extension NotesSharedListTests {
    /// A remark of plain words with a word of a sentence, the one value of a line, is no
    /// password; labelled as one, it is.
    @Test func aRemarkIsNoPassword() {
        #expect(Self.logins("Diocese reporting site – Deacon Ray does that, not us\n").isEmpty)
        #expect(Self.logins("Facebook page – admin through Linda's own FB\n").isEmpty)
        #expect(Self.logins("Alarm system – Paint It Black, safe word\n").first?.password == "Paint It Black")
        // Counter-input: under a password's label, the same words are the password.
        let labelled = Self.logins("Hulu pw: the quick brown fox\n")
        #expect(labelled.first?.password == "the quick brown fox")
    }
}

extension NotesSharedListTests {
    /// `OLD` and `XX` in capitals beside a value mark an older password; `password now x`
    /// names the current one; an arrow after the marker still tells the change.
    @Test func capitalMarkersMarkOlderPasswords() {
        let bank = Self.logins(
            "NatWest\n   customer no.  1402198833\n   password  OLD  snowdrop08\n   password  XX snowdrop2012 XX\n"
                + "   password now   Snowdrop!2019\n")
        #expect(bank.count == 1 && bank.first?.password == "Snowdrop!2019" && bank.first?.username == "1402198833")
        #expect(!bank.contains { [$0.title, $0.username].contains("OLD") || $0.title.contains("snowdrop") })
        let tesco = Self.logins("Tesco - pw  tesco123 OLD   now  clubcard2016\n")
        #expect(tesco.first?.password == "clubcard2016")
        let paypal = Self.logins("PayPal   gerry@gmail.com    paypal1  XX   ->  Pp!Hutton2017\n")
        #expect(paypal.first?.password == "Pp!Hutton2017" && paypal.first?.username == "gerry@gmail.com")
        // Counter-input: a word in capitals that marks nothing stays as written.
        #expect(Self.logins("OLD NAVY  ana@x.org  Navy!2020x\n").first?.password == "Navy!2020x")
    }
}
