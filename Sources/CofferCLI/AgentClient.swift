import Foundation
import VaultCrypto
import VaultFormat

/// Asks a running unlock agent (`coffer unlock`) for a vault's file key.
enum AgentClient {
    /// The socket an agent for `vault` would listen on, when the agent directory is private.
    static func socketPath(for vault: String) -> String? {
        let directory = AgentDirectory.path()
        guard (try? AgentDirectory.checkPrivate(directory)) != nil else { return nil }
        return directory + "/" + AgentDirectory.socketName(forResolvedVault: AgentDirectory.resolved(vault))
    }

    /// The file key the agent holds for `file`, or nil (no agent, another vault's keys, any
    /// failure): the caller then asks for the key the usual way.
    static func fileKey(for file: VaultFile, vault: String) -> (key: SecureBytes, member: SecureBytes?, slot: Int)? {
        guard let socket = socketPath(for: vault), let fd = AgentSocket.connect(to: socket) else { return nil }
        defer { close(fd) }
        let request =
            "\(AgentProtocol.keyRequest) \(AgentProtocol.hex(file.keyBinding)) \(AgentDirectory.resolved(vault))\n"
        guard AgentSocket.writeAll(fd, request), let line = AgentSocket.readLine(fd) else { return nil }
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == AgentProtocol.found, let slot = Int(words[1]) else { return nil }
        let material = SecureBytes(count: AgentProtocol.keyMaterialBytes)
        guard material.withMutableBytes({ AgentSocket.readExactly(fd, into: $0) }) else { return nil }
        let (key, member) = AgentProtocol.split(material)
        return (key, member, slot)
    }

    /// Tells the agent on `socket` to forget its key; true when one did. A socket nobody
    /// listens on (an agent that was killed) is removed.
    @discardableResult
    static func lock(socket: String) -> Bool {
        guard let fd = AgentSocket.connect(to: socket) else {
            unlink(socket)
            return false
        }
        defer { close(fd) }
        guard AgentSocket.writeAll(fd, AgentProtocol.lockRequest + "\n") else { return false }
        return AgentSocket.readLine(fd) == AgentProtocol.locked
    }
}
