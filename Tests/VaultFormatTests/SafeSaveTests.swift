import Foundation
import PropertyList
import TestSupport
import Testing
import VaultCrypto

@testable import VaultFormat

/// Saving and locking never clobber anything outside the vault and never lose an update
/// (spec/FORMAT.md §7): symlinks, hard links, the lock file, exclusive creation, owner and
/// mode, stale temporaries, and outputs.
@Suite struct SafeSaveTests {
    static let credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])

    static func save(_ title: String, over path: String, options: SaveOptions = SaveOptions()) throws {
        let vault = try VaultFile(path: path).unlock(with: credentials)
        try VaultStore.save(VaultPayload(records: [["title": .string(title)]]), over: vault, options: options)
    }

    static func titles(_ path: String) throws -> [PropertyListValue] {
        try VaultFile(path: path).unlock(with: credentials).readRecords()
    }

    static func lstatMode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : nil
    }

    static func kind(_ body: () throws -> Void) -> VaultError.Kind? {
        do {
            try body()
            return nil
        } catch let error as VaultError {
            return error.kind
        } catch {
            return nil
        }
    }

    @Test func aSymlinkedVaultIsSavedThroughTheLink() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = try VaultFixtures.keyFileVault(in: dir)
        let link = dir.appendingPathComponent("link.coffer").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "small.coffer")
        try Self.save("through the link", over: link)
        #expect(Self.lstatMode(link).map { $0 & S_IFMT } == S_IFLNK, "the link was replaced by a file")
        #expect(try Self.titles(real) == [["title": "through the link"]])
        #expect(try VaultFile(path: real).header.generation == 2)
        // One lock whichever path names the vault.
        let lock = try VaultLock(vaultPath: link)
        #expect(Self.kind { _ = try VaultLock(vaultPath: real) } == .locked)
        withExtendedLifetime(lock) {}
    }

    @Test func danglingLinksAndLinksToOtherFilesAreRefused() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dangling = dir.appendingPathComponent("dangling.coffer").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "missing.coffer")
        let options = SaveOptions()
        #expect(
            Self.kind {
                try VaultStore.create(
                    at: dangling, slots: [(.keyFile(VaultFixtures.keyFileBytes), label: "")], options: options)
            } == .fileSystem)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("missing.coffer").path))
        let device = dir.appendingPathComponent("device.coffer").path
        try FileManager.default.createSymbolicLink(atPath: device, withDestinationPath: "/dev/null")
        #expect(Self.kind { _ = try VaultLock(vaultPath: device) } == .fileSystem)
    }

    @Test func aHardLinkedVaultIsRefusedAndLeftAsItWas() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let other = dir.appendingPathComponent("other-name.coffer").path
        #expect(link(path, other) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            try Self.save("new", over: path)
            Issue.record("saving a hard-linked vault succeeded and forked the link")
        } catch let error as VaultError {
            #expect(error.kind == .fileSystem && error.message.contains("2 hard links"), "\(error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
    }

    @Test func aBackupLinkLeftByAnInterruptedSaveDoesNotBlockTheNext() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        #expect(link(path, path + ".bak") == 0)  // as after keepBackup, before the rename
        try Self.save("next", over: path)
        #expect(try Self.titles(path) == [["title": "next"]])
    }

    @Test func aSymlinkedLockFileIsRefusedAndItsTargetUntouched() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let precious = dir.appendingPathComponent("precious.txt")
        try Data("do not truncate me\n".utf8).write(to: precious)
        unlink(path + ".lock")  // the one create left
        try FileManager.default.createSymbolicLink(atPath: path + ".lock", withDestinationPath: precious.path)
        #expect(Self.kind { _ = try VaultLock(vaultPath: path) } == .fileSystem)
        #expect(Self.kind { try Self.save("new", over: path) } == .fileSystem)
        #expect(try String(contentsOf: precious, encoding: .utf8) == "do not truncate me\n")
        #expect(try Self.titles(path) == VaultFixtures.records)
    }

    @Test func aLockFileThatIsNotARegularFileIsRefused() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        unlink(path + ".lock")  // the one create left
        #expect(mkfifo(path + ".lock", 0o600) == 0)
        #expect(Self.kind { _ = try VaultLock(vaultPath: path) } == .fileSystem)
    }

    /// A writer holds the lock; someone deletes VAULT.lock; a second writer takes a new
    /// lock file. Only one of them may publish: the first is refused, not silently lost.
    @Test func deletingTheLockUnderAHolderLosesNoUpdate() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let first = try VaultLock(vaultPath: path)
        let firstVault = try VaultFile(path: path).unlock(with: Self.credentials)
        #expect(unlink(first.path) == 0)
        let second = try VaultLock(vaultPath: path)
        var options = SaveOptions()
        options.lock = second
        try Self.save("second", over: path, options: options)
        options.lock = first
        #expect(
            Self.kind {
                try VaultStore.save(VaultPayload(records: [["title": "first"]]), over: firstVault, options: options)
            } == .locked)
        #expect(try Self.titles(path) == [["title": "second"]])
        withExtendedLifetime((first, second)) {}
    }

    @Test func theLockFileHoldsTheHoldersPID() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let lock = try VaultLock(vaultPath: path)
        #expect(try String(contentsOfFile: path + ".lock", encoding: .utf8) == "\(getpid())\n")
        var info = stat()
        #expect(lstat(path + ".lock", &info) == 0 && info.st_mode & 0o777 == 0o600)
        withExtendedLifetime(lock) {}
    }

    /// The destination appears while the new vault is being written: create must not
    /// replace it.
    @Test func createNeverReplacesAFileThatAppearsMeanwhile() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("new.coffer").path
        var options = SaveOptions()
        options.afterStep = { step in
            if step == .verifyTemporary { try Data("someone else's file".utf8).write(to: URL(fileURLWithPath: path)) }
        }
        do {
            try VaultStore.create(
                at: path, slots: [(.keyFile(VaultFixtures.keyFileBytes), label: "")], options: options)
            Issue.record("create replaced a file that appeared meanwhile")
        } catch let error as VaultError {
            #expect(error.kind == .fileSystem && error.message.contains("already exists"), "\(error)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's file")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test func ofFiveConcurrentCreatorsExactlyOneSucceeds() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("raced.coffer").path
        let outcomes = Outcomes()
        Simultaneous.run(5) { i in
            do {
                let payload = VaultPayload(records: [["creator": .integer(PropertyListInteger(i))]])
                try VaultStore.create(
                    at: path, payload: payload, slots: [(.keyFile(VaultFixtures.keyFileBytes), label: "\(i)")])
                outcomes.add("created")
            } catch {
                outcomes.add("\(error)")
            }
        }
        let all = outcomes.all
        #expect(all.filter { $0 == "created" }.count == 1, "\(all)")
        #expect(all.filter { $0.hasSuffix("already exists") }.count == 4, "\(all)")
        #expect(try Self.titles(path).count == 1)
    }

    final class Outcomes: @unchecked Sendable {
        private var list: [String] = []
        private let lock = NSLock()
        func add(_ outcome: String) { lock.withLock { list.append(outcome) } }
        var all: [String] { lock.withLock { list } }
    }

    @Test func aSaveKeepsTheVaultsMode() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        #expect(Self.lstatMode(path).map { $0 & 0o7777 } == 0o600, "a new vault is 0600")
        #expect(chmod(path, 0o640) == 0)
        try Self.save("shared with the group", over: path)
        #expect(Self.lstatMode(path).map { $0 & 0o7777 } == 0o640)
    }

    @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
    func aSaveKeepsTheVaultsOwner() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        #expect(chown(path, 4321, 8765) == 0)
        try Self.save("someone else's", over: path)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_uid == 4321 && info.st_gid == 8765)
    }

    @Test(.enabled(if: getuid() == 0, "changing a file's owner needs root"))
    func theLockFileBelongsToTheVaultsOwnerAndGroup() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        unlink(path + ".lock")
        #expect(chown(path, 4321, 8765) == 0 && chmod(path, 0o660) == 0)
        try Self.save("by root", over: path)
        var info = stat()
        #expect(stat(path + ".lock", &info) == 0)
        #expect(info.st_uid == 4321 && info.st_gid == 8765 && info.st_mode & 0o777 == 0o660)
    }

    @Test func theNextWriterRemovesStaleTemporaries() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let complete = try Data(contentsOf: URL(fileURLWithPath: path))
        let stale = [".small.coffer.tmp-Ab3xYz", ".small.coffer.tmp-000000"]
        let others = [".small.coffer.tmp-TOOLONG1", ".other.coffer.tmp-Ab3xYz", "small.coffer.tmp-Ab3xYz"]
        for name in stale + others { try complete.write(to: dir.appendingPathComponent(name)) }
        try Self.save("next", over: path)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
        #expect(left.isDisjoint(with: stale), "\(left)")
        #expect(left.isSuperset(of: others), "only this vault's temporaries are removed: \(left)")
    }

    @Test func outputsAreWrittenPrivatelyAndNeverThroughALink() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let precious = dir.appendingPathComponent("precious.txt")
        try Data("keep me".utf8).write(to: precious)
        let out = dir.appendingPathComponent("export.json").path
        try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: precious.path)
        try OutputFile.write(Array("secrets".utf8), to: out)
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me")
        #expect(Self.lstatMode(out).map { $0 & S_IFMT } == S_IFREG)
        #expect(Self.lstatMode(out).map { $0 & 0o7777 } == 0o600)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "secrets")
        // An existing, readable file is replaced by a private one.
        #expect(chmod(out, 0o644) == 0)
        try OutputFile.write(Array("more secrets".utf8), to: out)
        #expect(Self.lstatMode(out).map { $0 & 0o7777 } == 0o600)
        // Exclusive (keygen): never replaces anything, a link included.
        let identity = dir.appendingPathComponent("id.txt").path
        try FileManager.default.createSymbolicLink(atPath: identity, withDestinationPath: "missing")
        #expect(Self.kind { try OutputFile.write(Array("key".utf8), to: identity, exclusive: true) } == .fileSystem)
        #expect(Self.kind { try OutputFile.write(Array("key".utf8), to: out, exclusive: true) } == .fileSystem)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "more secrets")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }.isEmpty)
    }
}
