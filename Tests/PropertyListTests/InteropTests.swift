import Foundation
import Testing

@testable import PropertyList

/// Our output read by python3 plistlib, Linux plutil and libplist's plistutil, theirs read
/// by us, and our XML validated against Apple's DTD by xmllint. Never skipped.
@Suite struct InteropTests {
    static let valueCount = 200

    static func values(_ profile: ValueProfile, count: Int = valueCount, seed: UInt64 = 1000) -> [PropertyListValue] {
        (0..<UInt64(count)).map { i in
            var random = RandomValues(seed: seed + i, profile: profile)
            return random.value()
        }
    }

    /// plistlib reads our binary and XML, finds them equal, and writes them back out byte
    /// for byte as we wrote them (sort_keys is plistlib's default).
    @Test func plistlibReadsOurOutputAndWritesTheSameBytes() throws {
        let dir = try Peers.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The last value is an array long enough to be written in parts on several cores (and
        // on one, to have the writer size its tables from its first elements); equal and
        // canonically equivalent strings recur across it.
        let recurring: [PropertyListValue] = [
            .string("shared"), .string("caf\u{E9}"), .string("cafe\u{301}"), .string("\u{1F511} key"),
        ]
        let long = PropertyListValue.array(
            Self.values(.plistlib, count: 5000, seed: 70_000).enumerated().map { i, value in
                .array([value, recurring[i % recurring.count], .string("item \(i % 700)")])
            })
        let values = Self.values(.plistlib) + [long]
        var ourXML = [[UInt8]]()
        var ourBinary = [[UInt8]]()
        for (i, value) in values.enumerated() {
            ourXML.append(try XMLPropertyList.encode(value, sortKeys: true))
            ourBinary.append(try BinaryPropertyList.encode(value, sortKeys: true))
            try Data(ourXML[i]).write(to: dir.appendingPathComponent("\(i).xml"))
            try Data(ourBinary[i]).write(to: dir.appendingPathComponent("\(i).bin"))
        }
        let script = """
            import plistlib, sys, os
            d = sys.argv[1]
            for i in range(int(sys.argv[2])):
                x = plistlib.load(open(os.path.join(d, f"{i}.xml"), "rb"))
                b = plistlib.load(open(os.path.join(d, f"{i}.bin"), "rb"))
                if x != b:
                    print(f"value {i}: XML and binary differ", file=sys.stderr); sys.exit(1)
                open(os.path.join(d, f"{i}.py.xml"), "wb").write(plistlib.dumps(x, fmt=plistlib.FMT_XML))
                open(os.path.join(d, f"{i}.py.bin"), "wb").write(plistlib.dumps(x, fmt=plistlib.FMT_BINARY))
            """
        guard let result = try Peers.run("python3", ["-c", script, dir.path, String(values.count)]) else { return }
        try #require(result.status == 0, "plistlib failed: \(result.stderr)")
        for (i, value) in values.enumerated() {
            let pyXML = try [UInt8](Data(contentsOf: dir.appendingPathComponent("\(i).py.xml")))
            let pyBinary = try [UInt8](Data(contentsOf: dir.appendingPathComponent("\(i).py.bin")))
            #expect(pyXML == ourXML[i], "value \(i): plistlib's XML differs from ours")
            #expect(pyBinary == ourBinary[i], "value \(i): plistlib's binary differs from ours")
            #expect(try XMLPropertyList.decode(pyXML) == value, "value \(i)")
            #expect(try BinaryPropertyList.decode(pyBinary) == value, "value \(i)")
        }
    }

    /// Linux Foundation's plutil converts our files both ways; we read what it writes.
    @Test func plutilConvertsOurFilesAndWeReadItsOutput() throws {
        let dir = try Peers.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let values = Self.values(.conservative, count: 100)
        var paths = [String]()
        for (i, value) in values.enumerated() {
            let binary = dir.appendingPathComponent("\(i)-from-binary.plist")
            let xml = dir.appendingPathComponent("\(i)-from-xml.plist")
            try Data(try BinaryPropertyList.encode(value)).write(to: binary)
            try Data(try XMLPropertyList.encode(value)).write(to: xml)
            paths += [binary.path, xml.path]
        }
        guard let lint = try Peers.run("plutil", ["-lint"] + paths) else { return }
        #expect(lint.status == 0, "plutil -lint: \(String(decoding: lint.stdout, as: UTF8.self)) \(lint.stderr)")
        for format in ["xml1", "binary1"] {
            // plutil converts in place: our binary and our XML become its binary or XML.
            guard let result = try Peers.run("plutil", ["-convert", format] + paths) else { return }
            try #require(result.status == 0, "plutil -convert \(format): \(result.stderr)")
            for (i, value) in values.enumerated() {
                for source in ["binary", "xml"] {
                    let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent("\(i)-from-\(source).plist")))
                    #expect(
                        try PropertyListCoding.decode(bytes).value == value,
                        "value \(i), our \(source) → plutil \(format)")
                }
            }
        }
    }

    /// libplist's plistutil converts our files both ways; we read what it writes.
    @Test func plistutilConvertsOurFilesAndWeReadItsOutput() throws {
        let dir = try Peers.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (i, value) in Self.values(.conservative, count: 60).enumerated() {
            let ours: [(String, [UInt8])] = [
                ("bin", try BinaryPropertyList.encode(value)), ("xml", try XMLPropertyList.encode(value)),
            ]
            for (kind, bytes) in ours {
                let input = dir.appendingPathComponent("\(i).\(kind)")
                try Data(bytes).write(to: input)
                for format in ["xml", "bin"] {
                    let output = dir.appendingPathComponent("\(i).\(kind).to.\(format)")
                    guard let result = try Peers.run("plistutil", ["-i", input.path, "-o", output.path, "-f", format])
                    else { return }
                    try #require(result.status == 0, "plistutil on value \(i) (\(kind)): \(result.stderr)")
                    let theirs = try [UInt8](Data(contentsOf: output))
                    #expect(
                        try PropertyListCoding.decode(theirs).value == value,
                        "value \(i): our \(kind) → plistutil \(format)")
                }
            }
        }
    }

    /// Every XML we write is valid against Apple's PropertyList-1.0.dtd.
    @Test func xmllintValidatesOurXMLAgainstAppleDTD() throws {
        let dir = try Peers.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let dtd = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Resources/PropertyList-1.0.dtd")
        var profile = ValueProfile.everything
        profile.controlCharacters = false
        profile.anyDate = false
        var paths = [String]()
        for (i, value) in Self.values(profile).enumerated() {
            let url = dir.appendingPathComponent("\(i).plist")
            try Data(try XMLPropertyList.encode(value)).write(to: url)
            paths.append(url.path)
        }
        guard let result = try Peers.run("xmllint", ["--noout", "--nonet", "--dtdvalid", dtd.path] + paths) else {
            return
        }
        #expect(result.status == 0, "xmllint: \(result.stderr.prefix(2000))")
    }

    /// The shipped samples were written by plistlib; we reproduce them byte for byte.
    @Test func shippedSamplesMatchPlistlibByteForByte() throws {
        let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../samples/plist")
        let xml = try [UInt8](Data(contentsOf: samples.appendingPathComponent("accounts.plist")))
        #expect(try XMLPropertyList.encode(XMLPropertyList.decode(xml), sortKeys: true) == xml)
        let binary = try [UInt8](Data(contentsOf: samples.appendingPathComponent("keychain-items.bplist")))
        #expect(try BinaryPropertyList.encode(BinaryPropertyList.decode(binary), sortKeys: true) == binary)
    }
}
