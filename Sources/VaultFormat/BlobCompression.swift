import Foundation
import VaultCrypto

/// Format 1.1's compressed blobs (spec/FORMAT.md §12.5): a blob of at most 16 MiB may be
/// stored as one zstd frame when that makes it smaller. Attachments are often compressed
/// already (photos, PDFs, archives), so a writer tries only where it may pay and keeps the
/// frame only where it does.
enum BlobCompression {
    /// The largest blob stored compressed: a reader decompresses one whole, and this is the
    /// same bound as a record group's content.
    static let maximumBlobBytes = RecordGroup.maximumContentBytes
    /// Below this a frame's header and the index's extra key eat what compression saves.
    static let minimumBlobBytes = 256
    /// Frames held in memory for one save; past this, blobs are stored as they are, so a
    /// save of many large attachments stays within memory.
    static let heldFramesBudget = 256 * 1024 * 1024
    /// zstd's level, as for record groups.
    static let level: Int32 = RecordGroup.compressionLevel
    /// The share of the blob a frame must save to be kept: a 32nd.
    static let minimumSavingDivisor = 32
    /// A blob larger than this is first sampled: its first 256 KiB compressed fast, and the
    /// whole is compressed only if the sample shrinks.
    static let sampleBytes = 256 * 1024

    /// The frame `source` is stored as, or nil when it is to be stored as it is.
    static func frame(of source: any BlobSource) throws -> [UInt8]? {
        let length = source.length
        guard (minimumBlobBytes...maximumBlobBytes).contains(length) else { return nil }
        if length > sampleBytes {
            var sample = try readAll(source, upTo: sampleBytes)
            defer { sample.wipe() }
            var compressed = sample.withUnsafeBytes { Zstd.compress($0, level: 1) }
            defer { compressed.wipe() }
            guard pays(compressed.count, for: sample.count) else { return nil }
        }
        var bytes = try readAll(source, upTo: length)
        defer { bytes.wipe() }
        guard bytes.count == length else {
            throw VaultError(.payloadDamaged, "blob source ended before its stated length")
        }
        var frame = bytes.withUnsafeBytes { Zstd.compress($0, level: level) }
        guard pays(frame.count, for: length) else {
            frame.wipe()
            return nil
        }
        return frame
    }

    static func pays(_ compressed: Int, for length: Int) -> Bool {
        compressed < length - length / minimumSavingDivisor
    }

    private static func readAll(_ source: any BlobSource, upTo count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        try bytes.withUnsafeMutableBytes { buffer in
            while filled < count {
                let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), at: filled)
                guard n > 0 else { break }
                filled += n
            }
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
