import Foundation
import PropertyList
import TestSupport
import Testing
import VaultTestKit

@testable import VaultFormat

/// Format 1.1's compressed records (spec/FORMAT.md §12): what is written reads back, and a
/// reader decompresses nothing past its named limits.
@Suite(.chunkEngineFromEnvironment) struct CompressionTests {
    static func items(_ count: Int) -> [PropertyListValue] {
        var random = SeededGenerator(seed: 9)
        return (0..<count).map { i in
            [
                "id": .data(Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &random) })),
                "title": .string("Service \(i)"), "username": .string("user\(i)@example.com"),
                "password": .string(
                    String((0..<16).map { _ in "abcdefghjkmnpqrstuvwxyz23456789".randomElement(using: &random)! })),
                "created": .date(Date(timeIntervalSinceReferenceDate: 7e8 + Double(i))),
            ]
        }
    }

    static func write(_ records: [PropertyListValue], compress: Bool) throws -> [UInt8] {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir, payload: VaultPayload(records: records), compress: compress)
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func compressedRecordsReadBackAndTakeLessRoom() throws {
        let records = Self.items(5000)
        let compressed = try Self.write(records, compress: true)
        let plain = try Self.write(records, compress: false)
        let file = try VaultFile(bytes: compressed)
        #expect(file.header.compressesRecords && file.header.minorVersion == 1)
        let vault = try file.unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        #expect(try vault.readRecords() == records)
        #expect(try vault.verifyEverything().records == 5000)
        #expect(compressed.count * 2 < plain.count, "\(compressed.count) vs \(plain.count)")
        // An empty vault has no group at all.
        let empty = try VaultFile(bytes: try Self.write([], compress: true))
            .unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        #expect(try empty.readRecords().isEmpty)
    }

    @Test func groupsCloseBeforeTheirTargetAndHoldAtLeastOneRecord() {
        let t = RecordGroup.targetContentBytes
        let ends = [100, t / 2, t + 10, 3 * t, 3 * t + 10]
        // A record larger than the target makes a group of its own.
        #expect(RecordGroup.ranges(ends: ends) == [0..<t / 2, t / 2..<t + 10, t + 10..<3 * t, 3 * t..<3 * t + 10])
        #expect(RecordGroup.ranges(ends: []) == [])
    }

    @Test func framesAreReadStrictlyAndWithinTheLimits() throws {
        let content = [UInt8](repeating: 7, count: 1000)
        let frame = content.withUnsafeBytes { Zstd.compress($0, level: 3) }
        #expect(try frame.withUnsafeBytes { try Zstd.decompress($0, limit: 1000) } == content)
        // Over the limit: refused from the declared size, before decompressing.
        #expect(throws: Zstd.Refusal.self) { try frame.withUnsafeBytes { try Zstd.decompress($0, limit: 999) } }
        #expect(throws: Zstd.Refusal.self) {
            try (frame + [0]).withUnsafeBytes { try Zstd.decompress($0, limit: 1000) }
        }
        #expect(throws: Zstd.Refusal.self) {
            try (frame + frame).withUnsafeBytes { try Zstd.decompress($0, limit: 4000) }
        }
        #expect(throws: Zstd.Refusal.self) {
            try Array(frame.dropLast()).withUnsafeBytes { try Zstd.decompress($0, limit: 1000) }
        }
        let sizeless = TestKitGenerator.frameWithoutContentSize(content)
        #expect(throws: Zstd.Refusal.self) { try sizeless.withUnsafeBytes { try Zstd.decompress($0, limit: 1000) } }
        // Skippable frame magic.
        #expect(throws: Zstd.Refusal.self) {
            try ([0x50, 0x2A, 0x4D, 0x18, 0, 0, 0, 0]).withUnsafeBytes { try Zstd.decompress($0, limit: 1000) }
        }
    }

    @Test func theLimitsAreTheNamedConstants() {
        #expect(RecordGroup.maximumContentBytes == 16 << 20 && RecordGroup.maximumRecordsContentBytes == 1 << 30)
        #expect(RecordGroup.contentLimit(afterReading: 0) == RecordGroup.maximumContentBytes)
        #expect(RecordGroup.contentLimit(afterReading: (1 << 30) - 10) == 10)
        #expect(RecordGroup.contentLimit(afterReading: 1 << 30) == 0)
        // A bomb: 16 MiB + 1 of zeros compresses to a few hundred bytes; declared size refuses it.
        let bomb = [UInt8](repeating: 0, count: RecordGroup.maximumContentBytes + 1).withUnsafeBytes {
            Zstd.compress($0, level: 3)
        }
        #expect(bomb.count < 4096)
        #expect(throws: Zstd.Refusal.self) {
            try bomb.withUnsafeBytes { try Zstd.decompress($0, limit: RecordGroup.contentLimit(afterReading: 0)) }
        }
    }

    /// A record a compressed group cannot hold (over 16 MiB) does not stop a save: that save
    /// is written with a 1.0 records region, and the next one compresses again.
    @Test func recordsOverTheGroupLimitAreSavedUncompressed() throws {
        let huge: PropertyListValue = ["title": "scan", "data": .data(Data(count: RecordGroup.maximumContentBytes))]
        let bytes = try Self.write([huge] + Self.items(3), compress: true)
        let file = try VaultFile(bytes: bytes)
        #expect(!file.header.compressesRecords && file.header.hasRecoveryTrailer)
        let records = try file.unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes])).readRecords()
        #expect(records.count == 4 && records[0] == huge)
    }
    /// A save that writes a group back as it was stored trusts its records (its caller read
    /// them): its verification checks the bytes arrived and does not decode them again. Any
    /// other reader decodes them, so a group that should never have been trusted is caught
    /// by the next `verify`.
    @Test func aSavesVerificationTrustsOnlyTheGroupsItWroteBack() throws {
        let content = PayloadForge.prefixed(Array("not a plist".utf8))
        let frame = content.withUnsafeBytes { Zstd.compress($0, level: 3) }
        let item = PayloadForge.le(UInt32(frame.count)) + frame
        let untrustworthy = StoredRecordGroup(records: 1..<2, contentBytes: content.count, item: item)
        var source = VaultPayload.RecordSource(count: 3) { _ in ["title": "fine"] }
        source.reused = [ReusedRecordGroup(records: 1..<2, group: untrustworthy)]
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir, payload: VaultPayload(recordSource: source), compress: true)
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        let error = try #require(throws: VaultError.self) { try vault.verifyEverything() }
        #expect(error.message.contains("record 1 is not a valid bplist00"), "\(error)")
        let trusting = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        trusting.knownRecordGroups.value = [item]
        #expect(try trusting.verifyEverything().records == 3)
    }

    /// Records are read a group at a time (issue 12 §4: the region's decompressed content is
    /// never held whole): any range, starting and ending inside groups, reads the same records
    /// in order, and the slices handed to threads each start where a group starts.
    @Test func recordsAreReadAGroupAtATimeInAnyRange() throws {
        let records = Self.items(20000)
        let vault = try VaultFile(bytes: try Self.write(records, compress: true))
            .unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        try vault.withRecords { view in
            let groups = try #require(view.region.groups)
            #expect(groups.count >= 4, "\(groups.count) groups")
            // Every group's content is whole: its records' spans end at its content's length.
            #expect(groups.allSatisfy { view.region.spans[$0.records.upperBound - 1].upperBound == $0.contentBytes })
            let middle = groups[1].records.lowerBound + 3..<groups[3].records.lowerBound + 5
            #expect(try view.map(middle) { _, value in value } == Array(records[middle]))
            let titles = try view.mapEntries(0..<view.count, keys: ["title"]) { _, entries in entries?["title"] }
            #expect(titles == records.map { $0.dictionaryValue?["title"] })
            #expect(try view.decode(groups[2].records.lowerBound + 1) == records[groups[2].records.lowerBound + 1])
            for count in [1, 3, 8, 64] {
                let slices = view.region.slices(of: middle, count: count)
                #expect(slices.first?.lowerBound == middle.lowerBound && slices.last?.upperBound == middle.upperBound)
                #expect(zip(slices, slices.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
                #expect(
                    slices.dropFirst().allSatisfy { s in groups.contains { $0.records.lowerBound == s.lowerBound } })
            }
        }
        #expect(try vault.readRecords() == records)
    }

    /// A buffer reused from frame to frame: a frame declaring more than it holds is refused,
    /// as one declaring more than the limit is.
    @Test func aReusedBufferTakesNoFrameLargerThanItself() throws {
        let content = [UInt8](repeating: 7, count: 1000)
        let frame = content.withUnsafeBytes { Zstd.compress($0, level: 3) }
        var buffer = [UInt8](repeating: 0, count: 1200)
        let size = try frame.withUnsafeBytes { f in
            try buffer.withUnsafeMutableBytes { try Zstd.decompress(f, limit: 4000, into: $0) }
        }
        #expect(size == 1000 && Array(buffer[..<1000]) == content)
        var small = [UInt8](repeating: 0, count: 999)
        #expect(throws: Zstd.Refusal.self) {
            try frame.withUnsafeBytes { f in
                try small.withUnsafeMutableBytes { try Zstd.decompress(f, limit: 4000, into: $0) }
            }
        }
    }
}
