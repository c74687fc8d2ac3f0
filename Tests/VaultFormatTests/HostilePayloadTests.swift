import Foundation
import PropertyList
import TestSupport
import Testing
import VaultTestKit

@testable import VaultFormat

/// Found by a cold review of the strict reader: what chunk 0 claims about later chunks
/// sizes nothing; salvage resynchronises past an item that fills a whole chunk; a batch
/// reports a fault in an earlier chunk's content before a later chunk's tag; re-sealing
/// checks what its sources never read; a writer refuses what a reader would.
@Suite(.chunkEngineFromEnvironment) struct HostilePayloadTests {
    // swift-format-ignore: NeverUseForceTry
    static let harness = try! PayloadHarness()

    static func open(_ plaintexts: [[UInt8]], damaging chunk: Int? = nil) throws -> UnlockedVault {
        var sealed = harness.seal(plaintext: plaintexts.flatMap { $0 })
        if let chunk {  // flip a byte inside that chunk's ciphertext
            let headerLength = try VaultFile(bytes: sealed).headerLength
            sealed[headerLength + chunk * 65_552 + 100] ^= 1
        }
        return try VaultFile(bytes: sealed).unlock(with: harness.credentials)
    }

    /// A records region holding `records`, with the index naming its real chunk count.
    static func recordsRegion(_ records: [[UInt8]], blobs: [(id: [UInt8], length: Int, region: [Int])] = [])
        -> PayloadForge.Region
    {
        var chunks = 1
        while true {
            let index = PayloadForge.index(recordCount: records.count, records: [0, chunks], blobs: blobs)
            let region = PayloadForge.Region(
                kind: 1, items: [PayloadForge.prefixed(PayloadForge.bplist(index))] + records.map(PayloadForge.prefixed)
            )
            if region.neededChunks == chunks { return region }
            chunks = region.neededChunks
        }
    }

    @Test func aRecordsRegionClaimedByChunkZeroReservesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-sparse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("sparse.coffer").path
        let claimed = 1_000_000  // 65 GB of records region, of which only chunk 0 exists
        let index = PayloadForge.index(recordCount: 0, records: [0, claimed])
        var chunk0: [UInt8] = [1, 0, 0, 0, 0, 0, 0, 0] + PayloadForge.prefixed(PayloadForge.bplist(index))
        chunk0 += [UInt8](repeating: 0, count: 65_536 - chunk0.count)
        try Self.harness.writeSparse(firstChunk: chunk0, chunkCount: claimed, to: path)
        let vault = try VaultFile(path: path).unlock(with: Self.harness.credentials)
        let error = try #require(throws: VaultError.self) { try vault.readRecords() }
        #expect(error.kind == .payloadDamaged && error.chunk == 1, "\(error)")
    }

    @Test func salvageResynchronisesPastAnItemFillingAWholeChunk() throws {
        let big = PayloadForge.bplist(.data(Data(count: 200_000)))
        let small = (0..<3).map { PayloadForge.bplist(["title": .string("small \($0)")]) }
        let plaintexts = PayloadForge.plaintexts([Self.recordsRegion([big] + small)])
        #expect(plaintexts.count == 4)
        let (payload, report) = try Self.open(plaintexts, damaging: 1).salvage()
        #expect(report.damagedChunks.map(\.index) == [1])
        #expect(payload.records.count == 3, "the three small records in chunk 3 are intact")
    }

    @Test func anEarlierChunksContentIsReportedBeforeALaterChunksTag() throws {
        let many = (0..<3000).map { PayloadForge.bplist(["title": .string("item \($0)"), "n": .integer($0)]) }
        var plaintexts = PayloadForge.plaintexts([Self.recordsRegion(many)])
        #expect(plaintexts.count >= 3)
        plaintexts[1][0] = 2  // chunk 1 claims to be a blob chunk
        let vault = try Self.open(plaintexts, damaging: 2)
        let error = try #require(throws: VaultError.self) { try vault.readRecords() }
        #expect(error.chunk == 1, "\(error)")
    }

    @Test func resealingChecksAnEmptyBlobsChunkAndTheZerosAfterABlob() throws {
        let id = [UInt8](repeating: 4, count: 16)
        let emptyBlob = PayloadForge.Region(kind: 2, items: [id + PayloadForge.le(UInt64(0))])
        let withEmpty = PayloadForge.plaintexts([Self.recordsRegion([], blobs: [(id, 0, [1, 1])]), emptyBlob])
        #expect(try Self.open(withEmpty).payloadForResealing().blobs.count == 1)
        #expect(throws: VaultError.self) { try Self.open(withEmpty, damaging: 1).payloadForResealing() }

        let blob = PayloadForge.Region(kind: 2, items: [id + PayloadForge.le(UInt64(3)) + [1, 2, 3]])
        var dirty = PayloadForge.plaintexts([Self.recordsRegion([], blobs: [(id, 3, [1, 1])]), blob])
        dirty[1][8 + 24 + 3 + 10] = 1  // after the blob's bytes
        let vault = try Self.open(dirty)
        let source = try #require(try vault.payloadForResealing().blobs.first?.source)
        var buffer = [UInt8](repeating: 0, count: 3)
        #expect(throws: VaultError.self) { _ = try buffer.withUnsafeMutableBytes { try source.read(into: $0, at: 0) } }
    }

    @Test func aWriterRefusesDuplicateOrShortBlobIDsBeforeWriting() throws {
        let id = [UInt8](repeating: 5, count: 16)
        let twice = VaultPayload(blobs: [(id, DataBlob(Data([1]))), (id, DataBlob(Data([2])))])
        let error = try #require(throws: VaultError.self) { try PayloadPlan(twice) }
        #expect(error.kind == .invalidArgument)
        let short = VaultPayload(blobs: [(Array(id.prefix(15)), DataBlob(Data([1])))])
        #expect(throws: VaultError(.invalidArgument, "")) { try PayloadPlan(short) }
    }
}
