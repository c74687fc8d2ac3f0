import Foundation

/// A blob read from a file with pread, piece by piece (attachments of any size).
public final class FileBlob: BlobSource, @unchecked Sendable {
    private let descriptor: Int32
    public let length: Int
    public let path: String
    /// pread(2) keeps no file position.
    public var readsConcurrently: Bool { true }

    public init(path: String) throws {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw VaultError(.fileSystem, "\(path): cannot open") }
        var info = stat()
        fstat(descriptor, &info)
        length = Int(info.st_size)
    }

    deinit { close(descriptor) }

    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        let n = pread(descriptor, buffer.baseAddress!, min(buffer.count, length - offset), off_t(offset))
        guard n >= 0 else { throw VaultError(.fileSystem, "\(path): read failed") }
        return n
    }
}
