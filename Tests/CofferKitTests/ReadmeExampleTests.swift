import CofferKit
import Foundation
import Testing

/// The README's "Embedding CofferKit" example, run as written (so it cannot rot).
@Suite struct ReadmeExampleTests {
    @Test func exampleImportsSealsOpensAndExports() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let csvPath = dir.appendingPathComponent("chrome.csv").path
        try Data("name,url,username,password\nmail,https://mail.example,ana,s3cret\n".utf8)
            .write(to: URL(fileURLWithPath: csvPath))
        let vaultPath = dir.appendingPathComponent("personal.coffer").path

        // --- README example ---
        // Import another manager's export (detected by content) into a new vault.
        let (items, report) = try Importer.importFile(try InputFile.read(path: csvPath), input: csvPath)
        print("\(report.imported) imported, \(report.skipped.count) skipped")
        var document = VaultDocument(name: "Personal", items: items)
        let passphrase = Array("correct horse".utf8).withUnsafeBytes { SecureBytes(copying: $0) }
        try VaultStore.create(
            at: vaultPath, payload: try VaultContent.payload(for: &document),
            slots: [(.passphrase(passphrase, .interactive), label: "ana")])

        // Open it again (wrong key, damage and tampering are told apart by VaultError's kind),
        // and export it as Coffer JSON with attachments' bytes included.
        let vault = try VaultFile(path: vaultPath).unlock(with: Credentials(passphrase: passphrase))
        let opened = try VaultContent.documentWithAttachments(of: vault)
        let json = try Exporter.export(opened, as: .json)
        // --- end of example ---

        #expect(report.imported == 1 && opened.items.first?.password == "s3cret")
        #expect(String(decoding: json, as: UTF8.self).contains("\"title\": \"mail\""))
    }
}
