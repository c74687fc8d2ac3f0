import Foundation
import Testing
import VaultModel

@testable import Converters

/// Rules for what the cold-written set of stop 27 (samples/notes-corpus/outside/s) showed,
/// each with inputs and counter-inputs.
@Suite struct NotesColdWritersTests {
    static func items(_ text: String) -> [VaultItem] { NotesImporterTests.items(text) }

    /// A Wi-Fi key with no login beside it is titled by its place and its network; a
    /// network read as the login under a Wi-Fi title or heading joins the title too.
    @Test func aWiFiKeyIsTitledByItsPlaceAndNetwork() {
        let cases: [(String, String, String)] = [
            (
                "Home\n  network: Casa-Luna-5G\n  password: purple-elephant-dancing-42", "Casa-Luna-5G",
                "purple-elephant-dancing-42"
            ),
            ("Dad's office: SSID: KellerCPA-Guest | PW: Taxes&Coffee19", "KellerCPA-Guest", "Taxes&Coffee19"),
            ("wifi de casa VIVO-A3F1 senha Casa.Nova.2019", "VIVO-A3F1", "Casa.Nova.2019"),
            ("[WiFi dom]\nsieć = UPC7734521\nhasło = mP3vLs9qXkd2", "UPC7734521", "mP3vLs9qXkd2"),
            ("■ Wi-Fi（自宅）\nSSID: aterm-7c2f1e-g\n暗号化キー: 4f9a2c1e7b3d5", "aterm-7c2f1e-g", "4f9a2c1e7b3d5"),
        ]
        for (text, network, key) in cases {
            let items = Self.items(text).filter { $0.password != nil }
            #expect(items.count == 1, "\(text): \(items.map(\.title))")
            #expect(items.first?.title.contains(network) == true, "\(text): \(items.first?.title ?? "")")
            #expect(items.first?.password == key, "\(text)")
        }
        // Counter-inputs: a router's admin login keeps its own title; a handle of lower-case
        // letters under a Wi-Fi heading is a login, not a network.
        #expect(Self.items("Netgear router\nnetwork: HomeNet\nadmin / N3tg3ar!Admin").first?.title == "Netgear router")
        #expect(!NotesImporter.looksLikeNetworkName("jsmith") && NotesImporter.looksLikeNetworkName("MEO-7F3A21"))
        #expect(!NotesImporter.looksLikeNetworkName("ana@x.org") && NotesImporter.namesWiFi("WIFI — places"))
    }

    /// Memos in Japanese and Korean: a mark opening a block's title, full-width brackets and
    /// colons, and their words for mail, password, customer number and PIN.
    @Test func aJapaneseMemoReadsAsItsBlocksSay() {
        let items = Self.items(
            """
            ■ Amazon
            メール: sato.yui.0512@gmail.com
            PW: amazonPrime!0512

            ■ メルカリ
            ID：yui_sato_mer
            パス: Merukari-Sakura7

            ■ ゆうちょダイレクト
            お客さま番号: 1234-5678-9012
            ログインパスワード: Yucho.Direct.88
            暗証番号: 6612

            秘密の質問（母の旧姓）: たなか
            """)
        let logins = items.filter { $0.password != nil }
        #expect(logins.map(\.title) == ["Amazon", "メルカリ", "ゆうちょダイレクト"])
        #expect(logins.map(\.username) == ["sato.yui.0512@gmail.com", "yui_sato_mer", "1234-5678-9012"])
        #expect(logins.map(\.password) == ["amazonPrime!0512", "Merukari-Sakura7", "Yucho.Direct.88"])
        // The PIN and the answer are concealed, never a title, login or password.
        for item in items {
            for visible in [item.title, item.username ?? "", item.password ?? ""] {
                #expect(!visible.contains("6612") && !visible.contains("たなか"), "\(visible)")
            }
        }
        // Counter-input: ASCII text is untouched by the full-width mapping.
        #expect(NotesLineClassifier.asciiPunctuation("Wi-Fi（自宅）：x") == "Wi-Fi (自宅): x")
        #expect(NotesLineClassifier.asciiPunctuation("plain (text): x") == "plain (text): x")
    }

    /// A list's first line naming accounts and their owner is a heading; an INI section's
    /// name may have several words, slashes and digits; `jméno` is a Czech login label.
    @Test func listNamesSectionsAndCzechLabels() {
        let items = Self.items(
            """
            KONTA – Kasia

            [ePUAP / Profil Zaufany]
            login = knowak1992
            hasło = Urzad#Gmina2023

            ČEZ zákaznický portál
            jméno: pdvorak
            heslo: Elektrina.Cez9
            """)
        #expect(
            items.filter { $0.password != nil }.map(\.title) == ["ePUAP / Profil Zaufany", "ČEZ zákaznický portál"])
        #expect(items.allSatisfy { $0.password != "Kasia" })
        #expect(items.first { $0.password == "Elektrina.Cez9" }?.username == "pdvorak")
        // Counter-input: a password in brackets is not a section.
        if case .heading = NotesLineClassifier.classify("[B4nk.2020]", number: 1).kind {
            Issue.record("[B4nk.2020] was read as a section's name")
        }
        guard
            case .heading(_, "ePUAP / Profil Zaufany") = NotesLineClassifier.classify(
                "[ePUAP / Profil Zaufany]", number: 1
            ).kind
        else {
            Issue.record("[ePUAP / Profil Zaufany] was not read as a section's name")
            return
        }
    }

    /// A change log's line names the service, then how its password changed: the newest
    /// value is the password, older ones are concealed, and the log's date is kept out of sight.
    @Test func aChangeLogsLineKeepsTheNewestPassword() {
        let items = Self.items(
            """
            2023-03-04  LinkedIn   — changed to Networking#Pivot23  (old: linkedin2016)
            2023-03-04  Dropbox    — m.reyes@gmail.com — was Dropbox123, now Box.Of.Drops.88
            2023-03-05  Adobe      — m.reyes@gmail.com — changed again!! now Kerning&Leading7. Prev: Kerning&Leading6
            2023-06-19  Dribbble   — username mreyesdesign, reset to Shot.Of.The.Day4 (old one was dribbble2019)
            2023-08-30  Amazon     — changed 8/30, new: Prime-Day-Deals!23, old was Prime-Day-Deals!22
            """)
        #expect(items.map(\.title) == ["LinkedIn", "Dropbox", "Adobe", "Dribbble", "Amazon"])
        #expect(
            items.map(\.password) == [
                "Networking#Pivot23", "Box.Of.Drops.88", "Kerning&Leading7", "Shot.Of.The.Day4", "Prime-Day-Deals!23",
            ])
        #expect(items.map(\.username) == [nil, "m.reyes@gmail.com", "m.reyes@gmail.com", "mreyesdesign", nil])
        let old = items.flatMap { $0.customFields.filter { $0.name == "old password" } }
        #expect(
            old.map(\.value) == [
                "linkedin2016", "Dropbox123", "Kerning&Leading6", "dribbble2019", "Prime-Day-Deals!22",
            ])
        #expect(old.allSatisfy { $0.concealed })
        // Counter-inputs: prose about a change names no service; old and new written as labels
        // (`vecchia: x  nuova: y`) are no service either.
        #expect(NotesChangeLog.rewrite("old pw was Summer2019, changed to Winter#2020") == nil)
        #expect(NotesChangeLog.rewrite("vecchia: Gattina_88  nuova: Micio#Nero2023") == nil)
        #expect(NotesChangeLog.rewrite("Netflix: ana@x.org / Flix!2024") == nil)
        // A handle after the name is the login; a new value needs no digit.
        let instagram = Self.items("Instagram anasouza.art - antiga: anaart92 / nova: Aquarela_e_Nanquim")
        #expect(instagram.first?.title == "Instagram" && instagram.first?.password == "Aquarela_e_Nanquim")
        #expect(instagram.first?.username == "anasouza.art")
    }

    /// A properties file's keys: a key naming no field, given an e-mail address, names the
    /// service of that login; lower-case keys title their records with their words apart.
    @Test func propertyKeysNameTheirServices() {
        let items = Self.items(
            """
            greenleaf.wp.url=https://greenleafbakery.com/wp-admin
            greenleaf.wp.user=glb_admin
            greenleaf.wp.pass=Sourdough!Starter23
            mason.gmail=masonplumbingco@gmail.com
            mason.gmail.pass=LeakyFaucet2022
            upwork=ivy.chen.dev@gmail.com
            upwork.pass=Freelance$Ivy91
            """)
        #expect(items.map(\.title) == ["greenleaf wp", "mason gmail", "upwork"])
        #expect(items.map(\.username) == ["glb_admin", "masonplumbingco@gmail.com", "ivy.chen.dev@gmail.com"])
        #expect(items.map(\.password) == ["Sourdough!Starter23", "LeakyFaucet2022", "Freelance$Ivy91"])
        // Counter-inputs: an environment variable keeps its name as written; a label's own key
        // is no service.
        #expect(Self.items("ACME_CORP_PASSWORD=Xk9#mQ2!vL\n").first?.title == "ACME_CORP")
        #expect(NotesLineClassifier.propertyKeyUnderscored("email=ana@x.org") == "email=ana@x.org")
    }

    /// In a journal's sentences a labelled value ends with its sentence: a full stop, then a
    /// capital, or the line's end; the full stop is no part of it. The misspellings of
    /// `password` people type most are labels anywhere.
    @Test func aLabelledValueEndsWithItsSentence() {
        let spid = Self.items(
            "Oggi ho attivato lo SPID. Nome utente: giorgio@gmail.com, password: Spid!Torino2024. Il codice è 55021.")
        #expect(spid.first?.password == "Spid!Torino2024", "\(spid.map(\.password))")
        let gym = Self.items("Iscritto in palestra (McFit): email giorgio@gmail.com e password Panca-Piana-100.")
        #expect(gym.first?.password == "Panca-Piana-100", "\(gym.map(\.password))")
        let typo = Self.items("facebook   margaret52@yahoo.com   pasword is Buttons1952")
        #expect(typo.first?.password == "Buttons1952" && typo.first?.username == "margaret52@yahoo.com")
        // Counter-inputs: a value's own dots stay (`Box.Of.Drops.88`), and outside sentences a
        // final full stop is kept as written.
        #expect(Self.items("Dropbox\npassword: Box.Of.Drops.88").first?.password == "Box.Of.Drops.88")
        #expect(Self.items("Router\npw: Adm1n#Pass.").first?.password == "Adm1n#Pass.")
    }

    /// Words in double quotes are one value, spaces and all; `SSID` labels a network without
    /// a colon.
    @Test func aQuotedPassphraseIsOneValue() {
        let booking = Self.items("Booking.com — j.t@gmail.com / pw \"Hotel Rooms Are Tiny 4\"")
        #expect(booking.first?.password == "Hotel Rooms Are Tiny 4" && booking.first?.username == "j.t@gmail.com")
        let mom = Self.items("Mom's house — SSID “Garcia Family” pw: iloveourdog2015")
        #expect(mom.first?.password == "iloveourdog2015" && mom.first?.username == nil)
        #expect(mom.first?.title.contains("Garcia Family") == true)
        // Counter-inputs: an unclosed quote is a mark of its word only; quotes around one
        // word still come off.
        #expect(Self.items("Netflix  ana@x.org  \"Flix!2024").first?.password?.contains("Flix!2024") == true)
        #expect(Self.items("Hulu  ana@x.org  \"Hulu#Kev22\"").first?.password == "Hulu#Kev22")
    }

    /// "pareil que SNCF" points at the record so titled, as "same as SNCF" does; a French
    /// beneficiary number (`allocataire`) is the login.
    @Test func frenchPointersAndNumbers() {
        let items = Self.items(
            """
            SNCF Connect : lea@gmail.com / TGV-Paris-Lyon2
            Doctolib : pareil que SNCF
            CAF : allocataire 1234567 — mot de passe : Apl-Logement-2023
            """)
        #expect(items.map(\.title) == ["SNCF Connect", "Doctolib", "CAF"])
        #expect(items.map(\.password) == ["TGV-Paris-Lyon2", "TGV-Paris-Lyon2", "Apl-Logement-2023"])
        #expect(items.last?.username == "1234567")
        // Counter-input: "pareil" alone points nowhere.
        #expect(NotesRecordAssembler.pointedService("pareil") == nil)
    }

    /// A site read as the login is the record's address: a login is never a URL.
    @Test func aSiteIsNeverTheLogin() {
        let items = Self.items("Squarespace (lenaparkphoto.com) admin: hello@lenaparkphoto.com pw Sq$pace.Site7")
        #expect(items.first?.password == "Sq$pace.Site7")
        #expect(items.first?.username != "lenaparkphoto.com" && items.first?.urls.contains("lenaparkphoto.com") == true)
        // Counter-input: an e-mail address stays the login.
        #expect(Self.items("Hulu (ana@x.com) Hulu#Pw2024").first?.username == "ana@x.com")
    }
}
