import Foundation

/// Produces the plaintext of each chunk in order, from a ``PayloadPlan`` and the payload's
/// blob sources: frames, regions, continuation counts, zero fill and padding chunks.
package struct ChunkComposer {
    /// One item of a region's stream.
    private enum Item {
        case bytes([UInt8])
        /// Part of a larger buffer (one record of an encoded slice), not copied out.
        case part([UInt8], Range<Int>)
        case blob(header: [UInt8], source: any BlobSource)

        var length: Int {
            switch self {
            case .bytes(let b): b.count
            case .part(_, let range): range.count
            case .blob(let header, let source): header.count + source.length
            }
        }

        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
            switch self {
            case .bytes(let b):
                let n = min(buffer.count, b.count - offset)
                b.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
                return n
            case .part(let b, let range):
                let n = min(buffer.count, range.count - offset)
                b.withUnsafeBytes {
                    buffer.baseAddress!.copyMemory(from: $0.baseAddress! + range.lowerBound + offset, byteCount: n)
                }
                return n
            case .blob(let header, let source):
                if offset < header.count {
                    let n = min(buffer.count, header.count - offset)
                    header.withUnsafeBytes {
                        buffer.baseAddress!.copyMemory(from: $0.baseAddress! + offset, byteCount: n)
                    }
                    return n
                }
                let n = try source.read(into: buffer, at: offset - header.count)
                guard n > 0 else { throw VaultError(.payloadDamaged, "blob source ended before its stated length") }
                return n
            }
        }
    }

    private struct Region {
        var kind: ChunkKind
        var firstChunk: Int
        var chunks: Int
        var items: [Item]
    }

    private var regions: [Region] = []
    private let geometry: PayloadGeometry

    package init(plan: PayloadPlan, payload: VaultPayload) {
        geometry = plan.geometry
        func prefixed(_ bytes: [UInt8]) -> Item {
            var sink = ByteSink()
            sink.append(UInt32(bytes.count))
            sink.append(bytes)
            return .bytes(sink.bytes)
        }
        regions.append(
            Region(
                kind: .records, firstChunk: plan.index.records.firstChunk, chunks: plan.index.records.chunkCount,
                items: [prefixed(plan.indexBytes)]
                    + plan.recordSlices.flatMap { slice in
                        zip([0] + slice.ends.dropLast(), slice.ends).map { Item.part(slice.bytes, $0..<$1) }
                    }))
        for (entry, stored) in zip(plan.index.blobs, plan.storedBlobs) {
            var header = ByteSink()
            header.append(entry.id)
            header.append(UInt64(entry.length))  // the blob's length, also when a frame is stored
            regions.append(
                Region(
                    kind: .blob, firstChunk: entry.region.firstChunk, chunks: entry.region.chunkCount,
                    items: [.blob(header: header.bytes, source: stored)]))
        }
    }

    /// Where the next chunk of the records region continues (its chunks share items, so
    /// they are composed in order).
    struct Cursor {
        fileprivate var itemIndex = 0
        fileprivate var itemOffset = 0
    }

    /// The region holding `chunk` and the chunk's position in it; nil for padding. Regions
    /// are in chunk order: a binary search, as a vault may hold thousands of blobs.
    private func location(of chunk: Int) -> (region: Region, offset: Int)? {
        var low = 0
        var high = regions.count
        while low < high {
            let middle = (low + high) / 2
            if regions[middle].firstChunk + regions[middle].chunks <= chunk { low = middle + 1 } else { high = middle }
        }
        guard low < regions.count, regions[low].firstChunk <= chunk else { return nil }
        return (regions[low], chunk - regions[low].firstChunk)
    }

    /// The records region comes first; its chunks share items and are composed in order.
    /// Every later chunk (blob or padding) sits at a known offset and can be composed alone.
    var recordsChunkCount: Int { regions[0].chunks }

    /// Whether a chunk after the records region may be composed on any thread: padding, and
    /// blob chunks whose source reads concurrently.
    func isIndependent(_ chunk: Int) -> Bool {
        guard let (region, _) = location(of: chunk) else { return true }
        guard region.kind == .blob, case .blob(_, let source) = region.items[0] else { return false }
        return source.readsConcurrently
    }

    /// Composes a chunk after the records region into its 64 KiB buffer, out of order.
    func composeIndependent(_ chunk: Int, into buffer: UnsafeMutableRawBufferPointer) throws {
        guard let (region, offset) = location(of: chunk) else {
            buffer.initializeMemory(as: UInt8.self, repeating: 0)  // padding: kind 0, all zero
            return
        }
        var cursor = Cursor(itemIndex: 0, itemOffset: offset * FormatLimits.chunkBodyBytes)
        try fill(region, into: buffer, cursor: &cursor)
    }

    /// Calls `fill` once per chunk, in order, with a 64 KiB buffer to compose the chunk's
    /// plaintext into; the chunk's plaintext is the first `plaintextBytes(ofChunk:)` bytes.
    /// Callers pass their own buffer (a slot of a batch), so nothing is copied twice. Stops
    /// before chunk `end`.
    package func forEachChunk(
        upTo end: Int = .max, _ target: (Int) throws -> UnsafeMutableRawBufferPointer,
        _ done: (Int, Int) throws -> Void
    ) throws {
        var chunk = 0
        for region in regions where region.chunks > 0 {
            var cursor = Cursor()
            for _ in 0..<region.chunks {
                guard chunk < end else { return }
                try fill(region, into: try target(chunk), cursor: &cursor)
                try done(chunk, geometry.plaintextBytes(ofChunk: chunk))
                chunk += 1
            }
        }
        while chunk < min(end, geometry.chunkCount) {  // padding chunks: kind 0, all zero
            try target(chunk).initializeMemory(as: UInt8.self, repeating: 0)
            try done(chunk, geometry.plaintextBytes(ofChunk: chunk))
            chunk += 1
        }
    }

    /// One chunk of `region`: the frame (kind, continuation of the item in progress), then
    /// the region's items from `cursor` on, then zeros.
    private func fill(_ region: Region, into buffer: UnsafeMutableRawBufferPointer, cursor: inout Cursor) throws {
        let continuation =
            cursor.itemIndex < region.items.count && cursor.itemOffset > 0
            ? region.items[cursor.itemIndex].length - cursor.itemOffset : 0
        // Kind, then three zero bytes.
        buffer.storeBytes(of: UInt32(region.kind.rawValue).littleEndian, toByteOffset: 0, as: UInt32.self)
        buffer.storeBytes(
            of: UInt32(min(continuation, FormatLimits.chunkBodyBytes)).littleEndian, toByteOffset: 4, as: UInt32.self)
        var filled = FormatLimits.frameHeaderBytes
        while filled < buffer.count, cursor.itemIndex < region.items.count {
            let item = region.items[cursor.itemIndex]
            let n = try item.read(
                into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), at: cursor.itemOffset)
            filled += n
            cursor.itemOffset += n
            if cursor.itemOffset == item.length {
                cursor.itemIndex += 1
                cursor.itemOffset = 0
            }
        }
        // Zero only what the items did not fill.
        if filled < buffer.count {
            UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]).initializeMemory(as: UInt8.self, repeating: 0)
        }
    }
}
