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
}
