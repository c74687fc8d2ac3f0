import Foundation
import Testing
import VaultModel

@testable import Converters

/// Importers of formats the corpus does not cover (Proton Pass) or covers only partly
/// (the keychain dump's escapes, notes and non-password classes), on fixtures of our own.
@Suite struct ManagerImporterTests {
    static let protonJSON = """
        {"version": "1.21.2", "userId": "u1", "encrypted": false, "vaults": {
          "s1": {"name": "Personal", "description": "", "items": [
            {"itemId": "i1", "shareId": "s1", "state": 1, "pinned": true, "aliasEmail": null,
             "contentFormatVersion": 6, "createTime": 1700000000, "modifyTime": 1700000100,
             "data": {"type": "login", "metadata": {"name": "GitHub", "note": "work account", "itemUuid": "x"},
               "extraFields": [{"fieldName": "recovery", "type": "hidden", "data": {"content": "r-123"}},
                               {"fieldName": "team", "type": "text", "data": {"content": "core"}}],
               "content": {"itemEmail": "ana@example.com", "itemUsername": "ana-dev", "password": "gh!pw",
                           "urls": ["https://github.com", "https://gist.github.com"],
                           "totpUri": "otpauth://totp/GitHub:ana?secret=JBSWY3DPEHPK3PXP", "passkeys": []}}},
            {"itemId": "i2", "shareId": "s1", "state": 2, "pinned": false, "createTime": 1700000000,
             "data": {"type": "login", "metadata": {"name": "Old forum", "note": ""}, "extraFields": [],
               "content": {"username": "ana", "password": "old", "urls": []}}},
            {"itemId": "i3", "shareId": "s1", "state": 1, "createTime": 1700000000,
             "data": {"type": "note", "metadata": {"name": "Wi-Fi", "note": "SSID casa, key 1234"},
               "extraFields": [], "content": {}}}]},
          "s2": {"name": "Cards", "description": "", "items": [
            {"itemId": "i4", "shareId": "s2", "state": 1, "createTime": 1700000000,
             "data": {"type": "creditCard", "metadata": {"name": "Visa", "note": ""}, "extraFields": [],
               "content": {"cardholderName": "Ana Lopez", "cardType": 0, "number": "4111111111111111",
                           "verificationNumber": "123", "expirationDate": "2030-04", "pin": "9876"}}},
            {"itemId": "i5", "shareId": "s2", "state": 1, "aliasEmail": "shop.x1@passmail.net",
             "data": {"type": "alias", "metadata": {"name": "shop alias", "note": ""}, "extraFields": [],
               "content": {}}}]}}}
        """

    @Test func protonPassJSONKeepsEveryItemWithItsVault() throws {
        let (items, report) = try Importer.importFile(Array(Self.protonJSON.utf8), input: "data.json")
        #expect(report.format == "protonpass-json" && report.read == 5 && report.addsUp)
        #expect(report.imported == 4 && report.keptAsNotes == 1)
        let github = try #require(items.first { $0.title == "GitHub" })
        #expect(github.username == "ana-dev" && github.password == "gh!pw" && github.favorite)
        #expect(github.urls == ["https://github.com", "https://gist.github.com"])
        #expect(github.totp == "otpauth://totp/GitHub:ana?secret=JBSWY3DPEHPK3PXP")
        #expect(github.notes == "work account" && github.folder == ["Personal"])
        #expect(github.customFields.contains(.init(name: "email", value: "ana@example.com")))
        #expect(github.customFields.contains(.init(name: "recovery", value: "r-123", concealed: true)))
        #expect(github.created == Date(timeIntervalSince1970: 1_700_000_000))
        let trashed = try #require(items.first { $0.title == "Old forum" })
        #expect(trashed.username == "ana" && trashed.folder == ["Personal", "Trash"])
        let card = try #require(items.first { $0.kind == .card })
        #expect(card.details["number"] == "4111111111111111" && card.details["expiry"] == "2030-04")
        #expect(card.details["brand"] == nil && card.folder == ["Cards"])
        #expect(items.first { $0.title == "shop alias" }?.username == "shop.x1@passmail.net")
        #expect(items.first { $0.kind == .secureNote }?.notes == "SSID casa, key 1234")
    }

    @Test func encryptedAndZippedProtonExportsSayWhatToDo() {
        let encrypted = Array(#"{"version": "1", "userId": "u", "encrypted": true, "vaults": {}}"#.utf8)
        #expect(throws: ConverterError.self) { try Importer.importFile(encrypted, input: "data.json") }
        do {
            _ = try Importer.importFile([0x50, 0x4B, 0x03, 0x04, 0, 0], input: "export.zip")
            Issue.record("a ZIP archive imported")
        } catch let error as ConverterError {
            #expect(error.description.contains("unzip"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: [
        // Proton Pass 1.18+ (email and vault columns) and older exports.
        "type,name,url,email,username,password,note,totp,createTime,modifyTime,vault\n"
            + "login,GitHub,\"https://github.com, https://gist.github.com\",ana@example.com,,pw1,,,1700000000,1700000100,Work\n",
        "type,name,url,username,password,note,totp,createTime,modifyTime\n"
            + "login,GitHub,\"https://github.com, https://gist.github.com\",ana@example.com,pw1,,,1700000000,1700000100\n",
    ])
    func protonPassCSVOfEitherVersion(csv: String) throws {
        let (items, report) = try Importer.importFile(Array(csv.utf8), input: "proton.csv")
        #expect(report.format == "protonpass-csv" && report.imported == 1)
        let item = try #require(items.first)
        #expect(item.username == "ana@example.com" && item.password == "pw1")
        #expect(item.urls == ["https://github.com", "https://gist.github.com"])
        #expect(item.modified == Date(timeIntervalSince1970: 1_700_000_100))
        #expect(item.customFields.isEmpty)
    }

    static let keychainDump = #"""
        keychain: "/Users/ana/Library/Keychains/login.keychain-db"
        version: 512
        class: "inet"
        attributes:
            0x00000007 <blob>="git.example.org"
            "acct"<blob>="ana"
            "atyp"<blob>="form"
            "cdat"<timedate>=0x32303231303130323033303430355A00  "20210102030405Z\000"
            "icmt"<blob>="deploy key is elsewhere"
            "path"<blob>="/login"
            "port"<uint32>=0x00001F90
            "ptcl"<uint32>="http"
            "srvr"<blob>="git.example.org"
        data:
        0x615C62  "a\134b"
        keychain: "/Users/ana/Library/Keychains/login.keychain-db"
        version: 256
        class: "genp"
        attributes:
            0x00000007 <blob>="Wi-Fi at home"
            "acct"<blob>="Casa"
            "svce"<blob>="AirPort"
            "type"<uint32>=<NULL>
        data:
        "correct horse"
        keychain: "/Users/ana/Library/Keychains/login.keychain-db"
        version: 256
        class: "genp"
        attributes:
            0x00000007 <blob>="Locker combination"
            "svce"<blob>="Locker combination"
            "type"<uint32>="note"
        data:
        0x3C3F786D6C2076657273696F6E3D22312E302220656E636F64696E673D225554462D38223F3E3C706C6973742076657273696F6E3D22312E30223E3C646963743E3C6B65793E4E4F54453C2F6B65793E3C737472696E673E31322D33342D35363C2F737472696E673E3C2F646963743E3C2F706C6973743E  "<?xml..."
        keychain: "/Users/ana/Library/Keychains/login.keychain-db"
        version: 256
        class: 0x80001000
        attributes:
            "alis"<blob>="Apple Root CA"
        """#

    @Test func keychainDumpMapsAttributesEscapesNotesAndSkipsCertificates() throws {
        let (items, report) = try Importer.importFile(Array(Self.keychainDump.utf8), input: "dump.txt")
        #expect(report.format == "apple-keychain-dump" && report.read == 4 && report.addsUp)
        #expect(report.skipped.map(\.line) == [35])
        let web = try #require(items.first)
        #expect(web.title == "git.example.org" && web.username == "ana" && web.password == "a\\b")
        #expect(web.urls == ["http://git.example.org:8080/login"] && web.notes == "deploy key is elsewhere")
        #expect(web.keychain?.itemClass == "inet" && web.keychain?.port == 8080)
        #expect(web.keychain?.authenticationType == "form")
        #expect(web.created == Date(timeIntervalSince1970: 1_609_556_645))
        #expect(items[1].keychain?.service == "AirPort" && items[1].password == "correct horse")
        #expect(items[2].kind == .secureNote && items[2].notes == "12-34-56" && items[2].password == nil)
    }

    /// Found by scripts/fuzz: `>=` before the `<type>` crashed the attribute parser, and
    /// fullwidth digits passed Character.isHexDigit into a forced hex conversion.
    @Test(arguments: ["    \"acct\">=\"x\"<blob", "    \"acct\"<blob>=0x\u{FF14}\u{FF11}", "    \"acct\"<blob>=0x"])
    func fuzzFoundKeychainLinesAreNamedErrors(line: String) {
        let dump = "keychain: \"k\"\nversion: 256\nclass: \"genp\"\nattributes:\n\(line)\n"
        #expect(throws: ConverterError(input: "dump.txt", line: 5, "")) {
            try Importer.importFile(Array(dump.utf8), input: "dump.txt")
        }
    }

    @Test func aBrokenKeychainLineIsNamed() {
        let broken = "keychain: \"k\"\nversion: 256\nclass: \"genp\"\nattributes:\n    \"acct\"<blob>=ana\n"
        #expect(throws: ConverterError(input: "dump.txt", line: 5, "")) {
            try Importer.importFile(Array(broken.utf8), input: "dump.txt")
        }
    }
}
