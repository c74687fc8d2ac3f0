import Foundation
import Testing

@testable import Converters

/// The assembler reads a notes list's lines while other cores classify them: it must see the
/// lines the serial pass makes, in order, nested list items joined, however many threads
/// help and in whatever order it asks.
@Suite struct NotesLineStreamTests {
    static let shapes = [
        "Gmail", "user: ana@x.org", "pw: Mail#Pw1", "", "- Printer admin panel", "  - admin", "  - 1234",
        "Bank - jo99 / Bank#Pw2", "# Work", "| a | b |", "Netflix: Old#1 -> New#2", "- Router", "plain text here",
    ]

    static func raw(_ count: Int) -> [String] {
        (0..<count).map { shapes[$0 % shapes.count] + ($0 % 7 == 0 ? " \($0)" : "") }
    }

    /// The lines as they were made before the stream: classified one by one, then nested
    /// list items joined from the top.
    static func serial(_ raw: [String]) -> [NotesLine] {
        var nesting = NestedListItems()
        return raw.indices.map { index in
            var line = NotesLineClassifier.classify(raw[index], number: index + 1)
            nesting.apply(to: &line)
            return line
        }
    }

    static func same(_ a: NotesLine, _ b: NotesLine) -> Bool {
        a.number == b.number && a.text == b.text && a.kind == b.kind && a.isListItem == b.isListItem
            && a.fields.map(\.text) == b.fields.map(\.text)
    }

    @Test(arguments: [(0, 0), (1, 0), (255, 1), (256, 1), (257, 1), (5000, 0), (5000, 1), (5000, 3)])
    func readsTheSerialLinesInOrder(count: Int, helpers: Int) {
        let raw = Self.raw(count)
        let stream = NotesLineStream(count: raw.count, helpers: helpers) { [raw] i in
            NotesLineClassifier.classify(raw[i], number: i + 1)
        }
        let serial = Self.serial(raw)
        #expect(stream.count == serial.count)
        #expect((0..<stream.count).allSatisfy { Self.same(stream[$0], serial[$0]) })
        #expect(stream[0..<min(3, count)].map(\.number) == Array(serial.prefix(3)).map(\.number))
    }

    @Test func nestedItemsAreJoinedUnderTheirItem() {
        let raw = ["- Printer admin panel", "  - admin", "  - 1234", "- Router", "text", "  - after text"]
        let stream = NotesLineStream(count: raw.count, helpers: 0) { [raw] i in
            NotesLineClassifier.classify(raw[i], number: i + 1)
        }
        #expect((0..<raw.count).map { stream[$0].isListItem } == [true, false, false, true, false, true])
    }

    /// Asked far ahead first (a look-ahead), then from the top, and left half read: the
    /// lines are still the serial ones, and the stream is released once its helpers are done.
    @Test func readsOutOfOrderAndStopsEarly() {
        let raw = Self.raw(20_000)
        let serial = Self.serial(raw)
        for helpers in [0, 1, 2] {
            let stream = NotesLineStream(count: raw.count, helpers: helpers) { [raw] i in
                NotesLineClassifier.classify(raw[i], number: i + 1)
            }
            #expect(Self.same(stream[9_000], serial[9_000]))
            #expect((0..<10_000).allSatisfy { Self.same(stream[$0], serial[$0]) })
        }
    }

    @Test func importsTheSameRecordsHoweverLongTheList() {
        // A list past one chunk is classified on other cores: its records are those of its
        // parts read alone.
        let block = "Gmail\nuser: ana@x.org\npw: Mail#Pw1\n\n- Router\n  - admin\n  - R0uter#Pw\n\n"
        let once = NotesImporter.importText(block, input: "a", encoding: "UTF-8").records
        let many = NotesImporter.importText(String(repeating: block, count: 400), input: "b", encoding: "UTF-8")
            .records
        #expect(once.count == 2)
        #expect(many.count == 800)
        for (index, record) in many.enumerated() {
            #expect(record.item.title == once[index % 2].item.title)
            #expect(record.item.username == once[index % 2].item.username)
            #expect(record.item.password == once[index % 2].item.password)
        }
    }
}
