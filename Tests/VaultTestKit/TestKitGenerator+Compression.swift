import Foundation
import PropertyList
import VaultCrypto
import VaultFormat

extension TestKitGenerator {
    /// A zstd frame of `content` that does not declare its content size (frame header
    /// descriptor 0, one raw block): valid zstd that §12.2 refuses.
    public static func frameWithoutContentSize(_ content: [UInt8]) -> [UInt8] {
        let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
        let windowDescriptor: UInt8 = 0x58  // 2^(10 + 11) bytes: larger than any content here
        let blockHeader = UInt32(content.count) << 3 | 1  // last block, raw
        return magic + [0x00, windowDescriptor] + le(blockHeader).prefix(3) + content
    }

    /// A zstd frame of `content` in one raw block that declares its size in 4 bytes, with the
    /// window descriptor `window` and, when given, a one-byte dictionary id: valid zstd that
    /// §12.2 refuses for its window (over 2^24) or its dictionary.
    public static func frame(_ content: [UInt8], window: UInt8, dictionary: UInt8? = nil) -> [UInt8] {
        let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
        let descriptor: UInt8 = 0x80 | (dictionary == nil ? 0 : 1)  // 4-byte content size; not single-segment
        let blockHeader = UInt32(content.count) << 3 | 1  // last block, raw
        return magic + [descriptor, window] + (dictionary.map { [$0] } ?? []) + le(UInt32(content.count))
            + le(blockHeader).prefix(3) + content
    }

    /// Records as §6.2 writes them: each a u32 length and its bplist00.
    static func recordItems(_ records: [PropertyListValue]) -> [UInt8] {
        records.flatMap { PayloadForge.prefixed(PayloadForge.bplist($0)) }
    }

    static func frame(_ content: [UInt8]) -> [UInt8] {
        content.withUnsafeBytes { Zstd.compress($0, level: 3) }
    }

    /// The 1.1 vectors of compressed records (spec/FORMAT.md §12): whole vaults as `coffer`
    /// writes them, and payloads forged by hand with one rule of §12.2 broken each.
    static func compressionVectors(
        success: (String, Base, String, String) throws -> Void,
        failure: (String, VaultError.Kind, [UInt8], String, String) -> Void
    ) throws {
        let keyFileRecipe = SlotRecipe.keyFile(secure(keyFile))
        let compression = [VaultHeader.compressionExtension]
        let many = (0..<2000).map { i -> PropertyListValue in
            ["title": .string("item \(i)"), "username": "ana@example.com", "password": .string("pw-\(i * 7919)")]
        }
        try success(
            "success_compressed_records",
            try build(
                seed: 50, slots: [(keyFileRecipe, "")], payload: VaultPayload(records: records + many),
                extensions: compression),
            "key file", "1.1: 2002 records in one compressed group")
        let tiny = (0..<15_000).map { i -> PropertyListValue in ["n": .integer(i)] }
        try success(
            "success_compressed_dense",
            try build(
                seed: 53, slots: [(keyFileRecipe, "")], payload: VaultPayload(records: tiny), extensions: compression),
            "key file", "1.1: 15,000 tiny records in one chunk: fewer than 5 region bytes a record is fine compressed")
        // Bytes that do not compress, so the blob is stored as it is and spans two chunks.
        var both = try build(
            seed: 51, slots: [(keyFileRecipe, "")],
            payload: VaultPayload(records: records, blobs: [noise(70_000, 6)]),
            extensions: compression + [VaultHeader.recoveryExtension])
        both.bytes = try withTrailer(both.bytes, headerLength: both.headerLength)
        try success(
            "success_compressed_recovery", both, "key file",
            "1.1: compressed records, a blob over two chunks, and a recovery trailer")

        try success(
            "success_compressed_blob",
            try build(
                seed: 54, slots: [(keyFileRecipe, "")],
                payload: VaultPayload(records: records, blobs: [blob(300_000, 7), noise(5_000, 8)]),
                extensions: compression),
            "key file",
            "1.1: a blob of 300,000 bytes stored as one zstd frame (its index entry has zstd), then one that "
                + "does not compress, stored as it is")
        try compressedBlobVectors(failure: failure)

        let base = try build(seed: 52, slots: [(keyFileRecipe, "")], extensions: compression)
        /// A payload of one records region: the index (recordCount `count`), then `items`.
        func forged(count: Int, _ items: [[UInt8]]) -> [UInt8] {
            var region = PayloadForge.Region(kind: 1, items: [])
            for _ in 0..<2 {  // the index names the region's length, which depends on the index
                let index = PayloadForge.index(recordCount: count, records: [0, region.neededChunks])
                region = PayloadForge.Region(
                    kind: 1, items: [PayloadForge.prefixed(PayloadForge.bplist(index))] + items)
            }
            return PayloadForge.seal(PayloadForge.plaintexts([region]), header: base.header, keys: base.keys)
        }
        let two = recordItems(records)
        failure(
            "payload_compression_missing_record", .payloadDamaged,
            forged(count: 3, [PayloadForge.prefixed(frame(two))]),
            "key file", "1.1: a group of 2 records where the index counts 3: the region ends first")
        failure(
            "payload_compression_extra_record", .payloadDamaged,
            forged(count: 1, [PayloadForge.prefixed(frame(two))]), "key file",
            "1.1: a group of 2 records where the index counts 1: the group passes recordCount")
        failure(
            "payload_compression_bomb", .payloadDamaged,
            forged(count: 1, [PayloadForge.prefixed(frame([UInt8](repeating: 0, count: 16 * 1024 * 1024 + 1)))]),
            "key file", "1.1: a frame that declares 16 MiB + 1 of content, refused before decompressing")
        failure(
            "payload_compression_no_size", .payloadDamaged,
            forged(count: 2, [PayloadForge.prefixed(frameWithoutContentSize(two))]), "key file",
            "1.1: a valid zstd frame that does not declare its content size")
        failure(
            "payload_compression_window", .payloadDamaged,
            forged(count: 2, [PayloadForge.prefixed(frame(two, window: 15 << 3))]), "key file",
            "1.1: a frame whose header asks for a window of 2^25 bytes (at most 2^24)")
        failure(
            "payload_compression_dictionary", .payloadDamaged,
            forged(count: 2, [PayloadForge.prefixed(frame(two, window: 0, dictionary: 7))]), "key file",
            "1.1: a frame that names dictionary 7; none is defined")
        failure(
            "payload_compression_two_frames", .payloadDamaged,
            forged(
                count: 2,
                [
                    PayloadForge.prefixed(
                        frame(Array(two.prefix(two.count / 2))) + frame(Array(two.dropFirst(two.count / 2))))
                ]),
            "key file", "1.1: two zstd frames in one group")
        failure(
            "payload_compression_not_records", .payloadDamaged,
            forged(count: 2, [PayloadForge.prefixed(frame(two + [0, 0, 0, 0]))]), "key file",
            "1.1: a group's content ends in a zero record length")
        failure(
            "payload_compression_bad_bplist", .payloadDamaged,
            forged(count: 1, [PayloadForge.prefixed(frame(PayloadForge.prefixed(Array("not a plist".utf8))))]),
            "key file", "1.1: a group whose one record is not bplist00")
        failure(
            "header_compression_extension_data", .headerCorrupted,
            edited(base) { $0.extensions = [.init(type: FormatLimits.compressionExtensionType, data: [2])] },
            "key file", "1.1: the compression extension with algorithm 2")
    }

    /// `count` bytes that zstd cannot shrink, the same on every run.
    static func noise(_ count: Int, _ seed: UInt8) -> (id: [UInt8], source: any BlobSource) {
        (Array(repeating: seed, count: 16), DataBlob(Data(random(seed).bytes(count))))
    }

    /// Compressed blobs (spec/FORMAT.md §12.5) forged by hand, one rule broken in each: a
    /// records region with no records, then one blob region storing `frame` for a blob of
    /// `length` bytes, its index entry naming `zstd` (the frame's size unless given).
    static func compressedBlobVectors(failure: (String, VaultError.Kind, [UInt8], String, String) -> Void) throws {
        let keyFileRecipe = SlotRecipe.keyFile(secure(keyFile))
        let compressed = try build(
            seed: 55, slots: [(keyFileRecipe, "")], extensions: [VaultHeader.compressionExtension])
        let plain = try build(seed: 56, slots: [(keyFileRecipe, "")])
        let id = [UInt8](repeating: 9, count: 16)
        func forged(_ base: Base, length: Int, frame: [UInt8], zstd: Int? = nil) -> [UInt8] {
            let stored = PayloadForge.Region(kind: 2, items: [id + PayloadForge.le(UInt64(length)) + frame])
            var records = PayloadForge.Region(kind: 1, items: [])
            for _ in 0..<2 {  // the index names the region's length, which depends on the index
                let entry: PropertyListValue = [
                    "id": .data(Data(id)), "length": .integer(length), "zstd": .integer(zstd ?? frame.count),
                    "region": [.integer(records.neededChunks), .integer(stored.neededChunks)],
                ]
                let index: PropertyListValue = [
                    "format": 1, "recordCount": 0, "records": [0, .integer(records.neededChunks)],
                    "blobs": [entry],
                ]
                records = PayloadForge.Region(kind: 1, items: [PayloadForge.prefixed(PayloadForge.bplist(index))])
            }
            return PayloadForge.seal(PayloadForge.plaintexts([records, stored]), header: base.header, keys: base.keys)
        }
        let content = [UInt8](repeating: 0x41, count: 1000)
        failure(
            "payload_compressed_blob_bomb", .payloadDamaged,
            forged(compressed, length: 1000, frame: frame([UInt8](repeating: 0x41, count: 1_000_000))), "key file",
            "1.1: a blob of 1000 bytes whose frame declares 1,000,000: refused before decompressing")
        failure(
            "payload_compressed_blob_short", .payloadDamaged,
            forged(compressed, length: 1000, frame: frame(Array(content.prefix(900)))), "key file",
            "1.1: a blob of 1000 bytes whose frame holds 900")
        failure(
            "payload_compressed_blob_not_smaller", .payloadDamaged,
            forged(compressed, length: 20, frame: frame(Array("0123456789abcdefghij".utf8))), "key file",
            "1.1: a frame no smaller than its blob: such a blob is stored as it is")
        failure(
            "payload_compressed_blob_too_large", .payloadDamaged,
            forged(compressed, length: 16 * 1024 * 1024 + 1, frame: frame(content)), "key file",
            "1.1: a compressed blob over 16 MiB, refused from its index entry")
        failure(
            "payload_compressed_blob_raw_bytes", .payloadDamaged,
            forged(compressed, length: 1000, frame: Array(content.prefix(500)), zstd: 500), "key file",
            "1.1: an index entry with zstd whose region holds no zstd frame")
        failure(
            "payload_compressed_blob_in_1_0", .payloadDamaged, forged(plain, length: 1000, frame: frame(content)),
            "key file", "1.0: an index entry with zstd in a file without the compression extension")
    }
}
