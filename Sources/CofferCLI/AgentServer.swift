import Dispatch
import Foundation
import VaultCrypto

/// The process `coffer unlock` leaves behind: it holds one vault's file key in guarded
/// memory and hands it to processes of its own uid that name the same vault and keyslots,
/// until the timeout, `coffer lock`, or SIGTERM/SIGINT/SIGHUP. Everything runs on one queue.
final class AgentServer: @unchecked Sendable {
    let socketPath: String
    let vaultPath: String
    let keyBinding: String
    let slot: Int
    private let key: SecureBytes
    private let listener: Int32
    private let queue = DispatchQueue(label: "coffer.agent")
    private var sources: [DispatchSourceProtocol] = []

    /// Binds the socket (0600, in the private directory) before anything is answered.
    init(socketPath: String, vaultPath: String, keyBinding: String, slot: Int, key: SecureBytes) throws {
        self.socketPath = socketPath
        self.vaultPath = vaultPath
        self.keyBinding = keyBinding
        self.slot = slot
        self.key = key
        listener = try AgentSocket.make()
        unlink(socketPath)
        let previous = umask(0o177)
        let bound = AgentSocket.withAddress(socketPath) { bind(listener, $0, $1) }
        umask(previous)
        guard bound == 0, listen(listener, 16) == 0 else {
            close(listener)
            throw CofferFailure.io("\(socketPath): cannot listen (\(String(cString: strerror(errno))))")
        }
    }

    /// Serves until told to stop; never returns. `signals` is `AgentSignals.install()`'s pipe,
    /// made before "ready" was reported, so a signal sent since then is already waiting in it.
    func run(timeoutSeconds: Int, signals: Int32) -> Never {
        let signalled = DispatchSource.makeReadSource(fileDescriptor: signals, queue: queue)
        signalled.setEventHandler { [self] in forget() }
        sources.append(signalled)
        let accept = DispatchSource.makeReadSource(fileDescriptor: listener, queue: queue)
        accept.setEventHandler { [self] in acceptOne() }
        sources.append(accept)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .seconds(timeoutSeconds))
        timer.setEventHandler { [self] in forget() }
        sources.append(timer)
        for source in sources { source.resume() }
        // The main thread only waits, with no signal blocked: dispatch's own threads block
        // them, so this is the thread AgentSignals' handler runs on.
        while true { pause() }
    }

    private func acceptOne() {
        let client = Glibc.accept(listener, nil, nil)
        guard client >= 0 else { return }
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        var limit = timeval(tv_sec: AgentSocket.ioTimeoutSeconds, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        defer { close(client) }
        guard AgentPeer.admits(peer: AgentPeer.uid(of: client)) else { return }
        guard let line = AgentSocket.readLine(client) else { return }
        if line == AgentProtocol.lockRequest { forget(answering: client) }
        let request = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard request.count == 3, request[0] == AgentProtocol.keyRequest, request[1] == keyBinding,
            request[2] == vaultPath
        else {
            _ = AgentSocket.writeAll(client, AgentProtocol.notFound + "\n")
            return
        }
        guard AgentSocket.writeAll(client, "\(AgentProtocol.found) \(slot)\n") else { return }
        _ = key.withBytes { AgentSocket.writeAll(client, $0) }
    }

    /// Zeroes the key, removes the socket and exits. A `lock` request is answered only once
    /// the socket is gone, so an `unlock` that replaces this agent binds after the unlink.
    private func forget(answering client: Int32? = nil) -> Never {
        key.withMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) }
        unlink(socketPath)
        if let client { _ = AgentSocket.writeAll(client, AgentProtocol.locked + "\n") }
        exit(0)
    }
}
