import CofferKit
import Foundation
import Testing

/// The rules the CLI used to keep to itself, now in CofferKit so embedders get them too.
@Suite struct DomainRuleTests {
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func login(_ title: String, _ user: String, _ password: String) -> VaultItem {
        var item = VaultItem(title: title)
        item.username = user
        item.password = password
        return item
    }

    static let key = Array("0123456789abcdef0123456789abcdef".utf8).withUnsafeBytes { SecureBytes(copying: $0) }

    // MARK: import --into

    @Test func duplicatesAreSkippedKeptOrUpdated() {
        var existing = Self.login("mail", "ana", "old")
        existing.created = Date(timeIntervalSince1970: 1000)
        let sameContent = Self.login("mail", "ana", "old")  // another id, same title+user+password
        var sameID = Self.login("mail", "ana", "new")
        sameID.id = existing.id
        let fresh = Self.login("bank", "ana", "x")
        let vault = VaultDocument(items: [existing])

        var skipped = vault
        let skip = skipped.merge([sameContent, sameID, fresh], duplicates: .skip)
        #expect(skip.duplicates == [0, 1] && skip.added.map(\.title) == ["bank"])
        #expect(skipped.items.map(\.password) == ["old", "x"])

        var updated = vault
        let update = updated.merge([sameID, fresh], duplicates: .update)
        #expect(update.duplicates == [0])
        #expect(updated.items[0].password == "new" && updated.items[0].id == existing.id)
        #expect(updated.items[0].created == existing.created)

        var kept = vault
        let keep = kept.merge([sameID, sameContent, sameContent], duplicates: .keep)
        #expect(keep.duplicates.isEmpty && kept.items.count == 4)
        #expect(Set(kept.items.map(\.id)).count == 4, "ids stay unique in a vault")
    }

    /// Issue 11's data loss: a password changed in copy A, then an older copy B imported
    /// into A with --duplicates update. The newer password stays; the older one is history.
    @Test func anUpdateNeverThrowsAwayANewerPassword() {
        var newer = Self.login("mail", "ana", "changed-in-A")
        newer.modified = Date(timeIntervalSince1970: 2_000)
        newer.passwordHistory = [.init(password: "first", date: Date(timeIntervalSince1970: 500))]
        var older = newer
        older.password = "still-old-in-B"
        older.modified = Date(timeIntervalSince1970: 1_000)
        older.passwordHistory = []
        var vault = VaultDocument(items: [newer])
        vault.merge([older], duplicates: .update)
        #expect(vault.items[0].password == "changed-in-A")
        #expect(vault.items[0].passwordHistory.map(\.password) == ["first", "still-old-in-B"])

        // The newer import wins, and the vault's replaced password joins the history.
        var newest = newer
        newest.password = "newest"
        newest.modified = Date(timeIntervalSince1970: 3_000)
        vault.merge([newest], duplicates: .update)
        #expect(vault.items[0].password == "newest")
        #expect(vault.items[0].passwordHistory.map(\.password) == ["first", "still-old-in-B", "changed-in-A"])

        // An import without dates does not replace a dated change (nothing says it is
        // newer); its password is kept in the history.
        var dateless = Self.login("mail", "ana", "from-a-csv")
        dateless.id = newer.id
        vault.merge([dateless], duplicates: .update)
        #expect(vault.items[0].password == "newest")
        #expect(vault.items[0].passwordHistory.map(\.password).prefix(1) == ["from-a-csv"])
    }

    @Test func aDuplicateMovesBetweenReportCounts() {
        var report = ImportReport(input: "x.csv", format: "csv", encoding: "UTF-8")
        report.imported = 2
        report.keptAsNotes = 1
        report.countAsDuplicate(VaultItem(kind: .secureNote, title: "n"))
        report.countAsDuplicate(VaultItem(title: "l"))
        #expect(report.imported == 1 && report.keptAsNotes == 0 && report.duplicates == 2)
    }

    // MARK: edit's history

    @Test func aReplacedPasswordGoesIntoTheHistoryWithItsDate() {
        var item = Self.login("mail", "ana", "first")
        let day1 = Date(timeIntervalSince1970: 86_400)
        let day2 = Date(timeIntervalSince1970: 2 * 86_400)
        let changed = [
            item.replacePassword(with: "second", at: day1), item.replacePassword(with: "second", at: day2),
            item.replacePassword(with: "third", at: day2),
        ]
        #expect(changed == [true, false, true], "the same password again changes nothing")
        #expect(item.password == "third")
        #expect(item.passwordHistory == [.init(password: "first", date: day1), .init(password: "second", date: day2)])
        var none = VaultItem(title: "new")
        none.replacePassword(with: "p", at: day1)
        #expect(none.passwordHistory.isEmpty, "no password before: no history entry")
    }

    // MARK: keygen

    @Test func identityFilesAreCreatedExclusivelyWithMode0600() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("me.id").path
        let recipient = try IdentityFile.create(at: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let secret = try IdentityText.parseIdentityFile(
            Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        #expect(IdentityText.recipient(X25519.publicKey(of: secret)) == recipient)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: CofferKitError(.fileSystem, "\(path): already exists")) {
            try IdentityFile.create(at: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "an existing identity is never replaced")
        // A symlink in its place is not followed.
        let target = dir.appendingPathComponent("elsewhere").path
        let link = dir.appendingPathComponent("link.id").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: CofferKitError.self) { try IdentityFile.create(at: link) }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    // MARK: verify

    @Test func checkAllVerifiesEveryVaultInOrder() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths = [String]()
        for i in 0..<5 {
            let path = dir.appendingPathComponent("v\(i).coffer").path
            var document = VaultDocument(name: "v\(i)", items: [Self.login("t\(i)", "u", "p")])
            try VaultStore.create(
                at: path, payload: try VaultContent.payload(for: &document), slots: [(.keyFile(Self.key), label: "")])
            paths.append(path)
        }
        // Damage the last byte of vault 2 (the payload's last chunk), and name a missing file.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: paths[2]))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: paths[2]))
        paths.append(dir.appendingPathComponent("missing.coffer").path)

        let structure = VaultCheck.checkAll(paths, credentials: nil)
        #expect(structure.map(\.path) == paths)
        // Keyless, a 1.1 vault's every byte is checked against its recovery checksums, so
        // the damage is found without a key too.
        #expect(structure.dropLast().allSatisfy { $0.level == .checksums } && structure.last?.level == .structure)
        #expect(structure.map(\.isOK) == [true, true, false, true, true, false])
        let deep = VaultCheck.checkAll(paths, credentials: Credentials(keyFiles: [Self.key]))
        #expect(deep.map(\.path) == paths && deep.allSatisfy { $0.level == .everything })
        #expect(deep.map(\.isOK) == [true, true, false, true, true, false])
        if case .failed(let error) = deep[2].outcome {
            #expect(error.kind == .payloadDamaged || error.kind == .truncated || error.kind == .trailingData)
        } else {
            Issue.record("a damaged vault must fail with a VaultError")
        }
        if case .unreadable = deep[5].outcome {
        } else if case .failed = deep[5].outcome {
        } else {
            Issue.record("a missing vault must fail")
        }
    }

    // MARK: the item model and the container

    @Test func documentRoundTripsThroughAVault() throws {
        var item = Self.login("Bank — Crédit ✓", "ana@example.com", "p\"a,s\ns'w<o>rd")
        item.totp = "otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXP&issuer=Bank"
        item.unknown = ["x-future": ["nested": true]]
        var document = VaultDocument(name: "Family", items: [item, VaultItem(kind: .secureNote, title: "Wi-Fi")])
        document.folders = [["Personal"], ["Personal", "Money"], ["Empty"]]
        document.generator.length = 32
        document.unknown = ["x-settings": 1]
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("family.coffer").path
        try VaultStore.create(
            at: path, payload: VaultPayload(recordSource: document.recordSource),
            slots: [(.keyFile(Self.key), label: "")])
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [Self.key]))
        #expect(try VaultDocument(vault: vault) == document)
        #expect(try VaultDocument(records: vault.readRecords()) == document)
    }

    @Test func kdfPresetsAreTheFormatsNamedSettings() {
        #expect(KDFPreset.allCases.map(\.rawValue) == ["interactive", "moderate", "sensitive"])
        for preset in KDFPreset.allCases {
            #expect(preset.parameters == KDFParameters.preset(named: preset.rawValue))
        }
    }
}
