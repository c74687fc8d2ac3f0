import Foundation

/// A file read at random offsets, without trusting anything in it: what the recovery
/// code reads, since a file to repair may have a damaged header that ``VaultFile`` refuses.
package final class FileBytes: @unchecked Sendable {
    private enum Storage {
        case descriptor(Int32, owned: Bool)
        case memory([UInt8])
    }

    private let storage: Storage
    package let path: String
    package let length: Int

    package init(bytes: [UInt8], name: String = "<memory>") {
        storage = .memory(bytes)
        path = name
        length = bytes.count
    }

    /// Opens `path` read-only; it must be a regular file.
    package init(path: String) throws {
        let fd = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw VaultError(.fileSystem, "\(path): cannot open: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            Foundation.close(fd)
            throw VaultError(.fileSystem, "\(path): not a regular file (a vault is one)")
        }
        storage = .descriptor(fd, owned: true)
        self.path = path
        length = Int(info.st_size)
    }

    /// Reads through a descriptor the caller keeps open (a temporary file being written).
    package init(descriptor: Int32, path: String, length: Int) {
        storage = .descriptor(descriptor, owned: false)
        self.path = path
        self.length = length
    }

    deinit {
        if case .descriptor(let fd, true) = storage { Foundation.close(fd) }
    }

    package func read(_ range: Range<Int>) throws -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= length else {
            throw VaultError(.truncated, "file ended while reading", byteRange: range)
        }
        switch storage {
        case .memory(let bytes): return Array(bytes[range])
        case .descriptor(let fd, _):
            return try VaultFile.pread(fd, path: path, count: range.count, at: range.lowerBound)
        }
    }

    /// Reads `range` zero-padded to `size` bytes (a short last block, for parity).
    package func read(_ range: Range<Int>, paddedTo size: Int) throws -> [UInt8] {
        var bytes = try read(range)
        if bytes.count < size { bytes += [UInt8](repeating: 0, count: size - bytes.count) }
        return bytes
    }
}
