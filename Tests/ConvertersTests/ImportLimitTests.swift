import Foundation
import TestSupport
import Testing

@testable import Converters

/// The limits of one import beyond its file size (``ImportLimits``): compressed KeePass
/// attachments inflate within a total and a ratio, stopped while streaming; KeePass groups
/// nest at most 256 deep, at a cost per group that does not grow with the depth.
@Suite struct ImportLimitTests {
    /// `bytes` compressed by the gzip tool (so the bombs are real gzip, made here, not stored).
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let tool = try #require(ProcessRunner.path(of: "gzip"), "gzip is not installed")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-gzip-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try ProcessRunner.run(tool, ["-9", "-c", file.path])
        try #require(result.status == 0, "\(result.stderr)")
        return [UInt8](result.stdout)
    }

    /// A KeePass XML export whose one entry has an attachment per binary, each binary in
    /// `Meta/Binaries` on its own line (line 2 onwards) and gzip-compressed.
    static func keePassXML(binaries: [[UInt8]]) -> [UInt8] {
        var xml = "<KeePassFile><Meta><Binaries>\n"
        for (id, data) in binaries.enumerated() {
            xml += "<Binary ID=\"\(id)\" Compressed=\"True\">\(Data(data).base64EncodedString())</Binary>\n"
        }
        xml += "</Binaries></Meta><Root><Group><Name>Root</Name><Entry>"
        xml += "<String><Key>Title</Key><Value>files</Value></String>"
        for id in binaries.indices { xml += "<Binary><Key>\(id).bin</Key><Value Ref=\"\(id)\"/></Binary>" }
        return Array((xml + "</Entry></Group></Root></KeePassFile>\n").utf8)
    }

    static func random(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test func aGzipBombIsRefusedAfterAFewMiBOfWork() throws {
        // Four bombs of 32 MiB of zeros each (about 32 KiB compressed, 1000:1 and more), as
        // in the audit's 4 × 1 GiB file; the whole of one must never be inflated.
        let bomb = try Self.gzip([UInt8](repeating: 0, count: 32 << 20))
        let xml = Self.keePassXML(binaries: Array(repeating: bomb, count: 4))
        do {
            _ = try Importer.importFile(xml, input: "bomb.xml")
            Issue.record("the bomb was inflated")
        } catch let error as ConverterError {
            #expect(error == ConverterError(.inflationLimit, input: "bomb.xml", line: 2, ""))
            #expect(error.reason.hasPrefix("binary 0: inflates more than 1000 times"), "\(error)")
            // Stopped early: well before the end of the compressed data.
            #expect(try #require(error.offset) < bomb.count / 4, "\(error)")
        }
    }

    @Test func theInflatedTotalOfOneImportIsBounded() throws {
        // Incompressible binaries (ratio about 1:1) of 1 MiB each: only the total stops them.
        let binaries = try (0..<3).map { try Self.gzip(Self.random(1 << 20, seed: UInt64($0) + 1)) }
        let xml = Self.keePassXML(binaries: binaries)
        var limits = ImportLimits.standard
        limits.inflatedBytes = 3 << 20
        let (items, _) = try Importer.importFile(xml, input: "files.xml", limits: limits)
        #expect(items.first?.attachments.map(\.content?.count) == [1 << 20, 1 << 20, 1 << 20])
        limits.inflatedBytes = (5 << 20) / 2
        #expect(throws: ConverterError(.inflationLimit, input: "files.xml", line: 4, "")) {
            try Importer.importFile(xml, input: "files.xml", limits: limits)
        }
        do {
            _ = try Importer.importFile(xml, input: "files.xml", limits: limits)
        } catch let error as ConverterError {
            #expect(error.reason.hasPrefix("binary 2: compressed attachments inflate beyond"), "\(error)")
        }
    }

    @Test func oneBinaryReferencedByManyEntriesCountsOncePerReference() throws {
        // 1 MiB stored once, named by five entries: five blobs of 1 MiB once imported.
        var xml = "<KeePassFile><Meta><Binaries>\n<Binary ID=\"0\">"
        xml += Data(Self.random(1 << 20, seed: 9)).base64EncodedString() + "</Binary>\n</Binaries></Meta>"
        xml += "<Root><Group><Name>Root</Name>"
        for i in 0..<5 {
            xml += "<Entry><String><Key>Title</Key><Value>e\(i)</Value></String>"
            xml += "<Binary><Key>f.bin</Key><Value Ref=\"0\"/></Binary></Entry>"
        }
        xml += "</Group></Root></KeePassFile>"
        var limits = ImportLimits.standard
        limits.referencedBytes = 5 << 20
        let (items, _) = try Importer.importFile(Array(xml.utf8), input: "refs.xml", limits: limits)
        #expect(items.map { $0.attachments.first?.content?.count } == Array(repeating: 1 << 20, count: 5))
        limits.referencedBytes = 4 << 20
        #expect(throws: ConverterError(.tooLarge, input: "refs.xml", "")) {
            try Importer.importFile(Array(xml.utf8), input: "refs.xml", limits: limits)
        }
    }

    @Test func smallRegularAttachmentsStayImportable() throws {
        // 512 KiB of zeros inflate 1000:1 too, but stay under the size the ratio is checked at.
        let xml = Self.keePassXML(binaries: [try Self.gzip([UInt8](repeating: 0, count: 512 << 10))])
        let (items, report) = try Importer.importFile(xml, input: "zeros.xml")
        #expect(items.first?.attachments.first?.content == Data(count: 512 << 10) && report.warnings.isEmpty)
    }

    /// `depth` KeePass groups nested one per line (group `i` on line `i + 1`), with one entry
    /// in the innermost.
    static func nestedGroups(_ depth: Int, keePassX: Bool = false, padding: Int = 0) -> [UInt8] {
        let (group, name) = keePassX ? ("group", "title") : ("Group", "Name")
        var xml = keePassX ? "<database>" : "<KeePassFile><Root>"
        let space = String(repeating: " ", count: padding)
        for i in 0..<depth { xml += "\n\(space)<\(group)><\(name)>g\(i)</\(name)>" }
        xml +=
            keePassX
            ? "<entry><title>deep</title><password>pw</password></entry>"
            : "<Entry><String><Key>Title</Key><Value>deep</Value></String></Entry>"
        xml += String(repeating: "</\(group)>", count: depth)
        return Array((xml + (keePassX ? "</database>" : "</Root></KeePassFile>")).utf8)
    }

    @Test func groupsNestedBeyondTheLimitAreRefusedNamingTheLine() throws {
        // 100,000 levels took more than a minute (the folder was rebuilt at every level);
        // group 257 is refused where it starts, on its own line.
        // Over 4 MiB, so libxml2 tokenizes on a second thread and the reader stops it there.
        let deep = Self.nestedGroups(100_000, padding: 12)
        try #require(deep.count > 4 << 20)
        #expect(throws: ConverterError(.tooDeep, input: "deep.xml", line: 258, "")) {
            try Importer.importFile(deep, input: "deep.xml")
        }
        var limits = ImportLimits.standard
        limits.groupDepth = 3
        #expect(throws: ConverterError(.tooDeep, input: "x.xml", line: 5, "")) {
            try Importer.importFile(Self.nestedGroups(4, keePassX: true), input: "x.xml", limits: limits)
        }
    }

    @Test func groupsAtTheLimitKeepTheirWholePath() throws {
        // The root group names the database, so 256 levels are 255 folder names (KeePassX has no such root).
        let (items, _) = try Importer.importFile(Self.nestedGroups(256), input: "deep.xml")
        #expect(items.first?.folder == (1..<256).map { "g\($0)" })
        var limits = ImportLimits.standard
        limits.groupDepth = 3
        let (keePassX, _) = try Importer.importFile(
            Self.nestedGroups(3, keePassX: true), input: "x.xml", limits: limits)
        #expect(keePassX.first?.folder == ["g0", "g1", "g2"] && keePassX.first?.password == "pw")
    }
}
