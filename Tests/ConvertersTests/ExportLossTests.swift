import Foundation
import PropertyList
import TestSupport
import Testing
import VaultModel

@testable import Converters

/// Every exporter names what it cannot hold, counting items, in one warning; the trash goes
/// to KeePass's recycle bin and comes back; keychain attributes and icons travel where they
/// can; the shipped keychain-items.bplist imports with its attributes.
@Suite struct ExportLossTests {
    static func document() throws -> VaultDocument {
        var login = VaultItem(title: "Site")
        login.username = "ana"
        login.password = "pw"
        login.folder = ["Casa / Home", "Sub"]
        login.icon = "https://example.org/favicon.ico"
        try login.setKeychainAttributes([("server", "example.org"), ("port", "8443"), ("comment", "c")])
        login.tags = ["t"]
        login.totp = "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP"
        var note = VaultItem(kind: .secureNote, title: "Note")
        note.password = "note secret"
        note.favorite = true
        var card = VaultItem(kind: .card, title: "Card")
        card.details["number"] = .string("4111")
        var gone = VaultItem(title: "Gone")
        gone.password = "old"
        gone.folder = ["Work"]
        gone.trashed = Date(timeIntervalSince1970: 1_700_000_000)
        return VaultDocument(items: [login, note, card, gone])
    }

    /// KeePassXC's group column is `Root`, then `/` and the folder path (written without
    /// joining the two): a folder of one empty name is `Root/`, and a path needing quotes is
    /// quoted whole.
    @Test func theKeePassXCGroupColumnIsRootAndThePath() throws {
        func group(_ folder: [String]) throws -> String {
            var item = VaultItem(title: "T")
            item.password = "p"
            item.folder = folder
            let csv = String(
                decoding: CSVExporter.export(VaultDocument(items: [item]), dialect: .keepassxc).bytes, as: UTF8.self)
            let row = try #require(csv.split(separator: "\r\n").dropFirst().first)
            let title = try #require(row.range(of: ",T,"))  // the group column ends where the title starts
            return String(row[..<title.lowerBound])
        }
        #expect(try group([]) == "Root")
        #expect(try group([""]) == "Root/")
        #expect(try group(["Work", "Sub"]) == "Root/Work/Sub")
        #expect(try group(["a/b"]) == "Root/a\\/b")
        #expect(try group(["Say \"hi\", then"]) == "\"Root/Say \"\"hi\"\", then\"")
        #expect(try group(["trailing "]) == "\"Root/trailing \"")
    }

    @Test func eachCSVDialectNamesWhatItDrops() throws {
        let document = try Self.document()
        let expected: [CSVExporter.Dialect: String] = [
            .chrome:
                "chrome CSV cannot hold folders (1 item), TOTP (1 item), tags (1 item), keychain attributes (1 item), icons (1 item), non-login items (notes, cards…) (2 items), trashed items (1 item)",
            .keepassxc:
                "keepassxc CSV cannot hold folder names containing / (written \\/) (1 item), tags (1 item), favorites (1 item), keychain attributes (1 item), icons (1 item), card, identity and SSH key details (1 item), trashed items (1 item)",
            .bitwarden:
                "bitwarden CSV cannot hold folder names containing / (written \\/) (1 item), tags (1 item), keychain attributes (1 item), icons (1 item), card, identity and SSH key details (1 item), passwords of note items (1 item), trashed items (1 item)",
        ]
        for dialect in CSVExporter.Dialect.allCases {
            let (bytes, warnings) = CSVExporter.export(document, dialect: dialect)
            #expect(warnings == [expected[dialect]!], "\(dialect)")
            #expect(!String(decoding: bytes, as: UTF8.self).contains("Gone"), "\(dialect): a trashed item was written")
        }
        let (bytes, _) = CSVExporter.export(document, dialect: .bitwarden)
        #expect(String(decoding: bytes, as: UTF8.self).contains("Casa \\/ Home/Sub"))
    }

    @Test func aCSVMadeABatchAtATimeIsTheCSVMadeWholeWithTheSameWarning() throws {
        let document = try Self.document()
        // Many items, so the rows are made in slices too.
        let many = (0..<3000).flatMap { _ in
            document.items.map {
                var item = $0
                item.id = UUID()
                return item
            }
        }
        for dialect in CSVExporter.Dialect.allCases {
            let whole = CSVExporter.export(VaultDocument(items: many), dialect: dialect)
            var stream = CSVExporter.Stream(dialect: dialect)
            var bytes = stream.header
            for start in stride(from: 0, to: many.count, by: 1001) {
                for part in stream.rows(Array(many[start..<min(start + 1001, many.count)])) { bytes += part }
            }
            #expect(bytes == whole.bytes, "\(dialect)")
            #expect(stream.warnings == whole.warnings, "\(dialect)")
        }
    }

    @Test func nothingLostSaysNothing() {
        var plain = VaultItem(title: "p")
        plain.password = "x"
        for dialect in CSVExporter.Dialect.allCases {
            #expect(CSVExporter.export(VaultDocument(items: [plain]), dialect: dialect).warnings.isEmpty)
        }
        #expect(ExportLosses(target: "x").warning == nil)
    }

    @Test func keepassXMLCarriesTrashKeychainAndIconsAndNamesTheRest() throws {
        let document = try Self.document()
        let (bytes, warnings) = try KeePassXMLExporter.export(document)
        #expect(warnings == ["KeePass XML cannot hold favorites (1 item), card, identity and SSH key details (1 item)"])
        let xml = String(decoding: bytes, as: UTF8.self)
        #expect(xml.contains("<RecycleBinEnabled>True</RecycleBinEnabled>") && xml.contains("<RecycleBinUUID>"))
        let before = Date()
        let back = try KeePassXMLImporter.importBytes(bytes, input: "kp.xml").items
        let gone = try #require(back.first { $0.title == "Gone" })
        // Trashed as of the import, so the retention period cannot delete it at once.
        #expect(gone.trashed.map { $0 >= before } == true && gone.folder == ["Work"])
        let site = try #require(back.first { $0.title == "Site" })
        #expect(site.trashed == nil && site.folder == ["Casa / Home", "Sub"])
        #expect(site.keychain == document.items[0].keychain && site.icon == document.items[0].icon)
        #expect(site.customFields.isEmpty)
    }

    @Test func aGroupNamedRecycleBinIsOnlyTheBinWhenMetaSaysSo() throws {
        var item = VaultItem(title: "kept")
        item.password = "x"
        item.folder = ["Recycle Bin"]
        let (bytes, _) = try KeePassXMLExporter.export(VaultDocument(items: [item]))
        let back = try KeePassXMLImporter.importBytes(bytes, input: "kp.xml").items
        #expect(back.first?.trashed == nil && back.first?.folder == ["Recycle Bin"])
    }

    @Test func losslessExportsKeepTrashKeychainAndIcons() throws {
        let document = try Self.document()
        for format in [Exporter.Format.json, .xmlPlist, .binaryPlist] {
            let bytes = try Exporter.export(document, as: format)
            let value = try PropertyListCoding.decode(bytes).value
            let back = try PlistImporter.importValue(value, input: "x", format: .json).items
            #expect(back == document.items, "\(format)")
        }
    }

    @Test func keychainItemsBplistImportsWithItsAttributes() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/plist/keychain-items.bplist")
        let result = try Importer.importFile([UInt8](Data(contentsOf: samples)), input: "keychain-items.bplist")
        let items = result.items
        #expect(
            items.count == 2 && result.report.imported == 2 && result.report.format == "plist-binary-keychain-items")
        let app = try #require(items.first)
        #expect(app.title == "Example App" && app.username == "user@example.com" && app.password == "s3cr3t")
        #expect(app.keychain?.itemClass == "genp" && app.keychain?.service == "com.example.app")
        #expect(app.keychain?.label == "Example App")
        let web = items[1]
        #expect(web.password == "pässwörd" && web.urls == ["https://example.org:8443/login"])
        #expect(web.keychain?.port == 8443 && web.keychain?.authenticationType == "form")
    }

    @Test func iconColumnsBecomeTheIconWhenTheyHoldAURL() throws {
        for column in ["icon", "logo", "favicon", "Logo URL"] {
            let csv = "title,password,\(column)\nA,x,https://a.example/logo.png\nB,y,not a url\n"
            let items = try CSVImporter().importItems(csv, input: "x.csv", encoding: "UTF-8").items
            #expect(items[0].icon == "https://a.example/logo.png", "\(column)")
            #expect(items[1].icon == nil && items[1].customFields.map(\.value) == ["not a url"], "\(column)")
        }
    }
}

/// The trash, keychain attributes and icon URLs through the real keepassxc-cli and back
/// (scripts/test installs it; a missing tool fails the test).
@Suite struct RecycleBinInteropTests {
    @Test func keepassxcKeepsOurRecycleBinAndItComesBackAsTheTrash() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let document = try ExportLossTests.document()
        let xml = dir.appendingPathComponent("ours.xml")
        try Data(KeePassXMLExporter.export(document).bytes).write(to: xml)
        let key = dir.appendingPathComponent("key")
        try Data((0..<64).map { UInt8($0) }).write(to: key)
        let db = dir.appendingPathComponent("db.kdbx")
        let run = KeePassInteropTests.run
        let imported = try run("keepassxc-cli", ["import", "-q", "--set-key-file", key.path, xml.path, db.path])
        try #require(imported.status == 0, "keepassxc-cli import: \(imported.err)")
        let exported = try run(
            "keepassxc-cli", ["export", "-q", "-f", "xml", "--no-password", "-k", key.path, db.path])
        try #require(exported.status == 0, "keepassxc-cli export: \(exported.err)")
        let back = try KeePassXMLImporter.importBytes([UInt8](exported.out), input: "theirs.xml").items
        let gone = try #require(back.first { $0.title == "Gone" })
        #expect(gone.trashed != nil && gone.folder == ["Work"])
        let site = try #require(back.first { $0.title == "Site" })
        #expect(site.trashed == nil && site.folder == ["Casa / Home", "Sub"])
        #expect(site.keychain == document.items[0].keychain && site.icon == document.items[0].icon)
        #expect(back.filter { $0.trashed != nil }.count == 1)
    }
}
