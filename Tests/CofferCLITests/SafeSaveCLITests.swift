import Foundation
import TestSupport
import Testing

/// The CLI's side of safe saving (spec/FORMAT.md §7): concurrent writers and creators, who
/// holds the lock, input read before locking, and outputs written atomically and privately.
@Suite struct SafeSaveCLITests {
    static let keyArguments = ["--no-passphrase", "--key-file", "key"]

    /// A directory holding `key` and the key-file vault `v.coffer`.
    static func vaultDirectory() throws -> URL {
        let dir = try CLITests.directory()
        try Data((0..<32).map { UInt8($0) }).write(to: dir.appendingPathComponent("key"))
        let run = try CLITests.coffer(["create", "v.coffer"] + keyArguments, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        return dir
    }

    /// Runs coffer through /bin/sh after `setup` (umask, ulimit); SIGXFSZ is ignored so a
    /// file-size limit makes writes fail with EFBIG instead of killing the process.
    static func cofferInShell(_ setup: String, _ arguments: [String], in dir: URL) throws -> CLITests.Run {
        let script = "\(setup); trap '' XFSZ; exec \"$0\" \"$@\""
        let result = try ProcessRunner.run("/bin/sh", ["-c", script, CLITests.binary] + arguments, directory: dir)
        return CLITests.Run(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
    }

    static func mode(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }

    static func temporaries(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".tmp-") }
    }

    @Test func twentyConcurrentWritersLoseNoUpdate() throws {
        let dir = try Self.vaultDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let failures = Failures()
        Simultaneous.run(20) { i in
            // Bounded only so that a bug cannot hang the suite: retry while the lock is busy.
            let deadline = Date().addingTimeInterval(600)
            var attempt = 0
            while Date() < deadline {
                attempt += 1
                guard
                    let run = try? CLITests.coffer(
                        ["add", "v.coffer", "--title", "writer \(i)"] + Self.keyArguments, in: dir)
                else { return failures.add("writer \(i): could not run") }
                if run.status == 0 { return }
                guard run.status == 4, run.stderr.contains("vault is locked by PID") else {
                    return failures.add("writer \(i): exit \(run.status): \(run.stderr)")
                }
                usleep(useconds_t(10_000 + (attempt % 10) * 5_000))  // small backoff, then again
            }
            failures.add("writer \(i): still locked after \(attempt) attempts")
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let list = try CLITests.coffer(["list", "v.coffer", "--json"] + Self.keyArguments, in: dir)
        for i in 0..<20 { #expect(list.stdout.contains("\"writer \(i)\""), "writer \(i)'s item was lost") }
        #expect(try Self.temporaries(dir).isEmpty)
    }

    final class Failures: @unchecked Sendable {
        private var list: [String] = []
        private let lock = NSLock()
        func add(_ failure: String) { lock.withLock { list.append(failure) } }
        var all: [String] { lock.withLock { list } }
    }

    @Test func aLoserIsToldTheHoldersPID() throws {
        let dir = try Self.vaultDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // This test process holds the lock the way coffer does: flock, then its PID.
        let fd = open(dir.appendingPathComponent("v.coffer.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #expect(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
        defer { close(fd) }
        let pid = Array("\(getpid())\n".utf8)
        #expect(ftruncate(fd, 0) == 0 && pwrite(fd, pid, pid.count, 0) == pid.count)
        let run = try CLITests.coffer(["add", "v.coffer", "--title", "late"] + Self.keyArguments, in: dir)
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderr.contains("vault is locked by PID \(getpid())"), "\(run.stderr)")
    }

    @Test func ofFiveConcurrentCreatorsOneSucceedsAndTheOthersAreToldItExists() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data((0..<32).map { UInt8($0) }).write(to: dir.appendingPathComponent("key"))
        let csv = "title,username,password\n" + (0..<200).map { "item \($0),u,p\($0)\n" }.joined()
        try Data(csv.utf8).write(to: dir.appendingPathComponent("in.csv"))
        let runs = Runs()
        Simultaneous.run(5) { i in
            // Three `create`s and two `import -o`s race for the same new file; the KDF of
            // their passphrase slots runs while the others check and write.
            let arguments =
                i < 3
                ? ["create", "new.coffer", "--kdf", "interactive"]
                : ["import", "in.csv", "-o", "new.coffer", "--kdf", "interactive"]
            if let run = try? CLITests.coffer(arguments, environment: ["COFFER_PASSPHRASE": "pw"], in: dir) {
                runs.add(run)
            }
        }
        let all = runs.all
        #expect(all.count == 5)
        #expect(all.filter { $0.status == 0 }.count == 1, "\(all.map(\.stderr))")
        let losers = all.filter { $0.status != 0 }
        #expect(losers.allSatisfy { $0.status == 3 && $0.stderr.contains("already exists") }, "\(losers.map(\.stderr))")
        #expect(try Self.temporaries(dir).isEmpty)
    }

    final class Runs: @unchecked Sendable {
        private var list: [CLITests.Run] = []
        private let lock = NSLock()
        func add(_ run: CLITests.Run) { lock.withLock { list.append(run) } }
        var all: [CLITests.Run] { lock.withLock { list } }
    }

    /// `add --password-fd 0` waits for its password without holding the lock.
    @Test func theLockIsNotHeldWhileWaitingForAPassword() throws {
        let dir = try Self.vaultDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = ["add", "v.coffer", "--title", "typed", "--password-fd", "0"] + Self.keyArguments
        process.currentDirectoryURL = dir
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // While coffer waits for the password, the lock stays free.
        let lockPath = dir.appendingPathComponent("v.coffer.lock").path
        var heldWhileWaiting = false
        for _ in 0..<40 where !heldWhileWaiting {
            usleep(50_000)
            let fd = open(lockPath, O_RDONLY | O_CLOEXEC)
            if fd >= 0 {
                if flock(fd, LOCK_EX | LOCK_NB) != 0 { heldWhileWaiting = true }
                close(fd)
            }
        }
        #expect(process.isRunning, "coffer should still be waiting for its password")
        #expect(!heldWhileWaiting, "the lock was held while waiting for the password")
        input.fileHandleForWriting.write(Data("typed password\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let show = try CLITests.coffer(["show", "v.coffer", "typed", "--reveal"] + Self.keyArguments, in: dir)
        #expect(show.stdout.contains("typed password"), "\(show.stdout)")
    }

    @Test func aFailedExportLeavesTheOldFileAndNoPartialFile() throws {
        let dir = try Self.vaultDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for i in 0..<40 {
            let run = try CLITests.coffer(
                ["add", "v.coffer", "--title", "item \(i) " + String(repeating: "x", count: 100)] + Self.keyArguments,
                in: dir)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let old = dir.appendingPathComponent("export.json")
        try Data("the previous export\n".utf8).write(to: old)
        // A 1-block file size limit: the export (several KB) cannot be written, as on a full disk.
        let run = try Self.cofferInShell(
            "ulimit -f 1", ["export", "v.coffer", "--format", "json", "-o", "export.json"] + Self.keyArguments, in: dir)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(try String(contentsOf: old, encoding: .utf8) == "the previous export\n")
        #expect(try Self.temporaries(dir).isEmpty, "a partial file was left")
    }

    @Test func exportsReportsAndConversionsArePrivateAndNeverFollowALink() throws {
        let dir = try Self.vaultDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let precious = dir.appendingPathComponent("precious.txt")
        try Data("keep me\n".utf8).write(to: precious)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("export.json").path, withDestinationPath: precious.path)
        var run = try Self.cofferInShell(
            "umask 022", ["export", "v.coffer", "--format", "json", "-o", "export.json"] + Self.keyArguments, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me\n", "the export wrote through the link")
        let export = dir.appendingPathComponent("export.json")
        let type = try FileManager.default.attributesOfItem(atPath: export.path)[.type] as? FileAttributeType
        #expect(type == .typeRegular, "the link is replaced by the export")
        #expect(Self.mode(export) == 0o600)

        try Data("title,username,password\nmail,ana,secret\n".utf8).write(to: dir.appendingPathComponent("in.csv"))
        run = try Self.cofferInShell(
            "umask 022",
            ["convert", "in.csv", "--to", "json", "-o", "converted.json", "--report", "report.json"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.mode(dir.appendingPathComponent("converted.json")) == 0o600)
        #expect(Self.mode(dir.appendingPathComponent("report.json")) == 0o600)
        run = try Self.cofferInShell(
            "umask 022", ["plist", "convert", "converted.json", "--to", "xml", "-o", "converted.plist"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.mode(dir.appendingPathComponent("converted.plist")) == 0o600)
        run = try Self.cofferInShell("umask 022", ["keygen", "-o", "id.txt"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.mode(dir.appendingPathComponent("id.txt")) == 0o600)
        run = try CLITests.coffer(["keygen", "-o", "precious.txt"], in: dir)
        #expect(run.status == 3 && run.stderr.contains("already exists"), "\(run.stderr)")
        #expect(try String(contentsOf: precious, encoding: .utf8) == "keep me\n")
    }

    @Test func symlinksHardLinksAndModeAtTheCommandLine() throws {
        let dir = try Self.vaultDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.coffer").path, withDestinationPath: "v.coffer")
        #expect(chmod(dir.appendingPathComponent("v.coffer").path, 0o640) == 0)
        let run = try CLITests.coffer(["add", "link.coffer", "--title", "via link"] + Self.keyArguments, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let attributes = try FileManager.default.attributesOfItem(
            atPath: dir.appendingPathComponent("link.coffer").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(Self.mode(dir.appendingPathComponent("v.coffer")) == 0o640)
        let show = try CLITests.coffer(["show", "v.coffer", "via link"] + Self.keyArguments, in: dir)
        #expect(show.status == 0, "\(show.stderr)")
        // A second hard link would be forked by the rename: refused, nothing written.
        #expect(link(dir.appendingPathComponent("v.coffer").path, dir.appendingPathComponent("hard.coffer").path) == 0)
        let refused = try CLITests.coffer(["add", "v.coffer", "--title", "forked"] + Self.keyArguments, in: dir)
        #expect(refused.status == 3 && refused.stderr.contains("2 hard links"), "\(refused.stderr)")
        // A symlinked lock file is refused and its target left alone.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("hard.coffer"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("v.coffer.lock"))
        try Data("keep me\n".utf8).write(to: dir.appendingPathComponent("precious.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("v.coffer.lock").path, withDestinationPath: "precious.txt")
        let symlinked = try CLITests.coffer(["add", "v.coffer", "--title", "late"] + Self.keyArguments, in: dir)
        #expect(symlinked.status == 3 && symlinked.stderr.contains("symbolic link"), "\(symlinked.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("precious.txt"), encoding: .utf8) == "keep me\n")
    }
}
