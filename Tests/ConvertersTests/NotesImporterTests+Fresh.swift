import Foundation
import Testing
import VaultModel

@testable import Converters

/// Rules for what the fresh sets of stop 26 (samples/notes-corpus/outside/q) showed, each
/// with inputs and counter-inputs.
@Suite struct NotesFreshWritersTests {
    static func items(_ text: String) -> [VaultItem] { NotesImporterTests.items(text) }

    /// A Wi-Fi record titled by its label gets the network's name in its title: the list
    /// says which network the key opens. The key is the password, never the title.
    @Test func aWiFiRecordIsTitledByItsNetwork() {
        let cases: [(String, String, String)] = [
            ("wi-fi de casa: VIVOFIBRA-7A21  senha: pao-de-queijo-77", "VIVOFIBRA-7A21", "pao-de-queijo-77"),
            ("- wifi coloc : Livebox-8A3C / clé : e7Kq9mPzv4WnH2RsXa", "Livebox-8A3C", "e7Kq9mPzv4WnH2RsXa"),
            ("Wifi name: TheSmiths_5G\nwifi password: sunflower-garden-77", "TheSmiths_5G", "sunflower-garden-77"),
            ("Home wifi: NETGEAR47\nWifi password: curlyoctopus512", "NETGEAR47", "curlyoctopus512"),
            ("Guest wifi: WrenCabin_Guest / loonsandpines", "WrenCabin_Guest", "loonsandpines"),
            ("Wifi nhà: VNPT_Lan_5G  mk: caphe-sua-da-90", "VNPT_Lan_5G", "caphe-sua-da-90"),
        ]
        for (text, network, key) in cases {
            let items = Self.items(text)
            #expect(items.count == 1, "\(text)")
            #expect(items.first?.title.contains(network) == true, "\(text): \(items.first?.title ?? "")")
            #expect(items.first?.password == key && items.first?.title.contains(key) == false, "\(text)")
        }
        // Counter-inputs: a key with a password's symbols is never joined to a title; a service's
        // record keeps its own title beside a network field.
        let symbols = Self.items("Wi-Fi casa | g@XTyLbFNeCXCCU19 | @jperez80")
        #expect(symbols.allSatisfy { !$0.title.contains("g@XTyLbFNeCXCCU19") })
        let router = Self.items("Netgear router\nnetwork: HomeNet\nadmin / N3tg3ar!Admin")
        #expect(router.first?.title == "Netgear router")
    }

    /// "same email as above" shares the login only when the record gives its own password.
    @Test func aPointerToAnEmailSharesTheLoginOnly() {
        let items = Self.items(
            """
            Email (AOL): harold@aol.com
            Password: Bluebird1947

            Facebook: same email as above
            Password: Margaret&Harold

            Twitter: same as above
            """)
        #expect(items.map(\.title) == ["Email (AOL)", "Facebook", "Twitter"])
        #expect(items.map(\.username) == ["harold@aol.com", "harold@aol.com", "harold@aol.com"])
        #expect(items.map(\.password) == ["Bluebird1947", "Margaret&Harold", "Margaret&Harold"])
        // Counter-input: with no password of its own, the whole login is shared, as before.
        let shared = Self.items("Gmail: ana@x.org\nPassword: Gm-Pass-1\n\nYouTube: same email as above\n")
        #expect(shared.last?.password == "Gm-Pass-1")
    }

    /// A name placed as the password before a labelled password came was the title's.
    @Test func aLabelledPasswordReplacesANamePlacedAsOne() {
        let items = Self.items(
            """
            Kindle / Amazon: maggie@yahoo.com
            Password: BookClub!Tues

            POSTA (Libero): giuseppina@libero.it
            password: Girasole1941
            """)
        #expect(items.map(\.title) == ["Kindle / Amazon", "POSTA (Libero)"])
        #expect(items.map(\.password) == ["BookClub!Tues", "Girasole1941"])
        #expect(items.allSatisfy { $0.customFields.isEmpty })
        // Counter-input: a password-shaped value placed first stays, and the second is kept beside it.
        let two = Self.items("Bank: ana / Bk-Pass-77\nPassword: Other!Pass2")
        #expect(two.first?.password == "Bk-Pass-77" && two.first?.customFields.first?.value == "Other!Pass2")
    }

    /// Markdown's strikethrough marks older passwords: a run of them, then words saying the
    /// next is new; all kept out of sight, never a field, never part of a title.
    @Test func struckOutRunsAreOlderPasswords() {
        let items = Self.items(
            """
            **Netflix**: kevin@hotmail.com
              ~~Stranger1~~ ~~Stranger2~~ Stranger3Things!

            **Hotmail**: kevin@hotmail.com
              ~~Galway2019~~ ~~Galway#2021~~ NOW: Claddagh!2024

            PAC ~~55120~~ new one 90871
            """)
        #expect(items[0].password == "Stranger3Things!" && items[0].username == "kevin@hotmail.com")
        #expect(items[1].password == "Claddagh!2024" && items[1].title == "Hotmail")
        let old = items.flatMap { $0.customFields.filter { $0.name == "old password" && $0.concealed }.map(\.value) }
        #expect(old == ["Stranger1", "Stranger2", "Galway2019", "Galway#2021", "55120"])
        #expect(items.allSatisfy { !$0.title.contains("55120") && !$0.title.contains("~~") })
        // Counter-input: a struck word is no password.
        let cancelled = Self.items("~~Hulu~~ cancelled\nNetflix: ana@x.org / Flix!2024")
        #expect(!cancelled.contains { $0.customFields.contains { $0.value == "Hulu" && $0.name == "old password" } })
    }

    /// `admin/Rout3r_Adm1n`: a default account and its password joined by a slash.
    @Test func aDefaultAccountJoinedToItsPasswordBySlash() {
        let items = Self.items("7. Router in apartment 192.168.1.1 admin/Rout3r_Adm1n")
        #expect(items.first?.username == "admin" && items.first?.password == "Rout3r_Adm1n")
        // Counter-inputs: a password with a slash of its own, and a path, stay whole.
        #expect(Self.items("Plex: ana@x.org  wfnRk/QVNZ78").first?.password == "wfnRk/QVNZ78")
        #expect(Self.items("NAS pw: admin/x").first?.password == "admin/x")
    }

    /// A journal's date opening an entry is kept out of sight, never the title.
    @Test func aJournalDateOpeningAnEntryIsNoTitle() {
        for line in [
            "Apr 18 — Strava: jordan@icloud.com Run5k!Daily", "2024-04-18: Strava: jordan@icloud.com Run5k!Daily",
            "18 April 2024 - Strava: jordan@icloud.com Run5k!Daily",
        ] {
            let item = Self.items(line).first
            #expect(item?.title == "Strava" && item?.password == "Run5k!Daily", "\(line)")
            #expect(item?.customFields.contains { $0.concealed && $0.value.contains("18") } == true, "\(line)")
        }
        #expect(NotesDateEntry.split("Mar 3 2024 — finally set up the laptop"[...])?.1 == "finally set up the laptop")
        // Counter-inputs: a date before two spaces opens a change line; a month's name alone is a title.
        #expect(NotesDateEntry.split("2020-02-11  amazon changed -> x"[...]) == nil)
        #expect(NotesDateEntry.split("March - ana@x.org / pw"[...]) == nil)
    }
}
