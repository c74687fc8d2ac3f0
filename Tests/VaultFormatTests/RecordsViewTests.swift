import Foundation
import PropertyList
import Testing
import VaultTestKit

@testable import VaultFormat

/// ``RecordsView/map(_:_:)`` decodes on every core, yet reports like a reader going in order.
@Suite struct RecordsViewTests {
    static func vault(_ records: [[UInt8]]) throws -> UnlockedVault {
        try HostilePayloadTests.open(PayloadForge.plaintexts([HostilePayloadTests.recordsRegion(records)]))
    }

    static let many = (0..<3000).map { PayloadForge.bplist(["title": .string("item \($0)"), "n": .integer($0)]) }

    @Test func mapsEveryRecordInOrder() throws {
        let titles = try Self.vault(Self.many).withRecords { records in
            try records.map(0..<records.count) { n, value -> String in
                guard case .dictionary(let d) = value, case .string(let title) = d["title"] else { return "?\(n)" }
                return title
            }
        }
        #expect(titles == (0..<3000).map { "item \($0)" })
    }

    @Test func theLowestBrokenRecordIsTheOneReported() throws {
        var records = Self.many
        records[2500] = Array("not a plist".utf8)
        records[700] = Array("not a plist either".utf8)
        let vault = try Self.vault(records)
        let error = try #require(throws: VaultError.self) {
            try vault.withRecords { try $0.map(0..<$0.count) { _, _ in 0 } }
        }
        #expect(error.message.contains("record 700 "), "\(error)")
        // A transform's own failures: the lowest too, and whatever was made is released.
        struct Refused: Error { let n: Int }
        let refused = try #require(throws: Refused.self) {
            try vault.withRecords { view in
                try view.map(1000..<3000) { n, _ -> [Int] in
                    if n % 997 == 0 { throw Refused(n: n) }
                    return [n]
                }
            }
        }
        #expect(refused.n == 1994)
    }
}
