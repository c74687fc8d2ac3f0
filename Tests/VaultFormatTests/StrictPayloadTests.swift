import Foundation
import PropertyList
import TestSupport
import Testing
import VaultTestKit

@testable import VaultFormat

/// The decrypted payload is read as strictly as spec/FORMAT.md §6 says, by every reader:
/// what `verify` refuses, `readRecords` (export, list) refuses too when the fault is in the
/// records region, and no plaintext, however hostile, makes a reader trap.
@Suite(.chunkEngineFromEnvironment) struct StrictPayloadTests {
    // swift-format-ignore: NeverUseForceTry
    static let harness = try! PayloadHarness()

    static func open(_ chunks: [[UInt8]]) throws -> UnlockedVault {
        try VaultFile(bytes: harness.seal(plaintext: chunks.flatMap { $0 })).unlock(with: harness.credentials)
    }

    static let records: [[UInt8]] = [PayloadForge.bplist(["title": "a"]), PayloadForge.bplist(["title": "b"])]

    static func recordsRegion(recordCount: Int = 2, blobs: [(id: [UInt8], length: Int, region: [Int])] = [])
        -> PayloadForge.Region
    {
        PayloadForge.Region(
            kind: 1,
            items: [
                PayloadForge.prefixed(
                    PayloadForge.bplist(PayloadForge.index(recordCount: recordCount, records: [0, 1], blobs: blobs)))
            ] + records.map(PayloadForge.prefixed))
    }

    @Test func chunkZeroHoldingOnlyItsFrameIsAPayloadFailureNotATrap() throws {
        let vault = try Self.open([[1, 0, 0, 0, 0, 0, 0, 0]])
        #expect(throws: VaultError(.payloadDamaged, "")) { try vault.verifyEverything() }
        #expect(throws: VaultError(.payloadDamaged, "")) { try vault.readRecords() }
        #expect(throws: VaultError(.payloadDamaged, "")) { try vault.blobList() }
        _ = vault.salvage()
    }

    @Test func aRecordAfterRecordCountIsRefusedByVerifyAndByExport() throws {
        let vault = try Self.open(PayloadForge.plaintexts([Self.recordsRegion(recordCount: 1)]))
        #expect(throws: VaultError(.payloadDamaged, "")) { try vault.verifyEverything() }
        #expect(throws: VaultError(.payloadDamaged, "")) { try vault.readRecords() }
    }

    @Test func blobsOutOfOrderAreRefusedByVerifyAndByExport() throws {
        let a = [UInt8](repeating: 1, count: 16)
        let b = [UInt8](repeating: 2, count: 16)
        func blob(_ id: [UInt8]) -> PayloadForge.Region {
            PayloadForge.Region(kind: 2, items: [id + PayloadForge.le(UInt64(3)) + [7, 8, 9]])
        }
        let good = try Self.open(
            PayloadForge.plaintexts([
                Self.recordsRegion(blobs: [(a, 3, [1, 1]), (b, 3, [2, 1])]), blob(a), blob(b),
            ]))
        #expect(try good.verifyEverything().blobs == 2)
        let swapped = try Self.open(
            PayloadForge.plaintexts([
                Self.recordsRegion(blobs: [(a, 3, [2, 1]), (b, 3, [1, 1])]), blob(b), blob(a),
            ]))
        #expect(throws: VaultError(.payloadDamaged, "")) { try swapped.verifyEverything() }
        #expect(throws: VaultError(.payloadDamaged, "")) { try swapped.readRecords() }
        #expect(throws: VaultError(.payloadDamaged, "")) { try swapped.readBlob(id: a) { _ in } }
    }

    /// Padding chunks appear only past 4 MiB (Padmé rounds to two chunks there): a blob of
    /// 64 chunks after one records chunk pads to 66 chunks.
    @Test func paddingChunksMustBeAllZero() throws {
        let id = [UInt8](repeating: 9, count: 16)
        let length = 63 * 65_528 + 100 - 24
        let blob = PayloadForge.Region(
            kind: 2, items: [id + PayloadForge.le(UInt64(length)) + [UInt8](repeating: 0x5A, count: length)])
        let regions = [Self.recordsRegion(blobs: [(id, length, [1, 64])]), blob]
        let plaintexts = PayloadForge.plaintexts(regions)
        #expect(plaintexts.count == 66, "one padding chunk")
        #expect(try Self.open(plaintexts).verifyEverything().blobBytes == length)
        for (at, value) in [(0, UInt8(1)), (4, 1), (70, 1), (65_535, 1)] {
            var dirty = plaintexts
            dirty[65][at] = value
            let error = try #require(throws: VaultError.self) { try Self.open(dirty).verifyEverything() }
            #expect(error.kind == .payloadDamaged && error.chunk == 65, "byte \(at): \(error)")
        }
        // The records and the blob stay readable: padding is checked by verify only.
        var dirty = plaintexts
        dirty[65][9] = 1
        #expect(try Self.open(dirty).readRecords().count == 2)
    }

    /// A payload failure's byte range is the chunk's sealed bytes, counted from the file's
    /// first byte.
    @Test func payloadFailuresNameTheChunksBytesInTheFile() throws {
        let sealed = Self.harness.seal(plaintext: [1, 0, 0, 0, 0, 0, 0, 0])
        let file = try VaultFile(bytes: sealed)
        let error = try #require(throws: VaultError.self) {
            try file.unlock(with: Self.harness.credentials).verifyEverything()
        }
        #expect(error.chunk == 0)
        #expect(error.byteRange == file.headerLength..<sealed.count)
    }

    /// Every payload vector of the test kit: if `verify` refuses it before any blob is
    /// read, so does `readRecords`.
    @Test func readersAgreeOnEveryPayloadVector() throws {
        for seed in try PayloadHarness.seeds() {
            let vault = try VaultFile(bytes: Self.harness.seal(plaintext: seed.plaintext))
                .unlock(with: Self.harness.credentials)
            let verified = (try? vault.verifyEverything()) != nil
            let read = (try? vault.readRecords()) != nil
            #expect(!verified || read, "\(seed.name): verify accepts what readRecords refuses")
            #expect(verified == seed.name.hasPrefix("success"), "\(seed.name)")
        }
    }
}
