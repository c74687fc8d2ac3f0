import Foundation
import Testing
import VaultModel

@testable import Converters

/// Labels in the languages beyond the seven (``NotesLabel/otherLanguages``), and the words kept
/// out of that list because they are values or names too.
@Suite struct NotesLanguagesTests {
    static func logins(_ text: String) -> [VaultItem] { NotesImporterTests.items(text).filter { $0.password != nil } }

    @Test func labelsInOtherLanguagesNameTheirFields() {
        for (text, user, password) in [
            ("Index.hr\nkorisnik: ivan.horvat\nlozinka: Jadran#2020\n", "ivan.horvat", "Jadran#2020"),
            ("Gmail\nvartotojas: jonas.k\nslaptažodis: Vilnius!88\n", "jonas.k", "Vilnius!88"),
            ("Landsbankinn\nnotandanafn: gudrun77\nlykilorð: Hekla&Eldur1\n", "gudrun77", "Hekla&Eldur1"),
            ("Swedbank\nkasutajanimi: mari.tamm\nparool: Tallinn#1991\n", "mari.tamm", "Tallinn#1991"),
            ("네이버\n사용자명 minji_kim01\n패스워드 Minji!0101\n", "minji_kim01", "Minji!0101"),
        ] {
            let item = Self.logins(text).first
            #expect(item?.username == user && item?.password == password, "\(text)")
        }
        // A PIN in another language is a secret, never the password.
        let card = NotesImporterTests.items("OP\ntunnusluku: 2580\nsalasana: Sauna&Sisu24\n").first
        #expect(card?.password == "Sauna&Sisu24" && card?.customFields.contains { $0.value == "2580" } == true)
    }

    @Test func shortOrCommonWordsOfOtherLanguagesStayValuesAndNames() {
        // `ctt` (Indonesian notes), `mm` (Chinese pinyin), `äpp` (Finnish app): values and names here.
        let post = Self.logins("CTT: ana.sousa.pt@sapo.pt / palavra-passe: Correio-Azul-9\n").first
        #expect(post?.title == "CTT" && post?.password == "Correio-Azul-9")
        let shop = Self.logins("* **MediaMarkt**: mbecker77 / MM-Blau:Rot1\n").first
        #expect(shop?.password == "MM-Blau:Rot1")
        let bank = Self.logins("Nubank\npw app: Abc914582\n").first
        #expect(bank?.title == "Nubank" && bank?.password == "Abc914582")
        // Near misses are read only against the seven languages' words: `lozinka` is a label,
        // `lozinke` (one edit from it) is not.
        #expect(NotesLabel.lookup("lozinka")?.field == .password && NotesLabel.misspelt("lozinke") == nil)
    }

    @Test func aNotesWordEndingANameNamesASecretNotTheNotes() {
        let items = NotesImporterTests.items(
            "Lloyds online: user id gwatkins1974  password Cardiff#74  memorable info: Seren\n")
        #expect(items.first?.password == "Cardiff#74" && items.first?.notes == nil)
        #expect(items.first?.customFields.contains { $0.concealed && $0.value.contains("Seren") } == true)
    }

    @Test func aFieldNameHoldingAPasswordIsKeptOutOfSight() {
        let text = "conta | login | senha | obs\nItaú | ag 0412 cc 55813-2 | Itau@Conta77 | senha do cartão 4490\n"
        let items = NotesImporterTests.items(text)
        #expect(!items.isEmpty)
        for item in items {
            for field in item.customFields { #expect(!field.name.contains("Itau@Conta77"), "\(field.name)") }
            #expect(!item.title.contains("Itau@Conta77") && item.username != "Itau@Conta77")
        }
        // The value is kept, out of sight.
        #expect(items.contains { $0.customFields.contains { $0.concealed && $0.value.contains("Itau@Conta77") } })
    }

    /// A national identity number under its label is the login where services sign in with
    /// it (Poland's ePUAP with the PESEL, Russia's Gosuslugi with the SNILS, Sweden's BankID
    /// with the personnummer).
    @Test func anIdentityNumberUnderItsLabelIsTheLogin() {
        let item = NotesImporterTests.items("ePUAP\nPESEL: 85010112345\nhasło: Gąbka.Łódź75\n").first
        #expect(item?.username == "85010112345" && item?.password == "Gąbka.Łódź75")
    }
}

extension NotesLanguagesTests {
    /// Thai `รหัส` ("code") before a value, without a colon, is the password, as `pw` is.
    @Test func thaiCodeWordLabelsThePassword() {
        let items = NotesImporterTests.items("SCB Easy\nชื่อผู้ใช้ somchai_scb\nรหัส Scb@2566\n").filter {
            $0.password != nil
        }
        #expect(items.first?.password == "Scb@2566" && items.first?.username == "somchai_scb")
    }
}
