import Foundation

/// A file descriptor written sequentially, every error turned into a message with the path.
final class FileOutput: ByteOutput {
    let descriptor: Int32
    let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw VaultError(.fileSystem, "\(path): write failed: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}
