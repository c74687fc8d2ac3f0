import Foundation
import Testing

/// `coffer unlock` and `coffer lock`: the agent, its private directory, and when it forgets.
/// Every test runs its agents in its own runtime directory and kills them when done.
@Suite struct UnlockAgentCLITests {
    static let pw = ["COFFER_PASSPHRASE": "hunter2"]

    /// A vault directory and a private runtime directory short enough for a socket path.
    struct Session {
        let dir: URL
        let runtime: String
        var agentDirectory: String { runtime + "/coffer" }

        init() throws {
            dir = try CLITests.directory()
            runtime = "/tmp/cu-" + UUID().uuidString.prefix(8).lowercased()
            try FileManager.default.createDirectory(
                atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        }

        func coffer(_ arguments: [String], _ environment: [String: String] = [:]) throws -> CLITests.Run {
            try CLITests.coffer(
                arguments, environment: environment.merging(["XDG_RUNTIME_DIR": runtime]) { $1 }, in: dir)
        }

        func makeVault(_ name: String = "v.coffer") throws {
            let run = try coffer(["create", name, "--kdf", "interactive"], pw)
            #expect(run.status == 0, "\(run.stderr)")
        }

        /// The agents started for this session, by their command lines (they name the socket).
        func agentPIDs() -> [pid_t] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { entry -> pid_t? in
                guard let pid = pid_t(entry),
                    let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
                else { return nil }
                let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                return words.contains("__agent") && words.contains { $0.hasPrefix(agentDirectory + "/") } ? pid : nil
            }
        }

        func sockets() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: agentDirectory)) ?? []).filter {
                $0.hasSuffix(".sock")
            }
        }

        /// Waits (bounded) until `condition` holds; the tests assert the outcome, not the time.
        func eventually(_ condition: () -> Bool) -> Bool {
            for _ in 0..<200 {
                if condition() { return true }
                usleep(50_000)
            }
            return condition()
        }

        /// Kills this session's agents and removes its directories.
        func cleanUp() {
            for pid in agentPIDs() { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(atPath: runtime)
        }
    }

    static let noTerminal = "no terminal to ask for a passphrase"

    @Test func unlockedVaultOpensWithoutAPassphraseUntilLocked() throws {
        let session = try Session()
        defer { session.cleanUp() }
        try session.makeVault()
        var run = try session.coffer(["list", "v.coffer"])
        #expect(run.status == 2 && run.stderr.contains(Self.noTerminal), "\(run.stderr)")
        run = try session.coffer(["unlock", "v.coffer", "--timeout", "1m"], Self.pw)
        #expect(run.status == 0 && run.stdout.contains("unlocked for 60s"), "\(run.stdout) \(run.stderr)")
        #expect(session.sockets().count == 1)
        var info = stat()
        #expect(lstat(session.agentDirectory, &info) == 0 && info.st_mode & 0o7777 == 0o700)
        run = try session.coffer(["list", "v.coffer"])
        #expect(run.status == 0 && run.stdout.contains("TITLE"), "\(run.stderr)")
        // A save keeps the keyslots, so the agent still answers afterwards.
        run = try session.coffer(["add", "v.coffer", "--title", "GitHub", "--generate"])
        #expect(run.status == 0, "\(run.stderr)")
        run = try session.coffer(["list", "v.coffer"])
        #expect(run.status == 0 && run.stdout.contains("GitHub"), "\(run.stderr)")
        // An explicit key source wins over the agent.
        run = try session.coffer(["list", "v.coffer"], ["COFFER_PASSPHRASE": "wrong"])
        #expect(run.status == 14, "\(run.stderr)")
        run = try session.coffer(["lock", "v.coffer"])
        #expect(run.status == 0 && run.stdout.contains("v.coffer: locked"), "\(run.stdout)")
        #expect(session.eventually { session.agentPIDs().isEmpty && session.sockets().isEmpty })
        run = try session.coffer(["list", "v.coffer"])
        #expect(run.status == 2 && run.stderr.contains(Self.noTerminal), "\(run.stderr)")
        run = try session.coffer(["lock"])
        #expect(run.status == 0 && run.stdout.contains("no vault is unlocked"), "\(run.stdout)")
    }

    /// The agent remembers the slot's member key too: an unlocked session opens the private
    /// collections the passphrase opens, and can add to them.
    @Test func anUnlockedSessionOpensThePrivateCollectionsOfItsSlot() throws {
        let session = try Session()
        defer { session.cleanUp() }
        try session.makeVault()
        try Data("pw-1\n".utf8).write(to: session.dir.appendingPathComponent("pw"))
        #expect(try session.coffer(["collection", "create", "v.coffer", "Mine"], Self.pw).status == 0)
        let unlocked = try session.coffer(["unlock", "v.coffer"], Self.pw)
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        let added = try session.coffer(
            ["add", "v.coffer", "--title", "Private", "--password-file", "pw", "--collection", "Mine"])
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try session.coffer(["list", "v.coffer", "--collection", "Mine"])
        #expect(listed.status == 0 && listed.stdout.contains("Private"), "\(listed.stderr)")
        #expect(try session.coffer(["lock", "v.coffer"]).status == 0)
        #expect(try session.coffer(["list", "v.coffer", "--collection", "Mine"], Self.pw).stdout.contains("Private"))
    }

    @Test func lockWithoutAVaultLocksEveryAgent() throws {
        let session = try Session()
        defer { session.cleanUp() }
        try session.makeVault("a.coffer")
        try session.makeVault("b.coffer")
        for name in ["a.coffer", "b.coffer"] {
            #expect(try session.coffer(["unlock", name], Self.pw).status == 0)
        }
        #expect(session.sockets().count == 2)
        let run = try session.coffer(["lock"])
        #expect(run.status == 0 && run.stdout.contains("locked 2 vaults"), "\(run.stdout)")
        #expect(session.eventually { session.agentPIDs().isEmpty })
        #expect(try session.coffer(["list", "a.coffer"]).status == 2)
    }

    @Test func agentForgetsTheKeyWhenItsTimeIsUp() throws {
        let session = try Session()
        defer { session.cleanUp() }
        try session.makeVault()
        let run = try session.coffer(["unlock", "v.coffer", "--timeout", "2s"], Self.pw)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(session.eventually { session.agentPIDs().isEmpty && session.sockets().isEmpty })
        #expect(try session.coffer(["list", "v.coffer"]).status == 2)
    }

    /// The signal is sent the moment `unlock` returns, several times over: a signal that came
    /// before the agent watched for it was once dropped, leaving the agent and its key alive.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalRemovesTheSocket(_ signal: Int32) throws {
        let session = try Session()
        defer { session.cleanUp() }
        try session.makeVault()
        for _ in 0..<5 {
            #expect(try session.coffer(["unlock", "v.coffer"], Self.pw).status == 0)
            let pids = session.agentPIDs()
            #expect(pids.count == 1 && session.sockets().count == 1)
            for pid in pids { kill(pid, signal) }
            #expect(session.eventually { session.agentPIDs().isEmpty && session.sockets().isEmpty })
            #expect(try session.coffer(["list", "v.coffer"]).status == 2)
        }
    }

    @Test func replacedVaultIsNotOpenedWithTheOldKey() throws {
        let session = try Session()
        defer { session.cleanUp() }
        try session.makeVault()
        try session.makeVault("other.coffer")
        #expect(try session.coffer(["unlock", "v.coffer"], Self.pw).status == 0)
        let vault = session.dir.appendingPathComponent("v.coffer")
        try FileManager.default.removeItem(at: vault)
        try FileManager.default.copyItem(at: session.dir.appendingPathComponent("other.coffer"), to: vault)
        let run = try session.coffer(["list", "v.coffer"])
        #expect(run.status == 2 && run.stderr.contains(Self.noTerminal), "\(run.stderr)")
    }

    @Test func refusesAnAgentDirectoryThatIsNotPrivate() throws {
        let session = try Session()
        defer { session.cleanUp() }
        try session.makeVault()
        try FileManager.default.createDirectory(
            atPath: session.agentDirectory, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o755])
        var run = try session.coffer(["unlock", "v.coffer"], Self.pw)
        #expect(run.status == 3 && run.stderr.contains("mode 755, not 700"), "\(run.stderr)")
        #expect(session.agentPIDs().isEmpty)
        // A symlink to a private directory is refused too (lstat).
        try FileManager.default.removeItem(atPath: session.agentDirectory)
        let elsewhere = session.runtime + "/elsewhere"
        try FileManager.default.createDirectory(
            atPath: elsewhere, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: session.agentDirectory, withDestinationPath: elsewhere)
        run = try session.coffer(["unlock", "v.coffer"], Self.pw)
        #expect(run.status == 3 && run.stderr.contains("not a directory"), "\(run.stderr)")
        // Another owner's directory: only root can make one here.
        if getuid() == 0 {
            try FileManager.default.removeItem(atPath: session.agentDirectory)
            try FileManager.default.createDirectory(
                atPath: session.agentDirectory, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])
            #expect(chown(session.agentDirectory, 65534, 65534) == 0)
            run = try session.coffer(["unlock", "v.coffer"], Self.pw)
            #expect(run.status == 3 && run.stderr.contains("belongs to uid 65534"), "\(run.stderr)")
        }
        #expect(session.agentPIDs().isEmpty)
    }

    @Test func timeoutMustBeADuration() throws {
        let session = try Session()
        defer { session.cleanUp() }
        try session.makeVault()
        for bad in ["0", "10x", "-5s", "25h", "m"] {
            let run = try session.coffer(["unlock", "v.coffer", "--timeout", bad], Self.pw)
            #expect(run.status == 2, "\(bad): \(run.stderr)")
        }
        #expect(session.agentPIDs().isEmpty)
    }
}
