import Foundation
import Testing
import VaultModel

@testable import Converters

/// The notes grammar on families found in two more rounds of notes written apart from the
/// importer (stop 25): a list's name and owner over its records, table headers joining two
/// labels, labels in more languages, identifiers that sign in under a title, pointers to
/// another record's login or password. Each test writes its own inputs.
extension NotesImporterTests {
    @Test func aListsNameAndOwnerOpeningTheFileIsNoRecord() {
        for first in ["HASŁA — Tomek", "Acessos / palavras-passe — Rui", "Passwords - Maria", "LOGINS | dad"] {
            let items = Self.items("\(first)\n\nAllegro\nlogin: tomek_kowal85\nhasło: Zakupy!Allegro85")
            #expect(!items.contains { $0.password == "Tomek" || $0.password == "Rui" || $0.password == "Maria" })
            #expect(!items.contains { $0.password == "dad" || $0.username == "palavras-passe" }, "\(first)")
            #expect(items.contains { $0.title == "Allegro" && $0.password == "Zakupy!Allegro85" }, "\(first)")
        }
        // A first line that is a record stays one.
        Self.expect("Netflix - ana@x.org - Sofa!Night4", [("Netflix", "ana@x.org", "Sofa!Night4")])
    }

    @Test func aHeaderCellJoiningTwoLabelsNamesTheFirst() {
        Self.expect(
            "| Service | Username / email | Password |\n|---|---|---|\n| Netflix | ana@x.org | `Chai&Biscuits4` |",
            [("Netflix", "ana@x.org", "Chai&Biscuits4")])
        Self.expect(
            "| Site | Login or e-mail | Passwort: |\n|---|---|---|\n| Spotify | ananair | Sp0tify!Ana |",
            [("Spotify", "ananair", "Sp0tify!Ana")])
        #expect(NotesRecordAssembler.columnLabel("Site / App name") == nil)
        #expect(NotesRecordAssembler.columnLabel("E-mail (login)")?.field == .email)
    }

    @Test func labelsInMoreLanguages() {
        Self.expect(
            "e-Devlet\nkullanıcı adı: 10987654321\nŞifre: Ankara.1985", [("e-Devlet", "10987654321", "Ankara.1985")])
        Self.expect("Nordea\nbrugernavn: hanne_k\nadgangskode: Rugbrød#22", [("Nordea", "hanne_k", "Rugbrød#22")])
        Self.expect("Vipps\nbrukernavn: ola88\npassord: Fjord!Tur9", [("Vipps", "ola88", "Fjord!Tur9")])
        Self.expect("Seznam\nuživatel: petr.novak\nheslo: Praha*2020", [("Seznam", "petr.novak", "Praha*2020")])
        Self.expect("eMAG\nutilizator: ioana.p\nparola: Cluj-Napoca7", [("eMAG", "ioana.p", "Cluj-Napoca7")])
        Self.expect("mBank\nidentyfikator: 71028834\nhasło: Żubrówka#2020", [("mBank", "71028834", "Żubrówka#2020")])
    }

    @Test func anIdentifierUnderATitleOverAPasswordIsTheUsername() {
        Self.expect(
            "AIB (bank)\n==========\nregistration no: 48201937\nPAC: 51937",
            [("AIB (bank)", "48201937", "51937")])
        Self.expect(
            "REVENUE (myAccount)\nPPSN: 1234567TA\npassword: Revenue#Doyle74",
            [("REVENUE (myAccount)", "1234567TA", "Revenue#Doyle74")])
        Self.expect(
            "Premium Bonds\nNS&I number: 40028815\npass word: Wellington22!",
            [("Premium Bonds", "40028815", "Wellington22!")])
        // With no password under it, the number stays a field of the record, never its password.
        let items = Self.items("Library\ncard no: 21982004471239\n\nGmail\nuser: ana@x.org\npw: Mail!Box7")
        #expect(!items.contains { $0.password == "21982004471239" })
    }

    @Test func aPhrasePointingAtALoginAboveGivesIt() {
        Self.expect(
            "Gmail: rafa@gmail.com / Rafa#Praia2019\niFood — mesmo gmail — senha Fome_de_Pizza7",
            [("Gmail", "rafa@gmail.com", "Rafa#Praia2019"), ("iFood", "rafa@gmail.com", "Fome_de_Pizza7")])
        // "same as X" points at X's password: the login name beside it is the username.
        Self.expect(
            "Outlook: sam.k@tf.co.uk — Freight!Desk2024\n- VPN (GlobalProtect): skowalczyk — same as outlook",
            [("Outlook", "sam.k@tf.co.uk", "Freight!Desk2024"), ("VPN", "skowalczyk", "Freight!Desk2024")])
        Self.expect(
            "Etsy - lauren@x.org - Sunflower-Kayak-38\nDepop - laurenpikes - same as etsy",
            [("Etsy", "lauren@x.org", "Sunflower-Kayak-38"), ("Depop", "laurenpikes", "Sunflower-Kayak-38")])
    }

    /// "Same as" in Czech, Polish and Vietnamese, after the password's label and "such".
    @Test func pointersInMoreLanguagesSkipTheLabelBeforeThem() {
        let text = """
            Seznam email
            jana@seznam.cz
            Krtecek.2015

            Alza
            jana@seznam.cz  heslo stejné jako seznam

            Mall.cz  stejné jako Alza
            """
        Self.expect(
            text,
            [
                ("Seznam email", "jana@seznam.cz", "Krtecek.2015"), ("Alza", "jana@seznam.cz", "Krtecek.2015"),
                ("Mall.cz", "jana@seznam.cz", "Krtecek.2015"),
            ])
        Self.expect(
            "Shopee: thu@gmail.com / Shopee!Ha\nLazada: thu@gmail.com  mk giống Shopee",
            [("Shopee", "thu@gmail.com", "Shopee!Ha"), ("Lazada", "thu@gmail.com", "Shopee!Ha")])
        // "hasło" alone before the pointer names no service: no record is titled by it.
        let items = Self.items(
            "Allegro\nlogin: kowal\nhasło: Pomidorowa#77\n\nOLX\nlogin: k@onet.pl\nhasło takie samo jak Allegro")
        #expect(!items.contains { NotesLabel.fold($0.title).hasPrefix("haslo") })
        #expect(items.contains { $0.title == "OLX" && $0.password == "Pomidorowa#77" })
    }

    /// No-break spaces pasted from a web page are spaces: in a title and in a name pointed at.
    @Test func noBreakSpacesAreSpaces() {
        Self.expect(
            "Staff\u{A0}email (Office 365)\nj.w@school.uk\nYorkshire!Tea17\n\nGoogle Classroom — same as staff email",
            [
                ("Staff email (Office 365)", "j.w@school.uk", "Yorkshire!Tea17"),
                ("Google Classroom", "j.w@school.uk", "Yorkshire!Tea17"),
            ])
    }

    /// A middle dot standing between words before a label separates; `tunnus` (Finnish) labels the login; a
    /// plain name right after a login label in a sentence is the login.
    @Test func middleDotsFinnishTunnusAndPlainNamesAfterALabel() {
        Self.expect(
            "- [x] 2024-01-05 — **Duolingo** · user: hannah_learns_es · pw: Hola!Adios!365",
            [("Duolingo", "hannah_learns_es", "Hola!Adios!365")])
        Self.expect("wilma — ss Kissa!2008 — tunnus aino.virtanen", [("wilma", "aino.virtanen", "Kissa!2008")])
        let dentist = Self.items("dentist portal?? usr sarahmills pw tooth-fairy-22 appt is thurs 3.45 dont forget")
        #expect(dentist.count == 1 && dentist[0].username == "sarahmills" && dentist[0].password == "tooth-fairy-22")
        // ("account uses my work email": a verb after the label is no login.)
        let amazon = Self.items(
            "My Amazon account uses my work email, dan@foster.example, and the password is Furnace&Duct99.")
        #expect(amazon.count == 1 && amazon[0].username == "dan@foster.example")
    }

    /// A line naming a service with its own login, or its name with a colon, before a password
    /// label opens a record of its own after a labelled block — not another secret of it.
    @Test func aNameWithItsOwnLoginBeforeAPasswordLabelIsANewRecord() {
        Self.expect(
            "Сбербанк Онлайн\nлогин: ivanova_tat80\nпароль: Berezka_2021\nЯндекс почта  tatiana@yandex.ru  пароль  Vesna!Maj",
            [
                ("Сбербанк Онлайн", "ivanova_tat80", "Berezka_2021"),
                ("Яндекс почта", "tatiana@yandex.ru", "Vesna!Maj"),
            ])
        let items = Self.items(
            "Ziraat Bankası\nmüşteri no: 55443322\nşifre: 845217\nGaranti BBVA:  TCKN ile giriş, şifre 190375")
        #expect(items.map(\.title) == ["Ziraat Bankası", "Garanti BBVA"] && items[1].password == "190375")
        // (A word qualifying the label, "Memorable pass: z", is still another secret of the record.)
        let zalando = Self.items("Zalando\nlogin: ana@x.de\npass: Zal4ndo!Shop\nMemorable pass: Kleid2020")
        #expect(zalando.count == 1 && zalando[0].password == "Zal4ndo!Shop")
    }

    /// A one-line record followed by a sentence about it: the record is read, the sentence kept
    /// out of sight (it may name an older password).
    @Test func aRecordThenARemarkIsReadAsTheRecord() {
        let items = Self.items(
            """
            Sparx Maths - 19colo / 1234ollie  <- changed this in Oct, used to be 0000ollie
            - Purple Mash: leow3 / blue5 — teacher says change it next week
            hygienists share:  HYG1 / cleaning1      <- support said we shouldnt share, whatever
            """)
        #expect(items.map(\.title) == ["Sparx Maths", "Purple Mash", "hygienists share"])
        #expect(items.map(\.username) == ["19colo", "leow3", "HYG1"])
        #expect(items.map(\.password) == ["1234ollie", "blue5", "cleaning1"])
        #expect(Self.hidden(items[0])?.contains("used to be 0000ollie") == true)
        // A sentence with no record before it stays a sentence.
        let story = Self.items("we changed the wifi to Blue5Cats last week and then back again")
        #expect(story.allSatisfy { $0.password == nil && $0.username == nil })
    }

    /// Italic stars around several words are Markdown, not a value's; a port is no password.
    @Test func italicRemarksAndPortsStayOutOfTheLogin() {
        Self.expect(
            "- Times Tables Rock Stars: emmaw / 1234 *(school set it, lol)*",
            [("Times Tables Rock Stars", "emmaw", "1234")])
        Self.expect(
            "db01.internal  postgres / pg_Pr0d!2023#   port 5432", [("db01.internal", "postgres", "pg_Pr0d!2023#")])
        #expect(NotesMarkdown.italicSpansUnmarked("x *a b* y") == "x a b y")
        // A password holding stars keeps them.
        #expect(NotesMarkdown.italicSpansUnmarked("pw: Sun*Moon* 7*") == "pw: Sun*Moon* 7*")
    }

    /// The review's cases: a value between a secret's name and a password label stays a secret
    /// of the record; a no-break space inside a password stays; Portuguese "isto" points nowhere.
    @Test func secretsBesideTheirNameStayInTheRecord() {
        for line in ["Security answer  fluffy_2009  passcode: 4417", "Memorable word  Kleid2020  pass: Neu!2021"] {
            let items = Self.items("Barclays\nuser: ana\npass: Abc!2020\n" + line)
            #expect(items.count == 1 && items[0].username == "ana", "\(line) → \(items)")
        }
        #expect(Self.items("Gmail\npw: Tea\u{A0}Cake#17").first?.password == "Tea\u{A0}Cake#17")
        #expect(Self.items("OLX: ana pw: isto nao e senha").first?.password == "isto nao e senha")
        #expect("a - \u{301}b".includes(" - ") == false && "a - b".includes(" - ") && "x——y".includes("——"))
        #expect(NotesDateEntry.isWholeDate("Mar 3 2024") && !NotesDateEntry.isWholeDate("Mar 3 2024\u{0C}"))
    }

    /// A list written password first: a value of letters and digits with no title, beside a
    /// plain lower-case word, is the password, and the word the name — never the title.
    @Test func aPasswordWrittenFirstBesideAPlainWordIsNoTitle() {
        let items = Self.items("Grandkids4  -  ipad  (this is the passcode to open it not a password!!)")
        #expect(items.count == 1 && items[0].title == "ipad" && items[0].password == "Grandkids4")
        #expect(items[0].username == nil)
    }

    /// A phone number in groups between the name and a pointer is that service's own login.
    @Test func aGroupedNumberBeforeAPointerIsTheLogin() {
        Self.expect(
            "Ügyfélkapu: felh.név: eva  jelszó: Tűzoltó1961!\nTelekom (mobil) 06 30 123 4567 jelszó ugyanaz mint az ügyfélkapu",
            [("Ügyfélkapu", "eva", "Tűzoltó1961!"), ("Telekom", "06 30 123 4567", "Tűzoltó1961!")])
    }

    @Test func theOneValueBesideALabelledPasswordIsTheLogin() {
        Self.expect("InPost: 600123987 — hasło Paczkomat!55", [("InPost", "600123987", "Paczkomat!55")])
        Self.expect("Orange: jan_kowal pw Orange.Nr.600", [("Orange", "jan_kowal", "Orange.Nr.600")])
        // A second value shaped like a password is no login: it stays out of sight.
        let items = Self.items("Netflix: Sofa!Night4 pw Krimi-Abend-2019")
        #expect(items.count == 1 && items[0].username == nil && items[0].password == "Krimi-Abend-2019")
        Self.expect("discord shadowfox#0001 pw d1sc0rd_fox", [("discord", "shadowfox#0001", "d1sc0rd_fox")])
    }

    @Test func anAddressWithoutItsEndingAtAKnownProviderIsAnEmail() {
        Self.expect(
            "amzn - jdrivera22@gmail - pkgs4days\nhbo - jd.r@hotmail - Hbo!Max22",
            [("amzn", "jdrivera22@gmail", "pkgs4days"), ("hbo", "jd.r@hotmail", "Hbo!Max22")])
        #expect(!NotesToken.isEmail("P@ssword") && !NotesToken.isEmail("Rvr@2022goog"))
    }

    @Test func arrowsEitherWayAndTwoDotsSeparate() {
        Self.expect("Hamster#Wheel9  ← amazon (me@tina.net)", [("amazon", "me@tina.net", "Hamster#Wheel9")])
        Self.expect(
            "GOOGLE\n  kids' school ... stein.kids@gmail.com .. Lunchbox-Tuesday",
            [("Google (kids' school)", "stein.kids@gmail.com", "Lunchbox-Tuesday")])
        Self.expect("▸ Mercado Livre: rafasouza_rj / MLivre!2021", [("Mercado Livre", "rafasouza_rj", "MLivre!2021")])
    }

    @Test func twoNamesOverAnUnderlineOrTheirRecordsLabelsAreATitle() {
        Self.expect(
            "EIRCOM / EIR\n------------\nlogin: pat@eircom.net\npw: Eir-Broadband-01",
            [("EIRCOM / EIR", "pat@eircom.net", "Eir-Broadband-01")])
        Self.expect(
            "CGD - Caixadirecta\nnº de contrato: 30017745\ncódigo de acesso: 448192",
            [("CGD - Caixadirecta", "30017745", "448192")])
        // Over a line of its own, two names stay a record of a name and a password.
        Self.expect(
            "Netflix - sunshine\nHulu - ana@x.org - Hulu!Ana9",
            [("Netflix", nil, "sunshine"), ("Hulu", "ana@x.org", "Hulu!Ana9")])
    }

    @Test func accountsNamedOnlyByWhichOneUnderAServicesHeadingAreThatServices() {
        let text = """
            GOOGLE ACCOUNTS (I have too many)
              personal ....... rachel.stein@gmail.com ....... Blue.Heron.Lake
              work (gsuite) .. rachel@steinlaw.com ......... SteinLaw#2022

            FACEBOOK
              me: rachel.stein@gmail.com / Heron.Facebook!

            BANKS
              Chase personal:  rsteinchase / Chase!Personal88
            """
        let titles = Self.items(text).map(\.title)
        #expect(titles.contains("GOOGLE (personal)") && titles.contains("GOOGLE (work)"), "\(titles)")
        #expect(titles.contains("Facebook (me)") && titles.contains("Chase"), "\(titles)")
        // A heading of generic words or remarks names no service.
        #expect(NotesRecordAssembler.serviceInHeading("Work logins") == nil)
        #expect(NotesRecordAssembler.serviceInHeading("Claves Importantes - No Borrar") == nil)
        #expect(!NotesRecordAssembler.isAccountQualifier("School app (Arbor)"))
    }

    @Test func aDatedChangeNamingAServiceChangesThatServicesRecord() {
        let text = """
            2017-03-02  new hotmail acct  sarah_b@hotmail.com  pw sunflower90
            2017-08-19  amazon  sarah_b@hotmail.com  pw amazonSB90
            2018-01-05  hotmail - had to reset, new pw: Sunflower_1990!
            2019-06-30  paypal  sarah_b@hotmail.com  P@yP@l-Sarah
            2020-02-11  amazon changed -> BlueKettle#20
            """
        let items = Self.items(text)
        #expect(items.count == 3, "\(items.map(\.title))")
        #expect(items.contains { $0.title == "amazon" && $0.password == "BlueKettle#20" })
        #expect(items.contains { $0.title == "paypal" && $0.password == "P@yP@l-Sarah" })
        #expect(
            items.contains {
                $0.title == "new hotmail acct" && $0.username == "sarah_b@hotmail.com"
                    && $0.password == "Sunflower_1990!"
            })
        // The old passwords stay, concealed, beside the new ones.
        #expect(items.contains { $0.customFields.contains { $0.concealed && $0.value == "amazonSB90" } })
    }

    @Test func capitalsTyposPinsWithLettersAndPointersInBrackets() {
        Self.expect("MEDICARE\nUSER  HaroldJ47\nPASWORD  Medicare2020hj", [("MEDICARE", "HaroldJ47", "Medicare2020hj")])
        Self.expect(
            "FinanzOnline\nBenutzer: FHUBER01\nPIN: Wien2021#Fo", [("FinanzOnline", "FHUBER01", "Wien2021#Fo")])
        // A card's PIN of digits is no password.
        #expect(Self.items("Visa\nuser: ana_v\ncard PIN: 2580").allSatisfy { $0.password == nil })
        Self.expect(
            "AOL EMAIL\nharoldj47@aol.com\nPASSWORD    Bluebird44\n\nFACEBOOK  (SAME EMAIL)\nPASSWORD  Face!Book44",
            [("AOL EMAIL", "haroldj47@aol.com", "Bluebird44"), ("FACEBOOK", "haroldj47@aol.com", "Face!Book44")])
        Self.expect(
            "Costco  mike@x.org  Costco_Bulk_2020\nHome Depot  mike@x.org  (same as Costco)",
            [("Costco", "mike@x.org", "Costco_Bulk_2020"), ("Home Depot", "mike@x.org", "Costco_Bulk_2020")])
    }

    @Test func aMonthAndYearIsADateNeverALogin() {
        let items = Self.items("Zugänge – Stand 11/2021\n\nGMX: huber@gmx.at / Hütten22!")
        #expect(!items.contains { $0.password == "11/2021" || $0.username == "Stand" })
        #expect(NotesRecordAssembler.isDate("11/2021") && NotesRecordAssembler.isDate("03.2022"))
        #expect(!NotesRecordAssembler.isDate("13/2021"))
    }

    @Test func pointersNamingAMailTakeTheLastEmailAndTwoPointersTheLastsService() {
        let text = """
            Gmail: carlos@gmail.com  pass: Tamales#Navidad
            Cricket Wireless: acct 469-555-0193, pin 2871, pw Cricket!Carlos
            Uber Eats = mismo gmail, misma password que gmail
            OLX – ten sam mail co gmail, hasło: Rower-Sprzedam7
            Amazon ... stessa mail e stessa password della Cricket
            """
        let items = Self.items(text)
        #expect(
            items.contains {
                $0.title == "Uber Eats" && $0.username == "carlos@gmail.com" && $0.password == "Tamales#Navidad"
            })
        #expect(items.contains { $0.title == "OLX" && $0.username == "carlos@gmail.com" })
        #expect(items.contains { $0.title == "Amazon" && $0.password == "Cricket!Carlos" }, "\(items.map(\.title))")
        Self.expect(
            "PKO BP\nnumer klienta: 61044728\nhasło: Krakowska#15", [("PKO BP", "61044728", "Krakowska#15")])
    }

    @Test func aLoginNameWithAnUnderscoreAfterUserIsNoDefaultAccountsPassword() {
        Self.expect(
            "DigiD - user: JdeVries_72 pw: Tulpen.Veld1972", [("DigiD", "JdeVries_72", "Tulpen.Veld1972")])
        // A value with other symbols under a bare "user" is still a default account's password.
        Self.expect("Router\nuser : 5.iAVB4dq+G", [("Router", "user", "5.iAVB4dq+G")])
    }

    @Test func aLoginAndPasswordAfterTheLastColonLeaveTheRestToTheTitle() {
        let items = Self.items(
            "Client A - SFTP sftp.clienta.com: acme_upload / Sftp-Upload-ClientA\nClient B - WordPress https://clientb.it/wp-login.php: acme_dev / Wp!ClientB-Dev"
        )
        #expect(items.count == 2)
        #expect(
            items.first.map {
                $0.title == "Client A - SFTP" && $0.username == "acme_upload" && $0.password == "Sftp-Upload-ClientA"
                    && $0.urls == ["sftp.clienta.com"]
            } == true)
        #expect(items.last.map { $0.title == "Client B - WordPress" && $0.username == "acme_dev" } == true)
    }

    /// Inputs a cold review of these rules wrote to break them.
    @Test func reviewedEdgesOfTheWiderRules() {
        // A first line with a password word and a value is a record, never a list's name.
        #expect(!Self.items("netflix pw sunshine22").contains { $0.title.contains("sunshine22") })
        // A labelled password beside a pointer stays the password.
        let pointed = Self.items("Hulu: ana@x.org / Couch!22\nDisney+ — pw: sunshine — same as hulu")
        #expect(!pointed.contains { $0.username == "sunshine" })
        // Two words over a labelled line: a name and its login, not a title.
        #expect(!Self.items("Spotify - ana.lopez\npw: Hunter22").contains { $0.title == "Spotify - ana.lopez" })
        #expect(!Self.items("Netflix - sunshine\nemail: ana@x.org").contains { $0.title.contains("sunshine") })
        // Passwords at a word-like provider are no e-mails.
        for password in ["Blue@sky", "Kitty@live", "Pepper@orange", "Sunny@gmail"] {
            #expect(!NotesToken.isEmail(password), "\(password)")
        }
        // Words, dates and short numbers beside a labelled password are no login.
        for line in [
            "Netflix — pw: Hunter22 — expired", "Netflix — pw: Hunter22 — 2021-03-15", "Chase — pw: Hunter22! — 4821",
        ] {
            #expect(Self.items(line).allSatisfy { $0.username == nil }, "\(line)")
        }
        // National identity numbers under a title stay concealed.
        #expect(Self.items("IRS\nSSN: 123-45-6789\npassword: Tax!Time9").allSatisfy { $0.username == nil })
        // A one-word change names the record titled exactly so before one that merely holds the word.
        let changed = Self.items("Bank: js / Old!1\nBank of America: ana / Boa!2\nBank - new pw: New!3")
        #expect(changed.contains { $0.title == "Bank of America" && $0.password == "Boa!2" }, "\(changed.map(\.title))")
        // A masked value stays as written.
        #expect(Self.items("Gmail\nuser: ana@x.org\npw: ••••••••").contains { $0.password == "••••••••" })
    }

    @Test func aRecordWithAFieldAndNoLoginIsWholeBeforeALineWithItsOwnName() {
        let items = Self.items(
            "school stuff\nlibrary card number 21234001234567\nchegg - jess@mail.example - homework-help-pls")
        #expect(items.contains { $0.title == "chegg" && $0.username == "jess@mail.example" })
        #expect(!items.contains { $0.password == "21234001234567" || $0.username == "21234001234567" })
        // A bare login and password under a titled record with a field are still that record's.
        let kept = Self.items("Chase\nbranch: Main St\nana@x.org / Vault#Door3")
        #expect(kept.count == 1 && kept[0].username == "ana@x.org" && kept[0].password == "Vault#Door3")
    }

    @Test func doubledMarksAfterAWordInAHeadingAreEmphasisNotASecret() {
        let items = Self.items(
            "Wachtwoorden  (niet weggooien!!)\n\nDigiD  -  user: jdv_72  pw: Tulpen.Veld1972\nING - user: jdv pw: Fiets@Amsterdam9"
        )
        #expect(items.count == 2 && items.allSatisfy { $0.folder == ["Wachtwoorden  (niet weggooien!!)"] })
        #expect(items.allSatisfy { Self.hidden($0) == nil }, "\(items.map { Self.hidden($0) ?? "" })")
    }

    @Test func aSentenceSayingAServicesPasswordIsNowXChangesItsRecord() {
        let items = Self.items(
            "hotmail: liam@hotmail.co.uk  pw: chelsea88\nInstagram = liam.patel88 / Chels3a#Blue\nHotmail pw is now Chelsea_FC_2018 (old one got hacked)\nGmail password is now Blue!Sky22"
        )
        #expect(
            items.contains {
                $0.title == "hotmail" && $0.username == "liam@hotmail.co.uk" && $0.password == "Chelsea_FC_2018"
                    && $0.customFields.contains { $0.concealed && $0.value == "chelsea88" }
            })
        // With no record of that service above, the sentence is a login of its own.
        #expect(items.contains { $0.title == "Gmail" && $0.password == "Blue!Sky22" })
        #expect(items.count == 3)
    }

    @Test func anIdentifierUnderATitleWithItsAddressOrNamedInsideALoginsValue() {
        Self.expect(
            "Impôts (impots.gouv.fr)\n  n° fiscal : 3012457789123\n  mot de passe : Declar@tion2021",
            [("Impôts", "3012457789123", "Declar@tion2021")])
        Self.expect(
            "Ameli\n  identifiant = n° sécu 184077511204533\n  mdp : Ameli.Sante84",
            [("Ameli", "184077511204533", "Ameli.Sante84")])
        // A login that is words stays as written.
        Self.expect("Orange\n  identifiant = anne lefevre\n  mdp : Or4nge!", [("Orange", "anne lefevre", "Or4nge!")])
    }

    @Test func anInitialASurnameAndDigitsBeforeAPasswordIsTheLogin() {
        Self.expect("Medicare.gov: DWallace38 / Medicare_Dot38", [("Medicare.gov", "DWallace38", "Medicare_Dot38")])
        #expect(NotesRecordAssembler.isInitialAndSurname("JSmith2020"))
        #expect(
            !NotesRecordAssembler.isInitialAndSurname("FrostyEJ2011")
                && !NotesRecordAssembler.isInitialAndSurname("Summer2020"))
        // Letters and digits alone after the name stay either: kept out of sight.
        let either = Self.items("roblox FrostyEJ2011 robux123ethan")
        #expect(either.count == 1 && either[0].username == nil && either[0].password == "robux123ethan")
    }

    @Test func aPointerToALoginEndingATitleGivesTheLogin() {
        Self.expect(
            "gmail: lucia@gmail.com / Peli2021!\nspotify mismo correo / Musica_Lu93",
            [("gmail", "lucia@gmail.com", "Peli2021!"), ("spotify", "lucia@gmail.com", "Musica_Lu93")])
        // A title that merely holds a pointer word is left as written.
        Self.expect("Same Day Delivery: ana@x.org / Fast!Box9", [("Same Day Delivery", "ana@x.org", "Fast!Box9")])
    }

    @Test func aLoginNameBesideSameAsNoRecordNamedIsNoPassword() {
        let items = Self.items(
            "Etsy - lauren@x.org - Sunflower-Kayak-38\nDepop - laurenpikes - same as everything else lol")
        #expect(items.contains { $0.title == "Depop" && $0.username == "laurenpikes" && $0.password == nil })
        // A plain word beside no pointer stays the password, as before.
        Self.expect("Netflix - sunshine", [("Netflix", nil, "sunshine")])
    }
}
