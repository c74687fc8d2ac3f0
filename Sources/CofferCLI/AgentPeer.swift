import Foundation

/// Who is on the other end of a Unix socket, from the kernel (SO_PEERCRED): the agent
/// answers only processes of its own uid.
enum AgentPeer {
    /// `struct ucred` (Linux): glibc declares it only under _GNU_SOURCE, so it is spelled here.
    private struct Credentials {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
    }

    /// The uid of the process connected on `fd`, or nil when the kernel does not say.
    static func uid(of fd: Int32) -> uid_t? {
        var credentials = Credentials()
        var length = socklen_t(MemoryLayout<Credentials>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
            length == socklen_t(MemoryLayout<Credentials>.size)
        else { return nil }
        return credentials.uid
    }

    /// Only the agent's own uid is answered; an unknown peer is refused.
    static func admits(peer: uid_t?, ownUID: uid_t = getuid()) -> Bool {
        guard let peer else { return false }
        return peer == ownUID
    }
}
