import Foundation
import Testing
import VaultModel

@testable import Converters

/// The notes grammar on the families of inputs found in notes written apart from the
/// corpus (issue 10): sentences, chat and mail exports, shell exports, trees, tables without
/// pipes, codes and hints, old and new passwords, and the CSV typed without a header's
/// neighbours. Each test writes its own inputs, never a corpus snippet.
extension NotesImporterTests {
    @Test func twoBareValuesUnderATitleAreLoginAndPassword() {
        Self.expect(
            "Pharmacy\nmgreen1971\nPills&Co71\n\nForum\nmarta.green.71\nQuiet!Owl",
            [("Pharmacy", "mgreen1971", "Pills&Co71"), ("Forum", "marta.green.71", "Quiet!Owl")])
    }

    @Test func aMarkdownTableHeadedByAccountIsTitledByIt() {
        let text = "| Account | E-mail | Password | PIN |\n|--|--|--|--|\n| Gas company | ana@x.org | G4s!Bill | 5521 |"
        Self.expect(text, [("Gas company", "ana@x.org", "G4s!Bill")])
        #expect(Self.items(text)[0].customFields.first { $0.name == "PIN" }?.concealed == true)
    }

    @Test func barsInsideAValueAreNotSeparatorsWhenTheLineHasOthers() {
        Self.expect(
            "arcade: PlayerOne9 / Pac|Man|Ghost\nA|b9x|C0d3!pw",
            [("arcade", "PlayerOne9", "Pac|Man|Ghost"), ("A", "b9x", "C0d3!pw")])
    }

    @Test func aWeakURLWordEndingANameIsTheName() {
        Self.expect("library portal: 20019931 / Book#Worm5", [("library portal", "20019931", "Book#Worm5")])
        Self.expect("club site: ana@x.org / Tennis!Ball", [("club site", "ana@x.org", "Tennis!Ball")])
    }

    @Test func newAndOldPasswordLabels() {
        let items = Self.items("Webmail - ana@x.org\nnew pw: Spring#2024\nold pw: Winter#2023")
        #expect(items.count == 1 && items[0].password == "Spring#2024" && items[0].username == "ana@x.org")
        #expect(items[0].customFields.first { $0.value == "Winter#2023" }?.concealed == true)
    }

    @Test func aRemarkInBracketsMakesNoSentence() {
        Self.expect(
            "- [ ] Photos — ana@x.org / pix2020 (weak, change it)", [("Photos", "ana@x.org", "pix2020")])
    }

    @Test func anObsidianCalloutTitlesItsRecord() {
        Self.expect(
            "> [!note] Streaming\n> user: ana@x.org\n> pass: Sofa+Film9\n\n> [!tip]- Radio\n> login: ana_r\n> pw: Fm-Waves1",
            [("Streaming", "ana@x.org", "Sofa+Film9"), ("Radio", "ana_r", "Fm-Waves1")])
    }

    @Test func aHandleWithHyphensIsALogin() {
        Self.expect("payments: @ana-pays-9 / Cash4Ana!", [("payments", "@ana-pays-9", "Cash4Ana!")])
    }
    @Test func aLoginNamedByAWordBesideIt() {
        Self.expect(
            "Library | member 20445 | Read!More9\nAirline -> FlyerMiles 1122334455 -> Wings-Up-7",
            [("Library", "20445", "Read!More9"), ("Airline", "1122334455", "Wings-Up-7")])
        Self.expect("mobile - 5550001122 - Call#Me88 - pin 9090", [("mobile", "5550001122", "Call#Me88")])
        Self.expect("8) Cinema (username popcorn_fan) pw Reel-Film-4", [("Cinema", "popcorn_fan", "Reel-Film-4")])
    }

    @Test func aNameEndingInDigitsOpensItsLine() {
        Self.expect(
            "Shop -- ana@x.de -- PW: Kauf!Mal1\nOffice365 -- ana@x.de -- PW: Excel2Word",
            [("Shop", "ana@x.de", "Kauf!Mal1"), ("Office365", "ana@x.de", "Excel2Word")])
    }

    @Test func accountsNamedByAFewWordsUnderOneService() {
        let items = Self.items(
            "Webmail\n  home: ana@x.org  Home!Ana1\n  old work one: ana@work.example.com  Desk#Old9\n  Tom's: tom@x.org  T0m!Mail"
        )
        #expect(items.map(\.username) == ["ana@x.org", "ana@work.example.com", "tom@x.org"])
        #expect(items.map(\.password) == ["Home!Ana1", "Desk#Old9", "T0m!Mail"])
        #expect(items.map(\.title) == ["Webmail (home)", "Webmail (old work one)", "Webmail (Tom's)"])
    }
    @Test func aSentenceStatingALoginIsARecord() {
        let text = """
            My Hulu login is the shared address tv@x.org and the password is Couch!Time4.
            For Dropbox I use ana_files / Box#Files22
            the gym app username is gymrat77, password Lift&Run8, and the locker code is 4411.
            The old Hulu password was Couch!Time3, I changed it last May.
            """
        Self.expect(
            text,
            [
                ("Hulu", "tv@x.org", "Couch!Time4"), ("Dropbox", "ana_files", "Box#Files22"),
                ("gym app", "gymrat77", "Lift&Run8"),
            ])
        // The sentences stay with their records, out of sight; the one about an old password
        // states no login.
        let items = Self.items(text)
        #expect(items.allSatisfy { $0.customFields.allSatisfy { $0.concealed } })
        #expect(items.allSatisfy { $0.password != "Couch!Time3" })
        #expect(items.contains { Self.hidden($0)?.contains("Couch!Time3") == true })
    }

    @Test func aMailedListKeepsItsHeaderAsWritten() {
        let text =
            "From: Ana Ruiz <ana@x.org>\nTo: Ana Ruiz <ana@x.org>\nSubject: logins\n\nbank - user ana_r and password B4nk#Ana"
        Self.expect(text, [("bank", "ana_r", "B4nk#Ana")])
        #expect(Self.items(text).allSatisfy { $0.title != "From" && $0.password != "Ana Ruiz" })
    }

    @Test func aTitleNamingACodeKeepsItsDigitsOutOfSight() {
        let items = Self.items("Shed code 5512.")
        #expect(items.count == 1 && !items[0].title.contains("5512"))
        #expect(Self.hidden(items[0])?.contains("5512") == true)
    }
    @Test func aLineAfterARecordIsItsTextNotAHeading() {
        let items = Self.items(
            "Pension fund\nuser: ana_p\npass: Old#Age65\n first school - Lincoln\n\nDentist\nuser: ana_d\npass: T33th!Clean"
        )
        #expect(items.map(\.title) == ["Pension fund", "Dentist"])
        #expect(items.allSatisfy { $0.folder.isEmpty })
        // (A security question's words label its answer, concealed beside the record.)
        #expect(items[0].customFields.contains { $0.name == "first school" && $0.value == "Lincoln" && $0.concealed })
    }

    @Test func aSecretsLabelNamesItsFieldAndTheValuesAfterItStayItsValue() {
        let items = Self.items("Bank\nuser: ana_b\npass: B4nk!Ana\nsecret q: first car -> \"Beetle\"")
        let field = items.first?.customFields.first { $0.value.contains("Beetle") }
        #expect(field?.concealed == true && field?.name.contains("Beetle") == false)
    }

    @Test func aBareDomainOpeningALineOfValuesNamesIt() {
        let items = Self.items("## Mail\n- web.de — ana@web.de / Brief!Kasten9")
        #expect(items.count == 1 && items[0].title == "web.de" && items[0].password == "Brief!Kasten9")
    }

    @Test func aSecondValueWithSymbolsIsNoLoginName() {
        // Neither value is a login name: one is the password, the other stays out of sight.
        let items = Self.items("Forum — kx!2291 / Blue@Sky-Ana")
        #expect(items.count == 1 && items[0].username == nil)
        #expect(items[0].password == "Blue@Sky-Ana" && Self.hidden(items[0])?.contains("kx!2291") == true)
        // A Discord or Battle.net tag is the login, wherever it stands.
        let tagged = Self.items("Games — Blue@Sky-Ana / kx#2291\nArena — ana#48812 / Ar3na!Pw")
        #expect(tagged.map(\.username) == ["kx#2291", "ana#48812"])
    }
    @Test func aBracketedRemarkCutByCommasIsOneRemark() {
        let items = Self.items("modem: admin / M0dem#Home   (was admin1 before, changed)")
        #expect(items.count == 1 && items[0].username == "admin" && items[0].password == "M0dem#Home")
        #expect(Self.hidden(items[0])?.contains("was admin1 before, changed") == true)
        // A login in brackets after the password's label is still the login.
        Self.expect(
            "- il pw di Spotify Musica!2020 (email ana@x.it)", [("il pw di Spotify", "ana@x.it", "Musica!2020")])
    }

    @Test func aWiFiLineHoldsANetworkAndItsKeyNoLogin() {
        let items = Self.items("wlan Casa5G = pane-burro-marmellata\nnetwerk: Thuis / sleutel: fiets-bel-99")
        #expect(items.allSatisfy { $0.username == nil })
        #expect(items.map(\.password) == ["pane-burro-marmellata", "fiets-bel-99"])
        #expect(items[0].title == "wlan Casa5G")
    }
    @Test func aTableWithoutOuterPipes() {
        let text = "Site | Login | Password\n--- | --- | ---\nForum | ana#2291 | F0rum!Pw\nShop | ana@x.org | Sh0p!Pw"
        Self.expect(text, [("Forum", "ana#2291", "F0rum!Pw"), ("Shop", "ana@x.org", "Sh0p!Pw")])
    }

    @Test func aBlockquoteWithEmptyQuoteLinesSeparatesItsRecords() {
        let text = """
            A few notes from day one:

            > **Desk phone**
            > user: 4471
            > temp password: Hello!Desk1
            >
            > **Payroll** — https://pay.example.com
            > login with staff ID 20931 and password Pay#Day30
            """
        Self.expect(text, [("Desk phone", "4471", "Hello!Desk1"), ("Payroll", "20931", "Pay#Day30")])
    }

    @Test func aMisspeltLabelWithADashAndOneValue() {
        Self.expect(
            "Webmail\nusename - ana_w\npaswrd - W3b!mail\n\nForum\nscreen name: AnaW99\npasword: F0rum#Ana",
            [("Webmail", "ana_w", "W3b!mail"), ("Forum", "AnaW99", "F0rum#Ana")])
        // A word that only starts like a long label is no label ("perso:" is not "Personalnummer").
        let items = Self.items("Mail\n  home: ana@x.org  Home!Ana1\n  perso: ana.p@x.org  Perso!Ana2")
        #expect(items.map(\.username) == ["ana@x.org", "ana.p@x.org"])
    }
    @Test func aCodeFenceIsMarkupAroundTheLinesOfItsRecord() {
        let text =
            "## Lab\n\nNAS: https://10.0.0.7:5001\n```\nadmin\nN4s!Storage\n```\n\nVault (keep safe):\n```\nana@x.org\nmaster: horse-Battery-7\n```"
        Self.expect(text, [("NAS", "admin", "N4s!Storage"), ("Vault (keep safe)", "ana@x.org", "horse-Battery-7")])
    }

    @Test func aWordQualifyingAStrongLabelBeforeItsValue() {
        let items = Self.items("Banco Sol - cuenta 77120 - clave web 8841 - pin 2020")
        #expect(items.count == 1 && items[0].password == "8841")
        #expect(items[0].customFields.first { $0.name == "pin" }?.concealed == true)
    }

    @Test func aLongRemarkInBracketsMakesNoSentence() {
        Self.expect(
            "Office PC - login CORP\\ana   pw Desk#Spring25  (expires every 90 days, Desk#Winter24 before that one)",
            [("Office PC", "CORP\\ana", "Desk#Spring25")])
    }
    @Test func aLineWhollyInBracketsIsARemark() {
        let items = Self.items(
            "Shop\nuser: ana_s\npass: Sh0p!Ana\n[attachment: image/jpeg]\n(ask Tom if it locks, he set it up)")
        #expect(items.count == 1 && items[0].username == "ana_s" && items[0].password == "Sh0p!Ana")
        #expect(Self.hidden(items[0])?.contains("attachment: image/jpeg") == true)
        // A name in brackets alone is still a title.
        Self.expect("[Forum]\nuser: ana_f\npass: F0rum!Ana", [("Forum", "ana_f", "F0rum!Ana")])
    }

    @Test func aRowOfLabelsHeadsTheRowsUnderIt() {
        Self.expect(
            "Site | User | Password\nForum | ana_f | F0rum!Ana\nShop | ana@x.org | Sh0p!Ana",
            [("Forum", "ana_f", "F0rum!Ana"), ("Shop", "ana@x.org", "Sh0p!Ana")])
    }

    @Test func wordsListedWithCommasAreAList() {
        let items = Self.items("Groceries\nmilk, eggs, bread, butter")
        #expect(items.allSatisfy { $0.kind == .secureNote && $0.password == nil })
    }
    @Test func anAccountWordBeforeANameNamesTheRecord() {
        let text =
            "Konto: Sparkasse Nord\nBenutzername: 4471220\nPasswort: Spar!Nord9\nFiliale 12\n\nAccount: Steam\nUser: ana_games\nPass: G4mes|Ana"
        Self.expect(text, [("Sparkasse Nord", "4471220", "Spar!Nord9"), ("Steam", "ana_games", "G4mes|Ana")])
        #expect(Self.hidden(Self.items(text)[0])?.contains("Filiale 12") == true)
    }

    @Test func germanCompoundsEndingInALabel() {
        let items = Self.items(
            "**Autoversicherung**\nKundenportal: https://portal.example.de\nBenutzername: ana_a\nOnlinepasswort: Auto#Ana1\nVertragsnr: 44/1299-K"
        )
        #expect(items.count == 1 && items[0].title == "Autoversicherung")
        #expect(items[0].password == "Auto#Ana1" && items[0].urls == ["https://portal.example.de"])
    }

    @Test func aSentenceWithARemarkAboutTheOldOne() {
        Self.expect(
            "radio is ana@x.org, pw is Fm!Radio22 (changed in May, old one was radio123)\nthe tv login is the same email, password Tv#Night8",
            // ("the same email": the login of the record before.)
            [("radio", "ana@x.org", "Fm!Radio22"), ("tv", "ana@x.org", "Tv#Night8")])
    }

    @Test func aNumberSignAndDigitsIsAMemberNumber() {
        let items = Self.items("Warehouse club - exec member #111984372")
        #expect(items.allSatisfy { $0.password == nil })
    }
    @Test func shellExportsAndEnvFilesNameTheirService() {
        let text = """
            export SHOP_USER=ana-shop
            export SHOP_PASSWORD='Sh0p!Env'
            DB_PASS="Db#Local9"
            set MAIL_LOGIN=ana@x.org
            """
        Self.expect(
            text, [("SHOP", "ana-shop", "Sh0p!Env"), ("DB", nil, "Db#Local9"), ("MAIL", "ana@x.org", nil)])
    }

    @Test func aLabelInBracketsAfterItsValue() {
        Self.expect(
            "Radio\nana@x.org (login)\nFm!Waves9 (password)\n\nGarage: 4471 (user id), Door#2020 (pw)",
            [("Radio", "ana@x.org", "Fm!Waves9"), ("Garage", "4471", "Door#2020")])
    }

    @Test func thePasswordFirstThenTheName() {
        Self.expect(
            "Fl!ght22 - airline - ana@x.org\nR4il#Pass - trains - 55120044",
            [("airline", "ana@x.org", "Fl!ght22"), ("trains", "55120044", "R4il#Pass")])
    }

    @Test func aDrawnTreeIndentsItsRecords() {
        let text =
            "Logins\n├── Mail\n│   └── Webmail: ana@x.org / W3b!Ana\n└── Games\n    └── Arcade: ana_g / Pac|Man|9"
        let items = Self.items(text).filter { $0.password != nil }
        #expect(items.map(\.title) == ["Webmail", "Arcade"])
        #expect(items.map(\.folder) == [["Mail"], ["Games"]])
        let ascii =
            "Logins\n|-- Mail\n|   `-- Webmail: ana@x.org / W3b!Ana\n`-- Games\n    `-- Arcade: ana_g / Pac|Man|9"
        #expect(Self.items(ascii).filter { $0.password != nil }.map(\.folder) == [["Mail"], ["Games"]])
    }

    @Test func shortLabelsWithoutColonsAndLabelPairs() {
        Self.expect(
            "radio u ana@x.org p Fm#Night2\nmusic u/p ana_music / Mus!c88",
            [("radio", "ana@x.org", "Fm#Night2"), ("music", "ana_music", "Mus!c88")])
    }

    @Test func aChatExportIsReadMessageByMessage() throws {
        let text =
            "[12/03/2021, 19:05] Ana: the tv login is family@x.org and password is Couch!Night7\n[12/03/2021, 19:06] Tom: thanks\n"
        let (items, report) = try Importer.importFile(Array(text.utf8), input: "chat.txt")
        #expect(report.format == "notes")
        #expect(items.contains { $0.username == "family@x.org" && $0.password == "Couch!Night7" })
        #expect(items.allSatisfy { $0.password != "thanks" })
        // The sender and time stay with the message, out of sight.
        #expect(items.contains { Self.hidden($0)?.contains("[12/03/2021, 19:06] Tom:") == true })
    }
    @Test func dotLeadersSeparate() {
        Self.expect(
            "Radio ........ ana@x.org ....... Fm!Waves9\nGym.........ana_gym.........Lift&Run8",
            [("Radio", "ana@x.org", "Fm!Waves9"), ("Gym", "ana_gym", "Lift&Run8")])
    }

    @Test func aHintIsNoPassword() {
        let items = Self.items("Radio - ana@x.org - hint: first dog + year")
        #expect(items.count == 1 && items[0].password == nil)
        #expect(items[0].customFields.first { $0.name == "hint" }?.concealed == true)
    }

    @Test func aTagBeforeTheNameIsATag() {
        let items = Self.items("[music] Radio - ana@x.org - Fm!Waves9\n#work Tracker - ana.w - Tr4ck!Work")
        #expect(items.map(\.title) == ["Radio", "Tracker"])
        #expect(items.map(\.tags) == [["music"], ["work"]])
    }
    @Test func houseCodesAreSecretsNotLogins() {
        let items = Self.items("shed code 0613 , safe combo 12-34-56\nWifi: Cafe_Guest / freshcoffee")
        #expect(items.allSatisfy { $0.username == nil })
        let codes = items[0].customFields.filter(\.concealed).map(\.value).joined(separator: " ")
        #expect(
            codes.contains("12-34-56") && (codes.contains("0613") || Self.hidden(items[0])?.contains("0613") == true))
        #expect(items[1].title == "Wifi Cafe_Guest" && items[1].password == "freshcoffee")
    }

    @Test func aNumberOnTheTitleLineThenThePassword() {
        Self.expect("Bank - 88120044\nB4nk#2020", [("Bank", "88120044", "B4nk#2020")])
    }

    @Test func aTableLinedUpWithSpaces() {
        Self.expect(
            "Site        Login          Password\nRadio       ana@x.org      Fm!Waves9\nMy Gym      ana_gym        Lift&Run8",
            [("Radio", "ana@x.org", "Fm!Waves9"), ("My Gym", "ana_gym", "Lift&Run8")])
    }

    @Test func aSentenceOpeningWithAReminderWord() {
        Self.expect(
            "Remember: the router admin password is R0uter!Adm1n", [("router admin", nil, "R0uter!Adm1n")])
    }
    @Test func anUnknownLabelAndANumberUnderATitleIsNoPassword() {
        // A number named as the account's ("n° assuré", "customer no") is its login (Ameli
        // signs in with it); never its password.
        let items = Self.items("Health\nn° assuré : 2850775123456\nmot de passe : Sante-Ana7")
        #expect(items.count == 1 && items[0].password == "Sante-Ana7" && items[0].username == "2850775123456")
        // Words Coffer cannot read as an account's number keep it concealed.
        let other = Self.items("Health\ncarte vitale : 2850775123456\nmot de passe : Sante-Ana7")
        #expect(other.count == 1 && other[0].password == "Sante-Ana7")
        #expect(other[0].customFields.first { $0.value == "2850775123456" }?.concealed == true)
    }
    @Test func aForwardedMailsHeaderIsKeptAsWritten() {
        let text =
            "---------- Forwarded message ---------\nFrom: Shop <info@shop.example.com>\nDate: Mon, 3 May 2021 at 10:02\nSubject: Welcome\n\nshop: ana@x.org / Sh0p!Ana"
        let items = Self.items(text)
        #expect(items.allSatisfy { $0.title != "From" && $0.title != "Date" })
        #expect(items.contains { $0.username == "ana@x.org" && $0.password == "Sh0p!Ana" })
    }

    @Test func anAddressAloneHeadsTheAccountsUnderIt() {
        Self.expect(
            "ana@x.org\n  Radio: Fm!Waves9\n  Shop: Sh0p!Ana\n\nwork@corp.example.com\n  Tracker: Tr4ck!Work",
            [
                ("Radio", "ana@x.org", "Fm!Waves9"), ("Shop", "ana@x.org", "Sh0p!Ana"),
                ("Tracker", "work@corp.example.com", "Tr4ck!Work"),
            ])
    }

    @Test func aHostNameWithItsColonOpensALabelledLine() {
        Self.expect("db01: user postgres / Pg#Admin99 (port 5432)", [("db01", "postgres", "Pg#Admin99")])
    }
    @Test func aShortLabelAfterALabelledLogin() {
        Self.expect("Overheid: gebruikersnaam anadejong ww Port#Al55", [("Overheid", "anadejong", "Port#Al55")])
    }

    @Test func aValueAfterNewReplacesThePassword() {
        let items = Self.items("Cable klantnummer 99887766 ww Cable2019  -- nieuw sinds juni: Cable2023")
        #expect(items.count == 1 && items[0].password == "Cable2023" && items[0].username == "99887766")
        #expect(!(items[0].title.contains("2019")) && !(items[0].username ?? "").contains("2019"))
    }
    @Test func aLoginAndAPasswordGluedByASlash() {
        Self.expect(
            "radio ana@x.org/Fm!Waves9\nbank 88120044/B4nk#2020\ngym: ana_gym/Lift&Run8",
            [("radio", "ana@x.org", "Fm!Waves9"), ("bank", "88120044", "B4nk#2020"), ("gym", "ana_gym", "Lift&Run8")])
        // A password holding a slash stays whole.
        Self.expect("Forum | ana | NedR.nw/cg9HUj9", [("Forum", "ana", "NedR.nw/cg9HUj9")])
    }

    @Test func aDateOpeningALineOfValuesIsARemark() {
        let items = Self.items("2011 forum  ana@x.org  F0rum!2011\n2015-03-02  radio  ana_r  Fm!Waves9")
        #expect(items.map(\.title) == ["forum", "radio"])
        #expect(items.allSatisfy { Self.hidden($0) != nil })
    }
    @Test func aRecordLineInsideAnotherRecordsBlock() {
        let text = "BANKS\nWells\n  user: ana_w\n  pass: W3lls!Bank\nCreditUnion: ana55 / Vet#1973a - member # 00918273"
        let items = Self.items(text)
        let union = items.first { $0.title == "CreditUnion" }
        #expect(union?.username == "ana55" && union?.password == "Vet#1973a")
        #expect(union!.customFields.contains { $0.concealed && $0.value.contains("00918273") })
    }

    @Test func aBareDomainOpeningALabelledLine() {
        let items = Self.items("Clinic.example.org  login: ANA1955  password: Cl!nic55")
        #expect(items.count == 1 && items[0].title == "Clinic.example.org")
        #expect(items[0].urls == ["https://Clinic.example.org"] || items[0].urls == ["Clinic.example.org"])
    }
    @Test func aWordRunIntoAnAddressUnderATitleIsNoPassword() {
        Self.expect("Gym\nemial ana@gym.com\npswrd Lift&Run8", [("Gym", "ana@gym.com", "Lift&Run8")])
    }
    @Test func wordsAfterALabelNameAServiceOnlyWhenTheyCan() {
        let items = Self.items("## Banco Sol\nConta: 98765-0\nSenha de 8 dígitos: 30917264\nSenha do cartão: 7782")
        #expect(items.count == 1 && items[0].title == "Banco Sol" && items[0].password == "30917264")
        #expect(items[0].customFields.first { $0.value == "7782" }?.concealed == true)
    }
    @Test func aWindowsDomainLoginIsALogin() {
        Self.expect("Office PC (AD): CORP\\ana   pw Desk#Spring25", [("Office PC (AD)", "CORP\\ana", "Desk#Spring25")])
    }

    @Test func aServiceLineAfterAnotherServicesRecordIsItsOwn() {
        let items = Self.items(
            "cloud (root acct): ana@x.org   Cl0ud-R00t!!\n  recovery codes: 4fj2-k9d1\ndigital sea = ana@x.org = Dr0p=99"
        )
        #expect(items.map(\.title) == ["cloud (root)", "digital sea"])
        #expect(items.last?.password == "Dr0p=99")
    }
}
