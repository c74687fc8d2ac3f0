import Foundation
import PropertyList
import TestSupport
import Testing
import VaultModel

@testable import Converters

/// Our KeePass XML through the real keepassxc-cli and back (scripts/test installs it; a
/// missing tool fails the test).
@Suite struct KeePassInteropTests {
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, out: Data, err: String) {
        guard let path = ProcessRunner.path(of: tool) else {
            throw ConverterError(input: tool, "\(tool) is not installed; scripts/test installs it")
        }
        let result = try ProcessRunner.run(path, arguments)
        return (result.status, result.stdout, result.stderr)
    }

    static func document() -> VaultDocument {
        var items = [VaultItem]()
        var a = VaultItem(title: "Bank — Crédit ✓")
        a.username = "ana@example.com"
        a.password = "p\"a,s;s<w>o&rd 'x'"
        a.urls = ["https://bank.example.com/login"]
        a.notes = "line one\nline two, \"quoted\""
        a.folder = ["Personal", "Money"]
        a.totp = "otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&issuer=Bank"
        a.customFields = [.init(name: "PIN", value: "4321", concealed: true), .init(name: "branch", value: "Cork")]
        a.passwordHistory = [.init(password: "older-password", date: Date(timeIntervalSince1970: 1_600_000_000))]
        a.created = Date(timeIntervalSince1970: 1_500_000_000)
        a.modified = Date(timeIntervalSince1970: 1_600_000_100)
        a.attachments = [
            .init(name: "statement.pdf", content: Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })),
            .init(name: "codes.txt", content: Data("backup codes: 1111 2222\n".utf8)),
        ]
        items.append(a)
        var b = VaultItem(title: "router")
        b.username = "admin"
        b.password = "日本語パスワード"
        b.folder = ["Home"]
        items.append(b)
        var c = VaultItem(kind: .secureNote, title: "Wi-Fi")
        c.notes = "SSID: home\npassword: hunter2"
        items.append(c)
        return VaultDocument(name: "Family", items: items)
    }

    @Test func keepassxcImportsOurXMLAndItsExportsComeBackEqual() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-kp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let document = Self.document()
        let xml = dir.appendingPathComponent("ours.xml")
        try Data(KeePassXMLExporter.export(document).bytes).write(to: xml)
        let key = dir.appendingPathComponent("key")
        try Data((0..<64).map { UInt8($0) }).write(to: key)
        let db = dir.appendingPathComponent("db.kdbx")
        let imported = try Self.run("keepassxc-cli", ["import", "-q", "--set-key-file", key.path, xml.path, db.path])
        try #require(imported.status == 0, "keepassxc-cli import: \(imported.err)")

        // KeePassXC's CSV export, read back by our CSV importer.
        let csv = try Self.run(
            "keepassxc-cli", ["export", "-q", "-f", "csv", "--no-password", "-k", key.path, db.path])
        try #require(csv.status == 0, "keepassxc-cli export csv: \(csv.err)")
        let fromCSV = try Importer.importFile([UInt8](csv.out), input: "keepassxc.csv").items
        #expect(fromCSV.count == document.items.count)
        for item in document.items {
            let back = try #require(fromCSV.first { $0.title == item.title }, "\(item.title) missing from the CSV")
            #expect(back.username == item.username && back.password == item.password, "\(item.title)")
            // A notes line naming a password and giving it comes back out of sight (issue 10 §3).
            let notes = item.notes?.replacingOccurrences(of: "\npassword: hunter2", with: "")
            #expect(back.urls == item.urls && back.notes == notes && back.folder == item.folder, "\(item.title)")
            if notes != item.notes {
                #expect(back.customFields.contains { $0.concealed && $0.value == "password: hunter2" })
            }
            if item.totp != nil {
                #expect(back.totp?.contains("JBSWY3DPEHPK3PXP") == true, "\(item.title): \(back.totp ?? "no totp")")
            }
        }

        // KeePassXC's XML export, read back by our KeePass XML importer: custom fields and history too.
        let exportedXML = try Self.run(
            "keepassxc-cli", ["export", "-q", "-f", "xml", "--no-password", "-k", key.path, db.path])
        try #require(exportedXML.status == 0, "keepassxc-cli export xml: \(exportedXML.err)")
        let fromXML = try Importer.importFile([UInt8](exportedXML.out), input: "keepassxc.xml").items
        for item in document.items {
            let back = try #require(fromXML.first { $0.title == item.title })
            #expect(
                back.username == item.username && back.password == item.password && back.notes == item.notes,
                "\(item.title)")
            #expect(back.folder == item.folder && back.urls == item.urls, "\(item.title): \(back.folder)")
            #expect(Set(back.customFields.map(\.name)) == Set(item.customFields.map(\.name)), "\(item.title)")
            #expect(back.customFields.first { $0.name == "PIN" }?.concealed ?? true, "PIN stays concealed")
            #expect(back.passwordHistory.map(\.password) == item.passwordHistory.map(\.password), "\(item.title)")
            // Attachments come back from KeePassXC's pool (gzip-compressed) with their bytes.
            let backFiles: [String: Data?] = Dictionary(
                uniqueKeysWithValues: back.attachments.map { ($0.name, $0.content) })
            let files: [String: Data?] = Dictionary(
                uniqueKeysWithValues: item.attachments.map { ($0.name, $0.content) })
            #expect(backFiles == files, "\(item.title): attachments")
            // KeePassXC fills in missing times, so only given ones are compared.
            if let created = item.created { #expect(back.created == created, "\(item.title)") }
        }
    }

    @Test func aDatabaseMadeByKeepassxcCLIImportsEqual() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-kp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = dir.appendingPathComponent("key").path
        try Data((0..<64).map { UInt8($0 &* 3) }).write(to: URL(fileURLWithPath: key))
        let db = dir.appendingPathComponent("made.kdbx").path
        let blob = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try blob.write(to: dir.appendingPathComponent("id.pem"))
        let open = ["-q", "--no-password", "-k", key, db]
        for (arguments, stdin) in [
            (["db-create", "-q", "--set-key-file", key, db], nil),
            (["mkdir"] + open + ["Mail"], nil),
            (
                ["add"] + open + [
                    "Mail/Fastmail", "-u", "ana@fm.example", "--url", "https://fastmail.com", "--notes", "two\nlines",
                    "-p",
                ],
                Data("S3cr3t!pw, \"quoted\"\n".utf8)
            ),
            (
                ["attachment-import"] + open + ["Mail/Fastmail", "id.pem", dir.appendingPathComponent("id.pem").path],
                nil
            ),
        ] as [([String], Data?)] {
            guard let path = ProcessRunner.path(of: "keepassxc-cli") else {
                throw ConverterError(input: "keepassxc-cli", "not installed; scripts/test installs it")
            }
            let result = try ProcessRunner.run(path, arguments, stdin: stdin)
            try #require(result.status == 0, "keepassxc-cli \(arguments[0]): \(result.stderr)")
        }
        let xml = try Self.run("keepassxc-cli", ["export", "-f", "xml"] + open)
        try #require(xml.status == 0, "keepassxc-cli export: \(xml.err)")
        let (items, report) = try Importer.importFile([UInt8](xml.out), input: "made.xml")
        #expect(report.addsUp && items.count == 1)
        let item = try #require(items.first)
        #expect(
            item.title == "Fastmail" && item.username == "ana@fm.example" && item.password == "S3cr3t!pw, \"quoted\"")
        #expect(item.urls == ["https://fastmail.com"] && item.folder == ["Mail"] && item.notes == "two\nlines")
        #expect(item.attachments.map(\.name) == ["id.pem"] && item.attachments.first?.content == blob)
    }
}
