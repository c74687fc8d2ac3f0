import Foundation
import PropertyList
import TestSupport
import Testing

@testable import VaultFormat

/// A save that fails after any step leaves either the old file, byte-identical, or the new
/// one, verifying — never a mix, never nothing.
@Suite(.chunkEngineFromEnvironment) struct InterruptedSaveTests {
    struct InjectedFailure: Error {}

    @Test func failureAfterEveryStepLeavesAVerifyingVault() throws {
        for step in SaveStep.allCases {
            let dir = try VaultFixtures.directory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = try VaultFixtures.keyFileVault(in: dir)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])
            let vault = try VaultFile(path: path).unlock(with: credentials)
            var options = SaveOptions(keepBackup: true)
            options.afterStep = { if $0 == step { throw InjectedFailure() } }
            let newRecords: [PropertyListValue] = [["title": "new generation"]]
            #expect(throws: InjectedFailure.self) {
                try VaultStore.save(VaultPayload(records: newRecords), over: vault, options: options)
            }
            let after = try Data(contentsOf: URL(fileURLWithPath: path))
            let reopened = try VaultFile(path: path).unlock(with: credentials)
            let records = try reopened.readRecords()
            let renamed = SaveStep.allCases.firstIndex(of: step)! >= SaveStep.allCases.firstIndex(of: .rename)!
            if renamed {
                #expect(records == newRecords, "after \(step)")
            } else {
                #expect(after == before, "after \(step): the old file changed")
                #expect(records == VaultFixtures.records)
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter {
                $0.contains(".tmp-")
            }
            #expect(leftovers.isEmpty, "after \(step): \(leftovers)")
        }
    }

    @Test func temporaryFilesAreCreatedPrivate() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
