import Foundation
import Testing

@testable import Converters

/// Inputs libFuzzer found that once trapped the notes reader; each must import or fail
/// cleanly.
@Suite struct NotesFuzzRegressionTests {
    /// An HTML note whose body holds a line of separators with no value between them
    /// (NotesRecordAssembler indexed the first of no fields).
    static let separatorsOnly = [
        "PGh0bWw+PGh0dHBzOi8vdHdpdHRlci5jb20vIiwiIgoiaHR0cHO6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6",
        "urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6ujovL25ld3MueWNvbWJpbmF0b3Iu",
        "Y29tIiwib3P+////dHF4aSIsIjIpQnRmMkVJflRmYjdnMkEhU3knLCpTaiMiLCJodHRwczovL25ld3MueWNvbWJpbmF0b3Iu",
        "Y29tIjxib2R5PjxkaXY+PGgxPlN0cmVhbWluZzwvaDE+PC9kaXY+CjxkaXY+TmV0ZmxpeDwvZGl2Pgo8ZGl2PmFuYUBleGFt",
        "cGxlLmNvbTwvZGl2Pgo8ZGl2PkZsMHgtTmlnaHQ8L2Rpdj4KPGRpdj48YnI+PC9kaXY+CjxkaXZQUFBQUFBQUD5mbGl4PC9k",
        "aXY+Cjo8ZGl2PmFuYUBleGFtcGxlLmNvbTwvZGl2Pgo8ZGl2PkZsMHgtTmlnaHQ8L2Rpdj4KPGRpdj48YnI+PC9kaXY+Cjxk",
        "aXY+SHVsdSB8IGFuYSB8IEh1MXUhQ291Y2g8L2Rpdj4KPC9ib2R5PjwtaHRtbD4K",
    ].joined()

    @Test func aLineOfSeparatorsOnlyIsKeptNotIndexed() throws {
        let bytes = try #require(Data(base64Encoded: Self.separatorsOnly))
        let (items, report) = try Importer.importFile([UInt8](bytes), input: "fuzz.html")
        #expect(report.format == "html-note")
        #expect(!items.isEmpty)
    }
}
