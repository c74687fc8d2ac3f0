/// Something a blob's bytes can be read from, piece by piece, so blobs of any size stream
/// through a fixed buffer.
public protocol BlobSource: Sendable {
    var length: Int { get }
    /// Fills `buffer` with bytes starting at `offset`; returns how many were written.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int
    /// Whether `read` may be called from several threads at once (then a save copies the
    /// blob in on every core while it seals).
    var readsConcurrently: Bool { get }
}

extension BlobSource {
    public var readsConcurrently: Bool { false }
}
