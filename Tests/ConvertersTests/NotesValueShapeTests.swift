import Foundation
import Testing
import VaultModel

@testable import Converters

/// Values whose shape had misled the notes reader, from the tuned set
/// samples/notes-corpus/outside/m (stop 30): a service named with digits, bars inside a
/// labelled password, a phone number in two groups. Each with inputs and counter-inputs.
@Suite struct NotesValueShapeTests {
    static func logins(_ text: String) -> [VaultItem] { NotesImporterTests.items(text).filter { $0.password != nil } }

    /// A name of letters and digits opening a line of three values, a login and a password
    /// after it, is the service: it had been taken for the login, and the login dropped.
    @Test func aServiceNamedWithDigitsOpensItsLine() {
        for (text, title, user, password) in [
            ("Bet365  mdunn_85  PutItOnRed:17\n", "Bet365", "mdunn_85", "PutItOnRed:17"),
            ("Office365 - ana@x.com - Tr0ub4dor&3\n", "Office365", "ana@x.com", "Tr0ub4dor&3"),
            ("bet365, mdunn_85, Secret!17\n", "bet365", "mdunn_85", "Secret!17"),
            ("Win10 | kim_lee | Vault!Key-9\n", "Win10", "kim_lee", "Vault!Key-9"),
        ] {
            let item = Self.logins(text).first
            #expect(item?.title == title && item?.username == user && item?.password == password, "\(text)")
        }
        // Counter-input: a login name first and a service's name after it keep their places.
        let swapped = Self.logins("mdunn85  Netflix  Secret!17\n").first
        #expect(swapped?.title == "Netflix" && swapped?.username == "mdunn85")
    }

    /// Capitalised words last on a line, after its login and with no other password, are a
    /// passphrase; they had been kept out of sight as a remark and the login left with none.
    @Test func capitalisedWordsAfterALoginAreItsPassphrase() {
        for (text, user, password) in [
            ("trainline tomasz.k.uk@gmail.com Off Peak Return\n", "tomasz.k.uk@gmail.com", "Off Peak Return"),
            ("Spotify - ana_b - Dancing Queen Forever\n", "ana_b", "Dancing Queen Forever"),
            ("Vodafone  07700900123  Red Phone Box\n", "07700900123", "Red Phone Box"),
        ] {
            let item = Self.logins(text).first
            #expect(item?.username == user && item?.password == password, "\(text)")
        }
        // Counter-inputs: a pointer, words in lower case or in capitals, a label first, stay remarks.
        for text in [
            "gmail ana@x.com Same As Before\n", "netflix ana@x.com ask tom first\n", "hulu ana@x.com PASS WORD IS\n",
            "bank ana@x.com Password Changed Twice\n",
        ] {
            #expect(Self.logins(text).isEmpty, "\(text)")
        }
        #expect(!NotesRecordAssembler.isCapitalisedPassphrase(["Off", "Peak"]))
        // A short number before the words is no login (a PIN, or an account's last digits).
        #expect(Self.logins("Halifax  4471  Joint Current Account\n").first?.username != "4471")
    }

    /// The ideographic space is a gap between values and a label in full-width letters is a
    /// label (`ＩＤ　hiroshi_docomo`); full-width letters in a value stay as written.
    @Test func fullWidthGapsAndLabelsReadAsTheirASCIIForms() {
        let items = Self.logins("ドコモ\nＩＤ　hiroshi_docomo\nＰＷ　Docomo#0123\n")
        #expect(items.first?.username == "hiroshi_docomo" && items.first?.password == "Docomo#0123")
        #expect(NotesLineClassifier.asciiPunctuation("Ｓａｋｕｒａ　ＰＷ") == "Ｓａｋｕｒａ  PW")
        // A full-width colon ends its word in text written without spaces; so does a doubled dash.
        let wechat = Self.logins("微信：手机号 13812345678  密码 Wx@lihua1982\n").first
        #expect(wechat?.title == "微信" && wechat?.password == "Wx@lihua1982")
        #expect(NotesLineClassifier.asciiPunctuation("淘宝——账号 x") == "淘宝 — 账号 x")
    }

    /// A value after a separator, capitals inside it, ends no sentence with its `!`.
    @Test func aPasswordEndingInAMarkAfterASeparatorEndsNoSentence() {
        let router = Self.logins("router UPC: admin / UpcKowal!\n").first
        #expect(router?.username == "admin" && router?.password == "UpcKowal!")
        #expect(Self.logins("I really like this one / Really!\n").isEmpty)
    }

    /// Bars inside the one word after a password label are the password's, not columns.
    @Test func barsInsideALabelledPasswordAreItsOwn() {
        let unifi = Self.logins("unifi\npass: UniFi|Net|2024\nuser: admin\n").first
        #expect(unifi?.password == "UniFi|Net|2024" && unifi?.username == "admin")
        let french = Self.logins("Box internet\nmot de passe: a1|b2|c3!\n").first
        #expect(french?.password == "a1|b2|c3!")
        // Counter-inputs: lines of `a|b|c` are still columns, and so are bars after another label.
        let columns = Self.logins("gmail|ana@x.com|Secret!1\nyahoo|bob@y.com|Pw!2x-9\n")
        #expect(
            columns.map(\.password) == ["Secret!1", "Pw!2x-9"] && columns.map(\.username) == ["ana@x.com", "bob@y.com"])
        #expect(!NotesTokenizer.barsInLabelledPassword("note: a|b|c"))
        #expect(!NotesTokenizer.barsInLabelledPassword("pass: |a|b|"))
    }

    /// Two groups of ten digits or more opening with 0 are one phone number: the login of
    /// its line, never a login cut in two with half of it left over.
    @Test func aPhoneNumberInTwoGroupsIsOneValue() {
        for text in ["Vodafone  0871 234567  broadband!99\n", "EE: 07700 900181 / Pass!word9\n"] {
            let item = Self.logins(text).first
            #expect(
                item?.username?.filter(\.isNumber).count == 10 || item?.username?.filter(\.isNumber).count == 11,
                "\(text)")
            #expect(item?.password?.contains(where: \.isLetter) == true, "\(text)")
        }
        // "call 07700 900181 for help" is no record: the number is not split into a login
        // and a password.
        #expect(Self.logins("call 07700 900181 for help\n").isEmpty)
        // Counter-input: two short numbers stay two values (a login and a PIN).
        let bank = Self.logins("Bank 12345 678901\n").first
        #expect(bank?.username == "12345" && bank?.password == "678901")
    }

    /// A device's well-known login name or an e-mail glued to its password by a colon or a
    /// slash is the login and the password (`admin:Gr4fana-Adm1n` had been one password,
    /// the login inside it). From the tuned set outside/u.
    @Test func aWellKnownLoginGluedToItsPasswordIsTwoValues() {
        for (text, user, password) in [
            ("grafana  https://grafana.corp.example.com  admin:Gr4fana-Adm1n\n", "admin", "Gr4fana-Adm1n"),
            ("nas  root/Syn0logy!\n", "root", "Syn0logy!"),
            ("gmail: ana@x.org:Couch!Flix9\n", "ana@x.org", "Couch!Flix9"),
        ] {
            let item = Self.logins(text).first
            #expect(item?.username == user && item?.password == password, "\(text)")
        }
        // Counter-inputs: a password with a colon in it, and a host with its port, stay whole.
        #expect(Self.logins("BET365  mdunn_85  PutItOnRed:17\n").first?.password == "PutItOnRed:17")
        #expect(NotesImporterTests.items("redis  10.0.4.22:6379  pw: R3dis!cache\n").first?.urls == ["10.0.4.22:6379"])
    }

    /// A login name with a dot or underscore, beside a phrase of words after the title, is the
    /// login: it had been taken for the password (a login in the password field). From outside/u.
    /// A social handle is a login wherever it stands; a password using `@` for `a` is not one.
    @Test func aSocialHandleIsALogin() {
        let insta = Self.logins("instagram  Poro.Poro.11  @aino.vrtnn\n").first
        #expect(insta?.username == "@aino.vrtnn" && insta?.password == "Poro.Poro.11")
        let trick = Self.logins("Instagram: ana_b / @pple123\n").first
        #expect(trick?.username == "ana_b" && trick?.password == "@pple123")
        #expect(!NotesImporter.isGamerTag("@dmin2020") && NotesImporter.isGamerTag("@jsmith_22"))
    }

    @Test func aLoginNameBesideAPhraseIsNoPassword() {
        let item = NotesImporterTests.items("Spotify - okafor_jen - Afrobeats on repeat\n").first
        #expect(item?.username == "okafor_jen" && item?.password == nil)
        #expect(item?.customFields.contains { $0.concealed && $0.value.contains("Afrobeats on repeat") } == true)
        // Counter-input: alone after the title, the value is the password (`Netflix - hunter2`).
        #expect(Self.logins("Spotify - okafor_jen\n").first?.password == "okafor_jen")
    }
}
