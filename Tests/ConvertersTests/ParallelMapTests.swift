import Foundation
import Testing

@testable import Converters

/// The notes reader shares lines and records out among the cores: the result must be the
/// serial one, in order, whatever the number of elements.
@Suite struct ParallelMapTests {
    @Test(arguments: [0, 1, 2047, 2048, 2049, 10_007])
    func mapsInOrderLikeTheSerialMap(count: Int) {
        let parallel = ParallelMap.map(count) { $0 * 3 + 1 }
        #expect(parallel == (0..<count).map { $0 * 3 + 1 })
    }

    @Test func linesClassifiedOnEveryCoreAreTheSerialLines() {
        let shapes = [
            "Gmail", "user: ana@x.org", "pw: Mail#Pw1", "", "Bank - jo99 / Bank#Pw2", "# Work", "| a | b |",
            "Netflix: Old#1 -> New#2", "  - nested item",
        ]
        let raw = (0..<5000).map { shapes[$0 % shapes.count] + ($0 % 7 == 0 ? " \($0)" : "") }
        let parallel = ParallelMap.map(raw.count) { [raw] i in NotesLineClassifier.classify(raw[i], number: i + 1) }
        let serial = raw.indices.map { NotesLineClassifier.classify(raw[$0], number: $0 + 1) }
        #expect(parallel.count == serial.count)
        #expect(zip(parallel, serial).allSatisfy { $0.number == $1.number && $0.text == $1.text && $0.kind == $1.kind })
        #expect(zip(parallel, serial).allSatisfy { $0.fields.map(\.text) == $1.fields.map(\.text) })
    }
}
