/// Where sealed bytes go: a file, or memory (the test kit).
protocol ByteOutput {
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

extension ByteOutput {
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

final class MemoryOutput: ByteOutput {
    private(set) var bytes: [UInt8] = []
    func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }
}
