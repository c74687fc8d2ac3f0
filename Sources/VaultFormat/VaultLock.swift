import Foundation

/// An advisory lock (flock) on `VAULT.lock` beside the vault, held for a whole
/// read-modify-write so a second writer is told who holds it instead of losing an update.
/// The lock file stays behind (unlinking lock files races); it holds only the holder's PID.
public final class VaultLock {
    private let descriptor: Int32
    public let path: String

    public init(vaultPath: String) throws {
        path = vaultPath + ".lock"
        descriptor = Foundation.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw VaultIOError("\(path): cannot open lock file: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = Foundation.pread(descriptor, &buffer, buffer.count, 0)
            Foundation.close(descriptor)
            let pid =
                n > 0
                ? String(decoding: buffer.prefix(n), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                : "?"
            throw VaultLockedError(path: vaultPath, holder: pid)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = Foundation.pwrite(descriptor, pid, pid.count, 0)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        Foundation.close(descriptor)
    }
}

public struct VaultLockedError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public let holder: String
    public var description: String { "\(path): vault is locked by PID \(holder)" }
}
