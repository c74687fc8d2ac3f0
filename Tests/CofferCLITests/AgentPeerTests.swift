import Foundation
import Testing

@testable import CofferCLI

/// The agent's peer check (SO_PEERCRED) and its directory rule, without starting an agent.
@Suite struct AgentPeerTests {
    @Test func peerUIDComesFromTheKernel() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { for fd in ends { close(fd) } }
        #expect(AgentPeer.uid(of: ends[0]) == getuid())
        #expect(AgentPeer.admits(peer: AgentPeer.uid(of: ends[0])))
        // Not a socket: the kernel says nothing, and nothing is admitted.
        #expect(AgentPeer.uid(of: -1) == nil)
        #expect(!AgentPeer.admits(peer: AgentPeer.uid(of: -1)))
    }

    @Test func otherUIDsAreRefused() {
        #expect(!AgentPeer.admits(peer: 1001, ownUID: 1000))
        #expect(!AgentPeer.admits(peer: 0, ownUID: 1000))
        #expect(AgentPeer.admits(peer: 1000, ownUID: 1000))
        #expect(!AgentPeer.admits(peer: nil, ownUID: 1000))
    }

    @Test func directoryOfAnotherOwnerIsRefused() throws {
        let path = "/tmp/cu-peer-" + UUID().uuidString.prefix(8).lowercased()
        #expect(mkdir(path, 0o700) == 0)
        defer { rmdir(path) }
        #expect(throws: Never.self) { try AgentDirectory.checkPrivate(path) }
        #expect(throws: CofferFailure.self) { try AgentDirectory.checkPrivate(path, owner: getuid() &+ 1) }
    }

    @Test func timeoutsParse() {
        #expect(AgentTimeout(argument: "90s")?.seconds == 90)
        #expect(AgentTimeout(argument: "10m")?.seconds == 600)
        #expect(AgentTimeout(argument: "2h")?.seconds == 7200)
        #expect(AgentTimeout(argument: "45")?.seconds == 45)
        for bad in ["", "0", "s", "1d", "-1m", "25h", "١٠m"] { #expect(AgentTimeout(argument: bad) == nil, "\(bad)") }
    }
}
