/// Something a blob's bytes can be read from, piece by piece, so blobs of any size stream
/// through a fixed buffer.
public protocol BlobSource: Sendable {
    var length: Int { get }
    /// Fills `buffer` with bytes starting at `offset`; returns how many were written.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int
    /// Whether `read` may be called from several threads at once (then a save copies the
    /// blob in on every core while it seals).
    var readsConcurrently: Bool { get }
    /// The blob as the zstd frame a vault already stores it in (spec/FORMAT.md §12.5), for
    /// a blob read from such a vault: a save copies the frame rather than compressing the
    /// blob again. Nil for everything else.
    var storedFrame: (any BlobSource)? { get }
}

extension BlobSource {
    public var readsConcurrently: Bool { false }
    public var storedFrame: (any BlobSource)? { nil }
}
