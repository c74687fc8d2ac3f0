import Foundation
import PropertyList
import TestSupport
import Testing
import VaultCrypto

@testable import VaultFormat

/// The recovery trailer of format 1.1 (spec/FORMAT.md §11): damage found and repaired
/// without a key, never a tampered file made to open.
@Suite(.chunkEngineFromEnvironment) struct RecoveryTests {
    static let credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])

    static func vault(blob: Int = 0, parity: Int? = nil, compress: Bool = true) throws -> [UInt8] {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("v.coffer").path
        var options = SaveOptions()
        options.random = VaultFixtures.random()
        options.parity = parity
        options.compressRecords = compress
        let payload = blob == 0 ? VaultPayload(records: VaultFixtures.records) : VaultFixtures.payload(blob: blob)
        try VaultStore.create(
            at: path, payload: payload, slots: [(.keyFile(VaultFixtures.keyFileBytes), label: "laptop")],
            options: options)
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func opens(_ bytes: [UInt8]) -> Bool { VaultFixtures.openClass(bytes: bytes, credentials) == nil }

    // MARK: The erasure code

    @Test func anyErasuresUpToTheParityCountAreSolved() throws {
        var random = SeededGenerator(seed: 42)
        for dataCount in [1, 2, 5, 16] {
            for parity in [1, 2, 3, 16] {
                let blocks = (0..<dataCount).map { _ in (0..<37).map { _ in UInt8.random(in: 0...255, using: &random) }
                }
                let rows = RecoveryTrailer.parity(of: blocks, rows: parity, blockBytes: 37)
                // Row 0 is plain XOR.
                #expect(rows[0] == blocks.reduce([UInt8](repeating: 0, count: 37)) { zip($0, $1).map { $0 ^ $1 } })
                for _ in 0..<20 {
                    let k = Int.random(in: 1...min(parity, dataCount), using: &random)
                    let erased = Array((0..<dataCount).shuffled(using: &random).prefix(k)).sorted()
                    let used = Array((0..<parity).shuffled(using: &random).prefix(k))
                    let syndromes = used.map { row in
                        var syndrome = rows[row]
                        syndrome.withUnsafeMutableBytes { target in
                            for i in 0..<dataCount where !erased.contains(i) {
                                blocks[i].withUnsafeBytes {
                                    ErasureCode.accumulate(
                                        $0, times: ErasureCode.coefficient(row: row, position: i), into: target)
                                }
                            }
                        }
                        return syndrome
                    }
                    let solved = try #require(ErasureCode.solve(erased: erased, rows: used, syndromes: syndromes))
                    #expect(solved == erased.map { blocks[$0] }, "data \(dataCount) parity \(parity) erased \(erased)")
                }
            }
        }
    }

    @Test func layoutCutsSmallFilesIntoSixteenBlocksAndLargeOnesIntoChunks() {
        let small = RecoveryLayout(headerLength: 300, payloadLength: 700, parity: 1)!
        #expect(small.blockCount <= 16 && small.groupCount == 1 && small.blockBytes % 64 == 0)
        #expect(small.blockBytes * 16 < 1000 + 2 * 64 * 16)
        let chunk = FormatLimits.chunkCiphertextBytes
        let large = RecoveryLayout(headerLength: 300, payloadLength: 40 * chunk, parity: 2)!
        #expect(large.blockBytes == chunk && large.headerBlocks == 1 && large.blockCount == 41)
        #expect(large.groupCount == 3 && large.parityBlockCount == 6)
        // Every chunk is exactly one block.
        for c in 0..<40 { #expect(large.range(ofBlock: 1 + c) == 300 + c * chunk..<300 + (c + 1) * chunk) }
        #expect(large.chunks(ofBlock: 5) == 4...4)
        // The trailer costs about 1/16 per parity row once the groups are full.
        let full = RecoveryLayout(headerLength: 300, payloadLength: 158 * chunk + 1000, parity: 1)!
        #expect(full.groupCount == 10)
        #expect(Double(full.trailerLength) / Double(full.protectedLength) < 0.07)
    }

    // MARK: Repair

    @Test func everySingleBitFlipInASmallVaultIsRepaired() throws {
        let original = try Self.vault()
        let layout = try #require(try VaultFile(bytes: original).recovery)
        #expect(layout.groupCount == 1)
        var failures = [String]()
        for offset in original.indices {
            var bytes = original
            bytes[offset] ^= 1 << (offset % 8)
            do {
                let repaired = try VaultRepair.repaired(bytes: bytes)
                if repaired != original { failures.append("byte \(offset): repaired to other bytes") }
            } catch {
                failures.append("byte \(offset): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(original.count): \(failures.prefix(5))")
        #expect(try VaultRepair.repaired(bytes: original) == nil)
    }

    @Test func aWholeDamagedChunkInEachGroupIsRepaired() throws {
        let original = try Self.vault(blob: 40 * FormatLimits.chunkPlaintextBytes)
        let file = try VaultFile(bytes: original)
        let layout = try #require(file.recovery)
        #expect(layout.groupCount >= 2 && layout.blockBytes == FormatLimits.chunkCiphertextBytes)
        var bytes = original
        // One chunk per group overwritten, and the header's block too (group 0 holds block 0).
        for group in 1..<layout.groupCount {
            let range = layout.range(ofBlock: layout.blocks(inGroup: group)[1])
            bytes.replaceSubrange(range, with: [UInt8](repeating: 0x55, count: range.count))
        }
        bytes.replaceSubrange(0..<40, with: [UInt8](repeating: 0, count: 40))
        #expect(!Self.opens(bytes))
        let status = try VaultRepair.check(bytes: bytes)
        #expect(!status.headerIntact && status.isRepairable && status.findings.count == layout.groupCount)
        #expect(try VaultRepair.repaired(bytes: bytes) == original)
        // A run of consecutive chunks as long as the group count costs each group one block.
        bytes = original
        let run = layout.range(ofBlock: 3).lowerBound..<layout.range(ofBlock: 2 + layout.groupCount).upperBound
        bytes.replaceSubrange(run, with: [UInt8](repeating: 0, count: run.count))
        #expect(try VaultRepair.repaired(bytes: bytes) == original)
    }

    @Test func moreDamageThanParityIsRefusedAndMoreParityRepairsIt() throws {
        for parity in [1, 2] {
            let original = try Self.vault(blob: 40 * FormatLimits.chunkPlaintextBytes, parity: parity)
            let layout = try #require(try VaultFile(bytes: original).recovery)
            #expect(layout.parity == parity)
            var bytes = original
            for block in layout.blocks(inGroup: 1).prefix(2) {
                let range = layout.range(ofBlock: block)
                bytes[range.lowerBound + 100] ^= 0xFF
            }
            let status = try VaultRepair.check(bytes: bytes)
            if parity == 1 {
                #expect(!status.isRepairable && status.lostChunks.count == 2)
                #expect(throws: VaultError(.payloadDamaged, "")) { try VaultRepair.repaired(bytes: bytes) }
            } else {
                #expect(status.isRepairable)
                #expect(try VaultRepair.repaired(bytes: bytes) == original)
            }
        }
    }

    @Test func aDamagedTableOrFooterIsRebuiltFromIntactData() throws {
        let original = try Self.vault()
        let layout = try #require(try VaultFile(bytes: original).recovery)
        for offset in [layout.tableOffset + 3, layout.footerOffset - 2, layout.footerOffset + 9, layout.parityOffset] {
            var bytes = original
            bytes[offset] ^= 0x10
            // Opening needs no trailer; only full verification sees the damage.
            #expect(VaultFixtures.openClass(bytes: bytes, Self.credentials) == .payloadDamaged)
            _ = try VaultFile(bytes: bytes).unlock(with: Self.credentials).readRecords()
            #expect(try VaultRepair.repaired(bytes: bytes) == original, "offset \(offset)")
        }
    }

    /// A damaged table beside damaged data: no checksum can name the damaged block, so
    /// nothing is repaired, and the file (its parity above all) is left as it is.
    @Test func aDamagedTableWithDamagedDataIsRefusedAndTheFileLeftAlone() throws {
        let original = try Self.vault(blob: 40 * FormatLimits.chunkPlaintextBytes)
        let layout = try #require(try VaultFile(bytes: original).recovery)
        var bytes = original
        bytes[layout.tableOffset + 5] ^= 0x01
        bytes[layout.range(ofBlock: 3).lowerBound + 200] ^= 0x40
        let status = try VaultRepair.check(bytes: bytes)
        #expect(!status.isRepairable)
        #expect(throws: VaultError(.payloadDamaged, "")) { try VaultRepair.repaired(bytes: bytes) }
        // Counter-input: the table alone damaged is rebuilt from the data (above), and the
        // data alone damaged is rebuilt from the parity.
        var dataOnly = original
        dataOnly[layout.range(ofBlock: 3).lowerBound + 200] ^= 0x40
        #expect(try VaultRepair.repaired(bytes: dataOnly) == original)
    }

    @Test func repairNeverMakesATamperedFileOpen() throws {
        let original = try Self.vault()
        let file = try VaultFile(bytes: original)
        let layout = try #require(file.recovery)
        // An attacker changes a payload byte and recomputes every keyless check.
        var forged = Array(original.prefix(layout.protectedLength))
        forged[layout.headerLength + 30] ^= 0x01
        forged = VaultFixtures.withRecoveryTrailer(forged, parity: 1)
        #expect(try VaultRepair.check(bytes: forged).isClean)
        #expect(try VaultRepair.repaired(bytes: forged) == nil)
        #expect(VaultFixtures.openClass(bytes: forged, Self.credentials) == .payloadDamaged)
        // Changing data and parity but not the table: the rebuilt block fails its checksum.
        var partial = original
        partial[layout.headerLength + 30] ^= 0x01
        partial[layout.parityOffset + (layout.headerLength + 30) % layout.blockBytes] ^= 0x01
        let before = try VaultRepair.check(bytes: partial)
        #expect(!before.isClean)
        #expect(throws: VaultError(.payloadDamaged, "")) { try VaultRepair.repaired(bytes: partial) }
    }

    @Test func repairWritesThroughTheSaveStepsAndKeepsTheDamagedFile() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var damaged = original
        damaged[damaged.count / 2] ^= 0x40
        try damaged.write(to: URL(fileURLWithPath: path))
        let report = try VaultRepair.repair(path: path)
        #expect(report.rebuiltBlocks == 1 && report.written == path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".bak")) == damaged)
        // Into a new file with more parity; the source is left alone.
        let more = dir.appendingPathComponent("more.coffer").path
        let again = try VaultRepair.repair(path: path, output: more, parity: 4)
        #expect(again.parity == 4)
        #expect(try VaultFile(path: more).parity == 4)
        _ = try VaultFile(path: more).unlock(with: Self.credentials).verifyEverything()
        #expect(throws: VaultError(.fileSystem, "")) { try VaultRepair.repair(path: path, output: more) }
        // A save keeps the vault's parity.
        let vault = try VaultFile(path: more).unlock(with: Self.credentials)
        try VaultStore.save(try vault.payloadForResealing(), over: vault)
        #expect(try VaultFile(path: more).parity == 4)
    }

    @Test func aVaultWithoutTrailerReadsAsOneZeroAndCannotBeRepaired() throws {
        let bytes = try Self.vault(parity: 0, compress: false)
        let file = try VaultFile(bytes: bytes)
        #expect(file.header.minorVersion == 0 && file.recovery == nil && !file.header.hasRecoveryTrailer)
        #expect(Self.opens(bytes))
        #expect(throws: VaultError(.invalidArgument, "")) { try VaultRepair.check(bytes: bytes) }
        let with = try Self.vault()
        #expect(try VaultFile(bytes: with).header.minorVersion == 1)
    }

    /// A vault made without a trailer keeps none through saves; a 1.0 vault gets one.
    @Test func savesKeepParityZeroAndUpgradeOneZeroFiles() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (parity, compress, expected) in [(0, true, 0), (0, false, 1)] {
            let path = dir.appendingPathComponent("p\(parity)\(compress).coffer").path
            var options = SaveOptions()
            options.parity = parity
            options.compressRecords = compress
            try VaultStore.create(
                at: path, payload: VaultPayload(records: VaultFixtures.records),
                slots: [(.keyFile(VaultFixtures.keyFileBytes), label: "")], options: options)
            #expect(try VaultFile(path: path).parity == 0)
            let vault = try VaultFile(path: path).unlock(with: Self.credentials)
            try VaultStore.save(try vault.payloadForResealing(), over: vault)
            // Without 1.1 features the file was a 1.0 file, which a save upgrades.
            #expect(try VaultFile(path: path).parity == expected, "parity \(parity), compress \(compress)")
        }
    }
}
