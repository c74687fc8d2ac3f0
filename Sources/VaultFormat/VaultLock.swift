import Foundation
import Synchronization

/// An advisory lock (flock) on `VAULT.lock` beside the vault, held for a whole
/// read-modify-write so a second writer is told who holds it instead of losing an update.
///
/// The lock is keyed on the vault's resolved path (``VaultPath``), so a symlink and its
/// target share one lock. The lock file is opened with `O_NOFOLLOW` and must be a regular
/// file, so a symlinked `VAULT.lock` is refused and its target never touched. It stays
/// behind (unlinking lock files races) and holds only the holder's PID, written after the
/// lock is known to be on the file the path names. Should someone delete or replace the
/// lock file while it is held, the holder notices before it publishes (``publishing(_:)``)
/// and refuses to save, so two writers never both replace the vault.
public final class VaultLock: @unchecked Sendable {
    private let descriptor: Int32
    /// The lock file: the resolved vault path followed by `.lock`.
    public let path: String
    /// The vault the lock guards, symlinks resolved.
    public let vaultPath: String

    /// Takes the lock without waiting; throws ``VaultError`` `.locked` naming the holder's PID.
    public convenience init(vaultPath: String) throws {
        try self.init(resolvedVaultPath: try VaultPath.resolve(vaultPath).path)
    }

    init(resolvedVaultPath vault: String) throws {
        vaultPath = vault
        let path = vault + ".lock"
        self.path = path
        // A lock file deleted and re-created between our open and our flock is not the one
        // the path names: try again (a few times; it only happens under a racing deletion).
        var attempt = 0
        while true {
            attempt += 1
            let fd = try Self.directoryLocked(vault) { try Self.acquire(path, vault: vault) }
            if let fd {
                descriptor = fd
                break
            }
            guard attempt < 20 else {
                throw VaultError(.locked, "\(path): the lock file keeps being replaced; not locked")
            }
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = Foundation.pwrite(descriptor, pid, pid.count, 0)
        Self.held.withLock { $0[vault] = WeakLock(self) }
    }

    deinit {
        Self.held.withLock { if $0[vaultPath]?.lock == nil || $0[vaultPath]?.lock === self { $0[vaultPath] = nil } }
        flock(descriptor, LOCK_UN)
        Foundation.close(descriptor)
    }

    /// The lock file belongs to whoever may save the vault: the vault's owner and group (when
    /// root made it, for a vault that is someone else's), and group read/write when the vault
    /// is group-writable. Otherwise the vault's own owner would be locked out of it.
    private static func shareLikeTheVault(_ fd: Int32, _ lock: stat, vault: String) {
        var owner = stat()
        guard stat(vault, &owner) == 0 else { return }
        if geteuid() == 0, lock.st_uid != owner.st_uid || lock.st_gid != owner.st_gid {
            _ = fchown(fd, owner.st_uid, owner.st_gid)
        }
        let mode: mode_t = 0o600 | (owner.st_mode & 0o060)
        if lock.st_mode & 0o777 != mode, lock.st_uid == geteuid() || geteuid() == 0 { _ = fchmod(fd, mode) }
    }

    /// Opens, checks and flocks the lock file. Returns nil when the file was replaced
    /// under us (the caller retries).
    private static func acquire(_ path: String, vault: String) throws -> Int32? {
        let fd = Foundation.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP {
                throw VaultError(
                    .fileSystem, "\(path): the lock file is a symbolic link; refusing to use it (remove it)")
            }
            throw VaultError(.fileSystem, "\(path): cannot open lock file: \(String(cString: strerror(errno)))")
        }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
            Foundation.close(fd)
            throw VaultError(.fileSystem, "\(path): the lock file is not a regular file; refusing to use it")
        }
        shareLikeTheVault(fd, opened, vault: vault)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = Foundation.pread(fd, &buffer, buffer.count, 0)
            Foundation.close(fd)
            guard failure == EWOULDBLOCK else {
                throw VaultError(.fileSystem, "\(path): cannot lock: \(String(cString: strerror(failure)))")
            }
            // Only the digits: the lock file's bytes are anyone's who can write the directory.
            let digits = buffer.prefix(max(n, 0)).prefix { (0x30...0x39).contains($0) }
            let pid = digits.isEmpty ? "?" : String(decoding: digits, as: UTF8.self)
            throw VaultError(.locked, "\(vault): vault is locked by PID \(pid.isEmpty ? "?" : pid)")
        }
        guard names(path, fd) else {
            Foundation.close(fd)
            return nil
        }
        return fd
    }

    /// Whether `path` still names the file open as `fd` (same device and inode).
    private static func names(_ path: String, _ fd: Int32) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(fd, &opened) == 0, lstat(path, &named) == 0 else { return false }
        return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
    }

    /// Runs `publish` (the rename that makes a new generation visible) only if this lock
    /// file is still the one `VAULT.lock` names. The check and the rename happen under a
    /// short lock on the directory, which every acquisition also takes, so no writer can
    /// take a re-created lock file between them.
    func publishing<T>(_ publish: () throws -> T) throws -> T {
        try Self.directoryLocked(vaultPath) {
            guard Self.names(path, descriptor) else {
                throw VaultError(
                    .locked,
                    "\(path) was removed or replaced while this process held it; not saved, since another writer may be working on the vault now (run the command again)"
                )
            }
            return try publish()
        }
    }

    /// Runs `body` holding a flock on the directory of `vault`, for the few microseconds
    /// of an acquisition or a publication. Bounded: a stopped holder makes this fail, not hang.
    private static func directoryLocked<T>(_ vault: String, _ body: () throws -> T) throws -> T {
        let directory = (vault as NSString).deletingLastPathComponent
        let fd = Foundation.open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return try body() }  // an unreadable directory: the file lock alone
        defer { Foundation.close(fd) }
        var tries = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            // A file system without flock on directories: the file lock alone.
            guard errno == EWOULDBLOCK || errno == EINTR else { return try body() }
            tries += 1
            guard tries < 5000 else {
                throw VaultError(.locked, "\(directory): the directory stays locked by another writer")
            }
            usleep(1000)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    private struct WeakLock: @unchecked Sendable {
        weak var lock: VaultLock?
        init(_ lock: VaultLock) { self.lock = lock }
    }

    /// The locks this process holds, by resolved vault path: a save made without one takes
    /// the lock for its own duration.
    private static let held = Mutex<[String: WeakLock]>([:])

    /// The lock this process holds on the vault at resolved path `vault`, if any.
    static func held(for vault: String) -> VaultLock? {
        held.withLock { $0[vault]?.lock }
    }
}
