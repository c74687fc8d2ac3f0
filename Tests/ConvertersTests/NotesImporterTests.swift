import Foundation
import Testing
import VaultModel

@testable import Converters

/// Realistic notes-app snippets in varied styles, each with the entries a person would
/// expect, and the rule that nothing written disappears.
@Suite struct NotesImporterTests {
    struct Case {
        var text: String
        /// (title, username, password) per expected record, in order.
        var expected: [(String, String?, String?)]
    }

    static let cases: [Case] = [
        Case(text: "Gmail\nuser: ana@gmail.com\npassword: s3cret", expected: [("Gmail", "ana@gmail.com", "s3cret")]),
        Case(
            text: "Gmail\nUsername: ana\nPassword: s3cret\n\nYahoo\nlogin: ana2\npw: x",
            expected: [("Gmail", "ana", "s3cret"), ("Yahoo", "ana2", "x")]),
        Case(text: "Outlook - ana@outlook.com / Blue!Sky", expected: [("Outlook", "ana@outlook.com", "Blue!Sky")]),
        Case(text: "Amazon | ana@example.com | tr0ub4dor&3", expected: [("Amazon", "ana@example.com", "tr0ub4dor&3")]),
        Case(text: "eBay: analopez pw: S0ld!Out", expected: [("eBay", "analopez", "S0ld!Out")]),
        Case(text: "Etsy\tana.makes\tknit-99", expected: [("Etsy", "ana.makes", "knit-99")]),
        Case(
            text: "- Amazon | a@x.com | p1\n- eBay | b | p2\n- Etsy | c | p3",
            expected: [("Amazon", "a@x.com", "p1"), ("eBay", "b", "p2"), ("Etsy", "c", "p3")]),
        Case(
            text: "1. Netflix | ana | film\n2. Hulu | ana | tv",
            expected: [("Netflix", "ana", "film"), ("Hulu", "ana", "tv")]),
        Case(text: "Banque\nidentifiant : 4091\nmot de passe : 8812Xq!", expected: [("Banque", "4091", "8812Xq!")]),
        Case(text: "Sparkasse\nBenutzername: ana\nPasswort: Kiefer-77", expected: [("Sparkasse", "ana", "Kiefer-77")]),
        Case(text: "Banco\nusuario: ana\ncontraseña: Pelis&Manta", expected: [("Banco", "ana", "Pelis&Manta")]),
        Case(
            text: "Netflix\ncorreo: ana@example.com\nclave: 1234abcd",
            expected: [("Netflix", "ana@example.com", "1234abcd")]),
        Case(
            text: "Twitter\nemail: ana@x.org\npass: hunter2\nhttps://twitter.com",
            expected: [("Twitter", "ana@x.org", "hunter2")]),
        Case(text: "GitHub:\nlogin = ana-dev\npwd = gh-token-xyz", expected: [("GitHub", "ana-dev", "gh-token-xyz")]),
        Case(text: "Router\nadmin / admin at 192.168.1.1", expected: [("Router", nil, nil)]),
        Case(text: "Wi-Fi\nnetwork: Casa\nkey: not-a-password", expected: [("Wi-Fi", nil, nil)]),
        Case(text: "Title: Dropbox\nUser: ana\nPassword: d80x", expected: [("Dropbox", "ana", "d80x")]),
        Case(text: "Dropbox\nana@example.com\npassword: d80x", expected: [("Dropbox", "ana@example.com", "d80x")]),
        Case(text: "www.example.com\nuser: ana\npassword: e", expected: [("www.example.com", "ana", "e")]),
        Case(
            text: "Gmail\nuser: a\npassword: b\n---\nYahoo\nuser: c\npassword: d",
            expected: [("Gmail", "a", "b"), ("Yahoo", "c", "d")]),
        Case(
            text: "# Work\nJira\nuser: ana\npassword: j1\n\n# Home\nPlex\nuser: ana\npassword: p2",
            expected: [("Jira", "ana", "j1"), ("Plex", "ana", "p2")]),
        Case(text: "EMAIL\n\nGmail\nuser: a\npassword: b", expected: [("Gmail", "a", "b")]),
        Case(text: "Banking\n=======\nHSBC\nuser: 123\npassword: h", expected: [("HSBC", "123", "h")]),
        Case(
            text: "Steam\n  user:  gamer42  \n  password:  p@ss word  ", expected: [("Steam", "gamer42", "p@ss word")]),
        Case(text: "PayPal\nuser: a\npassword: first\npassword: second", expected: [("PayPal", "a", "first")]),
        Case(
            text: "Just a thought about passwords, nothing else.",
            expected: [("Just a thought about passwords, nothing else.", nil, nil)]),
        Case(text: "Bank\nuser: a\npassword: b\npin: 4321", expected: [("Bank", "a", "b")]),
        Case(
            text: "Mastodon\nuser: @ana@mastodon.social\npassword: toot",
            expected: [("Mastodon", "@ana@mastodon.social", "toot")]),
        Case(text: "* Spotify - ana@music.com / beats", expected: [("Spotify", "ana@music.com", "beats")]),
        Case(
            text: "Slack\nusername: ana\npassword: ::colons::inside", expected: [("Slack", "ana", "::colons::inside")]),
        Case(text: "Amazon\nu: ana\np: hunter2", expected: [("Amazon", "ana", "hunter2")]),
        Case(text: "Apple ID: ana@icloud.com / pw: Appl3!", expected: [("Apple ID", "ana@icloud.com", "Appl3!")]),
        Case(
            text: "Bank of America\nUser ID: ana123\nPasscode: 998877",
            expected: [("Bank of America", "ana123", "998877")]),
        Case(text: "Wifi password: casa-2024", expected: [("Wifi", nil, "casa-2024")]),
        Case(text: "Instagram — ana.gram — Insta#2020", expected: [("Instagram", "ana.gram", "Insta#2020")]),
        Case(text: "Zoom\nE-mail: ana@z.com\nPW: zz1", expected: [("Zoom", "ana@z.com", "zz1")]),
        Case(text: "Discord\nLogin: ana#1234\nMot de passe: d1sc", expected: [("Discord", "ana#1234", "d1sc")]),
        Case(text: "Uber\nuser= ana\npass= ub3r", expected: [("Uber", "ana", "ub3r")]),
        Case(text: "Comcast\nUsername\nana_c\nPassword\nc0mcast", expected: [("Comcast", "ana_c", "c0mcast")]),
        Case(
            text: "Reddit    ana_r    r3dd1t\nLobsters    ana_l    l0bst",
            expected: [("Reddit", "ana_r", "r3dd1t"), ("Lobsters", "ana_l", "l0bst")]),
        Case(text: "Steuer\nLogin: 12345\nKennwort: St3uer", expected: [("Steuer", "12345", "St3uer")]),
        Case(
            text: "Dentist portal\nhttps://portal.dent.example\nuser: ana\npassword: teeth",
            expected: [("Dentist portal", "ana", "teeth")]),
        Case(
            text: "Facebook\nana@example.com\nfb-pass-123", expected: [("Facebook", "ana@example.com", "fb-pass-123")]),
        Case(text: "NETFLIX\nemail - ana@n.com\npassword - flix!", expected: [("NETFLIX", "ana@n.com", "flix!")]),
        Case(text: "Spotify: ana@music.com / beats2", expected: [("Spotify", "ana@music.com", "beats2")]),
        Case(
            text: "Gas & electric\n\taccount: 55-1234\n\tpassword: w@tts\n\tcalled them on 3 May about the bill",
            expected: [("Gas & electric", "55-1234", "w@tts")]),
        Case(
            text: "Gym locker code 4411, don't forget", expected: [("Gym locker code 4411, don't forget", nil, nil)]),
    ]

    @Test func snippetsGiveTheExpectedEntries() {
        #expect(Self.cases.count >= 40, "the issue asks for at least 40 realistic snippets")
        for (n, c) in Self.cases.enumerated() {
            let (records, report) = NotesImporter.importText(c.text, input: "case \(n)", encoding: "UTF-8")
            #expect(report.addsUp, "case \(n)")
            let got = records.map { ($0.item.title, $0.item.username, $0.item.password) }
            #expect(got.count == c.expected.count, "case \(n): \(got)")
            for (g, e) in zip(got, c.expected) {
                #expect(g.0 == e.0 && g.1 == e.1 && g.2 == e.2, "case \(n): got \(g), expected \(e)")
            }
        }
    }

    @Test func nothingWrittenDisappears() {
        for (n, c) in Self.cases.enumerated() {
            let (records, _) = NotesImporter.importText(c.text, input: "case \(n)", encoding: "UTF-8")
            let everything = records.flatMap { r -> [String] in
                let i = r.item
                return [i.title, i.username ?? "", i.password ?? "", i.notes ?? "", i.totp ?? ""] + i.urls + i.folder
                    + i.customFields.map(\.value)
            }.joined(separator: "\n")
            for raw in c.text.split(whereSeparator: \.isNewline) {
                let line = NotesImporter.stripBullet(String(raw))
                if line.isEmpty || line.allSatisfy({ "-=#*".contains($0) }) { continue }
                let pieces: [String]
                if let (_, value) = NotesImporter.labelledValue(line) {
                    pieces = [value]
                } else if let parts = NotesImporter.oneLine(line) {
                    pieces = [parts.title, parts.user, parts.password]
                } else if let (service, _, value) = NotesImporter.servicePrefixedLabel(line) {
                    pieces = [service, value]
                } else if NotesImporter.labels[line.lowercased()] != nil {
                    pieces = []  // a label alone: its value is the next line, checked there
                } else {
                    pieces = [
                        line.trimmingCharacters(in: CharacterSet(charactersIn: ":# ")).replacingOccurrences(
                            of: "=", with: "")
                    ]
                }
                for piece in pieces where !piece.isEmpty {
                    #expect(
                        everything.localizedCaseInsensitiveContains(piece.trimmingCharacters(in: .whitespaces)),
                        "case \(n): \"\(piece)\" from \"\(raw)\" was lost")
                }
            }
        }
    }

    @Test func foldersComeFromHeadings() {
        let text =
            "# Work\nJira\nuser: a\npassword: b\n\nBANKING\n\nHSBC\nuser: c\npassword: d\n\nShopping\n--------\nAmazon | e | f"
        let (records, _) = NotesImporter.importText(text, input: "t", encoding: "UTF-8")
        #expect(records.map(\.item.folder) == [["Work"], ["Banking"], ["Shopping"]])
    }

    @Test func plainTextIsDetectedAsNotesButHeaderlessCSVIsRefused() throws {
        let notes = try Importer.importFile(Array("Gmail\nuser: a\npassword: b\n".utf8), input: "n.txt")
        #expect(notes.report.format == "notes" && notes.items.count == 1)
        #expect(throws: ConverterError.self) {
            try Importer.importFile(Array("Gmail,a,b\nYahoo,c,d\n".utf8), input: "x.csv")
        }
    }
}
