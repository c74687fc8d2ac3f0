import Foundation
import Testing
import VaultModel

@testable import Converters

/// The notes grammar on families found in a second round of notes written apart from the
/// importer (stop 18): account numbers beside login names, dated and phrase-led lines, PINs
/// that sign in, dotted configuration keys, HTML tables and paragraphs, old passwords, and
/// lines that are text written with commas. Each test writes its own inputs.
extension NotesImporterTests {
    /// `text` imported as a file, its format detected by content.
    static func importText(_ text: String, input: String = "notes.txt") -> ([VaultItem], ImportReport) {
        do {
            return try Importer.importFile(Array(text.utf8), input: input)
        } catch {
            Issue.record("\(input): \(error)")
            return ([], ImportReport(input: input, format: "", encoding: ""))
        }
    }

    @Test func aLoginNameLabelledAfterAnAccountNumberIsTheUsername() {
        let items = Self.items("Telco  acct # 0091  user: rafa_k  pw: Ring!Ring7")
        #expect(items.count == 1 && items[0].username == "rafa_k" && items[0].password == "Ring!Ring7")
        #expect(items[0].customFields.contains { $0.concealed && $0.value.contains("0091") })
        // The other order keeps the login name too.
        Self.expect("Telco  user: rafa_k  account: 0091  pw: Ring!Ring7", [("Telco", "rafa_k", "Ring!Ring7")])
    }

    @Test func anAccountNumberUnderARecordIsAFieldOfIt() {
        let items = Self.items("Credit union\nlogin: mbaker\npassword: Vault#Door3\naccount: 4410 2231 9")
        #expect(items.count == 1 && items[0].username == "mbaker" && items[0].password == "Vault#Door3")
        #expect(items[0].customFields.contains { $0.value == "4410 2231 9" })
    }

    @Test func aNumberNamedAsAnAccountNumberIsTheLogin() {
        Self.expect("Mutuelle : n° adhérent 5566778 / mdp Sante#2020", [("Mutuelle", "5566778", "Sante#2020")])
        Self.expect("Stadtwerke  Kunden-Nr 700811  PW: Strom!Gas4", [("Stadtwerke", "700811", "Strom!Gas4")])
    }

    @Test func anUnknownMarkedWordAndItsValueAreAFieldNotTheLogin() {
        let items = Self.items("Navy Fed: jlopez77 / Anchor#Sea1 - branch: 00412")
        #expect(items.count == 1 && items[0].username == "jlopez77" && items[0].password == "Anchor#Sea1")
        #expect(items[0].customFields.contains { $0.name == "branch" && $0.value == "00412" })
    }

    @Test func aDatedLabelledLineIsTitledByItsService() {
        Self.expect(
            "2019-04-02 opened Wise account  user ana.w@x.org  pw Transfer$9\n2021-11-30 new gym - Fitlab - user anaw  pw Squat!Rack2",
            [("Wise", "ana.w@x.org", "Transfer$9"), ("Fitlab", "anaw", "Squat!Rack2")])
    }

    @Test func aFullDateIsNeverAPassword() {
        let items = Self.items("Gym cancelled 2023-05-17\nSpotify  ana@x.org  Beat$Drop8")
        #expect(!items.contains { $0.password == "2023-05-17" })
        #expect(items.contains { $0.title == "Spotify" && $0.password == "Beat$Drop8" })
        // A phone number is not a date: it stays the login.
        Self.expect("Deliveroo -> 555-301-8822 -> Food=Fast9", [("Deliveroo", "555-301-8822", "Food=Fast9")])
    }

    @Test func aLonePINOfAnAccountWithALoginIsItsPassword() {
        Self.expect("Postbank\nZugangsnummer: 9911223344\nPIN: 60917", [("Postbank", "9911223344", "60917")])
        // Beside a password, a PIN is a secret of the record, never its password.
        let items = Self.items("Sparda\nlogin: hmeier\npassword: Sp4rda!Net\nPIN: 4410")
        #expect(items.count == 1 && items[0].password == "Sp4rda!Net")
        #expect(items[0].customFields.first { $0.value == "4410" }?.concealed == true)
        // A card's PIN does not sign in.
        let card = Self.items("Visa\nuser: hmeier\nCard PIN: 8812")
        #expect(card.allSatisfy { $0.password == nil })
    }

    @Test func dottedConfigurationKeysReadLikeEnvironmentVariables() {
        Self.expect(
            "sonar.url=https://sonar.example.org\nsonar.user=ci-bot\nsonar.password=Qual1ty!Gate",
            [("sonar", "ci-bot", "Qual1ty!Gate")])
        // A login name with a dot before a spaced colon is no key.
        Self.expect("Coursera\nana.p : Learn#More22", [("Coursera", "ana.p", "Learn#More22")])
    }

    @Test func aNameAfterALeadingDomainTitlesTheLine() {
        Self.expect(
            "etsy.com -> Etsy Shop -> crafty_ana -> Knit&Purl5", [("Etsy Shop", "crafty_ana", "Knit&Purl5")])
    }

    @Test func aPasswordWrittenBeforeTheServiceName() {
        Self.expect(
            "Qx7!pLm2    = Fastmail   user: ana@fm.example\nsunflower = Garden Club  user: ana_g",
            [("Fastmail", "ana@fm.example", "Qx7!pLm2"), ("Garden Club", "ana_g", "sunflower")])
    }

    @Test func aListOfRecordsUnderAHeadingIsNotAccountsOfIt() {
        Self.expect(
            "uni stuff\nmoodle - ana@uni.example - Moodle#2025\nzoom - ana_z - Meet!Up44",
            [("moodle", "ana@uni.example", "Moodle#2025"), ("zoom", "ana_z", "Meet!Up44")])
        // A qualifier with its colon is still an account of the title above it, and says which.
        Self.expect(
            "Outlook\n  mine: ana@x.org  Mail#One1\n  shared: team@x.org  Mail#Two2",
            [("Outlook (mine)", "ana@x.org", "Mail#One1"), ("Outlook (shared)", "team@x.org", "Mail#Two2")])
    }

    @Test func aNameWithDigitsOverLabelledLinesIsATitle() {
        Self.expect(
            "Office365\nBenutzer: k.roth@firma.example\nPasswort: Teams=Call5",
            [("Office365", "k.roth@firma.example", "Teams=Call5")])
    }

    @Test func aLineOfSeveralSentencesIsReadSentenceBySentence() {
        Self.expect(
            "For the water bill (AquaCity), my login is ana_w and my password is Drip#Drop22. I changed it from Drip2019 last year.",
            [("AquaCity", "ana_w", "Drip#Drop22")])
    }

    @Test func aPasswordCalledOldRightBeforeItsLabelIsASecret() {
        let items = Self.items("Kino\nuser: ana_k\npw: Popcorn#24\n\nAltes Kino-Passwort: Popcorn2019")
        #expect(items.contains { $0.password == "Popcorn#24" })
        #expect(!items.contains { $0.password == "Popcorn2019" })
        #expect(items.contains { $0.customFields.contains { $0.value == "Popcorn2019" && $0.concealed } })
        // An old account's password is still its password.
        Self.expect("yahoo antigo: ana@y.example senha Yahoo#Velho", [("yahoo antigo", "ana@y.example", "Yahoo#Velho")])
    }

    @Test func aHighlightIsTextNotAFrame() {
        let items = Self.items("Streaming\nuser: ana@x.org\npw: Couch#Film1\n\n==Altes Streaming-Passwort: film1234==")
        #expect(!items.contains { $0.folder.contains { $0.contains("film1234") } })
        #expect(!items.contains { $0.password == "film1234" })
    }

    @Test func aNumberInBracketsAfterAPINLabelIsThatPIN() {
        let items = Self.items("- [ ] give Ben the new alarm PIN (7316)")
        #expect(items.allSatisfy { $0.username != "7316" && $0.password != "7316" })
        #expect(items.contains { $0.customFields.contains { $0.value == "7316" && $0.concealed } })
    }

    @Test func quotedSentencesAndPhrasesAreRemarks() {
        let items = Self.items(
            "„Bitte nicht weitergeben – nur für das Büro!“\n\nDATEV\nBenutzer: buero1\nPasswort: Steuer&Co9")
        #expect(items.contains { $0.title == "DATEV" && $0.username == "buero1" && $0.password == "Steuer&Co9" })
        #expect(items.filter { $0.password != nil }.count == 1)
    }

    @Test func commaTypedNotesAreNotACSVHeader() {
        // A first line of values (an e-mail after a space, a password) is no header.
        let (items, report) = Self.importText("Amazon, ana@x.org, Pr1me&Fast\nTarget, ana@x.org, red-Bull5eye\n")
        #expect(report.addsUp && items.count == 2)
        #expect(items.first { $0.title == "Amazon" }?.password == "Pr1me&Fast")
        // "label: value" cells make a line of notes.
        Self.expect(
            "SAP: Benutzer KROTH, PW: Sap#2025-KR\nJira: k.roth@firma.example, PW: Board!Tick7",
            [("SAP", "KROTH", "Sap#2025-KR"), ("Jira", "k.roth@firma.example", "Board!Tick7")])
    }

    @Test func anHTMLTableWithParagraphsInItsCellsIsATable() {
        let html = """
            <html><body><p>Brokers</p><table><tr><td><p>Site</p></td><td><p>User</p></td><td><p>Password</p></td></tr>
            <tr><td><p>Fidelity</p></td><td><p>ana_f</p></td><td><p>Fid&lt;3lity</p></td></tr>
            <tr><td><p>Vanguard</p></td><td><p><span>ana.v</span></p></td><td><p>Index&amp;Chill</p></td></tr></table></body></html>
            """
        let (items, _) = Self.importText(html, input: "n.html")
        #expect(items.contains { $0.title == "Fidelity" && $0.username == "ana_f" && $0.password == "Fid<3lity" })
        #expect(items.contains { $0.title == "Vanguard" && $0.username == "ana.v" && $0.password == "Index&Chill" })
        #expect(!items.contains { $0.password == "Password" })
    }

    @Test func paragraphsWithoutSpaceAfterThemAreLinesOfOneRecord() {
        let html = """
            <html><body><p class=MsoNormal><b>Lexware</b></p>
            <p class=MsoNormal style='margin-bottom:0cm'>Benutzer: h.roth</p>
            <p class=MsoNormal>Passwort: Lex&amp;Buch9</p></body></html>
            """
        let (items, _) = Self.importText(html, input: "w.htm")
        #expect(items.contains { $0.title == "Lexware" && $0.username == "h.roth" && $0.password == "Lex&Buch9" })
    }
}

extension NotesImporterTests {
    @Test func aServiceSharingAnotherServicesLoginCopiesIt() {
        Self.expect(
            "gmail = ana@gmail.example = Gm4il!Ana\nyoutube = same as gmail\nPrintful same as gmail",
            [
                ("gmail", "ana@gmail.example", "Gm4il!Ana"), ("youtube", "ana@gmail.example", "Gm4il!Ana"),
                ("Printful", "ana@gmail.example", "Gm4il!Ana"),
            ])
        // "same" as a password is the record before's, never the word.
        let items = Self.items("Pinterest ana@x.org Pin#Board9\nCanva ana@x.org same")
        #expect(items.last?.password == "Pin#Board9")
    }

    @Test func recordsRunTogetherOnOneLineAreSplit() {
        Self.expect(
            "gmail ana@gmail.example Gm4il!1 ; outlook ana@outlook.example Outl00k!2",
            [("gmail", "ana@gmail.example", "Gm4il!1"), ("outlook", "ana@outlook.example", "Outl00k!2")])
        Self.expect(
            "netflix ana@x.org Flix4Ana , hulu same email Hulu4Ana",
            [("netflix", "ana@x.org", "Flix4Ana"), ("hulu", "ana@x.org", "Hulu4Ana")])
        // One record's fields are not records.
        Self.expect("Netflix | ana@x.org | Flix4Ana", [("Netflix", "ana@x.org", "Flix4Ana")])
    }

    @Test func orgHeadingsAndPropertyDrawers() {
        Self.expect(
            "* Accounts\n** Bank\n:PROPERTIES:\n:USERNAME: ana_b\n:PASSWORD: B4nk#9\n:END:",
            [("Bank", "ana_b", "B4nk#9")])
        #expect(Self.items("* Accounts\n** Bank\n- user: ana_b\n- pass: B4nk#9").first?.folder == ["Accounts"])
    }

    @Test func codesUnderALineNamingThemAreConcealed() {
        let items = Self.items("GitHub\nuser: ana-dev\npassword: Gh!Dev2024\nrecovery codes:\na1b2c-3d4e5\nf6g7h-8i9j0")
        #expect(items.count == 1 && items[0].password == "Gh!Dev2024")
        #expect(items[0].customFields.filter { $0.concealed && $0.name == "recovery codes" }.count == 2)
        let google = Self.items("Google backup codes:\n1234 5678\n8765 4321")
        #expect(google.allSatisfy { $0.password == nil && $0.username == nil })
    }

    @Test func joplinsMetadataBlockIsNoRecord() {
        let text =
            "Kraken\nusername: ana_k\npassword: Kr4ken!8\n\nid: 8d2c1f4e7a9b4c3d8e1f2a3b4c5d6e7f\nparent_id: 1a2b3c4d5e6f70819a2b3c4d5e6f7081\ncreated_time: 2022-03-14T18:22:01.000Z\nis_todo: 0\ntype_: 1"
        let items = Self.items(text)
        #expect(items.count == 1 && items[0].password == "Kr4ken!8")
        #expect(items[0].created != nil)
    }

    @Test func aRemarkBetweenALabelAndItsColonIsNoValue() {
        let items = Self.items(
            "Kraken\nusername: ana_k\npassword: Kr4ken!8\nmaster key (account recovery): KRKN-7HQ2-PZ4M")
        #expect(items.count == 1 && items[0].username == "ana_k")
        #expect(items[0].customFields.contains { $0.value == "KRKN-7HQ2-PZ4M" && $0.concealed })
        // A service's name in brackets stays in the title.
        Self.expect("Electric (PG&E): login ana_e | pw Solar!22", [("Electric (PG&E)", "ana_e", "Solar!22")])
    }
}

extension NotesImporterTests {
    @Test func aPasswordNeverStaysInATitle() {
        Self.expect("Gym (Lift#2024!) user: ana_g", [("Gym", "ana_g", "Lift#2024!")])
        let items = Self.items("Gym (Lift#2024!)\nuser: ana_g")
        #expect(!items.contains { $0.title.contains("Lift#2024!") })
    }

    @Test func aCommentedOutRecordIsNoHeading() {
        let items = Self.items(
            "# sites\nshop.example | ana | Sh0p!Pass1\n# old.example | ana | 0ld!Pass22  <- closed\nmail.example | ana | M4il!Pass3"
        )
        #expect(!items.contains { $0.folder.contains { $0.contains("0ld!Pass22") } })
        #expect(items.contains { $0.title == "mail.example" && $0.password == "M4il!Pass3" })
    }

    @Test func aHeadingsBracketedLoginIsTheUsername() {
        Self.expect("## GitHub (ana-dev)\npassword: Gh!Ana2024", [("GitHub", "ana-dev", "Gh!Ana2024")])
        Self.expect("## AWS (root, ana@x.org)\npassword: Aws#Root9", [("AWS", "ana@x.org", "Aws#Root9")])
        // A plain word in brackets is part of the name.
        Self.expect("## Bank (joint)\nuser: ana_j\npassword: J01nt!Acc", [("Bank (joint)", "ana_j", "J01nt!Acc")])
    }
}

extension NotesImporterTests {
    @Test func aSentenceNamingAPasswordWithOneValue() {
        Self.expect(
            "For the water company account use anaw and Dr1p!Drop as the password.",
            [("water company", "anaw", "Dr1p!Drop")])
        // About the past: never read.
        #expect(
            Self.items("I changed the water password from Dr1p!Old to something else").allSatisfy { $0.password == nil }
        )
    }
}

extension NotesImporterTests {
    @Test func aMailsSenderTitlesItsCredentialsAndItsMemberIDYieldsToTheUsername() {
        let text = """
            ---------- Forwarded message ---------
            From: Riverside Pool <no-reply@pool.example>
            Date: Mon, 6 Mar 2023 at 08:15
            Subject: Welcome!
            To: <ana@x.org>

            Member ID: RP-2209
            Username: ana.r
            Temporary password: Sw1m#Lane4
            """
        let items = Self.items(text)
        let login = items.first { $0.password == "Sw1m#Lane4" }
        #expect(login?.title == "Riverside Pool" && login?.username == "ana.r")
        #expect(login?.customFields.contains { $0.value == "RP-2209" } == true)
    }
}

/// What a cold review of this stop's rules found (quadratic scans, a title that could keep a
/// password, a label lost): each answered, and kept so.
extension NotesImporterTests {
    @Test func manyMailsAndManyPointersStayLinear() {
        // 20,000 mails, each a sender and a login; 20,000 "same as" lines naming nothing.
        let mails = String(
            repeating: "From: Gym <g@x.example>\nSubject: hi\nUsername: ana\nPassword: Pw1!x\n\n", count: 20_000)
        // (No timing is asserted; before the fix these took minutes — scans of 4·10⁸ steps.)
        let items = Self.items(mails)
        #expect(items.count >= 20_000 && items.allSatisfy { $0.password == nil || $0.title == "Gym" })
        let pointers = String(repeating: "Site ana Pw1!x\na same as zz\n", count: 20_000)
        #expect(Self.items(pointers).filter { $0.password == "Pw1!x" }.count == 20_000)
    }

    @Test func nestedHighlightsAreReadOnce() {
        let line = String(repeating: "==\t", count: 600) + "x" + String(repeating: "\t==", count: 600)
        #expect(!Self.items(line).isEmpty)
    }

    @Test func idemNeedsASeparatorAndNoPassword() {
        let items = Self.items("Pinterest ana@x.org Pin#Board9\nCanva Canva#2023 same\nMy PIN is the same")
        #expect(!items.contains { $0.title.contains("Canva#2023") })
        #expect(!items.contains { $0.title.hasPrefix("My PIN") && $0.password == "Pin#Board9" })
    }

    @Test func backupPasswordIsALabelNotAListOfCodes() {
        let items = Self.items("Mail\nuser: ana\npassword: M4il!Main\nBackup password:\nM4il!Spare\n")
        #expect(items.count == 1)
        #expect(items[0].customFields.contains { $0.value == "M4il!Spare" && $0.concealed })
    }
}
