import CofferKit
import Foundation
import Testing

/// A merge through real vault files, the way `coffer merge` and embedders do it: both
/// documents read with their attachments, merged, saved over the first; then every
/// attachment, the history and the tombstone read back, and the model check passes.
@Suite struct VaultMergeFileTests {
    static let key = Array("fedcba9876543210fedcba9876543210".utf8).withUnsafeBytes { SecureBytes(copying: $0) }

    static func create(_ path: String, _ document: VaultDocument) throws {
        var document = document
        let payload = try VaultContent.payload(for: &document)
        try VaultStore.create(at: path, payload: payload, slots: [(.keyFile(key), label: "")])
    }

    static func open(_ path: String) throws -> UnlockedVault {
        try VaultFile(path: path).unlock(with: Credentials(keyFiles: [key]))
    }

    @Test func twoVaultFilesMergeWithAttachmentsHistoryAndTombstones() throws {
        let dir = try DomainRuleTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let day = { (n: Double) in Date(timeIntervalSince1970: 1_800_000_000 + n * 86_400) }
        var ssh = VaultItem(title: "server")
        ssh.password = "first"
        ssh.attachments = [.init(name: "id.pub", content: Data("public key".utf8))]
        ssh.modified = day(1)
        var gone = VaultItem(title: "old shop")
        gone.modified = day(1)
        let start = VaultDocument(name: "home", items: [ssh, gone])

        var a = start
        a.items[0].password = "second"
        a.items[0].attachments.append(.init(name: "notes.txt", content: Data("from A".utf8)))
        a.items[0].modified = day(3)
        var b = start
        b.items[0].attachments.append(.init(name: "notes.txt", content: Data("from B".utf8)))
        b.items[0].modified = day(2)
        b.remove(id: gone.id, at: day(2))
        let pathA = dir.appendingPathComponent("a.coffer").path
        let pathB = dir.appendingPathComponent("b.coffer").path
        try Self.create(pathA, a)
        try Self.create(pathB, b)

        let vaultA = try Self.open(pathA)
        var merged = try VaultContent.documentWithAttachments(of: vaultA)
        let report = merged.merge(try VaultContent.documentWithAttachments(of: try Self.open(pathB)), now: day(3))
        #expect(report.updated == 1 && report.deleted == 1 && report.added == 0 && report.conflicts.count == 1)
        let lock = try VaultLock(vaultPath: pathA)
        defer { withExtendedLifetime(lock) {} }
        try VaultStore.save(try VaultContent.payload(for: &merged), over: vaultA)

        let reopened = try Self.open(pathA)
        let result = try VaultContent.documentWithAttachments(of: reopened)
        _ = try VaultDocument(checking: reopened)
        #expect(result.items.map(\.title) == ["server"])
        #expect(result.tombstones == [Tombstone(id: gone.id, deleted: day(2))])
        let item = result.items[0]
        #expect(item.password == "second" && item.passwordHistory.map(\.password) == ["first"])
        #expect(item.attachments.map(\.name) == ["id.pub", "notes.txt", "notes.txt (conflict)"])
        #expect(
            item.attachments.map { String(decoding: $0.content ?? Data(), as: UTF8.self) } == [
                "public key", "from A", "from B",
            ])
        #expect(try reopened.blobList().count == 3, "the shared attachment is one blob")
    }
}
