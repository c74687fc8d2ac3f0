import Foundation

/// A blob held in memory.
public struct DataBlob: BlobSource {
    public let data: Data
    public init(_ data: Data) { self.data = data }
    public var length: Int { data.count }
    public var readsConcurrently: Bool { true }
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        let n = min(buffer.count, data.count - offset)
        if n > 0 {
            data.copyBytes(to: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), from: offset..<offset + n)
        }
        return n
    }
}
