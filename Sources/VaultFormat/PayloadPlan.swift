import Foundation
import PropertyList

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

/// What a vault holds: records (bplist00 values; the container knows nothing of their
/// schema) and blobs addressed by a 16-byte id.
public struct VaultPayload: Sendable {
    public var records: [PropertyListValue]
    public var blobs: [(id: [UInt8], source: any BlobSource)]
    /// Instead of `records`: records made one at a time while they are encoded (on every
    /// core), so a large save never holds every record's value tree at once.
    public var recordSource: RecordSource?

    public struct RecordSource: Sendable {
        public let count: Int
        public let make: @Sendable (Int) -> PropertyListValue
        public init(count: Int, make: @escaping @Sendable (Int) -> PropertyListValue) {
            self.count = count
            self.make = make
        }
    }

    public init(records: [PropertyListValue] = [], blobs: [(id: [UInt8], source: any BlobSource)] = []) {
        self.records = records
        self.blobs = blobs
    }

    public init(recordSource: RecordSource, blobs: [(id: [UInt8], source: any BlobSource)] = []) {
        self.records = []
        self.recordSource = recordSource
        self.blobs = blobs
    }

    /// The records, made from `recordSource` if there is one.
    public func allRecords() -> [PropertyListValue] {
        guard let recordSource else { return records }
        return (0..<recordSource.count).map(recordSource.make)
    }
}

/// The plaintext layout of one save, computed before anything is written, because the
/// header (which every chunk authenticates) states the payload length.
struct PayloadPlan {
    let index: PayloadIndex
    let indexBytes: [UInt8]
    /// The records region's stream after the index: every record as a u32 length and its
    /// bplist00 bytes, in slices (one per encoding task) that follow each other; `ends`
    /// marks where each record ends in its slice (frames count continuations per record).
    let recordSlices: [(bytes: [UInt8], ends: [Int])]
    let recordCount: Int
    let contentChunks: Int
    /// Plaintext length after Padmé padding.
    let geometry: PayloadGeometry

    static let body = FormatLimits.chunkBodyBytes

    /// Each record is its own bplist00 document, so they encode independently: slices of
    /// records on every core (100,000 items: 0.5 s on one core, about half on two), each
    /// slice written as length-prefixed records into one buffer.
    static func encodeInParallel(count: Int, record: @Sendable (Int) -> PropertyListValue) throws -> [(
        bytes: [UInt8], ends: [Int]
    )] {
        let slices = count < 256 ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount) * 4
        var encoded = [(bytes: [UInt8], ends: [Int])](repeating: ([], []), count: slices)
        let failure = FirstFailure()
        encoded.withUnsafeMutableBufferPointer { out in
            let out = UnsafeSendableBuffer(out)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                var writer = BinaryPropertyListBatchWriter()
                var sink = ByteSink()
                var ends = [Int]()
                let range = count * slice / slices..<count * (slice + 1) / slices
                ends.reserveCapacity(range.count)
                for i in range {
                    let bytes: [UInt8]
                    do { bytes = try writer.encode(record(i)) } catch {
                        failure.record(error, at: i)
                        break
                    }
                    if i == range.lowerBound {  // size the slice once, not by doubling copies
                        sink.bytes.reserveCapacity((bytes.count + 4) * range.count * 5 / 4)
                    }
                    sink.append(UInt32(bytes.count))
                    sink.append(bytes)
                    ends.append(sink.bytes.count)
                }
                out.buffer[slice] = (sink.bytes, ends)
            }
        }
        if let error = failure.error { throw error }
        return encoded
    }

    init(_ payload: VaultPayload) throws {
        if let source = payload.recordSource {
            recordCount = source.count
            recordSlices = try Self.encodeInParallel(count: source.count, record: source.make)
        } else {
            let records = payload.records
            recordCount = records.count
            recordSlices = try Self.encodeInParallel(count: records.count) { records[$0] }
        }
        let recordItems = recordSlices.reduce(0) { $0 + $1.bytes.count }
        // The index names chunk numbers, which depend on the index's own size: iterate until
        // the records region's chunk count is stable (twice in practice).
        var recordChunks = 1
        var index: PayloadIndex
        var encoded: [UInt8]
        var recordStream: Int
        while true {
            var next = recordChunks
            var blobs = [PayloadIndex.Blob]()
            for blob in payload.blobs {
                let chunks = Self.chunks(forStreamBytes: Self.blobHeaderBytes + blob.source.length)
                blobs.append(
                    .init(id: blob.id, length: blob.source.length, region: .init(firstChunk: next, chunkCount: chunks)))
                next += chunks
            }
            index = PayloadIndex(
                recordCount: recordCount, records: .init(firstChunk: 0, chunkCount: recordChunks), blobs: blobs)
            encoded = try BinaryPropertyList.encode(index.value)
            recordStream = 4 + encoded.count + recordItems
            let needed = Self.chunks(forStreamBytes: recordStream)
            if needed == recordChunks { break }
            recordChunks = needed
        }
        self.index = index
        indexBytes = encoded
        contentChunks = index.blobs.last.map { $0.region.firstChunk + $0.region.chunkCount } ?? recordChunks
        // Plaintext length without padding: all content chunks full except the last, which
        // ends where its stream ends.
        let lastStream = index.blobs.last.map { Self.blobHeaderBytes + $0.length } ?? recordStream
        let lastUsed = lastStream - (Self.chunks(forStreamBytes: lastStream) - 1) * Self.body
        let unpadded = (contentChunks - 1) * FormatLimits.chunkPlaintextBytes + FormatLimits.frameHeaderBytes + lastUsed
        var padded = padme(unpadded)
        // A chunk that exists must hold at least its frame header.
        let tail = padded % FormatLimits.chunkPlaintextBytes
        if tail > 0, tail < FormatLimits.frameHeaderBytes { padded += FormatLimits.frameHeaderBytes - tail }
        geometry = PayloadGeometry(plaintextLength: padded)
    }

    /// A blob region starts with its 16-byte id and u64 length.
    static let blobHeaderBytes = 24

    static func chunks(forStreamBytes bytes: Int) -> Int { max(1, (bytes + body - 1) / body) }
}

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
        guard descriptor >= 0 else { throw VaultIOError("\(path): cannot open") }
        var info = stat()
        fstat(descriptor, &info)
        length = Int(info.st_size)
    }

    deinit { close(descriptor) }

    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        let n = pread(descriptor, buffer.baseAddress!, min(buffer.count, length - offset), off_t(offset))
        guard n >= 0 else { throw VaultIOError("\(path): read failed") }
        return n
    }
}

/// A buffer each concurrent slice writes its own disjoint indices of.
private struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}
