/// Where sealed bytes go: a file, or memory (the test kit).
package protocol ByteOutput {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteOutput {
    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

package final class MemoryOutput: ByteOutput {
    package private(set) var bytes: [UInt8] = []
    package init() {}
    package func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
}
