import Foundation
import PropertyList
import VaultCrypto
import VaultFormat

/// Vectors for the payload rules of spec/FORMAT.md §6: plaintexts forged chunk by chunk
/// (``PayloadForge``) and sealed under the vault's real key, so each gets past the AEAD and
/// tests exactly one rule of the decrypted layout.
extension TestKitGenerator {
    typealias Region = PayloadForge.Region

    static func recordBytes() -> [[UInt8]] { records.map { PayloadForge.bplist($0) } }

    /// The records region of the two test records, with `index` (or the right one).
    static func recordsRegion(
        index: PropertyListValue? = nil, records: [[UInt8]]? = nil, chunkCount: Int? = nil,
        blobs: [(id: [UInt8], length: Int, region: [Int])] = []
    ) -> Region {
        let records = records ?? recordBytes()
        let value = index ?? PayloadForge.index(recordCount: records.count, records: [0, 1], blobs: blobs)
        return Region(
            kind: 1, items: [PayloadForge.prefixed(PayloadForge.bplist(value))] + records.map(PayloadForge.prefixed),
            chunkCount: chunkCount)
    }

    static func blobRegion(id: [UInt8], length: Int, headerLength: UInt64? = nil, kind: UInt8 = 2) -> Region {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        return Region(kind: kind, items: [id + PayloadForge.le(headerLength ?? UInt64(length)) + bytes])
    }

    static func payloadVectors(
        base: Base, success: (String, [UInt8], String) throws -> Void, failure: (String, [UInt8], String) -> Void
    ) throws {
        func seal(_ plaintexts: [[UInt8]]) -> [UInt8] {
            PayloadForge.seal(plaintexts, header: base.header, keys: base.keys)
        }
        func forge(_ regions: [Region], plaintextLength: Int? = nil, _ edit: (inout [[UInt8]]) -> Void = { _ in })
            -> [UInt8]
        {
            var plaintexts = PayloadForge.plaintexts(regions, plaintextLength: plaintextLength)
            edit(&plaintexts)
            return seal(plaintexts)
        }
        func le(_ value: UInt32) -> [UInt8] { PayloadForge.le(value) }
        let idA = [UInt8](repeating: 0xA1, count: 16)
        let idB = [UInt8](repeating: 0xB2, count: 16)

        // The forge's own reading of §6 agrees with the writer's.
        try success("success_forged_records", forge([recordsRegion()]), "the two records, laid out by hand")
        try success(
            "success_forged_blobs",
            forge([
                recordsRegion(blobs: [(idA, 100, [1, 1]), (idB, 70_000, [2, 2])]), blobRegion(id: idA, length: 100),
                blobRegion(id: idB, length: 70_000),
            ]), "records and two blobs laid out by hand, the second over two chunks")
        try success(
            "success_no_records",
            forge([
                Region(
                    kind: 1,
                    items: [
                        PayloadForge.prefixed(PayloadForge.bplist(PayloadForge.index(recordCount: 0, records: [0, 1])))
                    ])
            ]),
            "an index with no records and no blobs")

        // Frames.
        failure("payload_chunk0_frame_only", seal([[1, 0, 0, 0, 0, 0, 0, 0]]), "chunk 0 holds only its frame")
        failure(
            "payload_chunk0_index_length_cut", seal([[1, 0, 0, 0, 0, 0, 0, 0, 40, 0]]),
            "chunk 0 ends inside the index length")
        failure(
            "payload_frame_kind_blob", forge([recordsRegion()]) { $0[0][0] = 2 }, "chunk 0 is marked as a blob chunk")
        failure(
            "payload_frame_kind_unknown", forge([recordsRegion()]) { $0[0][0] = 3 }, "chunk 0 has frame kind 3")
        failure(
            "payload_frame_reserved", forge([recordsRegion()]) { $0[0][2] = 1 }, "a reserved frame byte is not zero")
        failure(
            "payload_first_continuation", forge([recordsRegion()]) { $0[0][4] = 4 },
            "chunk 0 has continuation 4; a region's first chunk has 0")

        // Index.
        func indexRegion(_ value: PropertyListValue) -> Region { recordsRegion(index: value) }
        func indexBytes(_ bytes: [UInt8]) -> Region {
            Region(kind: 1, items: [PayloadForge.prefixed(bytes)] + recordBytes().map(PayloadForge.prefixed))
        }
        failure(
            "payload_index_length_zero",
            forge([Region(kind: 1, items: [le(UInt32(0))] + recordBytes().map(PayloadForge.prefixed))]),
            "index length 0")
        failure(
            "payload_index_length_past_payload",
            forge([Region(kind: 1, items: [le(UInt32.max)] + recordBytes().map(PayloadForge.prefixed))]),
            "index length 2^32 - 1, past the payload")
        failure(
            "payload_index_not_bplist", forge([indexBytes(Array("not a property list at all, 40+ bytes long".utf8))]),
            "index bytes are not a bplist00")
        failure(
            "payload_index_not_dictionary", forge([indexRegion(["format", "recordCount"])]), "the index is an array")
        let good = PayloadForge.index(recordCount: 2, records: [0, 1])
        func without(_ key: String) -> PropertyListValue {
            var d = good.dictionaryValue!
            d[key] = nil
            return .dictionary(d)
        }
        func with(_ key: String, _ value: PropertyListValue) -> PropertyListValue {
            var d = good.dictionaryValue!
            d[key] = value
            return .dictionary(d)
        }
        for key in ["format", "recordCount", "records", "blobs"] {
            failure("payload_index_missing_\(key)", forge([indexRegion(without(key))]), "the index lacks \"\(key)\"")
        }
        failure("payload_index_unknown_key", forge([indexRegion(with("comment", "hi"))]), "an index key not in §6")
        failure("payload_index_format_2", forge([indexRegion(with("format", 2))]), "format 2")
        failure("payload_index_format_string", forge([indexRegion(with("format", "1"))]), "format is the string \"1\"")
        failure("payload_index_format_real", forge([indexRegion(with("format", .real(1)))]), "format is the real 1.0")
        failure("payload_index_format_true", forge([indexRegion(with("format", true))]), "format is a boolean")
        failure(
            "payload_index_record_count_negative", forge([indexRegion(with("recordCount", -1))]), "recordCount -1")
        failure(
            "payload_index_record_count_huge", forge([indexRegion(with("recordCount", 1_099_511_627_776))]),
            "recordCount 2^40, more than the region can hold")
        failure(
            "payload_index_records_not_at_zero", forge([indexRegion(with("records", [1, 1]))]),
            "the records region starts at chunk 1")
        failure(
            "payload_index_records_three_numbers", forge([indexRegion(with("records", [0, 1, 0]))]),
            "records is not [firstChunk, chunkCount]")
        failure(
            "payload_index_records_region_too_long",
            forge([recordsRegion(index: with("records", [0, 2]), chunkCount: 2)]),
            "the records region is 2 chunks; its stream needs 1")
        failure(
            "payload_index_records_past_end", forge([indexRegion(with("records", [0, 9]))]),
            "the records region ends past the last chunk")
        failure("payload_index_blobs_not_array", forge([indexRegion(with("blobs", "none"))]), "blobs is a string")

        // Records.
        failure(
            "payload_record_after_record_count",
            forge([recordsRegion(index: with("recordCount", 1))]),
            "two records, recordCount 1: the second lies where zeros belong")
        failure(
            "payload_record_count_past_records", forge([recordsRegion(index: with("recordCount", 3))]),
            "recordCount 3, two records")
        failure(
            "payload_record_length_zero",
            forge([
                Region(
                    kind: 1,
                    items: [PayloadForge.prefixed(PayloadForge.bplist(with("recordCount", 3))), le(UInt32(0))]
                        + recordBytes().map(PayloadForge.prefixed))
            ]), "a record of length 0")
        failure(
            "payload_record_overruns_region",
            forge([
                Region(
                    kind: 1,
                    items: [PayloadForge.prefixed(PayloadForge.bplist(with("recordCount", 1))), le(UInt32(70_000))])
            ]), "a record longer than the region")
        failure(
            "payload_record_not_bplist",
            forge([recordsRegion(records: [recordBytes()[0], Array("hello, not a plist".utf8)])]),
            "record 1 is not a bplist00")
        failure(
            "payload_records_zero_fill_dirty", forge([recordsRegion()]) { $0[0][$0[0].count - 1] = 1 },
            "a stray byte at the end of the records region's zero fill")
        let many = (0..<1500).map { i -> [UInt8] in
            PayloadForge.bplist(["title": .string("item \(i)"), "password": .string(String(repeating: "x", count: 40))])
        }
        // The index names the region's chunk count, which depends on the index's own size.
        var manyChunks = 1
        while recordsRegion(
            index: PayloadForge.index(recordCount: many.count, records: [0, manyChunks]), records: many
        ).neededChunks != manyChunks {
            manyChunks += 1
        }
        let twoChunk = recordsRegion(
            index: PayloadForge.index(recordCount: many.count, records: [0, manyChunks]), records: many)
        try success(
            "success_forged_many_records", forge([twoChunk]), "1,500 records over \(manyChunks) chunks, by hand")
        failure(
            "payload_continuation_off_by_one", forge([twoChunk]) { $0[1][4] &+= 1 },
            "chunk 1's continuation one more than the layout says")
        failure(
            "payload_continuation_zero", forge([twoChunk]) { $0[1].replaceSubrange(4..<8, with: [0, 0, 0, 0]) },
            "chunk 1's continuation 0 though a record continues into it")

        // Blobs.
        func blobs(_ entries: [(id: [UInt8], length: Int, region: [Int])], _ regions: [Region]) -> [Region] {
            [recordsRegion(blobs: entries)] + regions
        }
        let oneBlob = blobs([(idA, 100, [1, 1])], [blobRegion(id: idA, length: 100)])
        try success("success_forged_one_blob", forge(oneBlob), "one 100-byte blob by hand")
        failure(
            "payload_blob_length_mismatch",
            forge(blobs([(idA, 100, [1, 1])], [blobRegion(id: idA, length: 100, headerLength: 99)])),
            "the blob header says 99 bytes, the index 100")
        failure(
            "payload_blob_id_mismatch", forge(blobs([(idA, 100, [1, 1])], [blobRegion(id: idB, length: 100)])),
            "the blob header's id differs from the index's")
        failure(
            "payload_blob_longer_than_index",
            forge(blobs([(idA, 100, [1, 1])], [blobRegion(id: idA, length: 101, headerLength: 100)])),
            "one byte after the blob where zeros belong")
        failure(
            "payload_blobs_overlap",
            forge(
                blobs(
                    [(idA, 100, [1, 1]), (idB, 100, [1, 1])],
                    [blobRegion(id: idA, length: 100)])),
            "two blobs claim the same region")
        failure(
            "payload_blobs_out_of_order",
            forge(
                blobs(
                    [(idA, 100, [2, 1]), (idB, 100, [1, 1])],
                    [blobRegion(id: idB, length: 100), blobRegion(id: idA, length: 100)])),
            "the index lists blob regions out of chunk order")
        failure(
            "payload_blob_gap",
            forge(
                blobs(
                    [(idA, 100, [2, 1])],
                    [Region(kind: 0, items: []), blobRegion(id: idA, length: 100)])),
            "a padding chunk between the records and the blob")
        failure(
            "payload_blob_region_too_long",
            forge(
                blobs(
                    [(idA, 100, [1, 2])],
                    [Region(kind: 2, items: blobRegion(id: idA, length: 100).items, chunkCount: 2)])),
            "a 100-byte blob given two chunks")
        failure(
            "payload_blob_region_past_end",
            forge(blobs([(idA, 100, [1, 5])], [blobRegion(id: idA, length: 100)])), "a blob region past the last chunk")
        failure(
            "payload_blob_duplicate_id",
            forge(
                blobs(
                    [(idA, 100, [1, 1]), (idA, 100, [2, 1])],
                    [blobRegion(id: idA, length: 100), blobRegion(id: idA, length: 100)])),
            "two blobs with one id")
        failure(
            "payload_blob_id_15_bytes",
            forge(blobs([(Array(idA.prefix(15)), 100, [1, 1])], [blobRegion(id: idA, length: 100)])),
            "a 15-byte blob id")
        failure(
            "payload_blob_extra_key",
            forge([
                recordsRegion(
                    index: [
                        "format": 1, "recordCount": 2, "records": [0, 1],
                        "blobs": [["id": .data(Data(idA)), "length": 100, "region": [1, 1], "name": "x"]],
                    ]), blobRegion(id: idA, length: 100),
            ]), "a blob entry with a key not in §6")
        failure(
            "payload_blob_chunk_kind_records",
            forge(blobs([(idA, 100, [1, 1])], [blobRegion(id: idA, length: 100, kind: 1)])),
            "a blob region's chunk marked as records")
        let twoChunkBlob = blobs([(idB, 70_000, [1, 2])], [blobRegion(id: idB, length: 70_000)])
        failure(
            "payload_blob_continuation_wrong", forge(twoChunkBlob) { $0[2][4] &+= 1 },
            "a blob's second chunk with a continuation one too many")
        failure(
            "payload_blob_second_chunk_not_blob", forge(twoChunkBlob) { $0[2][0] = 0 },
            "a blob's second chunk marked as padding")

        // Padding (Padmé enforced): one content chunk, so no padding chunk is due.
        failure(
            "payload_padme_extra_chunk", forge([recordsRegion()], plaintextLength: 65_536 + 64),
            "a zero padding chunk Padmé does not call for")
        let exact = PayloadForge.plaintexts([recordsRegion()])[0].count
        failure(
            "payload_padme_short", forge([recordsRegion()], plaintextLength: exact - 1),
            "the final chunk one byte shorter than Padmé's length")
        failure(
            "payload_padme_long", forge([recordsRegion()], plaintextLength: exact + 16),
            "the final chunk 16 zero bytes longer than Padmé's length")
    }
}
