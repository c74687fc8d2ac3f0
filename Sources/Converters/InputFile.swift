import Foundation

/// Reads an input whole into one byte array, never more than its ``InputLimit``: one
/// allocation of the file's size (up to the limit) and plain read(2) calls, stopping at the
/// limit plus one byte. `/dev/zero`, an endless pipe or a file that grows while it is read
/// end in a ``ConverterError/Code/tooLarge`` error instead of exhausting memory.
public enum InputFile {
    /// Reads the file at `path`.
    ///
    /// With `regularOnly` (imports and property lists), anything but a regular file — a
    /// FIFO, a device, a directory, a socket — is refused: the file is opened with
    /// O_NONBLOCK, so a FIFO without a writer never blocks the open, and its type is
    /// checked with fstat on the open descriptor, so nothing can change between check and
    /// read. Standard input is read with ``read(fileDescriptor:name:limit:sizeHint:)``.
    public static func read(path: String, limit: InputLimit = .importFile, regularOnly: Bool = true) throws -> [UInt8] {
        let flags = O_RDONLY | O_CLOEXEC | O_NOCTTY | (regularOnly ? O_NONBLOCK : 0)
        var fd: Int32
        repeat { fd = open(path, flags) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw openFailure(path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ConverterError(.unreadable, input: path, "cannot be read (\(String(cString: strerror(errno))))")
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFREG {
            if regularOnly { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        } else if regularOnly {
            throw notRegular(path: path, found: kind(type))
        }
        return try read(
            fileDescriptor: fd, name: path, limit: limit, sizeHint: type == S_IFREG ? Int(info.st_size) : 0)
    }

    /// Reads `fd` to its end (standard input, a pipe), at most `limit` bytes; `name` is how
    /// errors name it. `sizeHint` is the expected size (0 when unknown).
    public static func read(fileDescriptor fd: Int32, name: String, limit: InputLimit, sizeHint: Int = 0) throws
        -> [UInt8]
    {
        // One byte more than the limit (or the expected size), so a larger input is seen.
        let first = min(max(sizeHint, 0), limit.bytes) + 1
        var failure: Int32 = 0
        var atEnd = false
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, count in
            count = 0
            while count < first {
                let n = Foundation.read(fd, buffer.baseAddress! + count, first - count)
                if n < 0, errno == EINTR { continue }
                if n < 0 { failure = errno }
                if n <= 0 {
                    atEnd = true
                    break
                }
                count += n
            }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while failure == 0, !atEnd, bytes.count <= limit.bytes {
            let wanted = min(chunk.count, limit.bytes + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, wanted) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { failure = errno }
            if n <= 0 {
                atEnd = true
                break
            }
            bytes += chunk[0..<n]
        }
        if failure != 0 {
            throw ConverterError(
                .unreadable, input: name, offset: bytes.count, "cannot be read (\(String(cString: strerror(failure))))")
        }
        guard bytes.count <= limit.bytes else {
            throw ConverterError(.tooLarge, input: name, "larger than the \(limit.size) limit for \(limit.purpose)")
        }
        return bytes
    }

    private static func openFailure(path: String, errno code: Int32) -> ConverterError {
        switch code {
        case ENOENT: return ConverterError(.unreadable, input: path, "does not exist")
        case ENXIO:
            // A socket (or a device without its driver): say which, without opening it.
            var info = stat()
            let found = stat(path, &info) == 0 ? kind(info.st_mode & S_IFMT) : "a file that cannot be opened"
            return notRegular(path: path, found: found)
        default:
            return ConverterError(.unreadable, input: path, "cannot be opened (\(String(cString: strerror(code))))")
        }
    }

    private static func notRegular(path: String, found: String) -> ConverterError {
        ConverterError(
            .notRegularFile, input: path, expected: "a regular file", found: found, "\(found), not a regular file")
    }

    private static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFREG: "a regular file"
        default: "a special file"
        }
    }
}
