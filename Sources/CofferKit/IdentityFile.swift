import Foundation
import VaultCrypto
import VaultFormat

/// Writing a new X25519 identity file, as `coffer keygen` does: created exclusively (an
/// existing file, or a symlink in its place, is never overwritten), mode 0600 from the
/// start, flushed to disk before the recipient is handed out.
public enum IdentityFile {
    /// Creates the identity file at `path` and returns its recipient (`coffer-recipient-v1:…`).
    public static func create(at path: String, random: RandomSource = SystemRandom.shared) throws -> String {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw CofferKitError(
                .fileSystem, "\(path): " + (errno == EEXIST ? "already exists" : "cannot create (\(errnoText()))"))
        }
        let identity = X25519.generate(random: random)
        var text = Array(IdentityText.identityFile(secret: identity.secret).utf8)
        defer { wipe(&text) }
        var written = 0
        while written < text.count {
            let n = text[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { try failed(fd, path, "cannot write (\(errnoText()))") }
            written += n
        }
        guard fsync(fd) == 0 else { try failed(fd, path, "cannot write (\(errnoText()))") }
        guard close(fd) == 0 else {
            unlink(path)
            throw CofferKitError(.fileSystem, "\(path): cannot write (\(errnoText()))")
        }
        return IdentityText.recipient(identity.publicKey)
    }

    /// A half-written identity is worse than none: it is removed.
    private static func failed(_ fd: Int32, _ path: String, _ reason: String) throws -> Never {
        close(fd)
        unlink(path)
        throw CofferKitError(.fileSystem, "\(path): \(reason)")
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
