import Foundation
import Testing
import VaultModel

@testable import Converters

/// Rules from the tuned sets samples/notes-corpus/outside/u, g and x (stop 34): a page's date
/// and time, tables copied with tabs, a password said in words, numbers written in groups.
/// Each with inputs and counter-inputs.
@Suite struct NotesPageAndTableTests {
    static func items(_ text: String) -> [VaultItem] { NotesImporterTests.items(text) }

    /// OneNote heads a page with its date and time: kept out of sight, never a title and a
    /// password, and the page's records after them are read as before.
    @Test func aPagesDateAndTimeAreNoLogin() {
        let items = Self.items("Passwords\nTuesday, March 9, 2021\n2:14 PM\n\nZoom  ana@x.org  Zo0m&Meet#7\n")
        #expect(!items.contains { $0.password == "March 9" || $0.title == "Tuesday" || $0.title == "2:14 PM" })
        #expect(items.contains { $0.title == "Zoom" && $0.password == "Zo0m&Meet#7" })
        let concealed = items.flatMap(\.customFields).filter(\.concealed).map(\.value).joined(separator: "\n")
        #expect(concealed.contains("Tuesday, March 9, 2021") && concealed.contains("2:14 PM"))
        #expect(NotesDateEntry.isWholeDate("Tuesday, March 9, 2021"))
        #expect(NotesDateEntry.isWholeDate("2024-03-05"))
        #expect(NotesDateEntry.isTime("2:14 PM") && NotesDateEntry.isTime("14:02"))
        // Counter-inputs: a date with more after it, a time-like password.
        #expect(!NotesDateEntry.isWholeDate("March 9 renew the card"))
        #expect(!NotesDateEntry.isTime("12:3456") && !NotesDateEntry.isTime("ab:cd"))
        let login = Self.items("Bank\nMarch 9  Pw#2021x\n")
        #expect(!login.contains { $0.password == "9" })
    }

    /// A table copied from OneNote or a sheet keeps its cells between tabs: a row whose
    /// words hold brackets or labels is still a row, "(SSO)" under Password is no password,
    /// and "same" under Username is the login of the row above.
    @Test func tabbedTableRowsAreReadByTheirColumns() {
        let table =
            "Work\nSite\tUsername\tPassword\tNotes\nVPN (GlobalProtect)\ttnguyen\tWinter!2021vpn\tchanges quarterly\n"
            + "Workday\ttnguyen\t(SSO)\t\nUSAA\ttnguyen_usaa\tSemper.Fi.1999\tPIN 3306\nFidelity 401k\tsame\tRoll0ver!Now\t\n"
        let items = Self.items(table)
        let vpn = items.first { $0.title == "VPN (GlobalProtect)" }
        #expect(vpn?.username == "tnguyen" && vpn?.password == "Winter!2021vpn")
        let workday = items.first { $0.title == "Workday" }
        #expect(workday?.username == "tnguyen" && workday?.password == nil)
        #expect(workday?.customFields.contains { $0.concealed && $0.value.contains("(SSO)") } == true)
        let usaa = items.first { $0.title == "USAA" }
        #expect(usaa?.password == "Semper.Fi.1999" && usaa?.customFields.contains { $0.value.contains("3306") } == true)
        #expect(items.first { $0.title == "Fidelity 401k" }?.username == "tnguyen_usaa")
        // "123456789012 (num. de servicio)" under Username: the number, the remark kept apart.
        let cfe = Self.items(
            "SITIO | USUARIO | CONTRASEÑA\n--- | --- | ---\nCFE | 123456789012 (num. de servicio) | Luz$2021\n")
        #expect(cfe.first?.username == "123456789012" && cfe.first?.password == "Luz$2021")
        // Counter-input: a labelled line with tabs under a table is a line of its own.
        let under = Self.items("Site\tUsername\tPassword\nGmail\tana@x.org\tMail#Pw1\nRouter password:\tHunter2!\n")
        #expect(!under.contains { $0.username == "Hunter2!" || $0.title == "Hunter2!" })
        // Counter-input: "same" with no row above it is kept, not made a login.
        let alone = Self.items("Site\tUsername\tPassword\nFidelity\tsame\tRoll0ver!Now\n")
        #expect(alone.first?.username != "same")
        #expect(NotesRecordAssembler.meansSameAsAbove("same as above"))
        #expect(NotesRecordAssembler.meansSameAsAbove("ditto"))
        #expect(!NotesRecordAssembler.meansSameAsAbove("see vault"))
        #expect(!NotesRecordAssembler.meansSameAsAbove("samantha"))
    }

    /// "Paddy Power Mavis1938 Password Horses 4 Mavis": a password said in words after a
    /// login; the login is the value before it, never the password.
    @Test func aPasswordSaidInWordsLeavesTheValueBeforeItTheLogin() {
        let item = Self.items("Paddy Power mavis@talktalk.net Password Horses 4 Mavis\n").first
        #expect(item?.password == nil)
        #expect(item?.username == "mavis@talktalk.net")
        #expect(item?.customFields.contains { $0.concealed && $0.value.contains("Horses 4 Mavis") } == true)
        // A value that may be the password (or a PIN) is never the login: kept out of sight.
        let dictated = Self.items("Paddy Power Mavis1938 Password Horses 4 Mavis\n").first
        #expect(dictated?.username == nil && dictated?.password == nil)
        #expect(Self.items("Paddy Power  Kx9!mP2q  Password changed last March\n").first?.username == nil)
        // Counter-input: a labelled password of one word is read as before.
        let plain = Self.items("Mecca Bingo user name Mavis1938 password LuckyDucky38\n").first
        #expect(plain?.username == "Mavis1938" && plain?.password == "LuckyDucky38")
    }

    /// "e-Devlet: TC 12345678950  şifre: x": an identity number's acronym and the number or
    /// code after it, beside a labelled password, give the login.
    @Test func anAcronymNamingANumberBesideAPasswordGivesTheLogin() {
        let lines = [
            ("e-Devlet: TC 12345678950  şifre: Ankara06!Devlet", "12345678950"),
            ("- IMSS Digital — CURP GALU850312MDFRPP09 — contraseña: imss-Lupe-85", "GALU850312MDFRPP09"),
            ("Госуслуги: СНИЛС 112-233-445 95 / пароль: Gosuslugi_2022!", "112-233-445 95"),
        ]
        for (line, login) in lines {
            let item = Self.items(line + "\n").first
            #expect(item?.username == login, "\(line)")
            #expect(item?.password != login)
        }
        // Counter-inputs: a national number never signed in with stays a secret; no password
        // label, no login read from the acronym.
        for line in [
            "IRS: SSN 123456789  password: Tax#Pay2023", "Card: AMEX 371449635398431  password: Amex#2023",
        ] {
            let item = Self.items(line + "\n").first
            #expect(item?.username == nil || !(item?.username ?? "").contains(where: \.isNumber), "\(line)")
        }
        let bare = Self.items("e-Devlet: TC 12345678950\n").first
        #expect(bare?.username == nil)
        #expect(bare?.customFields.contains { $0.concealed && $0.value.contains("12345678950") } == true)
        #expect(NotesRecordAssembler.isAcronym("СНИЛС") && !NotesRecordAssembler.isAcronym("Tc"))
    }

    /// A phone, customer or identity number written in groups is the login, never the
    /// password; a password label's value then is the password.
    @Test func aNumberInGroupsIsTheLoginNotThePassword() {
        let telekom = Self.items("Telekom (mobil) 06 30 123 4567\n").first
        #expect(telekom?.password == nil)
        #expect(telekom?.username == "06 30 123 4567")
        #expect(NotesRecordAssembler.isGroupedNumber("+7 916 555-12-34"))
        #expect(NotesRecordAssembler.isGroupedNumber("114 882 019"))
        // Counter-inputs: a password with digits and words, a short PIN in groups, a labelled password.
        #expect(!NotesRecordAssembler.isGroupedNumber("Horses 4 Mavis"))
        #expect(!NotesRecordAssembler.isGroupedNumber("12 34"))
        // A capitalised word naming the number, over the record's own login: a concealed field.
        let portal = Self.items(
            "Stadtwerke Kundenportal\nVertragskonto 2004 1187 33\nBenutzer: h.b@gmx.de\nPasswort: Strom&Wasser2020\n")
        #expect(portal.count == 1)
        #expect(portal.first?.username == "h.b@gmx.de" && portal.first?.password == "Strom&Wasser2020")
        #expect(portal.first?.customFields.contains { $0.concealed && $0.value == "2004 1187 33" } == true)
        // Written with one-digit groups or dashes (French fiscal and social security numbers,
        // a Russian phone): one value all the same.
        let impots = Self.items("Impots.gouv\nnuméro fiscal : 1 23 45 678 901 234\nmot de passe : Marianne-1789!\n")
        #expect(impots.first?.username == "1 23 45 678 901 234" && impots.first?.password == "Marianne-1789!")
        let vk = Self.items("ВКонтакте: +7 916 555-12-34 / пароль Vkontakte.Marina\n").first
        #expect(vk?.username == "+7 916 555-12-34" && vk?.password == "Vkontakte.Marina")
        #expect(NotesTokenizer.tokens("СНИЛС 112-233-445 95").map(\.text) == ["СНИЛС", "112-233-445 95"])
        #expect(NotesTokenizer.tokens("phone 0171 2345678").map(\.text) == ["phone", "0171 2345678"])
        // Counter-inputs: a short run with one-digit groups, a date with dashes, a card and its
        // expiry, backup codes in pairs of four digits (each code its own value).
        #expect(NotesTokenizer.tokens("8213 4471    5520 1938").count == 4)
        #expect(NotesTokenizer.tokens("Meeting 3 2024 12 45").count == 5)
        #expect(NotesTokenizer.tokens("2024-03-05 14 30").map(\.text).first == "2024-03-05")
        #expect(NotesTokenizer.tokens("Visa 4111 1111 1111 1111 12 25 123").map(\.text).contains("4111 1111 1111 1111"))
        // A PIN in groups, a card's or a Wi-Fi key's four groups of four: never the login.
        let pin = Self.items("Volksbank\nBenutzer: mueller\nPIN: 1234 5678\n").first
        #expect(pin?.username == "mueller")
        #expect(!NotesRecordAssembler.isGroupedNumber("4711 0815 2342 1337"))
        #expect(NotesTokenizer.tokens("Telekom 0171 2345678 4471").map(\.text) == ["Telekom", "0171 2345678", "4471"])
        let labelled = Self.items("Bank\npassword: 1234 5678 9012\n").first
        #expect(labelled?.password == "1234 5678 9012")
    }
}
