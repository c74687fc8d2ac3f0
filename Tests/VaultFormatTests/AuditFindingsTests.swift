import Foundation
import PropertyList
import TestSupport
import Testing
import VaultCrypto

@testable import VaultFormat

/// Found by an adversarial audit of saving and outputs: a save refused at publishing keeps
/// the old backup; a symlink moved after opening cannot redirect a save; outputs never
/// replace a vault, a device or a link to one, and never hang on a pipe; a FIFO given as a
/// vault fails at once.
@Suite struct AuditFindingsTests {
    @Test func aSaveRefusedAtPublishingKeepsTheOldBackup() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        try Data("previous backup".utf8).write(to: URL(fileURLWithPath: path + ".bak"))
        let first = try VaultLock(vaultPath: path)
        let vault = try VaultFile(path: path).unlock(with: SafeSaveTests.credentials)
        #expect(unlink(first.path) == 0)  // someone deletes the lock file under the holder
        var options = SaveOptions(keepBackup: true)
        options.lock = first
        #expect(
            SafeSaveTests.kind {
                try VaultStore.save(VaultPayload(records: [["title": "x"]]), over: vault, options: options)
            } == .locked)
        #expect(try String(contentsOfFile: path + ".bak", encoding: .utf8) == "previous backup")
        withExtendedLifetime(first) {}
    }

    @Test func aSaveGoesToTheFileTheLockHoldsThoughTheLinkMoves() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = try VaultFixtures.keyFileVault(in: dir, name: "one.coffer")
        let two = try VaultFixtures.keyFileVault(in: dir, name: "two.coffer")
        let link = dir.appendingPathComponent("current").path
        #expect(symlink(one, link) == 0)
        let lock = try VaultLock(vaultPath: link)
        let vault = try VaultFile(path: lock.vaultPath).unlock(with: SafeSaveTests.credentials)
        unlink(link)
        #expect(symlink(two, link) == 0)  // moved between opening and saving
        var options = SaveOptions()
        options.lock = lock
        try VaultStore.save(VaultPayload(records: [["title": "edited"]]), over: vault, options: options)
        #expect(try SafeSaveTests.titles(one) == [["title": "edited"]])
        #expect(try SafeSaveTests.titles(two) != [["title": "edited"]])
        withExtendedLifetime(lock) {}
    }

    @Test func outputsNeverReplaceAVaultOrALinkToADevice() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(SafeSaveTests.kind { try OutputFile.write(Array("{}".utf8), to: path) } == .fileSystem)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

        let link = dir.appendingPathComponent("out").path
        #expect(symlink("/dev/null", link) == 0)
        #expect(SafeSaveTests.kind { try OutputFile.write(Array("{}".utf8), to: link) } == .fileSystem)
        #expect(SafeSaveTests.lstatMode(link).map { $0 & S_IFMT } == S_IFLNK)
    }

    @Test func aPipeWithoutAReaderFailsAtOnceAsOutputOrAsAVault() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(SafeSaveTests.kind { try OutputFile.write(Array("{}".utf8), to: fifo) } == .fileSystem)
        #expect(SafeSaveTests.kind { _ = try VaultFile(path: fifo) } == .fileSystem)
    }

    @Test func anOutputWriterRemovesTemporariesLeftByAKilledOneButNotALiveOnes() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.json").path
        let stale = dir.appendingPathComponent(".out.json.tmp-AbC123").path
        let live = dir.appendingPathComponent(".out.json.tmp-XyZ789").path
        try Data("passwords in clear".utf8).write(to: URL(fileURLWithPath: stale))
        try Data("being written".utf8).write(to: URL(fileURLWithPath: live))
        let holder = open(live, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)  // a writer still at work
        try OutputFile.write(Array("{}".utf8), to: out)
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: live))
    }
}
