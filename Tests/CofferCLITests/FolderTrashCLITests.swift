import Foundation
import TestSupport
import Testing

/// The failure paths of the folder and trash commands that a golden script cannot set up:
/// a vault locked by another process, and a vault that cannot be written.
@Suite struct FolderTrashCLITests {
    static let key = SafeSaveCLITests.keyArguments

    /// Commands that change the vault, each of which must fail without changing it.
    static let writers: [[String]] = [
        ["mv", "v.coffer", "Mail", "Work"], ["folder", "add", "v.coffer", "New"],
        ["folder", "rename", "v.coffer", "Home", "House"], ["folder", "rm", "v.coffer", "Home", "--recursive"],
        ["remove", "v.coffer", "Mail"], ["trash", "restore", "v.coffer", "Old"], ["trash", "empty", "v.coffer"],
        ["trash", "retention", "v.coffer", "7"],
    ]

    /// A key-file vault with "Mail" at the top, "Wi-Fi" in Home and "Old" in the trash.
    static func vault() throws -> URL {
        let dir = try SafeSaveCLITests.vaultDirectory()
        for arguments in [
            ["add", "v.coffer", "--title", "Mail"], ["add", "v.coffer", "--title", "Wi-Fi", "--folder", "Home"],
            ["add", "v.coffer", "--title", "Old"], ["remove", "v.coffer", "Old"],
        ] {
            let run = try CLITests.coffer(arguments + key, in: dir)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        return dir
    }

    @Test func aLockedVaultIsLeftAloneWithExitCode4() throws {
        let dir = try Self.vault()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fd = open(dir.appendingPathComponent("v.coffer.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        defer { close(fd) }
        let before = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        for arguments in Self.writers {
            let run = try CLITests.coffer(arguments + Self.key, in: dir)
            #expect(run.status == 4 && run.stderr.contains("locked"), "\(arguments): \(run.status) \(run.stderr)")
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("v.coffer")) == before)
    }

    @Test func aVaultThatCannotBeWrittenIsLeftAloneWithExitCode3() throws {
        let dir = try Self.vault()
        defer {
            chmod(dir.path, 0o755)
            try? FileManager.default.removeItem(at: dir)
        }
        let before = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        // A read-only directory stops the save; root ignores modes, so there a file-size
        // limit of one block makes the new file unwritable instead.
        let asRoot = geteuid() == 0
        if !asRoot { #expect(chmod(dir.path, 0o555) == 0) }
        for arguments in Self.writers {
            let run = try SafeSaveCLITests.cofferInShell(asRoot ? "ulimit -f 1" : ":", arguments + Self.key, in: dir)
            #expect(run.status == 3, "\(arguments): \(run.status) \(run.stderr)")
        }
        #expect(try Data(contentsOf: dir.appendingPathComponent("v.coffer")) == before)
        let list = try CLITests.coffer(["trash", "list", "v.coffer"] + Self.key, in: dir)
        #expect(list.status == 0 && list.stdout.contains("Old"), "\(list.stderr)")
    }

    @Test func everyNewSubcommandsHelpShowsAnExample() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in [
            ["mv"], ["folder"], ["folder", "list"], ["folder", "add"], ["folder", "rename"], ["folder", "rm"],
            ["trash"], ["trash", "list"], ["trash", "restore"], ["trash", "empty"], ["trash", "retention"], ["remove"],
        ] {
            let run = try CLITests.coffer(command + ["--help"], in: dir)
            #expect(run.status == 0 && run.stdout.contains("Example"), "\(command): \(run.stdout)")
            #expect(run.stdout.contains("coffer \(command[0])"), "\(command): no example of this command")
        }
    }
}
