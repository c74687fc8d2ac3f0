import Foundation

/// Writing a file that may hold secrets (an export, a report, a converted list, an
/// identity): a temporary file in the destination's directory, mode 0600, fsync, then
/// rename over the destination and fsync the directory. A failure at any step (a full
/// disk, a size limit) leaves the old file as it was and no partial file behind.
///
/// A symlink at the destination is replaced by the new file, never written through, so an
/// output path can never be used to overwrite the file a link names; a link to a device or
/// directory, a block device, a socket and a vault are refused. A FIFO or character device
/// at the destination (a named pipe, `/dev/null`) is written directly, opened non-blocking:
/// there is no file to replace, and a pipe with no reader fails instead of hanging.
public enum OutputFile {
    /// Writes `bytes` to `path`. With `exclusive`, an existing file (or link) is never
    /// replaced: the write fails with "already exists" (link(2) publishes it).
    public static func write(_ bytes: [UInt8], to path: String, exclusive: Bool = false) throws {
        try write(to: path, exclusive: exclusive) { emit in try bytes.withUnsafeBytes { try emit($0) } }
    }

    /// Whether a write to `path` goes to a temporary file renamed over it at the end (nothing
    /// there, a regular file, or a link), so what a failed write emitted is never seen; not
    /// for a pipe or a device, which ``write(to:exclusive:_:)`` writes directly.
    public static func isReplacedWhole(_ path: String) -> Bool {
        guard path != "-" else { return false }
        var info = stat()
        guard lstat(path, &info) == 0 else { return true }
        return info.st_mode & S_IFMT == S_IFREG || info.st_mode & S_IFMT == S_IFLNK
    }

    /// Writes what `produce` hands to its `emit` function, piece by piece (an attachment
    /// streamed out of a vault), by the same rules as ``write(_:to:exclusive:)``: memory
    /// stays at the pieces, and a `produce` that throws leaves the old file and no partial one.
    public static func write(
        to path: String, exclusive: Bool = false,
        _ produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            if exclusive { throw VaultError(.fileSystem, "\(path): already exists") }
            switch info.st_mode & S_IFMT {
            case S_IFIFO, S_IFCHR: return try writeDirectly(to: path, produce)
            case S_IFREG:
                // An output never replaces a vault (`export V -o V` would swap it for clear text).
                if startsWithVaultMagic(path) {
                    throw VaultError(.fileSystem, "\(path): is a Coffer vault; an output never replaces one")
                }
            case S_IFLNK:
                // A link is replaced, never followed — but a link to a device, pipe or
                // directory (`/dev/stdout`) names something that is not a file to replace.
                var target = stat()
                if stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG {
                    throw VaultError(
                        .fileSystem,
                        "\(path): a link to something other than a file; not replaced (for standard output, use -o -)")
                }
            default:
                throw VaultError(.fileSystem, "\(path): not a regular file; not replaced")
            }
        }
        removeStaleTemporaries(of: path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard let (fd, temporary) = temporaryFile(beside: path) else {
            throw failure(
                "\(path): cannot create a temporary file in \(directory)",
                hint: path.hasPrefix("/dev/") ? " (for standard output, use -o -)" : "")
        }
        var published = false
        defer {
            if !published { unlink(temporary) }
        }
        do {
            defer { Foundation.close(fd) }
            guard fchmod(fd, 0o600) == 0 else { throw failure("\(path): cannot set mode 0600") }
            try produce { try writeAll($0, to: fd, path: path) }
            guard fsync(fd) == 0 else { throw failure("\(path): fsync failed") }
        }
        if exclusive {
            guard link(temporary, path) == 0 else {
                throw errno == EEXIST
                    ? VaultError(.fileSystem, "\(path): already exists") : failure("\(path): cannot create")
            }
            unlink(temporary)
        } else {
            guard rename(temporary, path) == 0 else { throw failure("\(path): cannot be replaced") }
        }
        published = true
        let dirfd = Foundation.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            fsync(dirfd)
            Foundation.close(dirfd)
        }
    }

    /// A new file `.NAME.tmp-XXXXXX` (0600, close-on-exec) in the directory of `path`, or
    /// nil with errno set.
    static func temporaryFile(beside path: String) -> (descriptor: Int32, path: String)? {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return nil }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // Held until the descriptor closes: tells a live temporary from one left by a writer
        // that died (``removeStaleTemporaries(of:)``).
        _ = flock(fd, LOCK_EX | LOCK_NB)
        return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func writeDirectly(
        to path: String, _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        // Non-blocking open: a pipe with no reader fails at once (ENXIO) instead of hanging.
        let fd = Foundation.open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw failure(errno == ENXIO ? "\(path): a pipe with no reader" : "\(path): cannot open")
        }
        defer { Foundation.close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        try produce { try writeAll($0, to: fd, path: path) }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw failure("\(path): write failed") }
            offset += n
        }
    }

    private static func failure(_ what: String, hint: String = "") -> VaultError {
        VaultError(.fileSystem, "\(what): \(String(cString: strerror(errno)))\(hint)")
    }

    /// Whether the regular file at `path` begins with the vault magic (spec/FORMAT.md §2).
    private static func startsWithVaultMagic(_ path: String) -> Bool {
        let fd = Foundation.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { Foundation.close(fd) }
        var head = [UInt8](repeating: 0, count: FormatLimits.magic.count)
        return Foundation.read(fd, &head, head.count) == head.count && head == FormatLimits.magic
    }

    /// Removes `.NAME.tmp-XXXXXX` files an output writer left when it died (a SIGKILL during
    /// an export leaves clear text). Outputs take no lock, so a temporary is known stale
    /// only when nobody holds the `flock` every writer takes on its own temporary.
    static func removeStaleTemporaries(of path: String) {
        for stale in temporaries(of: path) {
            let fd = Foundation.open(stale, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { continue }
            defer { Foundation.close(fd) }
            var opened = stat()
            var named = stat()
            guard fstat(fd, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, lstat(stale, &named) == 0,
                named.st_ino == opened.st_ino, named.st_dev == opened.st_dev,
                flock(fd, LOCK_EX | LOCK_NB) == 0
            else { continue }
            unlink(stale)
        }
    }

    /// The paths of `.NAME.tmp-XXXXXX` files (six letters or digits, as `mkstemp` makes them)
    /// beside `path`: the temporaries of saves and outputs to that name.
    static func temporaries(of path: String) -> [String] {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + ".tmp-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            let suffix = name.dropFirst(prefix.count)
            return name.hasPrefix(prefix) && suffix.count == 6
                && suffix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }.map { directory + "/" + $0 }
    }
}
