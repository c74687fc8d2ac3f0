import Foundation

/// The signals that make the agent forget its key (SIGTERM, SIGINT, SIGHUP), turned into bytes
/// on a pipe that the agent's queue reads.
///
/// Why not a dispatch signal source: it needs the signal ignored first and registers
/// asynchronously, so a SIGTERM sent the moment `unlock` returned could fall between the two
/// and be dropped, leaving the agent and its key alive. A handler installed with sigaction
/// before the agent reports "ready" loses nothing: a byte written before the queue watches
/// the pipe is still there when it does.
enum AgentSignals {
    static let forgetting = [SIGTERM, SIGINT, SIGHUP]

    /// The pipe's write end, for the handler (which can capture nothing).
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    /// Installs the handler and unblocks the signals on the calling (main) thread; returns the
    /// read end, or nil when no pipe could be made.
    static func install() -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for fd in ends {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        writeEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(AgentSignals.writeEnd, &byte, 1)  // async-signal-safe; a full pipe already says enough
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in forgetting {
            sigaction(signal, &action, nil)
            sigaddset(&unblocked, signal)
        }
        // A mask inherited from whoever started `unlock` (a test runner's worker thread blocks
        // nearly everything) would keep the signals pending here for ever.
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return ends[0]
    }
}
