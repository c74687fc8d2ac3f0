import Foundation
import PropertyList
import TestSupport
import Testing

@testable import VaultFormat

@Suite(.chunkEngineFromEnvironment) struct SalvageTests {
    static let records: [PropertyListValue] = (0..<3000).map { i in
        ["title": .string("item \(i)"), "password": .string(String(repeating: "p", count: 30) + String(i))]
    }

    /// Records that compress about as little as real passwords do, enough of them that
    /// compressed groups (format 1.1, §12) span several chunks too.
    static let randomRecords: [PropertyListValue] = {
        var random = SeededGenerator(seed: 5)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#%&")
        return (0..<12_000).map { i in
            let password = String((0..<40).map { _ in alphabet.randomElement(using: &random)! })
            return ["title": .string("item \(i)"), "password": .string(password)]
        }
    }()

    /// Damage one chunk in the middle of a multi-chunk records region: every record that
    /// does not touch it comes back, and the count lost is exactly what it touched (for
    /// compressed records, the groups it touched).
    @Test(arguments: [false, true]) func damagedChunkLosesOnlyItsRecords(compressed: Bool) throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let records = compressed ? Self.randomRecords : Self.records
        let payload = VaultPayload(
            records: records, blobs: [(id: Array(repeating: 5, count: 16), source: DataBlob(Data(count: 1000)))])
        let path = try VaultFixtures.keyFileVault(in: dir, payload: payload, compress: compressed)
        #expect(try VaultFile(path: path).header.compressesRecords == compressed)
        let file = try VaultFile(path: path)
        #expect(file.chunkCount >= 4)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let range = file.fileRange(ofChunk: 1)
        bytes[range.lowerBound + 100] ^= 0xFF
        let damaged = dir.appendingPathComponent("damaged.coffer").path
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let vault = try VaultFile(path: damaged, forSalvage: true).unlock(
            with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        let (recovered, report) = vault.salvage()
        #expect(report.damagedChunks.map(\.index) == [1])
        #expect(report.recordsExpected == records.count)
        let lost = records.count - recovered.records.count
        #expect(lost > 0 && lost < (compressed ? 4000 : 1000), "lost \(lost)")
        // What came back is exactly the records before and after the damaged chunk, in order:
        // one contiguous run is lost.
        let kept = recovered.records
        let head = zip(kept, records).prefix { $0 == $1 }.count
        let tail = kept.count - head
        #expect(Array(kept.suffix(tail)) == Array(records.suffix(tail)))
        #expect(head > 0 && tail > 0)
        #expect(report.blobsRecovered.count == 1)
        let out = dir.appendingPathComponent("salvaged.coffer").path
        try VaultStore.writeSalvaged(recovered, from: vault, to: out)
        let reread = try VaultFile(path: out).unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        #expect(try reread.readRecords() == recovered.records)
    }

    @Test func truncatedVaultKeepsItsLeadingChunks() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(
            in: dir, payload: VaultPayload(records: Self.records), compress: false)
        let file = try VaultFile(path: path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let cut = dir.appendingPathComponent("cut.coffer").path
        try Data(bytes.prefix(file.fileRange(ofChunk: 1).upperBound + 10)).write(to: URL(fileURLWithPath: cut))
        let vault = try VaultFile(path: cut, forSalvage: true).unlock(
            with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        let (recovered, report) = vault.salvage()
        #expect(report.missingChunks == file.chunkCount - 2)
        #expect(!recovered.records.isEmpty && recovered.records.count < Self.records.count)
        #expect(recovered.records == Array(Self.records.prefix(recovered.records.count)))
    }
}
