import Foundation
import TestSupport
import Testing

/// Attachments stream: a large file goes into a vault and comes back out byte for byte,
/// while the `coffer` doing it stays under a fixed peak RSS (measured by wait4 on that one
/// process, so other tests' processes do not count).
@Suite struct AttachmentCLITests {
    static let keyArguments = ["--no-passphrase", "--key-file", "key"]
    /// The bound the README promises for an attachment of any size (2 GiB measured by hand).
    static let peakRSSBound = 64 << 20

    /// Runs coffer and returns its exit status, stderr and peak resident set size in bytes.
    static func measured(_ arguments: [String], in dir: URL) throws -> (status: Int32, stderr: String, peakRSS: Int) {
        let errPath = dir.appendingPathComponent("stderr.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // A small python3 forks and execs coffer and reports that child's peak RSS. Not
        // posix_spawn straight to coffer: glibc spawns with CLONE_VM, and Linux carries the
        // spawning process's high-water mark across exec, so the child would report the
        // test runner's own peak (hundreds of MiB in a full run), not coffer's.
        let rssPath = dir.appendingPathComponent("maxrss.txt").path
        let measure = """
            import os, sys
            os.chdir(sys.argv[1])
            pid = os.fork()
            if pid == 0:
                os.execv(sys.argv[3], sys.argv[3:])
            _, status, usage = os.wait4(pid, 0)
            open(sys.argv[2], "w").write(str(usage.ru_maxrss))
            code = os.waitstatus_to_exitcode(status)
            sys.exit(code if code >= 0 else 128 - code)
            """
        let argv: [UnsafeMutablePointer<CChar>?] =
            (["python3", "-c", measure, dir.path, rssPath, CLITests.binary] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "COFFER_PASSPHRASE")
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "python3", &actions, nil, argv, envp)
        try #require(spawned == 0, "posix_spawnp python3: \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let rss = try #require(
            Int((try? String(contentsOfFile: rssPath, encoding: .utf8)) ?? ""),
            "no peak RSS reported; stderr: \(stderr)")
        return (exit, stderr, rss * 1024)  // ru_maxrss is in KiB on Linux
    }

    /// Writes `bytes` of a position-dependent pattern (no two MiB alike), piece by piece.
    static func writePattern(_ url: URL, bytes: Int) throws {
        try Data().write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var piece = [UInt8](repeating: 0, count: 1 << 20)
        var generator = SeededGenerator(seed: 42)
        var written = 0
        while written < bytes {
            let count = min(piece.count, bytes - written)
            for i in stride(from: 0, to: count, by: 8) {
                let word = generator.next()
                for j in 0..<min(8, count - i) { piece[i + j] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(j))) }
            }
            try handle.write(contentsOf: piece[0..<count])
            written += count
        }
    }

    /// Whether two files hold the same bytes, compared a MiB at a time.
    static func sameBytes(_ a: URL, _ b: URL) throws -> Bool {
        let x = try FileHandle(forReadingFrom: a)
        let y = try FileHandle(forReadingFrom: b)
        defer {
            try? x.close()
            try? y.close()
        }
        while true {
            let p = try x.read(upToCount: 1 << 20) ?? Data()
            let q = try y.read(upToCount: 1 << 20) ?? Data()
            guard p == q else { return false }
            if p.isEmpty { return true }
        }
    }

    @Test func aLargeAttachmentGoesInAndOutInBoundedMemory() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data((0..<32).map { UInt8($0) }).write(to: dir.appendingPathComponent("key"))
        var run = try CLITests.coffer(["create", "v.coffer"] + Self.keyArguments, in: dir)
        try #require(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["add", "v.coffer", "--title", "Backups"] + Self.keyArguments, in: dir)
        try #require(run.status == 0, "\(run.stderr)")
        let size = 160 << 20 + 12_345  // not a whole number of chunks
        let input = dir.appendingPathComponent("disk.img")
        try Self.writePattern(input, bytes: size)

        let add = try Self.measured(["attach", "add", "v.coffer", "backups", "disk.img"] + Self.keyArguments, in: dir)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(add.stderr)")
        #expect(add.peakRSS < Self.peakRSSBound, "attach add peaked at \(add.peakRSS >> 20) MiB")
        let vaultSize =
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("v.coffer").path)[
                .size] as? Int ?? 0
        #expect(vaultSize > size, "the bytes are in the vault")

        let get = try Self.measured(
            ["attach", "get", "v.coffer", "Backups", "disk.img", "-o", "out.img"] + Self.keyArguments, in: dir)
        #expect(get.status == 0, "\(get.stderr)")
        #expect(get.peakRSS < Self.peakRSSBound, "attach get peaked at \(get.peakRSS >> 20) MiB")
        #expect(try Self.sameBytes(input, dir.appendingPathComponent("out.img")))

        // Editing the item afterwards streams the blob into the new generation, unchanged.
        run = try CLITests.coffer(["edit", "v.coffer", "Backups", "--username", "ops"] + Self.keyArguments, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["attach", "list", "v.coffer", "--json"] + Self.keyArguments, in: dir)
        let rows = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(rows.count == 1 && rows.first?["size"] as? Int == size, "\(run.stdout)")
        let again = try Self.measured(
            ["attach", "get", "v.coffer", "Backups", "DISK.IMG", "-o", "out.img", "--force"] + Self.keyArguments,
            in: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Self.sameBytes(input, dir.appendingPathComponent("out.img")))

        let remove = try Self.measured(
            ["attach", "rm", "v.coffer", "Backups", "disk.img"] + Self.keyArguments, in: dir)
        #expect(remove.status == 0 && remove.peakRSS < Self.peakRSSBound, "\(remove.stderr)")
        let after =
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("v.coffer").path)[
                .size] as? Int ?? 0
        #expect(after < 1 << 20, "the blob left the vault (\(after) bytes)")
    }
}
