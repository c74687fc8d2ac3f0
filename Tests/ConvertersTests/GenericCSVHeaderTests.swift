import Foundation
import Testing
import VaultModel

@testable import Converters

/// CSV headers of managers and sheets Coffer has no code for, in seven languages: each is
/// read through the header vocabulary alone (CSVHeaderVocabulary), never a per-manager list.
@Suite struct GenericCSVHeaderTests {
    struct Case: CustomStringConvertible {
        /// The header line; the row under it holds `T` (title), `U` (username), `P`
        /// (password), `L` (URL), `N` (notes), `F` (folder) and `x…` (other) in its columns.
        var header: String
        var row: String
        var description: String { header }
    }

    static let cases: [Case] = [
        // Real headers of other managers.
        Case(header: "Secret Name,Secret URL,Secret Username,Secret Password,Secret Notes", row: "T,L,U,P,N"),
        Case(header: "name,website,username,secondary_username,password,notes", row: "T,L,U,x1,P,N"),  // Avira
        Case(header: "username,password,account,url,extra,grouping", row: "U,P,T,L,N,F"),  // Norton
        Case(header: "url,username,password,title,notes", row: "L,U,P,T,N"),  // Norton (newer)
        Case(header: "kind,name,url,login,password,memo,favorite", row: "login,T,L,U,P,N,0"),  // True Key
        Case(header: "title,website,login,password,notes", row: "T,L,U,P,N"),  // Dropbox Passwords
        Case(header: "Resource,Username,Password,URI,Notes,Group", row: "T,U,P,L,N,F"),  // Passbolt
        Case(header: "Group,Title,Username,Password,URL,Notes", row: "F,T,U,P,L,N"),  // Passbolt (KDBX-like)
        Case(header: "Name,Url,MatchUrl,Login,Pwd,Note,Folder,RfFieldsV2", row: "T,L,x1,U,P,N,F,x2"),  // RoboForm
        Case(header: "Title,Login,Password,Website,Notes", row: "T,U,P,L,N"),  // SafeInCloud
        Case(
            header: "Password Name,Description,Password URL,SecretData,Notes,Tags,Folder Name",
            row: "T,x1,L,x2,N,t,F"),  // Zoho Vault
        Case(header: "name,url,username,password,note", row: "T,L,U,P,N"),  // Chrome
        Case(
            header: "url,username,password,httpRealm,formActionOrigin,guid,timeCreated",
            row: "L,U,P,x1,x2,x3,1700000000"),
        Case(header: "Account,Login Name,Password,Web Site,Comments", row: "T,U,P,L,N"),  // KeePass 1
        Case(header: "\"Group\",\"Title\",\"Username\",\"Password\",\"URL\",\"Notes\",\"TOTP\"", row: "F,T,U,P,L,N,"),
        Case(
            header:
                "folder,favorite,type,name,notes,fields,reprompt,login_uri,login_username,login_password,login_totp",
            row: "F,,login,T,N,,0,L,U,P,"),
        Case(
            header: "type,name,url,email,username,password,note,totp,createTime,modifyTime,vault",
            row: "login,T,L,x1,U,P,N,,,,F"),
        Case(
            header: "Title,Url,Username,Password,OTPAuth,Favorite,Archived,Tags,Notes", row: "T,L,U,P,,false,false,,N"),
        Case(header: "name,url,username,password,note,totp,folder,email", row: "T,L,U,P,N,,F,x1"),
        Case(header: "WebsiteName,WebsiteURL,LoginName,Password,Comment", row: "T,L,U,P,N"),
        Case(header: "ItemName;UserName;Password;URL;Notes", row: "T;U;P;L;N"),
        Case(header: "entry_title\tlogin_email\tentry_password\tsite_url", row: "T\tU\tP\tL"),
        Case(header: "Service,Email,Username,Password,Link", row: "T,x1,U,P,L"),
        Case(header: "Site,User,Pass", row: "L,U,P"),
        Case(header: "Account,Email,Password,Notes", row: "T,U,P,N"),
        Case(header: "title,username,password,url,PIN,Security Answer", row: "T,U,P,L,x1,x2"),
        Case(header: "Name,E-mail address,Password,Website URL,Category", row: "T,U,P,L,F"),
        Case(header: "Label,Login,Password,Login URL,Comments", row: "T,U,P,L,N"),
        Case(header: "Website Name,Website Address,Login Username,Login Password", row: "T,L,U,P"),
        Case(header: "accountName,userName,passWord,webSite", row: "x1,U,P,L"),
        Case(header: "url,username,password,additionalInfo,nickname,twofaSecret", row: "L,U,P,N,T,"),  // Myki
        Case(
            header: "\"Entry Name\",\"URL\",\"User ID\",\"Password\",\"Notes\",\"Shared Notes\",\"Tags\",\"Email\"",
            row: "T,L,U,P,N,x1,t,x2"),  // Passpack
        Case(
            header: "!group_id,!group_name,title,username,password,URL,!group_id,!group_name,id,Notes,pin",
            row: "x1,F,T,U,P,L,x1,F,x3,N,x4"),  // Buttercup
        Case(
            header: "Entry Type,Label,Password,Username,Site URL,Notes,Text,Type,Name on card,Card Number,CVV,Expiry",
            row: "Password,T,P,U,L,N,x1,x2,x3,x4,x5,x6"),  // Encryptr
        Case(
            header: "modelType,modelVersion,url,username,password,notes,favorite,title,text,color",
            row: "Account,2,L,U,P,N,false,T,x1,x2"),  // SaferPass
        Case(header: "name,tags,url,username,password,notes", row: "T,t,L,U,P,N"),  // Padlock
        Case(
            header: "Display_Name,Login_Username,Login_Password,Login_URLs,Login_TOTP,Notes,Favorite",
            row: "T,U,P,L,,N,"),  // Synology C2
        Case(header: "title,notes,username,password,url", row: "T,N,U,P,L"),  // 1Password 4
        // French.
        Case(header: "Nom,Identifiant,Mot de passe,Site web,Notes", row: "T,U,P,L,N"),
        Case(header: "Titre,Nom d'utilisateur,Mot de passe,Adresse,Commentaire,Dossier", row: "T,U,P,L,N,F"),
        Case(header: "Nom du site;Courriel;Mot de passe;Lien;Remarques", row: "T;U;P;L;N"),
        // German.
        Case(header: "Titel;Benutzername;Passwort;URL;Notizen;Ordner", row: "T;U;P;L;N;F"),
        Case(header: "Name;Benutzer;Kennwort;Webseite;Bemerkung;Gruppe", row: "T;U;P;L;N;F"),
        Case(header: "Bezeichnung,E-Mail,Passwort,Internetadresse,Kommentar", row: "T,U,P,L,N"),
        // Spanish.
        Case(header: "Nombre,Usuario,Contraseña,Sitio web,Notas,Carpeta", row: "T,U,P,L,N,F"),
        Case(header: "Título,Nombre de usuario,Contraseña,Dirección,Comentarios", row: "T,U,P,L,N"),
        Case(header: "Servicio,Correo electrónico,Clave,Enlace", row: "T,U,P,L"),
        // Italian.
        Case(header: "Nome,Nome utente,Password,Sito web,Note,Cartella", row: "T,U,P,L,N,F"),
        Case(header: "Titolo;Utente;Parola d'ordine;Indirizzo;Commento", row: "T;U;P;L;N"),
        // Portuguese.
        Case(header: "Nome,Usuário,Senha,Site,Observações,Pasta", row: "T,U,P,L,N,F"),
        Case(header: "Título,Nome de usuário,Palavra-passe,Endereço,Notas", row: "T,U,P,L,N"),
        Case(header: "Serviço;Utilizador;Senha;URL;Notas;Grupo", row: "T;U;P;L;N;F"),
        // Dutch.
        Case(header: "Naam,Gebruikersnaam,Wachtwoord,Website,Opmerkingen,Map", row: "T,U,P,L,N,F"),
        Case(header: "Titel;Gebruiker;Wachtwoord;Adres;Notities;Groep", row: "T;U;P;L;N;F"),
        // Invented but plausible.
        Case(header: "SITE NAME,USER ID,PWD,SITE URL", row: "T,U,P,L"),
        Case(header: "item-title,item-user,item-pass,item-link", row: "T,U,P,L"),
        Case(header: "Entry,Login,Secret,Web Site", row: "T,U,P,L"),
        Case(header: "app,account name,account password,notes", row: "T,U,P,N"),
        Case(header: "Name,Username,Email,Password,Email Password", row: "T,U,x1,P,x2"),
    ]

    static func cell(_ row: String, _ letter: String, _ d: Character) -> String? {
        row.split(separator: d, omittingEmptySubsequences: false).contains { $0 == letter } ? letter : nil
    }

    @Test(arguments: cases) func headerIsUnderstood(_ c: Case) throws {
        // The URL cell is an address ("L" alone would be a site's name: aSiteColumnOfNamesTitlesTheRows).
        let csv = c.header + "\n" + c.row.replacingOccurrences(of: "L", with: "l.example") + "\n"
        let (items, report) = try Importer.importFile(Array(csv.utf8), input: "t.csv")
        #expect(report.addsUp && items.count == 1)
        let item = try #require(items.first)
        let d: Character = c.row.contains("\t") ? "\t" : c.row.contains(";") ? ";" : ","
        if Self.cell(c.row, "T", d) != nil { #expect(item.title == "T") }
        #expect(item.username == Self.cell(c.row, "U", d))
        #expect(item.password == Self.cell(c.row, "P", d))
        #expect(item.urls == (Self.cell(c.row, "L", d).map { _ in ["l.example"] } ?? []))
        #expect(item.notes == Self.cell(c.row, "N", d))
        #expect(item.folder == (Self.cell(c.row, "F", d).map { [$0] } ?? []))
        // Every other value is kept as a custom field named after its column.
        let others = c.row.split(separator: d).filter { $0.hasPrefix("x") }.map(String.init)
        #expect(Set(item.customFields.map(\.value)).isSuperset(of: others))
    }

    @Test func strongerAliasWinsAndTheOtherIsKept() throws {
        let csv = "name,email,username,password\nShop,ana@x.com,ana,pw1\nMail,bob@x.com,,pw2\n"
        let (items, _) = try Importer.importFile(Array(csv.utf8), input: "t.csv")
        #expect(items[0].username == "ana" && items[0].customFields == [.init(name: "email", value: "ana@x.com")])
        // Where the stronger column is empty, the weaker one fills the field.
        #expect(items[1].username == "bob@x.com" && items[1].customFields.isEmpty)
        let urls = "title,website,url,password\nA,a.example,https://a.example/login,pw\n"
        let item = try #require(try Importer.importFile(Array(urls.utf8), input: "u.csv").items.first)
        #expect(item.urls == ["https://a.example/login"] && item.customFields.map(\.name) == ["website"])
        // Two equally weak columns under a stronger one are no clash: both are kept.
        let emails = "Title,Username,Email,E-mail,Password\nShop,ana,a@x.com,b@x.com,pw\n"
        let shop = try #require(try Importer.importFile(Array(emails.utf8), input: "e.csv").items.first)
        #expect(shop.username == "ana" && shop.customFields.map(\.value) == ["a@x.com", "b@x.com"])
    }

    /// Weaker columns of several fields become custom fields in the header's order, every
    /// time (they were once gathered in a dictionary's order, which changes from run to run).
    @Test func weakerColumnsAreKeptInTheHeadersOrder() throws {
        let csv = "name,email,website,username,notes,url,password\nShop,a@x.com,a.example,ana,n1,https://a.example,pw\n"
        for _ in 0..<20 {
            let item = try #require(try Importer.importFile(Array(csv.utf8), input: "t.csv").items.first)
            #expect(item.customFields.map(\.name) == ["email", "website"])
        }
    }

    @Test func equallyStrongColumnsAreAnErrorNamingBoth() {
        for csv in ["title,name,password\nA,B,pw\n", "user,username,password\na,b,c\n", "x\nurl,uri,pass\n"] {
            do {
                _ = try Importer.importFile(Array(csv.utf8), input: "t.csv", format: "csv")
                Issue.record("\(csv) imported")
            } catch let error as ConverterError {
                let header = csv.hasPrefix("x") ? 2 : 1
                #expect(error.line == header || csv.hasPrefix("x"), "\(error)")
                if !csv.hasPrefix("x") {
                    let names = csv.split(separator: "\n")[0].split(separator: ",").prefix(2)
                    #expect(names.allSatisfy { error.reason.contains("\"\($0)\"") }, "\(error.reason)")
                    #expect(error.reason.contains("line 1"))
                }
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func cellsUnderNoHeaderAreKeptConcealed() throws {
        let csv = "\"Secret Name\",\"Secret URL\",\"Notes\"\nShop,https://shop.example,,ana,Sh0p!pw\n"
        let (items, report) = try Importer.importFile(Array(csv.utf8), input: "zoho.csv")
        let item = try #require(items.first)
        #expect(item.notes == nil && report.warnings.contains { $0.contains("concealed") })
        #expect(
            item.customFields == [
                .init(name: "column 4", value: "ana", concealed: true),
                .init(name: "column 5", value: "Sh0p!pw", concealed: true),
            ])
    }

    @Test func mappedColumnsOutrankEveryAlias() throws {
        let csv = "title,email,username,password\nA,ana@x.com,ana,pw\n"
        let (items, _) = try Importer.importFile(Array(csv.utf8), input: "t.csv", map: ["email": .username])
        #expect(items.first?.username == "ana@x.com")
        #expect(items.first?.customFields == [.init(name: "username", value: "ana")])
    }

    @Test func secretLookingColumnsAreConcealed() throws {
        let csv =
            "title,username,password,PIN,CVV,Security answer,Recovery codes,Private Key,API token,Passport number,"
            + "Favorite color\nBank,ana,pw,1234,123,blue,r1 r2,k,t,X123,green\n"
        let item = try #require(try Importer.importFile(Array(csv.utf8), input: "t.csv").items.first)
        for field in item.customFields {
            #expect(field.concealed == (field.name != "Favorite color"), "\(field.name)")
        }
        #expect(item.customFields.count == 8)
    }

    @Test(arguments: [
        ("Secret Name", CSVImporter.Field.title), ("login", .username), ("Site", .url), ("web site", .url),
        ("Account", .title), ("Login Name", .username), ("user_name", .username), ("E-Mail", .username),
        ("Benutzername", .username), ("Kennwort", .password), ("gebruikersnaam", .username),
        ("wachtwoord", .password), ("parola d'ordine", .password), ("usuário", .username), ("senha", .password),
        ("notiz", .notes), ("nota", .notes), ("opmerking", .notes), ("2FA", .totp), ("otp", .totp),
        ("Folder Name", .folder), ("Password Name", .title), ("Email Password", .password), ("LoginURL", .url),
        ("Catégorie", .folder), ("Tags", .tags), ("time password changed", .modified),
    ])
    func vocabularyReadsOneHeader(_ header: String, _ field: CSVImporter.Field) {
        #expect(CSVHeaderVocabulary.meaning(of: header)?.field == field, "\(header)")
    }

    @Test(arguments: ["first name", "Password hint", "address2", "PIN", "Passport", "Card number", "uuid"])
    func vocabularyLeavesOtherColumnsCustom(_ header: String) {
        #expect(CSVHeaderVocabulary.meaning(of: header) == nil, "\(header)")
    }
    /// Dashlane's CSV has no header; its shape names it. Other headerless tables stay refused.
    @Test func dashlaneHeaderlessCSVIsDetectedByItsShape() throws {
        let dashlane = """
            "empty entry"
            "news.ycombinator.com","https://news.ycombinator.com/","ana","pw1",""
            "GitHub","https://github.com/login","ana@x.com","pw2","work"
            "Bank","","ana","pw3","a note, with a comma"
            """
        let result = try Importer.importFile(Array(dashlane.utf8), input: "dashlane.csv")
        #expect(result.report.format == "dashlane-csv")
        #expect(result.items.compactMap(\.password) == ["pw1", "pw2", "pw3"])
        #expect(result.items.first { $0.title == "GitHub" }?.urls == ["https://github.com/login"])
        #expect(result.report.addsUp)
        for other in [
            "a,b,c\n1,2,3\n", "x,y,z,w,v\n1,2,3,4,5\n6,7,8,9,0\n",
            "GitHub,ana,https://a.com,pw,n\nB,bob,https://b.com,pw,n\n",
        ] {
            #expect(throws: ConverterError.self) { try Importer.importFile(Array(other.utf8), input: "t.csv") }
        }
    }
    /// A sheet whose only name column is "Site" holding names: titles, not URLs.
    @Test func aSiteColumnOfNamesTitlesTheRows() throws {
        let sheet = "Site\tLogin\tPassword\nAmazon\tjm@x.fr\tAmz!Jm01\nfnac.com\tjm@x.fr\tFn4c#Jm\n"
        let result = try Importer.importFile(Array(sheet.utf8), input: "sheet.tsv")
        #expect(result.items.map(\.title) == ["Amazon", "fnac.com"])
        #expect(result.items.map(\.urls) == [[], ["fnac.com"]])
    }
}

extension GenericCSVHeaderTests {
    /// Sheets and exports write dates as a date alone or with a space before the time; both
    /// are dates (read as UTC), not fields with a warning.
    @Test func spreadsheetDateSpellingsAreDates() throws {
        let csv = """
            Group,Title,Username,Password,URL,Notes,Last Modified,Created
            Root,Mail,me,M4il!pw,https://mail.example,,2020-01-02 03:04:05,2019-01-01
            Root,Shop,me,Sh0p!pw,,,someday,1546300800

            """
        let (items, report) = try Importer.importFile(Array(csv.utf8), input: "k.csv")
        #expect(items[0].modified == Date(timeIntervalSince1970: 1_577_934_245))
        #expect(items[0].created == Date(timeIntervalSince1970: 1_546_300_800) && items[0].customFields.isEmpty)
        #expect(items[1].created == Date(timeIntervalSince1970: 1_546_300_800))
        #expect(items[1].customFields.map(\.value) == ["someday"] && report.warnings.count == 1)
    }
}

extension GenericCSVHeaderTests {
    /// A table typed without a header: its columns are read from their values, the unquoted
    /// password holding the delimiter is joined again, and the report says so.
    @Test func aTableWithoutAHeaderIsReadByItsValues() throws {
        let text = """
            Netzbank,  kunde4471,  Sparbuch#88,  https://netzbank.example
            Post, irma.k@example.org, Brief;Marke1,
            Cinema club, irma_k, Popcorn(77), kino.example.org
            "Gas, water", 88120044, Z4hler!Stand,

            """
        let (items, report) = try Importer.importFile(Array(text.utf8), input: "list.txt")
        #expect(items.map(\.title) == ["Netzbank", "Post", "Cinema club", "Gas, water"])
        #expect(items.map(\.username) == ["kunde4471", "irma.k@example.org", "irma_k", "88120044"])
        #expect(items.map(\.password) == ["Sparbuch#88", "Brief;Marke1", "Popcorn(77)", "Z4hler!Stand"])
        #expect(items[0].urls == ["https://netzbank.example"] && items[2].urls == ["kino.example.org"])
        #expect(report.format == "csv (no header)" && report.warnings.contains { $0.contains("no header line") })
        let joined = try Importer.importFile(
            Array(
                "Shop, ana22, Red,Fox9, shop.com\nBank, ana_b, Vault#12, bank.com\nGym, ana.g, Lift!99, gym.net\n".utf8),
            input: "l.txt")
        #expect(joined.items.map(\.password) == ["Red,Fox9", "Vault#12", "Lift!99"])
        // A header Coffer does not know, over rows of words, is still refused with its hint.
        #expect(throws: ConverterError.self) {
            try Importer.importFile(Array("Foo,Bar,Baz\nalpha,beta,gamma\ndelta,eps,zeta\n".utf8), input: "x.csv")
        }
    }
}

extension GenericCSVHeaderTests {
    /// Tabs typed twice to line a column up are one gap; a row still too wide keeps its cells.
    @Test func doubledTabsInATabSeparatedListAreOneGap() throws {
        let text = "Site\tLogin\tPassword\nShop\tana@x.org\tSh0p!pw\nBank\t\tana_b\tB4nk!pw\t\nGym\tana.g\tLift!99\n"
        let (items, _) = try Importer.importFile(Array(text.utf8), input: "list.tsv")
        #expect(items.map(\.username) == ["ana@x.org", "ana_b", "ana.g"])
        #expect(items.map(\.password) == ["Sh0p!pw", "B4nk!pw", "Lift!99"])
    }
}
