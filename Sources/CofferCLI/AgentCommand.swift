import ArgumentParser
import Foundation
import VaultCrypto
import VaultFormat

/// `coffer __agent`: the agent process `coffer unlock` starts (hidden). The file key arrives
/// on standard input, never argv or the environment; "ready" (or an error line) goes back on
/// standard output, after which both are /dev/null.
struct AgentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "__agent", abstract: "The unlock agent (started by coffer unlock).", shouldDisplay: false)

    @Option var socket: String
    @Option var vault: String
    @Option var binding: String
    @Option var slot: Int
    @Option var timeout: Int

    func run() throws {
        setsid()  // no controlling terminal: a closed terminal's SIGHUP is not a lock
        Self.closeInheritedDescriptors()
        let key = SecureBytes(count: AgentProtocol.keyMaterialBytes)
        guard key.withMutableBytes({ AgentSocket.readExactly(0, into: $0) }) else {
            report("error: no file key on standard input")
            throw ExitCode(1)
        }
        guard let signals = AgentSignals.install() else {
            report("error: cannot make a pipe for the agent's signals")
            throw ExitCode(1)
        }
        let server: AgentServer
        do {
            server = try AgentServer(socketPath: socket, vaultPath: vault, keyBinding: binding, slot: slot, key: key)
        } catch let failure as CofferFailure {
            report("error: " + failure.message)
            throw ExitCode(1)
        }
        report(AgentProtocol.ready)
        let null = open("/dev/null", O_RDWR)
        if null >= 0 {
            dup2(null, 0)
            dup2(null, 1)
            dup2(null, 2)
            if null > 2 { close(null) }
        }
        server.run(timeoutSeconds: timeout, signals: signals)
    }

    /// Closes every descriptor above 2 the agent inherited (glibc's posix_spawn closefrom is
    /// not visible to Swift): an inherited pipe would keep whoever reads its other end
    /// waiting for an end of file as long as the agent lives.
    private static func closeInheritedDescriptors() {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 { close(fd) }
    }

    private func report(_ line: String) {
        _ = AgentSocket.writeAll(1, line + "\n")
    }
}
