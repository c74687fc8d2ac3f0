import CofferKit
import Foundation
import Testing

/// `verify` with a key checks the item model too (spec/MODEL.md "Checking"), and export
/// refuses what verify refuses: a record that breaks the model, an attachment naming a blob
/// the vault does not hold. A new vault holds record 0 with the default settings.
@Suite struct ModelCheckTests {
    static let key = [UInt8](repeating: 7, count: 32).withUnsafeBytes { SecureBytes(copying: $0) }

    static func vault(_ payload: VaultPayload, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("v-\(UUID().uuidString).coffer").path
        try VaultStore.create(at: path, payload: payload, slots: [(.keyFile(key), label: "")])
        return path
    }

    static func check(_ path: String) -> VaultCheck.Outcome {
        VaultCheck.check(path, credentials: Credentials(keyFiles: [key])).outcome
    }

    static var settings: PropertyListValue { VaultDocument().settingsRecord }

    @Test func aNewVaultHoldsTheDefaultSettingsInRecordZero() throws {
        let dir = try DomainRuleTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.vault(VaultDocument.newVaultPayload, in: dir)
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [Self.key]))
        let records = try vault.readRecords()
        #expect(records.count == 1)
        #expect(records[0].dictionaryValue?["schema"] == 1)
        let document = try VaultDocument(vault: vault)
        #expect(document.generator == GeneratorSettings() && document.items.isEmpty && document.name.isEmpty)
    }

    @Test func aRecordThatBreaksTheModelFailsVerifyAndExport() throws {
        let dir = try DomainRuleTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.vault(VaultPayload(records: [Self.settings, ["id": 5, "title": "x"]]), in: dir)
        guard case .modelFailure(let error) = Self.check(path) else {
            Issue.record("an item whose id is an integer must fail verify: \(Self.check(path))")
            return
        }
        #expect(error.record == 1 && error.key == "id")
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [Self.key]))
        #expect(throws: ModelError.self) { try VaultContent.documentWithAttachments(of: vault) }
    }

    @Test func anAttachmentNamingAMissingBlobFailsVerifyAndExport() throws {
        let dir = try DomainRuleTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = Data(repeating: 0xAB, count: 16)
        let item: PropertyListValue = [
            "id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "title": "Passport",
            "attachments": [["name": "scan.pdf", "size": 3, "blob": .data(missing)]],
        ]
        let path = try Self.vault(VaultPayload(records: [Self.settings, item]), in: dir)
        guard case .modelFailure(let error) = Self.check(path) else {
            Issue.record("a missing blob must fail verify: \(Self.check(path))")
            return
        }
        #expect(error.record == 1 && error.key == "attachments")
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [Self.key]))
        #expect(throws: ModelError.self) { try VaultContent.documentWithAttachments(of: vault) }
        // An export read a batch at a time refuses it the same way, before handing it on.
        var handed = 0
        #expect(throws: ModelError.self) {
            _ = try VaultContent.forEachCheckedItemBatch(of: vault) { handed += $0.count }
        }
        #expect(handed == 0)

        // The same item with its blob present verifies; a wrong size does not.
        let present = try Self.vault(
            VaultPayload(records: [Self.settings, item], blobs: [(Array(missing), DataBlob(Data([1, 2, 3])))]), in: dir)
        #expect(VaultCheck.check(present, credentials: Credentials(keyFiles: [Self.key])).isOK)
        let wrongSize = try Self.vault(
            VaultPayload(records: [Self.settings, item], blobs: [(Array(missing), DataBlob(Data([1, 2])))]), in: dir)
        guard case .modelFailure = Self.check(wrongSize) else {
            Issue.record("an attachment whose size is not its blob's must fail verify")
            return
        }
    }

    @Test func itemsReadABatchAtATimeAreTheCheckedDocumentsItemsInOrder() throws {
        let dir = try DomainRuleTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let items = (0..<50).map { i -> PropertyListValue in
            ["id": .string(UUID().recordString), "title": .string("item \(i)"), "password": .string("pw \(i)")]
        }
        let path = try Self.vault(VaultPayload(records: [Self.settings] + items), in: dir)
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [Self.key]))
        var batches = [[VaultItem]]()
        #expect(try VaultContent.forEachCheckedItemBatch(of: vault, batch: 7) { batches.append($0) })
        #expect(batches.map(\.count) == [7, 7, 7, 7, 7, 7, 7, 1])
        #expect(batches.flatMap { $0 } == (try VaultDocument(checking: vault)).items)
    }

    /// Items made into rows where they are read (a slice at a time, on every core) come back
    /// in record order, and a vault damaged in two slices names its lowest failing record.
    @Test func itemSlicesComeBackInRecordOrderAndTheLowestFailureIsNamed() throws {
        let dir = try DomainRuleTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let items = (0..<900).map { i -> PropertyListValue in
            ["id": .string(UUID().recordString), "title": .string("item \(i)")]
        }
        let path = try Self.vault(VaultPayload(records: [Self.settings] + items), in: dir)
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [Self.key]))
        var slicesPerBatch = [Int]()
        var titles = [String]()
        #expect(
            try VaultContent.forEachCheckedItemSlice(of: vault, batch: 600, transform: { $0.map(\.title) }) { slices in
                slicesPerBatch.append(slices.count)
                titles += slices.flatMap { $0 }
            })
        #expect(titles == (0..<900).map { "item \($0)" })
        #expect(slicesPerBatch.count == 2 && slicesPerBatch[0] > 1, "600 records are cut into slices")

        var damaged = items
        damaged[699] = ["id": 5, "title": "late"]  // record 700
        damaged[99] = ["id": "not a uuid", "title": "early"]  // record 100
        let bad = try VaultFile(path: try Self.vault(VaultPayload(records: [Self.settings] + damaged), in: dir))
            .unlock(with: Credentials(keyFiles: [Self.key]))
        var handed = 0
        #expect {
            _ = try VaultContent.forEachCheckedItemSlice(of: bad, batch: 900, transform: { $0.count }) {
                handed += $0.count
            }
        } throws: { error in
            (error as? ModelError)?.record == 100
        }
        #expect(handed == 0)
    }
}
