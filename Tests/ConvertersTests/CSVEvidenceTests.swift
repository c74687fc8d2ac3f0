import Foundation
import Testing
import VaultModel

@testable import Converters

/// CSV exports that a header alone misreads (issue 10 §4), each rule with inputs and
/// counter-inputs: the values under a header, the languages of people's own sheets,
/// Enpass's field pairs, and secrets in managers' notes.
@Suite struct CSVEvidenceTests {
    static func items(_ text: String) throws -> [VaultItem] {
        try Importer.importFile(Array(text.utf8), input: "export.csv").items
    }

    /// Two login columns: the one whose values look like logins holds the login.
    @Test func theColumnOfLoginsHoldsTheLogin() throws {
        let kaspersky = try Self.items(
            #"""
            Website name,Website URL,Login name,Login,Password,Comment
            VK,https://vk.com,Personal,+79161234567,Vk0ntakte!2020,
            Yandex,https://passport.yandex.ru,Main mailbox,d.ivanova,Ya;Passport;88,
            Habr,https://habr.com,,divanova_dev,habr-Habr-HABR,
            Ozon,https://www.ozon.ru,work,darya@yandex.ru,"Ozon ""Premium""",
            """#)
        #expect(kaspersky.map(\.username) == ["+79161234567", "d.ivanova", "divanova_dev", "darya@yandex.ru"])
        #expect(kaspersky[0].customFields.contains { $0.name == "Login name" && $0.value == "Personal" })
        // Counter-input: both columns hold logins; the stronger header keeps the login.
        let both = try Self.items(
            #"""
            name,url,username,email,password
            A,https://a.com,ana_1,ana@x.org,pw-A-1
            B,https://b.com,bo.b,bob@x.org,pw-B-2
            """#)
        #expect(both.map(\.username) == ["ana_1", "bo.b"])
    }

    /// `Site` holding names beside `Adresse` holding addresses: the names are the titles.
    @Test func aSiteColumnOfNamesIsTheTitle() throws {
        let sheet = try Self.items(
            #"""
            "Site","Adresse","Identifiant","Mot de passe","Remarques"
            "Mutualité Belge","https://www.mutualite-belge.be/connexion","theo@boitemail.be","Mutu;Belge,77",""
            "Frites & Co","https://commande.fritesco.be","+32 470 55 01 29","Fr!tes&Mayo",""
            """#)
        #expect(sheet.map(\.title) == ["Mutualité Belge", "Frites & Co"])
        #expect(sheet[0].urls == ["https://www.mutualite-belge.be/connexion"])
        // Counter-input: a site column of addresses stays the URL, and the name column the title.
        let named = try Self.items(
            #"""
            Name,Site,Login,Password
            Bank,https://bank.example,ana,pw-Bank-1
            Shop,https://shop.example,ana,pw-Shop-2
            """#)
        #expect(named.map(\.title) == ["Bank", "Shop"] && named[0].urls == ["https://bank.example"])
    }

    /// `ID` is the login (Samsung Pass), unless its values are UUIDs or row numbers.
    @Test func anIDColumnIsTheLoginUnlessItNumbersTheRows() throws {
        let samsung = try Self.items(
            #"""
            Title,URL,ID,Password,Memo
            Hangang Mart,https://www.hangangmart.co.kr,minji.kim@bomail.kr,한강마트!2023,
            Seoul Bike,https://bike.seoulshare.kr,010-5555-0172,"B1ke;Seoul,Go",
            """#)
        #expect(samsung.map(\.username) == ["minji.kim@bomail.kr", "010-5555-0172"])
        let numbered = try Self.items(
            #"""
            id,name,url,password
            1,A,https://a.com,pw-A-1
            2,B,https://b.com,pw-B-2
            3,C,https://c.com,pw-C-3
            """#)
        #expect(numbered.allSatisfy { $0.username == nil } && numbered[0].customFields.first?.name == "id")
    }

    /// Headers in the languages next door: Swedish, Polish, Norwegian, Russian, Korean.
    @Test(arguments: [
        "Tjänst;Adress;Användarnamn;Lösenord;Kommentar",
        "Nazwa;Strona;Login;Hasło;Uwagi",
        "Tjeneste;Nettside;Brukernavn;Passord;Notater",
        "Название;Сайт;Логин;Пароль;Заметки",
        "이름;웹사이트;아이디;비밀번호;메모",
    ])
    func sheetsInMoreLanguages(_ header: String) throws {
        let rows = try Self.items(header + "\nNordbank;https://nordbank.example;erik.l;Älg;Skog,Sjö7;Dosa\n")
        #expect(rows.count == 1)
        #expect(rows.first?.title == "Nordbank" && rows.first?.username == "erik.l", "\(header)")
        #expect(rows.first?.password == "Älg", "\(header)")  // (the semicolons split the password: as written)
        #expect(rows.first?.urls == ["https://nordbank.example"] && rows.first?.notes != nil, "\(header)")
    }

    /// `secondary_username` (Avira) is the login where the row has no other.
    @Test func aSecondLoginColumnFillsAnEmptyLogin() throws {
        let avira = try Self.items(
            #"""
            name,website,username,secondary_username,password,notes
            ,https://shop.lumen.co.uk/account,,praman88,Lum3n;Fabric;s,
            Bank,https://bank.in,PR0041882,priya@inbox.in,T@ndem_2022!,
            """#)
        #expect(avira[0].username == "praman88" && avira[0].title == "shop.lumen.co.uk")
        #expect(avira[1].username == "PR0041882")
        #expect(avira[1].customFields.contains { $0.name == "secondary_username" && $0.value == "priya@inbox.in" })
    }

    /// Enpass: a title, then name/value pairs, then the note; with its header or without.
    @Test func enpassFieldPairs() throws {
        let body = #"""
            "Sakura Bank","Username","atanaka","Email","aiko@hana.jp","Password","Sakura#Bank-2024","Website","https://direct.sakura.jp","Website","https://m.sakura.jp","PIN","903316",""
            "Ramen Club","Username","","Email","aiko@hana.jp","Password","ラーメン2023","Website","https://ramen.jp/login","points member"
            "Passport","Type","Passport","Passport number","TK8812044",""
            """#
        for text in ["\"Title\",\"Field\",\"Value\",\"Field\",\"Value\",\".........\",\"Note\"\n" + body, body] {
            let (items, report) = try Importer.importFile(Array(text.utf8), input: "enpass.csv")
            #expect(report.format == "enpass-csv" && items.count == 3)
            let bank = try #require(items.first)
            #expect(bank.title == "Sakura Bank" && bank.username == "atanaka" && bank.password == "Sakura#Bank-2024")
            #expect(bank.urls == ["https://direct.sakura.jp", "https://m.sakura.jp"])
            #expect(bank.customFields.contains { $0.name == "PIN" && $0.concealed })
            #expect(items[1].username == "aiko@hana.jp" && items[1].notes == "points member")
            #expect(items[2].kind == .secureNote)
            #expect(items[2].customFields.contains { $0.name == "Passport number" && $0.concealed })
        }
        // Counter-input: an ordinary table whose second column is a login is no Enpass file.
        let plain = "Bank,ana,pw-1,https://b.com,x\nShop,bob,pw-2,https://s.com,y\n"
        #expect(!EnpassCSVImporter.looksLikeEnpass(plain))
    }

    /// A notes line naming a secret and giving it, or holding a card number, is concealed in
    /// any manager's export; the other lines stay notes.
    @Test func secretsInAManagersNotesAreConcealed() throws {
        let text = #"""
            Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes
            Bank,https://bank.example,ana,pw-Bank-1,,false,false,,"Security Q: first pet
            A: Biscuit"
            Gym,https://gym.example,ana,pw-Gym-2,,false,false,,"Combo 18-04-33
            locker 12 by the door"
            Gift,https://gift.example,ana,pw-Gift-3,,false,false,,Gift card 6011 0009 9013 9424 applied
            Seeds,https://w.example,ana,pw-W-4,,false,false,,Recovery phrase: orbit canyon velvet
            Plain,https://p.example,ana,pw-P-5,,false,false,,Renewal in June 2025
            """#
        let items = try Self.items(text)
        func secret(_ index: Int) -> String? { items[index].customFields.first { $0.concealed }?.value }
        #expect(items[0].notes == "Security Q: first pet" && secret(0) == "A: Biscuit")
        #expect(items[1].notes == "locker 12 by the door" && secret(1) == "Combo 18-04-33")
        #expect(items[2].notes == nil && secret(2) == "Gift card 6011 0009 9013 9424 applied")
        #expect(items[3].notes == nil && secret(3) == "Recovery phrase: orbit canyon velvet")
        // Counter-input: a date is no secret.
        #expect(items[4].notes == "Renewal in June 2025" && secret(4) == nil)
    }

    /// `yes` / `no` under `2FA?` is a note about two-factor sign-in, never a TOTP secret; a
    /// base32 secret or an `otpauth://` URI is one.
    @Test func aTwoFactorColumnHoldsASecretOnlyWhenItIsOne() throws {
        let sheet = try Self.items(
            #"""
            Website / App,Login (email),Pass word,2FA?,Comments
            Tunewave,zoe@campus.edu,Tun3wave!Zoe,no,family plan
            Canvas,zm@ridgeview.edu,R1dgeview-Canvas,"yes, backup codes: 40192837 55102948",
            Forge,zm@ridgeview.edu,F0rge-Pass,JBSWY3DPEHPK3PXP,
            Cloud,zm@ridgeview.edu,Cl0ud-Pass,otpauth://totp/Cloud?secret=KRSXG5CTMVRXEZLU,
            """#)
        #expect(sheet.count == 4 && sheet[0].totp == nil && sheet[1].totp == nil)
        #expect(sheet[0].customFields == [.init(name: "2FA?", value: "no")])
        #expect(sheet[1].customFields.first?.concealed == true)
        #expect(
            sheet[2].totp?.contains("JBSWY3DPEHPK3PXP") == true && sheet[3].totp?.contains("KRSXG5CTMVRXEZLU") == true)
        #expect(CSVImporter.isTOTPSecret("JBSW Y3DP EHPK 3PXP") && !CSVImporter.isTOTPSecret("yes - authy"))
    }

    /// A security question with its answer after `=`, and a number under a title naming an
    /// identity document, are concealed too.
    @Test func answersBesideQuestionsAndNumbersUnderIdentityTitles() throws {
        let items = try Self.items(
            #"""
            name,url,username,password,note
            Cobalt CU,https://cobalt.example,zoe,Cob@lt-CU,security q: fav teacher = Mrs. Alvarez
            Student ID #,,,,S-00481177 (not a login)
            Library,https://lib.example,zoe,L1brary-Pw,member since 2015
            """#)
        #expect(items[0].notes == nil && items[0].customFields.first?.value == "security q: fav teacher = Mrs. Alvarez")
        #expect(items[1].notes == nil && items[1].customFields.first?.concealed == true)
        // Counter-input: a year under an ordinary title stays in the notes.
        #expect(items[2].notes == "member since 2015")
    }

    /// A sheet pasted under a title line with no delimiter in it: the table's own line
    /// chooses the delimiter (the title's was `,`, and the whole file was refused).
    @Test func aTitleLineAboveATabTableDoesNotChooseItsDelimiter() throws {
        let text =
            "Karen's logins (copied out of my excel sheet)\r\n\r\nSite\tUsername\tPassword\tNotes\r\n"
            + "MLS (Matrix)\tagent_7731\tListings#2024!\trenew Q3\r\nDotloop\tkaren@cb.com\tDotl00p$Sign\t\r\n"
        let items = try Self.items(text)
        #expect(items.map(\.title) == ["MLS (Matrix)", "Dotloop"])
        #expect(items.map(\.password) == ["Listings#2024!", "Dotl00p$Sign"])
        #expect(CSVReader.detectDelimiter(Array(text.utf8)) == "\t")
        // Counter-inputs: a first line holding a delimiter decides, as before.
        #expect(CSVReader.detectDelimiter(Array("codes d'accès\t\n\nMedium, a@b.c, Purple1997\n".utf8)) == "\t")
        #expect(CSVReader.detectDelimiter(Array("name;url\nA,b,c,d\n".utf8)) == ";")
    }

    /// What a cold review found in the CSV rules.
    @Test func reviewedEdgesOfTheCSVRules() throws {
        // An Enpass export longer than the 64 KiB sample is still Enpass (every cell quoted,
        // notes running over lines): no password becomes a visible `Value` field.
        var text = "\"Title\",\"Field\",\"Value\",\"Field\",\"Value\",\".........\",\"Note\"\n"
        for i in 0..<900 {
            text += "\"Site \(i)\",\"Username\",\"user\(i)\",\"Password\",\"Pw-\(i)-x!\",\"line one\nline two \(i)\"\n"
        }
        let (items, report) = try Importer.importFile(Array(text.utf8), input: "enpass.csv")
        #expect(report.format == "enpass-csv" && items.count == 900 && items[899].password == "Pw-899-x!")
        // A short notes word is no column name: `PAC` beside `Password` is a custom field.
        let pac = try Self.items("Bank,User,Password,PAC\nB,ana,pw-1,5521\n")
        #expect(pac.first?.password == "pw-1" && pac.first?.customFields.first { $0.name == "PAC" }?.concealed == true)
        // A second password column in another language is concealed.
        #expect(CSVHeaderVocabulary.isSecret("Lösenord") && CSVHeaderVocabulary.isSecret("Пароль"))
        // A 2FA value that is neither a seed Coffer reads nor a yes/no answer is concealed.
        let hex = try Self.items("name,username,password,2FA\nA,ana,pw-1,3132333435363738393031323334353637383930\n")
        #expect(hex.first?.totp == nil && hex.first?.customFields.first?.concealed == true)
        // A weaker `ID` of row numbers never fills an empty login.
        let ids = try Self.items("id,name,username,password\n1,A,,pw-1\n2,B,bo,pw-2\n3,C,cy,pw-3\n")
        #expect(ids.first?.username == nil)
    }

    /// A password written inside a URL column never shows: the URL keeps its user only.
    @Test func aPasswordInsideAURLIsTakenOut() throws {
        let items = try Self.items(
            "name,url,username,password\nRouter,https://admin:S3cret!@192.168.1.1/,,\nNAS,http://ana:Old-1@nas.lan,ana,New-2\n"
        )
        #expect(items[0].urls == ["https://admin@192.168.1.1/"])
        #expect(items[0].password == "S3cret!" && items[0].username == "admin")
        #expect(items[1].urls == ["http://ana@nas.lan"] && items[1].password == "New-2")
        #expect(items[1].customFields.contains { $0.concealed && $0.value == "Old-1" })
    }
}
