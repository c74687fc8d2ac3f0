import Foundation

/// Writing a file that may hold secrets (an export, a report, a converted list, an
/// identity): a temporary file in the destination's directory, mode 0600, fsync, then
/// rename over the destination and fsync the directory. A failure at any step (a full
/// disk, a size limit) leaves the old file as it was and no partial file behind.
///
/// A symlink at the destination is replaced by the new file, never written through, so an
/// output path can never be used to overwrite the file a link names. A FIFO or character
/// device at the destination (a named pipe, `/dev/null`) is written directly: there is no
/// file to replace.
public enum OutputFile {
    /// Writes `bytes` to `path`. With `exclusive`, an existing file (or link) is never
    /// replaced: the write fails with "already exists" (link(2) publishes it).
    public static func write(_ bytes: [UInt8], to path: String, exclusive: Bool = false) throws {
        var info = stat()
        if lstat(path, &info) == 0 {
            if exclusive { throw VaultError(.fileSystem, "\(path): already exists") }
            let type = info.st_mode & S_IFMT
            if type == S_IFIFO || type == S_IFCHR { return try writeDirectly(bytes, to: path) }
            if type == S_IFDIR { throw VaultError(.fileSystem, "\(path): is a directory") }
        }
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
            try writeAll(bytes, to: fd, path: path)
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
        return (fd, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func writeDirectly(_ bytes: [UInt8], to path: String) throws {
        let fd = Foundation.open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw failure("\(path): cannot open") }
        defer { Foundation.close(fd) }
        try writeAll(bytes, to: fd, path: path)
    }

    private static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw failure("\(path): write failed") }
            offset += n
        }
    }

    private static func failure(_ what: String, hint: String = "") -> VaultError {
        VaultError(.fileSystem, "\(what): \(String(cString: strerror(errno)))\(hint)")
    }
}
