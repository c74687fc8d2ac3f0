import Foundation

/// Reads an input whole into one byte array: one allocation of the file's size and plain
/// read(2) calls (Data then [UInt8] held two copies of a 500 MB export at once).
public enum InputFile {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static func read(path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw Failure(description: "\(path): \(errno == ENOENT ? "does not exist" : "cannot be read")")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            // Not a regular file (a pipe, a device): read until the end.
            return try readToEnd(fd, path: path)
        }
        let size = Int(info.st_size)
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let n = Foundation.read(fd, buffer.baseAddress! + count, size - count)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                count += n
            }
        }
        guard bytes.count == size else { throw Failure(description: "\(path): cannot be read") }
        // A file that grew while being read: take the rest too.
        bytes += try readToEnd(fd, path: path)
        return bytes
    }

    private static func readToEnd(_ fd: Int32, path: String) throws -> [UInt8] {
        var bytes = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw Failure(description: "\(path): cannot be read") }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }
}
