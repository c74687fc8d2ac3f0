import Foundation
import PropertyList
import VaultCrypto
import VaultFormat

/// Builds payload plaintexts by hand, chunk by chunk, and seals them under a real key: what
/// anyone holding a recipient key can do. It is written apart from the writer
/// (``ChunkComposer``) from the rules of spec/FORMAT.md §6, so the vectors it makes also
/// check the writer's reading of the spec.
public enum PayloadForge {
    static let chunkBytes = 65_536
    static let frameBytes = 8
    static let body = chunkBytes - frameBytes

    /// One region: its kind and the items of its stream, laid out back to back.
    public struct Region {
        public var kind: UInt8
        public var items: [[UInt8]]
        /// Chunks the region takes; nil: as few as its stream needs.
        public var chunkCount: Int?

        public init(kind: UInt8, items: [[UInt8]], chunkCount: Int? = nil) {
            self.kind = kind
            self.items = items
            self.chunkCount = chunkCount
        }

        var streamBytes: Int { items.reduce(0) { $0 + $1.count } }
        public var neededChunks: Int { max(1, (streamBytes + PayloadForge.body - 1) / PayloadForge.body) }
    }

    public static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// `u32 length ‖ bytes`: an item of the records region.
    public static func prefixed(_ bytes: [UInt8]) -> [UInt8] { le(UInt32(bytes.count)) + bytes }

    public static func bplist(_ value: PropertyListValue) -> [UInt8] {
        (try? BinaryPropertyList.encode(value)) ?? []
    }

    /// A region's chunks, each a full 64 KiB plaintext: frame (kind, zeros, continuation as
    /// §6 defines it), body from the stream, zero fill.
    public static func chunks(of region: Region) -> [[UInt8]] {
        let stream = region.items.flatMap { $0 }
        var ends = [Int]()
        var at = 0
        for item in region.items {
            at += item.count
            ends.append(at)
        }
        return (0..<(region.chunkCount ?? region.neededChunks)).map { n in
            let start = n * body
            var continuation = 0
            if let itemEnd = ends.first(where: { $0 > start }) {
                let itemStart = ends.last(where: { $0 <= start }) ?? 0
                if itemStart < start { continuation = min(itemEnd - start, body) }
            }
            var chunk = [region.kind, 0, 0, 0] + le(UInt32(continuation))
            if start < stream.count { chunk += stream[start..<min(stream.count, start + body)] }
            chunk += [UInt8](repeating: 0, count: chunkBytes - chunk.count)
            return chunk
        }
    }

    /// Padmé of `length` (PURBs), computed here independently of the library's.
    static func padme(_ length: Int) -> Int {
        guard length >= 2 else { return length }
        let e = Int.bitWidth - 1 - length.leadingZeroBitCount
        let s = Int.bitWidth - e.leadingZeroBitCount
        let mask = (1 << (e - s)) - 1
        return (length + mask) & ~mask
    }

    /// The plaintext of a whole payload: the regions' chunks, then cut or padded to the
    /// Padmé length of §6 — or to `plaintextLength` when given (to forge a wrong one).
    public static func plaintexts(_ regions: [Region], plaintextLength: Int? = nil) -> [[UInt8]] {
        var chunks = regions.flatMap { Self.chunks(of: $0) }
        let last = regions.last!
        let lastUsed = last.streamBytes - (last.neededChunks - 1) * body
        let padded = padme((chunks.count - 1) * chunkBytes + frameBytes + lastUsed)
        let total = plaintextLength ?? padded
        while chunks.count * chunkBytes < total { chunks.append([UInt8](repeating: 0, count: chunkBytes)) }
        while chunks.count > 1, (chunks.count - 1) * chunkBytes >= total { chunks.removeLast() }
        let finalBytes = total - (chunks.count - 1) * chunkBytes
        if finalBytes < chunks[chunks.count - 1].count {
            chunks[chunks.count - 1] = Array(chunks[chunks.count - 1].prefix(finalBytes))
        } else {
            chunks[chunks.count - 1] += [UInt8](repeating: 0, count: finalBytes - chunks[chunks.count - 1].count)
        }
        return chunks
    }

    /// The index dictionary of §6.
    public static func index(
        recordCount: Int, records: [Int], blobs: [(id: [UInt8], length: Int, region: [Int])] = []
    ) -> PropertyListValue {
        [
            "format": 1, "recordCount": .integer(recordCount),
            "records": .array(records.map { .integer($0) }),
            "blobs": .array(
                blobs.map { blob in
                    [
                        "id": .data(Data(blob.id)), "length": .integer(blob.length),
                        "region": .array(blob.region.map { .integer($0) }),
                    ]
                }),
        ]
    }

    /// The header of `base` with a payload length for `plaintexts`, MACed with its real
    /// key, then every plaintext sealed as chunk i of that payload.
    public static func seal(_ plaintexts: [[UInt8]], header base: VaultHeader, keys: VaultKeys) -> [UInt8] {
        var header = base
        header.payloadLength = UInt64(plaintexts.reduce(0) { $0 + $1.count + ChaCha20Poly1305.tagBytes })
        var bytes = header.encode(macKey: keys.macKey)
        let stream = ChunkStream(
            key: keys.payloadKey(salt: header.payloadSalt), binding: header.payloadBinding,
            chunkCount: plaintexts.count, fileRange: { _ in 0..<0 })
        var sealed = [UInt8](repeating: 0, count: chunkBytes + ChaCha20Poly1305.tagBytes)
        for (i, plain) in plaintexts.enumerated() {
            plain.withUnsafeBytes { p in sealed.withUnsafeMutableBytes { stream.seal(p, into: $0, chunk: i) } }
            bytes += sealed[0..<plain.count + ChaCha20Poly1305.tagBytes]
        }
        return bytes
    }
}
