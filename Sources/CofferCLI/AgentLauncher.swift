import Foundation
import VaultCrypto

/// Starts `coffer __agent` (this same executable) detached, hands it the file key over a
/// pipe, and waits for it to say it is listening.
enum AgentLauncher {
    static func start(
        socket: String, vault: String, binding: String, slot: Int, timeoutSeconds: Int, key: SecureBytes
    ) throws {
        var keyPipe: [Int32] = [-1, -1]
        var readyPipe: [Int32] = [-1, -1]
        guard pipeClosedOnExec(&keyPipe) else { throw CofferFailure.io("cannot make a pipe for the agent") }
        guard pipeClosedOnExec(&readyPipe) else {
            close(keyPipe[0])
            close(keyPipe[1])
            throw CofferFailure.io("cannot make a pipe for the agent")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, keyPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, readyPipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = [
            "coffer", "__agent", "--socket", socket, "--vault", vault, "--binding", binding, "--slot", String(slot),
            "--timeout", String(timeoutSeconds),
        ]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]  // the agent needs none, and gets no secrets
        // The agent starts with default dispositions and nothing blocked, whatever this
        // process inherited: it must be able to hear SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid = pid_t()
        let spawned = posix_spawn(&pid, try executable(), &actions, &attributes, &argv, &environment)
        close(keyPipe[0])
        close(readyPipe[1])
        defer { close(readyPipe[0]) }
        guard spawned == 0 else {
            close(keyPipe[1])
            throw CofferFailure.io("cannot start the agent (\(String(cString: strerror(spawned))))")
        }
        let sent = key.withBytes { AgentSocket.writeAll(keyPipe[1], $0) }
        close(keyPipe[1])
        let answer = AgentSocket.readLine(readyPipe[0]) ?? "error: the agent exited without a word"
        guard sent, answer == AgentProtocol.ready else {
            kill(pid, SIGTERM)
            throw CofferFailure.io("the agent did not start: " + answer.replacingOccurrences(of: "error: ", with: ""))
        }
    }

    /// A pipe whose ends the agent does not inherit (only the dup2'd copies reach it).
    private static func pipeClosedOnExec(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private static func executable() throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { throw CofferFailure.io("cannot find the coffer executable to start the agent") }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
