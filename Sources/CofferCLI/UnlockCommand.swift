import ArgumentParser
import Foundation
import VaultFormat

/// `coffer unlock`: pays the KDF once and leaves an agent holding the file key, so the
/// commands that follow open the vault without asking (README "Unlocked sessions").
struct Unlock: ParsableCommand, NamesVault {
    static let configuration = CommandConfiguration(
        abstract: "Keep a vault's key in a background agent until a timeout or coffer lock.",
        discussion: """
            The agent holds the file key in guarded memory and answers only processes of your \
            own uid, over a socket in $XDG_RUNTIME_DIR/coffer (or /tmp/coffer-UID), a 0700 \
            directory. Commands that open the vault ask it first when no key option is given \
            and COFFER_PASSPHRASE is unset. It forgets the key on timeout, on coffer lock, and \
            on SIGTERM, SIGINT or SIGHUP.

            \(examples("coffer unlock vault.coffer", "coffer unlock vault.coffer --timeout 2h", "coffer lock vault.coffer"))
            """)

    @Argument(help: "The vault file.") var vault: String
    @Option(help: "Forget the key after this long: seconds, or 90s, 10m, 2h (at most 24h).")
    var timeout = AgentTimeout(argument: "10m")!
    @OptionGroup var keys: KeyOptions

    var namedVault: String? { vault }

    func run() throws {
        let directory = try AgentDirectory.ensure()
        let resolved = AgentDirectory.resolved(vault)
        let socket = directory + "/" + AgentDirectory.socketName(forResolvedVault: resolved)
        let file = try reporting(vault) { try VaultFile(path: vault, allowLargeKDFMemory: keys.allowKdfMemory) }
        // The usual key sources only: an agent already running is replaced, not asked.
        let unlocked = try reporting(vault) { try file.unlock(with: keys.credentials()) }
        AgentClient.lock(socket: socket)
        try AgentLauncher.start(
            socket: socket, vault: resolved, binding: AgentProtocol.hex(file.keyBinding), slot: unlocked.slotIndex,
            timeoutSeconds: timeout.seconds,
            key: AgentProtocol.keyMaterial(fileKey: unlocked.keys.fileKey, member: unlocked.member?.secret))
        print("\(vault): unlocked for \(timeout.seconds)s (coffer lock \(vault) forgets the key sooner)")
    }
}

/// `coffer lock`: tells agents to forget their keys.
struct Lock: ParsableCommand, NamesVault {
    static let configuration = CommandConfiguration(
        abstract: "Make unlock agents forget their keys (one vault, or all of them).",
        discussion: examples("coffer lock vault.coffer", "coffer lock"))

    @Argument(help: "The vault to lock; without it, every unlocked vault.") var vault: String?

    var namedVault: String? { vault }

    func run() throws {
        let directory = AgentDirectory.path()
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            print(vault.map { "\($0): not unlocked" } ?? "no vault is unlocked")
            return
        }
        try AgentDirectory.checkPrivate(directory)
        if let vault {
            let socket = directory + "/" + AgentDirectory.socketName(forResolvedVault: AgentDirectory.resolved(vault))
            print(AgentClient.lock(socket: socket) ? "\(vault): locked" : "\(vault): not unlocked")
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let locked = names.filter { $0.hasSuffix(AgentDirectory.socketSuffix) }.sorted()
            .filter { AgentClient.lock(socket: directory + "/" + $0) }
        print(locked.isEmpty ? "no vault is unlocked" : "locked \(locked.count) vault\(locked.count == 1 ? "" : "s")")
    }
}
