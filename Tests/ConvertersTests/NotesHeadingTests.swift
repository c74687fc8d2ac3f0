import Foundation
import Testing
import VaultModel

@testable import Converters

/// A Markdown heading over one record's lines names that record, and other rules from the
/// cold-written set samples/notes-corpus/outside/u (stop 29), each with inputs and counter-inputs.
@Suite struct NotesHeadingTests {
    static func logins(_ text: String) -> [VaultItem] { NotesImporterTests.items(text).filter { $0.password != nil } }

    /// Under a heading naming no record yet, a login and a password alone on a line are that
    /// record's, with the address above or below them: the heading titles it, and the login
    /// is never the title.
    /// A record titled in capitals a block after a capitals heading's own records is its
    /// sibling, not filed under it; a capitals heading standing alone over such records heads them.
    @Test func aCapitalsTitleAfterAHeadingsRecordsIsItsSibling() {
        let shops = Self.logins(
            "SHOPEE\n- toko utama: batikmurah.id / Batik#Murah01\n- toko kedua: grosir.id / Grosir2022!!\n\n"
                + "TOKOPEDIA\nuser: 081234567890\npw: TokpedSiti_99\n")
        #expect(shops.count == 3 && shops[0].folder == ["Shopee"] && shops[2].title == "TOKOPEDIA")
        #expect(shops[2].folder.isEmpty)
        let banks = Self.logins("BANKING\n\nCHASE\nuser: ana\npw: Ch@se2020!\n\nWELLS\nuser: bo\npw: We11s!x9\n")
        #expect(banks.map(\.folder) == [["Banking"], ["Banking"]])
    }

    @Test func aLoginAndPasswordUnderAHeadingAreItsRecords() {
        for text in [
            "## Proxmox\n- URL: https://192.168.1.10:8006\n- `root` / `pve-R00t!lab`\n",
            "## Proxmox\nURL: https://192.168.1.10:8006\nroot / pve-R00t!lab\n",
            "## Proxmox\n- root / pve-R00t!lab\n- URL: https://192.168.1.10:8006\n",
        ] {
            let items = Self.logins(text)
            #expect(items.count == 1, "\(text)")
            #expect(items.first?.title == "Proxmox" && items.first?.username == "root", "\(text)")
            #expect(items.first?.password == "pve-R00t!lab" && items.first?.urls == ["https://192.168.1.10:8006"])
        }
        // Counter-input: several such lines under a heading are a list of records, each its own.
        let list = Self.logins("## Streaming\nhulu / Hulu#Pass-22\nnetflix / Flix!2020-ok\n")
        #expect(list.count == 2 && list.map(\.password) == ["Hulu#Pass-22", "Flix!2020-ok"])
        #expect(!list.contains { $0.username == "hulu" && $0.title == "Streaming" })
    }

    /// Words naming a page or console of the service before its address are no title of
    /// their own under a heading naming the service: they stay, out of sight.
    @Test func wordsNamingAPageOfTheServiceGiveWayToTheHeading() {
        let pihole = Self.logins("## Pi-hole\nweb UI http://pihole.lan/admin — password only: `BlockTheAds42`\n")
        #expect(pihole.first?.title == "Pi-hole" && pihole.first?.password == "BlockTheAds42")
        let unifi = Self.logins("## UniFi\nController https://unifi.lan:8443 — `ubnt-admin` / `Ubiquiti sucks 2!`\n")
        #expect(unifi.first?.title == "UniFi" && unifi.first?.username == "ubnt-admin")
        #expect(unifi.first?.customFields.contains { $0.value.contains("Controller") } == true)
        // Counter-input: a service's own name before its address keeps the title.
        let jira = Self.logins("## Work\nJira https://acme.atlassian.net — ana / Jira!Pass2022\n")
        #expect(jira.first?.title == "Jira")
    }

    /// A labelled login, a slash and one value: the value is the login's password (a word too,
    /// after a slash), unless more follows it; and a buyer's or seller's account under a
    /// heading naming the service is that service's.
    @Test func aLabelledLoginThenASlashAndAValueIsThePair() {
        let buyer = Self.logins("ETSY\n buyer acct: sofiam1990 / etsyshopper\n")
        #expect(buyer.first?.username == "sofiam1990" && buyer.first?.password == "etsyshopper")
        #expect(buyer.first?.title == "Etsy (buyer)")
        let shaped = Self.logins("Bank\nlogin: ana.k - Hunter#22\n")
        #expect(shaped.first?.username == "ana.k" && shaped.first?.password == "Hunter#22")
        // Counter-inputs: a word after another separator is no password; a word with a value
        // after it names that value.
        #expect(Self.logins("Bank\nlogin: ana.k - branch\n").isEmpty)
        let initial = Self.logins("- VPN login: `m.ortiz` / initial `Vpn#Start-1` (reset later)\n")
        #expect(initial.first?.password == "Vpn#Start-1" && initial.first?.username == "m.ortiz")
    }

    /// A password, its login and its site, joined by words (`for`, `at`, `on`) or arrows: the
    /// site titles it; the joining words stay, out of sight.
    @Test func aPasswordForALoginAtASiteIsThatSitesLogin() {
        let arrow = Self.logins("xL9#vQ2!mT  -> mbell@fastmail.com on 1password.com  (the manager itself)")
        #expect(arrow.first?.title == "1password.com" && arrow.first?.username == "mbell@fastmail.com")
        #expect(arrow.first?.password == "xL9#vQ2!mT" && arrow.first?.urls == ["1password.com"])
        let words = Self.logins("Gr8!Scott-77 for ana.k at tumblr.com")
        #expect(words.first?.title == "tumblr.com" && words.first?.username == "ana.k")
        // Counter-input: a sentence of words is no such line.
        #expect(Self.logins("lunch for ana at noon.com").isEmpty)
    }

    /// An address after a name shown to others (a gamertag, a nickname) is the login; the
    /// shown name is a field of the record.
    @Test func anAddressAfterAShownNameIsTheLogin() {
        let xbox = NotesImporterTests.items("Owen Xbox — gamertag OwenTheGr8 — email owen@x.com — pw CreeperBoom99")
        #expect(xbox.first?.username == "owen@x.com" && xbox.first?.password == "CreeperBoom99")
        #expect(xbox.first?.customFields.contains { $0.name == "gamertag" && $0.value == "OwenTheGr8" } == true)
        // Counter-input: after a login proper, the address is a field.
        let proper = NotesImporterTests.items("Forum — username owen_t — email owen@x.com — pw Forum#Pass1")
        #expect(proper.first?.username == "owen_t")
    }

    /// A name, a remark of a few words, an address and a password, set apart by separators,
    /// is a record line with a remark, even when the remark is a sentence's words.
    @Test func aRemarkAmongValuesMakesNoSentence() {
        let line = Self.logins("Spotify family - Dad is manager - bob@x.net / Abba-Dancing-Queen")
        #expect(line.first?.title == "Spotify family" && line.first?.username == "bob@x.net")
        #expect(line.first?.password == "Abba-Dancing-Queen")
        // Counter-input: a line that opens with a sentence is read as one.
        let said = NotesImporterTests.items("Prime is on dads account - dad@x.net / Gardening2015")
        #expect(!said.contains { $0.title.hasPrefix("Prime is") })
    }

    /// Old and new in Polish, Scandinavian, Finnish and Turkish mark a changed password as
    /// they do in the languages before them: the new one is the password, the old kept beside.
    @Test func oldAndNewInMoreLanguagesTellAChangedPassword() {
        let changed = NotesImporterTests.items(
            "Poczta: a.nowak@onet.pl – hasło stare: nowak1990, nowe: Pierogi-z-Serem-5")
        #expect(changed.first?.password == "Pierogi-z-Serem-5")
        #expect(changed.first?.customFields.contains { $0.value == "nowak1990" && $0.concealed } == true)
    }

    /// (Stop 30, from the tuned set outside/h.) A heading names every row of a table under it
    /// that has no column naming the service, not only the first.
    @Test func aHeadingNamesEveryRowOfItsTableWithoutAServiceColumn() {
        let rows = Self.logins(
            "## Outlook\n| account | password |\n|---|---|\n| d.okoro@outlook.com | Hotmail-Since-2004 |\n"
                + "| daniel@contoso.com | C0ntoso-Consult-Q1 |\n")
        #expect(
            rows.map(\.title) == ["Outlook", "Outlook"]
                && rows.map(\.username) == ["d.okoro@outlook.com", "daniel@contoso.com"])
        // Counter-input: a table with a service column names its rows itself, under a heading.
        let named = Self.logins(
            "## Work\n| Service | Login | Password |\n|---|---|---|\n| Jira | ana | Jira!2024x |\n| Slack | ana@x.com | Sl4ck!pw-9 |\n"
        )
        #expect(named.map(\.title) == ["Jira", "Slack"] && named.allSatisfy { $0.folder == ["Work"] })
    }

    /// (Stop 30, from outside/h.) Under a heading naming a service, the records after the one it
    /// titled that are titled only by which account they are stay that service's accounts.
    @Test func accountsAfterTheFirstUnderAServiceHeadingKeepItsName() {
        let gmail = Self.logins(
            "## Gmail\n- personal: a@gmail.com — Lagos-Lekki-2001\n- side business: b@gmail.com — Chisel&Plane-77\n"
                + "- kids (supervised): c@gmail.com — Dino-Roar-12\n")
        #expect(gmail.map(\.title) == ["Gmail", "Gmail (side business)", "Gmail (kids)"])
        // Counter-input: a service's own name under a heading of a kind of account keeps it.
        let email = Self.logins(
            "## Email\n- Gmail: c@gmail.com — Dino-Roar-12\n- Yahoo: a@yahoo.com — Lagos-Lekki-2001\n")
        #expect(email.map(\.title) == ["Gmail", "Yahoo"])
        // Nor does the service reach past the next heading.
        let next = Self.logins(
            "## Gmail\n- personal: a@gmail.com — Lagos-Lekki-2001\n## Misc\n- work: w@x.org — Desk!2024-ok\n")
        #expect(next.last?.title.hasPrefix("Gmail") == false)
    }
}
