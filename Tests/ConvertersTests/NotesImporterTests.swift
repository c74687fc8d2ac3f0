import Foundation
import TestSupport
import Testing
import VaultModel

@testable import Converters

/// The notes grammar, family by family (issue 10 §1): each test feeds several differently
/// written inputs of one family and checks the records a person would expect; the safety
/// tests check that no password-like value reaches a visible field, that what is not
/// understood is concealed, and that nothing written disappears.
@Suite struct NotesImporterTests {
    typealias Login = (title: String, username: String?, password: String?)

    static func items(_ text: String) -> [VaultItem] {
        NotesImporter.importText(text, input: "t", encoding: "UTF-8").records.map(\.item)
    }

    static func logins(_ text: String) -> [Login] {
        items(text).filter { $0.kind == .login }.map { ($0.title, $0.username, $0.password) }
    }

    static func expect(
        _ text: String, _ expected: [Login], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let got = logins(text)
        #expect(got.count == expected.count, "\(text)\n→ \(got)", sourceLocation: sourceLocation)
        for (g, e) in zip(got, expected) {
            #expect(
                g.title == e.title && g.username == e.username && g.password == e.password,
                "\(text)\n→ \(g), expected \(e)", sourceLocation: sourceLocation)
        }
    }

    static func hidden(_ item: VaultItem) -> String? {
        item.customFields.first { $0.name == NotesImporter.unrecognizedFieldName }?.value
    }

    // MARK: Record boundaries

    @Test func labelledBlocksWithAndWithoutBlankLines() {
        Self.expect(
            "Gmail\nuser: ana@gmail.com\npassword: s3cret\n\nYahoo\nlogin: ana2\npw: x9x9",
            [("Gmail", "ana@gmail.com", "s3cret"), ("Yahoo", "ana2", "x9x9")])
        Self.expect(
            "Adobe\nusuario: aj@hotmail.com\ncontra : Monte73/\nAmeli\nuser : bianchil\nPwd: dish_stone\nWallapop\nusuario: raj81\nContra:Blue sky42",
            [
                ("Adobe", "aj@hotmail.com", "Monte73/"), ("Ameli", "bianchil", "dish_stone"),
                ("Wallapop", "raj81", "Blue sky42"),
            ])
        Self.expect(
            "Amazon:\nCuenta: jean39@gmx.de\nclave:Lluvia\"s!22\n\n[Twitter]\nCuenta: bb@orange.fr\nContraseña: my dog Rex34",
            [("Amazon", "jean39@gmx.de", "Lluvia\"s!22"), ("Twitter", "bb@orange.fr", "my dog Rex34")])
        Self.expect(
            "[Decathlon]\nuser=hugo93\npassword=Futebol's!62\n\n[SAP Concur]\nusername=riccip\npassword=Vent,5473HON",
            [("Decathlon", "hugo93", "Futebol's!62"), ("SAP Concur", "riccip", "Vent,5473HON")])
        Self.expect(
            "Gmail\nuser: a\npassword: b1b1\n---\nYahoo\nuser: c\npassword: d2d2",
            [("Gmail", "a", "b1b1"), ("Yahoo", "c", "d2d2")])
    }

    @Test func eachListItemIsItsOwnRecord() {
        Self.expect(
            "- Amazon | a@x.com | p1p1\n- eBay | bob | p2p2\n- Etsy | carol | p3p3",
            [("Amazon", "a@x.com", "p1p1"), ("eBay", "bob", "p2p2"), ("Etsy", "carol", "p3p3")])
        Self.expect(
            "1. Netflix | ana | film99\n2) Hulu | ana | tv4ever\n3. Plex: ana / plex!1",
            [("Netflix", "ana", "film99"), ("Hulu", "ana", "tv4ever"), ("Plex", "ana", "plex!1")])
        Self.expect(
            "– Dropbox: ChloeMartinez / J,+iwES@d+WF9\n– Movistar - Login: FrancescaSmith PW: tundra-battery\n• Norton: giulia.g / Invierno2022!",
            [
                ("Dropbox", "ChloeMartinez", "J,+iwES@d+WF9"), ("Movistar", "FrancescaSmith", "tundra-battery"),
                ("Norton", "giulia.g", "Invierno2022!"),
            ])
        Self.expect(
            "* Norton\n    * Anmeldename: james@proton.me\n    * Kennwort: Efgb4M4jUC\n* Trello\n    * Login: camille.rossi\n    * Passw. : Garten2023",
            [("Norton", "james@proton.me", "Efgb4M4jUC"), ("Trello", "camille.rossi", "Garten2023")])
    }

    @Test func headingsNestRecordsAsFolders() {
        let text = """
            # Work
            ## Email
            Jira
            user: a
            password: b1b1

            BANKING

            HSBC
            user: c
            password: d2d2

            Shopping
            --------
            Amazon | e@x.com | f3f3

            Claves
            ======

            Spotify: ana / Sp0t!fy
            """
        let items = Self.items(text)
        #expect(items.map(\.title) == ["Jira", "HSBC", "Amazon", "Spotify"], "\(items.map(\.title))")
        // A heading in capitals nests under the Markdown ones; an underline with `-` is level 2.
        #expect(
            items.map(\.folder) == [
                ["Work", "Email"], ["Work", "Email", "Banking"], ["Work", "Shopping"], ["Claves"],
            ],
            "\(items.map(\.folder))")
    }

    @Test func aMarkdownHeadingOverFieldsIsTheirTitle() {
        let items = Self.items(
            "# Passwords\n\n### Facebook\n* mail : anouk@proton.me\n- WW: Hond1993\n\n### Zalando\n- gebr:chloeb\nPw : Soleil\"s+87"
        )
        #expect(items.map(\.title) == ["Facebook", "Zalando"])
        #expect(items.map(\.password) == ["Hond1993", "Soleil\"s+87"])
        #expect(items.allSatisfy { $0.folder == ["Passwords"] })
    }

    @Test func aTitleLineWithRecordsUnderItIsTheirFolder() {
        let items = Self.items(
            "Meine Zugänge\n\nWallapop\nAnmeldename: carmen.r\nKennw.: Blue sky23\n\nHeroku\nNutzer : c@libero.it\nKennw.: Lun4:2k"
        )
        #expect(items.map(\.title) == ["Wallapop", "Heroku"])
        #expect(items.map(\.password) == ["Blue sky23", "Lun4:2k"])
        #expect(items.allSatisfy { $0.folder == ["Meine Zugänge"] })
    }

    // MARK: One-line records

    @Test func oneLineRecordsWithAnySeparator() {
        let separators = [
            " | ", " / ", " - ", " – ", " — ", " -- ", " = ", " -> ", " => ", ": ", ", ", "\t", "   ", " |-> ",
        ]
        for separator in separators {
            let line = ["Jira", "mgarcia", "Jira!Pass2022", "https://empresa.atlassian.net"].joined(
                separator: separator)
            let items = Self.items(line)
            #expect(items.count == 1, "\(line)")
            #expect(items.first?.title == "Jira", "\(line): \(items.map(\.title))")
            #expect(items.first?.username == "mgarcia", "\(line)")
            #expect(items.first?.password == "Jira!Pass2022", "\(line)")
            #expect(items.first?.urls == ["https://empresa.atlassian.net"], "\(line)")
        }
        Self.expect("Jira — mgarcia — Jira!Pass2022 — empresa.atlassian.net", [("Jira", "mgarcia", "Jira!Pass2022")])
        #expect(
            Self.items("Jira — mgarcia — Jira!Pass2022 — empresa.atlassian.net").first?.urls == [
                "empresa.atlassian.net"
            ])
    }

    @Test func oneLineRecordsInOtherOrdersAndShapes() {
        Self.expect("Outlook - ana@outlook.com / Blue!Sky", [("Outlook", "ana@outlook.com", "Blue!Sky")])
        Self.expect("Prime Video:camille.smit:Baca=1493PEL", [("Prime Video", "camille.smit", "Baca=1493PEL")])
        Self.expect("Airbnb:kaffe79", [("Airbnb", nil, "kaffe79")])
        Self.expect("Duolingo|osmit@proton.me|Fute&8631HON", [("Duolingo", "osmit@proton.me", "Fute&8631HON")])
        Self.expect("Ameli => Baguette\"s,88 => assure.ameli.fr", [("Ameli", nil, "Baguette\"s,88")])
        Self.expect("DigiD   laura@proton.me   Baguette's#64", [("DigiD", "laura@proton.me", "Baguette's#64")])
        Self.expect("Nintendo – hannah79 – meadow_correct_pepper", [("Nintendo", "hannah79", "meadow_correct_pepper")])
        Self.expect("https://github.com | ana | gh-Pass-1", [("github.com", "ana", "gh-Pass-1")])
        Self.expect("Uber:smit@t-online.de:Montagne14,", [("Uber", "smit@t-online.de", "Montagne14,")])
    }

    @Test func parenthesisedUsernames() {
        Self.expect("Hulu (ana@x.com) pw: Hulu2020!", [("Hulu", "ana@x.com", "Hulu2020!")])
        Self.expect("Amazon (rossie) / monta91", [("Amazon", "rossie", "monta91")])
        Self.expect("Vueling (sophie@ziggo.nl): Purple43*", [("Vueling", "sophie@ziggo.nl", "Purple43*")])
        Self.expect("Medium (hugo75) Baguette68$", [("Medium", "hugo75", "Baguette68$")])
        Self.expect("Apple ID (james@orange.fr) - Printemps2021!", [("Apple ID", "james@orange.fr", "Printemps2021!")])
    }

    // MARK: Inline labels

    @Test func inlineLabelPairsAnywhere() {
        Self.expect("Service user: xavier pass: Y3llow!", [("Service", "xavier", "Y3llow!")])
        Self.expect("Zoom U: oliver_web P: Pelis's?14", [("Zoom", "oliver_web", "Pelis's?14")])
        Self.expect("Twitter usr rui91 pwd Été369!", [("Twitter", "rui91", "Été369!")])
        Self.expect("Etsy user:chloe.romano pw:Tulp's-27", [("Etsy", "chloe.romano", "Tulp's-27")])
        Self.expect("Wise - Usr: francesca.smith, Pwd: tulp89", [("Wise", "francesca.smith", "tulp89")])
        Self.expect("Heroku: user : hbernard / Pw : Silver81&", [("Heroku", "hbernard", "Silver81&")])
        Self.expect(
            "Jira user name: emma@t-online.de Password: Drag=5386VEN", [("Jira", "emma@t-online.de", "Drag=5386VEN")])
        Self.expect("Twitter: @jperez80 / pass: Tw1tter!Juan", [("Twitter", "@jperez80", "Tw1tter!Juan")])
    }

    @Test func identifiersPINsAndPasswordsOnOneLine() {
        let items = Self.items(
            "Santander: identifiant 67828648, Code PIN 6090, Mot de Passe Pinguin3$\nBank id 123456 pin 4512 pw: Zeta!9x"
        )
        #expect(items.map(\.title) == ["Santander", "Bank"])
        #expect(items.map(\.username) == ["67828648", "123456"])
        #expect(items.map(\.password) == ["Pinguin3$", "Zeta!9x"])
        // The PINs are concealed custom fields, never visible.
        #expect(items[0].customFields.contains { $0.value == "6090" && $0.concealed })
        #expect(items[1].customFields.contains { $0.value == "4512" && $0.concealed })
    }

    @Test func labelsWithoutColon() {
        Self.expect("SAP Concur\nuser name chloe70\npass Pizz?7362MUS", [("SAP Concur", "chloe70", "Pizz?7362MUS")])
        Self.expect("Heroku\nusername kwame_ric\npwd pingu95", [("Heroku", "kwame_ric", "pingu95")])
        Self.expect(
            "Pinterest\nUtilizador gomez@libero.it\npalavra-passe Größe852.",
            [("Pinterest", "gomez@libero.it", "Größe852.")])
        Self.expect("Bank\nuser jsmith\npw Secret1", [("Bank", "jsmith", "Secret1")])
    }

    @Test func labelsInSevenLanguagesAndTheirMisspellings() {
        let blocks: [(String, String)] = [
            ("Username", "Password"), ("Benutzername", "Kennwort"), ("Kennung", "Passwort"),
            ("utente", "parola d'ordine"),
            ("nome utente", "password"), ("usuário", "senha"), ("utilizador", "palavra-passe"),
            ("gebruikersnaam", "wachtwoord"), ("identifiant", "mot de passe"), ("nom d'utilisateur", "mdp"),
            ("usuario", "contraseña"), ("correo", "clave"), ("Nutzer", "Kennw."), ("Emial", "Passwrod"),
            ("usernmae", "Passord"), ("Login", "PW"),
        ]
        for (user, password) in blocks {
            Self.expect("Service\n\(user): ana.lopez\n\(password): Kiefer-77", [("Service", "ana.lopez", "Kiefer-77")])
        }
    }

    // MARK: Titles over bare values

    @Test func aTitleOverABareCredentialLine() {
        Self.expect("Router\nadmin / R0uter-Adm1n", [("Router", "admin", "R0uter-Adm1n")])
        Self.expect(
            "Steam\nhttps://store.steampowered.com\ngarcia@hotmail.com : Printemps2024?\nJira\nhugo.bernard : Rocket's@48",
            [("Steam", "garcia@hotmail.com", "Printemps2024?"), ("Jira", "hugo.bernard", "Rocket's@48")])
        Self.expect("Router\nuser : 5.iAVB4dqCvod+G", [("Router", "user", "5.iAVB4dqCvod+G")])
        // Several accounts of one service, one per line.
        Self.expect(
            "Netflix\n  lefebvre@libero.it  Cherry\"s*84\n  hugo@proton.me  Pinguin69.",
            [("Netflix", "lefebvre@libero.it", "Cherry\"s*84"), ("Netflix", "hugo@proton.me", "Pinguin69.")])
    }

    @Test func aTitleOverBareValuesOnSeparateLines() {
        Self.expect("Facebook\nana@example.com\nfb-pass-123", [("Facebook", "ana@example.com", "fb-pass-123")])
        Self.expect("Trello:\noliver49@gmx.de\nstone.orbit.dish", [("Trello", "oliver49@gmx.de", "stone.orbit.dish")])
        Self.expect("Trello:\nipereira\nbattery-walnut-harbor", [("Trello", "ipereira", "battery-walnut-harbor")])
        Self.expect("Comcast\nUsername\nana_c\nPassword\nc0mcast", [("Comcast", "ana_c", "c0mcast")])
        Self.expect("🔐 Trello\n👤 emma_lef\n🔑 pelis26", [("Trello", "emma_lef", "pelis26")])
    }

    // MARK: Markdown

    @Test func markdownTablesMapColumnsThroughTheLabels() {
        let text = """
            | Site | Username | Password | URL |
            |---|---|---|---|
            | Heroku | lea_cos | Drag/5974PUR | heroku.com |
            | Spotify | kenji@gmx.de | 6&/83uF YgYnq3:Fm | |
            """
        Self.expect(text, [("Heroku", "lea_cos", "Drag/5974PUR"), ("Spotify", "kenji@gmx.de", "6&/83uF YgYnq3:Fm")])
        Self.expect(
            "| Dienst | Benutzername | Kennwort |\n|:--|:--|:--|\n| Plex | ana | Pl3x! |",
            [("Plex", "ana", "Pl3x!")])
    }

    @Test func boldCodeAndFrontMatter() {
        Self.expect(
            "**GitHub**\n- **user:** `ana-dev`\n- **password:** `gh_T0ken!`", [("GitHub", "ana-dev", "gh_T0ken!")])
        let items = Self.items(
            "---\ntitle: Moodle\ntags: [uni, work]\ncreated: 2021-03-04T10:00:00Z\n---\nlogin: costaa\npassword: cactus.jigsaw"
        )
        #expect(items.count == 1)
        #expect(items.first?.title == "Moodle" && items.first?.username == "costaa")
        #expect(items.first?.tags == ["uni", "work"] && items.first?.created != nil)
    }

    // MARK: Sentences and safety

    @Test func sentencesThatMentionSecretsAreKeptConcealedNeverGuessed() {
        let text = """
            Steam
            login: sbianchi
            Pass: Lluvia1998
            old pw was 8BFa?njPH'gB, changed to a new one in March
            Note to self: never use orbit_falcon again, it leaked

            PIN for the bank card is 4821
            """
        let items = Self.items(text)
        #expect(items.first?.password == "Lluvia1998")
        for item in items {
            let visible =
                [item.title, item.username ?? "", item.notes ?? ""] + item.urls + item.folder
                + item.customFields.filter { !$0.concealed }.map(\.value)
            for secret in ["8BFa?njPH'gB", "orbit_falcon", "4821"] {
                #expect(!visible.joined(separator: "\n").contains(secret), "\(secret) is visible in \(item.title)")
            }
        }
        #expect(Self.hidden(items[0])?.contains("old pw was 8BFa?njPH'gB") == true)
        #expect(items.last?.kind == .secureNote && Self.hidden(items.last!)?.contains("4821") == true)
    }

    @Test func labelledNotesStayInTheNotes() {
        let items = Self.items("Gmail\nuser: ana\npassword: s3cret!\nNotes: recovery phone is mum's")
        #expect(items.first?.notes == "recovery phone is mum's")
        #expect(items.first.flatMap(Self.hidden) == nil)
    }

    @Test func everyLineNotUnderstoodGoesToOneConcealedField() {
        let text =
            "Gas & electric\naccount: 55-1234\npassword: w@tts99\ncalled them on 3 May about the bill\nmeter 0042 ok"
        let items = Self.items(text)
        #expect(items.count == 1)
        let concealed = items[0].customFields.filter { $0.name == NotesImporter.unrecognizedFieldName }
        #expect(concealed.count == 1 && concealed[0].concealed)
        #expect(concealed[0].value.contains("called them on 3 May") && concealed[0].value.contains("meter 0042"))
        #expect(items[0].notes == nil)
    }

    @Test func aNoteWithoutCredentialsKeepsItsTextConcealed() {
        let items = Self.items("Gym locker code 4411, don't forget")
        #expect(items.count == 1 && items[0].kind == .secureNote)
        #expect(!items[0].title.contains("4411") && items[0].notes == nil)
        #expect(Self.hidden(items[0]) == "Gym locker code 4411, don't forget")
    }

    /// Generated one-line, inline-label and block records with strong passwords: the
    /// password is never in a title, username, URL or folder, whatever the separators.
    @Test func passwordLikeValuesNeverLandInVisibleFields() {
        var random = SeededGenerator(seed: 10)
        func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
        let titles = ["Jira", "Bank of America", "Gmail", "Wi-Fi casa", "Crédit Agricole", "AWS console", "Plex"]
        let users = ["mgarcia", "ana.lopez@gmail.com", "j_smith", "admin", "Kenji.R", "@jperez80", "12345678"]
        let separators = [
            " | ", " / ", " - ", " – ", " — ", " -- ", " = ", " -> ", " => ", ": ", ", ", "\t", "  ", "|", ":",
        ]
        let labels = ["pw", "pass", "Password", "mdp", "Kennwort", "senha", "wachtwoord", "clave", "p"]
        let symbols = Array("!#$%&*?+=@/:,\"")
        let letters = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ")
        for _ in 0..<3000 {
            var password = ""
            for _ in 0..<pick(8...16) { password.append(letters[pick(0...letters.count - 1)]) }
            password.insert(
                symbols[pick(0...symbols.count - 1)],
                at: password.index(password.startIndex, offsetBy: pick(1...password.count)))
            password += String(pick(0...99))
            #expect(NotesToken.isPasswordLike(password), "\(password)")
            let title = titles[pick(0...titles.count - 1)]
            let user = users[pick(0...users.count - 1)]
            let sep = separators[pick(0...separators.count - 1)]
            let label = labels[pick(0...labels.count - 1)]
            let url = pick(0...1) == 0 ? "" : sep + "https://example.com/login"
            let text: String
            switch pick(0...5) {
            case 0: text = title + sep + user + sep + password + url
            case 1: text = title + sep + password + sep + user + url
            case 2: text = "\(title) user: \(user) \(label): \(password)"
            case 3: text = "\(title)\n\(user)\(sep)\(password)"
            case 4: text = "# \(title)\n\(label): \(password)\nuser: \(user)"
            default: text = "- \(password)\(sep)\(title)\(sep)\(user)"
            }
            for item in Self.items(text) {
                let visible = [item.title, item.username ?? ""] + item.urls + item.folder
                #expect(!visible.contains { $0.contains(password) }, "\(text.debugDescription) → \(visible)")
            }
        }
    }

    /// Every word a person wrote is in some field of some item.
    @Test func nothingWrittenDisappears() {
        let texts = [
            "Gmail\nuser: ana\npassword: s3cret!\nrecovery phone is mum's\nPIN for the card is 4821",
            "Jira — mgarcia — Jira!Pass2022 — https://empresa.atlassian.net\nrandom words here",
            "# Work\n## Nothing under this\n# Home\nPlex | ana | pl3x!\nold pw was x, changed to y",
            "Santander: identifiant 67828648, Code PIN 6090, Mot de Passe Pinguin3$ (branch 12)",
            "| Site | Username | Password | Extra |\n|---|---|---|---|\n| Heroku | lea | Drag/59 | blue |",
            "---\ntitle: Note\nid: 1234abcd\n---\nsome text\n\nBANKING\n\nHSBC\nuser: c\npassword: d2d2",
            "Router\nadmin / R0uter-Adm1n (changed 2020)\n\nnetwork: Casa / key: Wifi!2024",
            String(repeating: "x", count: NotesLineClassifier.maximumParsedLine + 1),
        ]
        for text in texts {
            let items = Self.items(text)
            let everything = items.flatMap { i -> [String] in
                [i.title, i.username ?? "", i.password ?? "", i.notes ?? "", i.totp ?? ""] + i.urls + i.folder
                    + i.tags + i.customFields.flatMap { [$0.name, $0.value] }
            }.joined(separator: "\n").lowercased()
            let words = text.split(whereSeparator: { $0.isWhitespace || "|/:-—=,()[]#".contains($0) })
            let cores = words.map { $0.trimmingCharacters(in: CharacterSet.alphanumerics.inverted).lowercased() }
            // Labels are structure, not content: `key:` or `Mot de Passe` names the field its value fills.
            func inLabel(_ index: Int) -> Bool {
                for length in 1...NotesLabel.longestPhrase {
                    for start in max(0, index - length + 1)...index where start + length <= cores.count {
                        let phrase = cores[start..<start + length].joined(separator: " ")
                        if NotesLabel.lookup(NotesLabel.fold(phrase)) != nil { return true }
                    }
                }
                return false
            }
            for (index, word) in words.enumerated() {
                let core = cores[index]
                guard core.count > 1, !inLabel(index) else { continue }
                #expect(everything.contains(core), "\"\(word)\" of \(text.debugDescription) was lost")
            }
        }
    }

    @Test func theReportAccountsForEveryRecord() {
        let text = "EMAIL\n\nGmail\nuser: a\npassword: b1b1\n\nJust a thought about passwords.\n\nPlex | ana | pl3x!"
        let (records, report) = NotesImporter.importText(text, input: "t", encoding: "UTF-8")
        #expect(report.addsUp && report.read == records.count)
        #expect(report.imported == 2 && report.keptAsNotes == 1)
        #expect(records.map(\.confidence) == ["high", "low", "medium"])
        #expect(records.first?.firstLine == 3 && records.first?.lastLine == 5)
    }

    @Test func plainTextIsDetectedAsNotesButHeaderlessCSVIsRefused() throws {
        let notes = try Importer.importFile(Array("Gmail\nuser: a\npassword: b\n".utf8), input: "n.txt")
        #expect(notes.report.format == "notes" && notes.items.count == 1)
        #expect(throws: ConverterError.self) {
            try Importer.importFile(Array("Gmail,a,b\nYahoo,c,d\n".utf8), input: "x.csv")
        }
    }
    // MARK: Found on inputs written apart from the corpus

    @Test func serviceNamesNearALabelAreTitlesNotMisspeltLabels() {
        Self.expect("Gmail: ana@gmail.com Secret99!", [("Gmail", "ana@gmail.com", "Secret99!")])
        Self.expect("Gmail: ana@gmail.com / Secret99!", [("Gmail", "ana@gmail.com", "Secret99!")])
        Self.expect(
            "Gmail = sdubois@gmx.de = pepper-stone-purple = mail.google.com",
            [("Gmail", "sdubois@gmx.de", "pepper-stone-purple")])
        // A real misspelling still reads as its label.
        Self.expect("Bank\nEmial: ana@x.com\nPasswrod: Abc123!!", [("Bank", "ana@x.com", "Abc123!!")])
    }

    @Test func aSecondSecretInATitledBlockStaysInItsRecord() {
        let items = Self.items("Zalando\nlogin: jean@x.com\npass: Abc!12345\nMemorable word: Pumuckl")
        #expect(items.count == 1)
        #expect(items.first?.password == "Abc!12345")
        #expect(items.first?.customFields.contains { $0.value == "Pumuckl" && $0.concealed } == true)
        let router = Self.items("Router\nuser: admin\npassword: R0uter!x\nWiFi password: Guest2024!")
        #expect(router.count == 1)
        #expect(router.first?.customFields.contains { $0.value == "Guest2024!" && $0.concealed } == true)
    }

    @Test func wordsAfterACredentialLabelNameTheService() {
        Self.expect(
            "Contraseña del banco: Banco$2022, usuario 12345678Z", [("banco", "12345678Z", "Banco$2022")])
        Self.expect(
            "Mot de passe Orange : orange2021 (identifiant: 0612345678)", [("Orange", "0612345678", "orange2021")])
        Self.expect(
            "Finanças\nE-mail : weber@proton.me\nSenha de acesso:Pizza's$38",
            [("Finanças", "weber@proton.me", "Pizza's$38")])
    }

    @Test func aStrongLabelBeforeADashAndOneValueIsALabel() {
        Self.expect(
            "Site: instagram.com\nLogin - maria_g\nPass - Insta!2021",
            [("instagram.com", "maria_g", "Insta!2021")])
        Self.expect("Twitter\nUser – maria\nPassword – Tw1tter#Bird", [("Twitter", "maria", "Tw1tter#Bird")])
    }

    @Test func aServiceAndHandleThenThePassword() {
        Self.expect("disney+ olivia.b / vento89", [("disney+", "olivia.b", "vento89")])
        Self.expect("namecheap gjohnson7 / Somm.7214KAF", [("namecheap", "gjohnson7", "Somm.7214KAF")])
        // A plain second word may be part of the name ("amazon prime"): the title keeps it.
        Self.expect("amazon prime / Pr1me!pw", [("amazon prime", nil, "Pr1me!pw")])
    }

    @Test func aRemarkInParenthesesIsNeverThePassword() {
        let items = Self.items("steam: gamer_maria / St3amPower!  (2fa on phone)")
        #expect(items.first?.username == "gamer_maria")
        #expect(items.first?.password == "St3amPower!")
        #expect(Self.hidden(items[0])?.contains("2fa on phone") == true)
    }

    @Test func aGenericHeadingInCapitalsIsAFolderNotATitle() {
        let items = Self.items("PASSWORDS\n\nSite: instagram.com\nLogin - maria_g\nPass - Insta!2021")
        #expect(items.count == 1)
        #expect(items.first?.folder == ["Passwords"])
        #expect(items.first?.password == "Insta!2021")
    }
    /// Found by scripts/bench-convert: a Keep note "Note 1234" / "Buy milk 1234" became two
    /// logins with the password 1234. A number run into words is no password.
    @Test func aNumberRunIntoWordsIsNoPassword() throws {
        let items = Self.items("Buy milk 1234\nCall mum")
        #expect(items.allSatisfy { $0.password == nil })
        #expect(items.contains { $0.customFields.contains { $0.value == "1234" && $0.concealed } })
        // With a separator or a label it is the value of the title, as before.
        Self.expect("Gym locker: 4471", [("Gym locker", nil, "4471")])
        let note =
            #"{"title":"Note 1234","textContent":"Buy milk 1234\nCall mum","isTrashed":false,"#
            + #""isArchived":false,"userEditedTimestampUsec":1600000000000000}"#
        let result = try Importer.importFile(Array(note.utf8), input: "note.json")
        #expect(result.items.count == 1)
        #expect(result.items.first?.kind == .secureNote)
        #expect(result.items.first?.title == "Note 1234")
    }
    /// Secrets in places the grammar did not expect them: none may be shown.
    @Test func secretsOutsideCredentialFieldsStayOutOfSight() {
        let text = """
            Netflix
            user: ana@x.com
            pass: Flix!2024
            note: old password was sunshine

            Bank
            login 12345678
            notes: mother's maiden name smith

            Work laptop - bitlocker key 123456-654321-111111-222222
            Alarm: 9911
            my ssn 123-45-6789
            Visa 4111 1111 1111 1111 exp 12/27 cvv 123

            Santander
            user: ana.s
            password: Sant&2022
            IBAN: ES91 2100 0418 4502 0005 1332
            DNI: 12345678Z
            network: HomeNet
            """
        let items = Self.items(text)
        var shown = [String]()
        for item in items {
            shown += [item.title, item.username ?? "", item.notes ?? ""]
            shown += item.urls + item.folder
            shown += item.customFields.filter { !$0.concealed }.map(\.value)
        }
        let visible = shown.joined(separator: "\n")
        for secret in ["sunshine", "smith", "654321", "123-45-6789", "4111 1111", "12/27", "ES91", "12345678Z"] {
            #expect(!visible.contains(secret), "\(secret) is shown: \(visible)")
        }
        #expect(items.first { $0.title == "Bank" }?.username == "12345678", "a customer number stays the login")
        #expect(items.first { $0.title == "Alarm" }?.password == "9911")
        let visa = items.first { $0.title == "Visa" }
        #expect(visa?.password == nil)
        #expect(visa?.customFields.contains { $0.name == "cvv" && $0.value == "123" && $0.concealed } == true)
        #expect(visible.contains("HomeNet"), "a network name stays shown")
    }
    @Test func labelsWrittenTheWaysListsWriteThem() {
        // A stop after a password ends no sentence; a weak label before a login name is a label.
        Self.expect(
            "3) Movistar: Cuenta paul.martinez, Contraseña Fußball1679.",
            [("Movistar", "paul.martinez", "Fußball1679.")])
        // `token/pass`: a pair of labels joined by a slash names the field.
        Self.expect(
            "- url: https://ci.acme-corp.io\n- login: `jdoe-ci`\n- token/pass: `jk_8fH2:x91Lq`",
            [("ci.acme-corp.io", "jdoe-ci", "jk_8fH2:x91Lq")])
        // An e-mail is the login before a plain word beside it; a login name may be in capitals.
        Self.expect(
            "netflix - shared: familia.rojas@gmail.com  pw Rojas2019*",
            [("netflix", "familia.rojas@gmail.com", "Rojas2019*")])
        Self.expect("SAP -> usuario DLOPEZ  clave Sap_Lopez_01", [("SAP", "DLOPEZ", "Sap_Lopez_01")])
        // A label extended by a name titles the record it opens, with the network's name; the
        // network stays a field too.
        let wifi = Self.items("WiFi casa: NETGEAR42 / fUg#Rwoph@Kit#m3")
        #expect(wifi.first?.title == "WiFi casa NETGEAR42")
        #expect(wifi.first?.password == "fUg#Rwoph@Kit#m3")
    }
    @Test func remarksCommandsAndPunctuationAreNotCredentials() {
        // A remark in brackets is no login name; a name in brackets still is.
        Self.expect("Netflix (family) Flix2020!", [("Netflix (family)", nil, "Flix2020!")])
        Self.expect("Amazon (rossie) / monta91", [("Amazon", "rossie", "monta91")])
        // `ssh user@host` is where to log in, never a username and a password.
        let server = Self.items("Server\nssh deploy@203.0.113.17\nsudo pw: D3ploy!Srv:22")
        #expect(server.first?.urls == ["ssh://deploy@203.0.113.17"])
        #expect(server.allSatisfy { $0.password != "ssh" && $0.password != "deploy@203.0.113.17" })
        // "..." titles nothing: the record under it keeps its own name.
        Self.expect(
            "...\nrenew domain before May\ndropbox rui_t18@proton.me / Drag-1812PIN",
            [("dropbox", "rui_t18@proton.me", "Drag-1812PIN")])
        Self.expect(
            "CaixaBank n° client 41414519 / Code secret 1508 / MdP 7oHie$jUXqf6",
            [("CaixaBank", "41414519", "7oHie$jUXqf6")])
    }
    @Test func framedHeadingsAndAURLBetweenTitleAndLogin() {
        let items = Self.items(
            "=== EMAIL ===\ngmail: mario@gmail.com  pw: MarioR!2020\n\n*** Work ***\nJira: jdoe / J1ra!x")
        #expect(items.map(\.folder) == [["Email"], ["Work"]])
        Self.expect("Router\n192.168.0.1\nadmin\nRtr#4455", [("Router", "admin", "Rtr#4455")])
    }
    @Test func aLabelledLoginNameStaysAndAGenericTitleHeads() {
        let bank = Self.items("Sparkasse Online-Banking\nAnmeldename: MuellerK1975\nPIN: 4711")
        #expect(bank.first?.username == "MuellerK1975")
        // Not when it could be a password: symbols, or the password itself.
        let odd = Self.items("Shop\nuser: Xk#9!pq2Lm\npassword: other-Pass1")
        #expect(odd.first?.username != "Xk#9!pq2Lm")
        let items = Self.items("wachtwoorden\n\nbol.com\ngebruikersnaam: jan@ziggo.nl\nwachtwoord: Bol!Jan2020")
        #expect(items.first?.title == "bol.com")
        #expect(items.first?.folder == ["wachtwoorden"])
    }
    @Test func fileNamesSitesAndLabelledNumbersInLists() {
        // A file's name line is its heading, not `pw varie`.
        let items = Self.items("Password varie\nPoste Italiane - utente: mario.rossi - password: P0ste!It")
        #expect(items.count == 1)
        #expect(items.first?.folder == ["Password varie"])
        #expect(items.first?.password == "P0ste!It")
        // A site named before labels starts its own record.
        let two = Self.items(
            "Netflix: email maria@uol.com.br senha Netfl1x#Br\nGov.br - CPF 123.456.789-00 - senha G0vBr!2023")
        #expect(two.map(\.password) == ["Netfl1x#Br", "G0vBr!2023"])
        // "conta 56789-0" is an account number, never a password.
        let bank = Self.items("Banco do Brasil\nagência 1234 conta 56789-0\nsenha internet: Bb@2022x")
        #expect(bank.allSatisfy { $0.password != "conta 56789-0" })
    }
    @Test func handlesAndTokensInTitledBlocks() {
        Self.expect("Twitter\n@sarah_k\nTw33t!Sarah", [("Twitter", "@sarah_k", "Tw33t!Sarah")])
        let github = Self.items("GitHub\nuser sarahk-dev\ntoken ghp_abcdEFGH1234ijklMNOP5678\npw Git#Hub2023")
        #expect(github.count == 1)
        #expect(github.first?.username == "sarahk-dev")
        #expect(github.first?.password == "Git#Hub2023")
        #expect(github.first?.customFields.contains { $0.name == "token" && $0.concealed } == true)
    }
    @Test func moreValuesOfAFilledFieldStayInTheirRecord() {
        let text = """
            Steam
            Account name: gamerdude99
            Password: St3am!Gamer
            Email on file: dude@mail.com
            Steam Guard: on phone

            Epic Games / dude@mail.com / Ep1c#Games
            """
        let items = Self.items(text)
        #expect(items.map(\.title) == ["Steam", "Epic Games"])
        #expect(items[0].username == "gamerdude99")
        #expect(items[0].customFields.contains { $0.name == "Email on file" && $0.value == "dude@mail.com" })
        #expect(items[1].folder.isEmpty, "a line inside a record heads nothing")
    }
    @Test func datesAreNoCredentialsAndGermanBankLogins() {
        let items = Self.items("Comptes internet - maj 2023\n\nLeboncoin → marie@orange.fr → LBC_marie75")
        #expect(items.allSatisfy { $0.password != "2023" && $0.username != "maj" })
        #expect(items.contains { $0.password == "LBC_marie75" })
        let bank = Self.items(
            "Commerzbank: Teilnehmernummer 1234567890, PIN 54321\nebay.de: Mitgliedsname max_m1980 Passwort Eb@y1980!")
        #expect(bank.map(\.username) == ["1234567890", "max_m1980"])
        #expect(bank.last?.password == "Eb@y1980!")
    }
    @Test func commentsBrandsAndHeadingsOverOneLineRecords() {
        // A trailing `# …` or `// …` comment is a remark, never the password.
        Self.expect(
            "https://github.com  octocat  Gh!Octo2024   # work\nhttps://gitlab.com | octo@work.io | Gl@bWork1  // old",
            [("github.com", "octocat", "Gh!Octo2024"), ("gitlab.com", "octo@work.io", "Gl@bWork1")])
        // A brand one edit from a label (Chase, chave) is a title.
        Self.expect(
            "linkedin.com: octo@work.io / L1nked#In\nChase: octo_chase / Ch@se!2024",
            [("linkedin.com", "octo@work.io", "L1nked#In"), ("Chase", "octo_chase", "Ch@se!2024")])
        // A capitals heading over a whole one-line record heads it; over `user / pw`, it is its title.
        let personal = Self.items("PERSONAL\nnetflix   family@home.com   Netflix2024")
        #expect(personal.map(\.title) == ["netflix"])
        #expect(personal.first?.folder == ["Personal"])
        Self.expect("NAS\nubnt / Baca_7703GAR", [("NAS", "ubnt", "Baca_7703GAR")])
    }
    @Test func trailingPhrasesAndNamedNetworks() {
        Self.expect("Instagram - anna.k / Insta!Anna22 - 2FA via SMS", [("Instagram", "anna.k", "Insta!Anna22")])
        let items = Self.items("Zoom passcode 998877\nWi-Fi guest: GuestNet / welcome2024")
        #expect(items.map(\.title) == ["Zoom", "Wi-Fi guest GuestNet"])
        #expect(items.last?.password == "welcome2024")
        #expect(items.last?.username == nil)
    }
    @Test func pointersLabelsWithDigitsAndColonWords() {
        let items = Self.items(
            "amazon          kate.w@gmail.com      Kate#Amz2020\nnetflix         kate.w@gmail.com      same as amazon\n"
                + "bank            -                     PIN 4432 / online: K@teBank1")
        #expect(items.map(\.title) == ["amazon", "netflix", "bank"])
        // "same as amazon" in the password's column: amazon's password, never the words.
        #expect(items[1].password == "Kate#Amz2020" && items[1].username == "kate.w@gmail.com")
        #expect(items[2].password == "K@teBank1")
        #expect(items[2].username == nil, "online: is no login name")
        let router = Self.items("Router:\nSSID: Vodafone-A1B2\nWPA2: Xk92mLp0qRt7")
        #expect(router.first?.password == "Xk92mLp0qRt7")
        #expect(router.first?.username == nil)
    }
    @Test func aGenericTitleHeadsOneLineRecordsUnderIt() {
        let items = Self.items("Logins\ngmail ana@gmail.com Gm41l!Ana\nyahoo ana@yahoo.com Y4h00!Ana")
        #expect(items.map(\.title) == ["gmail", "yahoo"])
        #expect(items.allSatisfy { $0.folder == ["Logins"] })
        // Under a service's own title, a lowercase word still names the account.
        Self.expect("Gmail\nwork - ana@corp.com - W0rk!pw", [("Gmail", "ana@corp.com", "W0rk!pw")])
    }
    @Test func theSameServiceNamedOnTheNextLineFillsItsRecord() {
        Self.expect("Netflix acct: tom@x.com\nnetflix pw = N3tfl!xTom", [("Netflix", "tom@x.com", "N3tfl!xTom")])
        // A filled field named again is another account.
        Self.expect(
            "Netflix pw: A1!first\nNetflix pw: B2!second",
            [("Netflix", nil, "A1!first"), ("Netflix", nil, "B2!second")])
    }
    @Test func anEmailLabelWithoutAColonTakesOnlyAnAddress() {
        let items = Self.items(
            "email stuff\ngmail: jen@gmail.com / Blue#77\n\nmail accounts\nyahoo jen@yahoo.com Kitty1985")
        #expect(items.map(\.title) == ["gmail", "yahoo"])
        #expect(items.map(\.folder) == [["email stuff"], ["mail accounts"]])
        Self.expect("Shop\nemail jen@shop.example\npw Sh0p!2020", [("Shop", "jen@shop.example", "Sh0p!2020")])
    }
    @Test func aWiFiNetworkTitlesItsUntitledRecord() {
        let items = Self.items("wifi: HarrisHome5G / pass: sunflower-garden-42\nSSID: NETGEAR42 / WPA2: Xk92mLp0qRt7")
        #expect(items.map(\.title) == ["wifi HarrisHome5G", "SSID NETGEAR42"])
        #expect(items.map(\.password) == ["sunflower-garden-42", "Xk92mLp0qRt7"])
        // A network name that is the password, or has it inside, never titles the record.
        let same = Self.items("wifi: Garden2024x / pass: Garden2024x")
        #expect(same.allSatisfy { !$0.title.contains("Garden2024x") })
    }
}
