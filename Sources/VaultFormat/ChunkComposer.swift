import Foundation

/// Produces the plaintext of each chunk in order, from a ``PayloadPlan`` and the payload's
/// blob sources: frames, regions, continuation counts, zero fill and padding chunks.
struct ChunkComposer {
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
        var chunks: Int
        var items: [Item]
    }

    private var regions: [Region] = []
    private let geometry: PayloadGeometry

    init(plan: PayloadPlan, payload: VaultPayload) {
        geometry = plan.geometry
        func prefixed(_ bytes: [UInt8]) -> Item {
            var sink = ByteSink()
            sink.append(UInt32(bytes.count))
            sink.append(bytes)
            return .bytes(sink.bytes)
        }
        regions.append(
            Region(
                kind: .records, chunks: plan.index.records.chunkCount,
                items: [prefixed(plan.indexBytes)]
                    + plan.recordSlices.flatMap { slice in
                        zip([0] + slice.ends.dropLast(), slice.ends).map { Item.part(slice.bytes, $0..<$1) }
                    }))
        for (blob, entry) in zip(payload.blobs, plan.index.blobs) {
            var header = ByteSink()
            header.append(blob.id)
            header.append(UInt64(blob.source.length))
            regions.append(
                Region(
                    kind: .blob, chunks: entry.region.chunkCount,
                    items: [.blob(header: header.bytes, source: blob.source)]))
        }
    }

    /// Calls `fill` once per chunk, in order, with a 64 KiB buffer to compose the chunk's
    /// plaintext into; the chunk's plaintext is the first `plaintextBytes(ofChunk:)` bytes.
    /// Callers pass their own buffer (a slot of a batch), so nothing is copied twice.
    func forEachChunk(_ target: (Int) throws -> UnsafeMutableRawBufferPointer, _ done: (Int, Int) throws -> Void) throws
    {
        var chunk = 0
        for region in regions where region.chunks > 0 {
            var itemIndex = 0
            var itemOffset = 0
            for _ in 0..<region.chunks {
                let buffer = try target(chunk)
                let continuation =
                    itemIndex < region.items.count && itemOffset > 0 ? region.items[itemIndex].length - itemOffset : 0
                // Kind, then three zero bytes.
                buffer.storeBytes(of: UInt32(region.kind.rawValue).littleEndian, toByteOffset: 0, as: UInt32.self)
                buffer.storeBytes(
                    of: UInt32(min(continuation, FormatLimits.chunkBodyBytes)).littleEndian, toByteOffset: 4,
                    as: UInt32.self)
                var filled = FormatLimits.frameHeaderBytes
                while filled < buffer.count, itemIndex < region.items.count {
                    let item = region.items[itemIndex]
                    let n = try item.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), at: itemOffset)
                    filled += n
                    itemOffset += n
                    if itemOffset == item.length {
                        itemIndex += 1
                        itemOffset = 0
                    }
                }
                // Zero only what the items did not fill.
                if filled < buffer.count {
                    UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]).initializeMemory(
                        as: UInt8.self, repeating: 0)
                }
                try done(chunk, geometry.plaintextBytes(ofChunk: chunk))
                chunk += 1
            }
        }
        while chunk < geometry.chunkCount {  // padding chunks: kind 0, all zero
            try target(chunk).initializeMemory(as: UInt8.self, repeating: 0)
            try done(chunk, geometry.plaintextBytes(ofChunk: chunk))
            chunk += 1
        }
    }
}
