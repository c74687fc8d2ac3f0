import Foundation
import TestSupport
import Testing

/// spec/reader/coffer_read.py reads vaults from spec/FORMAT.md alone, with no libsodium and
/// no Coffer code. It must agree with every test-kit vector and open what `coffer` writes
/// with each kind of key, classing damage as `coffer verify` does — so the spec is enough.
@Suite struct SecondReaderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized
    static let reader = root.appendingPathComponent("spec/reader/coffer_read.py").path

    struct Read {
        var status: Int32
        var stdout: String
    }

    static func read(_ arguments: [String], in directory: URL) throws -> Read {
        let python = try #require(ProcessRunner.path(of: "python3"), "python3 is part of the machine image")
        let result = try ProcessRunner.run(
            python, [reader] + arguments, directory: directory, environment: ProcessInfo.processInfo.environment)
        return Read(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self) + result.stderr)
    }

    @Test func agreesWithEveryTestKitVector() throws {
        let kit = Self.root.appendingPathComponent("samples/testkit")
        let vectors = try FileManager.default.contentsOfDirectory(atPath: kit.path).filter { $0 != "README.md" }
        #expect(vectors.count >= 60)
        let run = try Self.read(["--testkit", kit.path], in: Self.root)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("\(vectors.count)/\(vectors.count) vectors as expected"), "\(run.stdout)")
    }

    @Test func opensWhatCofferWritesWithEveryKindOfKey() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pw = ["COFFER_PASSPHRASE": "hunter2"]
        try Data("hunter2\n".utf8).write(to: dir.appendingPathComponent("pass.txt"))
        try Data((0..<64).map { UInt8($0) }).write(to: dir.appendingPathComponent("key.bin"))
        // Records from a notes list, then an attachment over two chunks from KeePass XML.
        let notes = Self.root.appendingPathComponent("samples/notes/passwords.txt").path
        var run = try CLITests.coffer(
            ["import", notes, "-o", "v.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let attachment = Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) })
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <KeePassFile><Root><Group><Name>Root</Name><Entry>
            <String><Key>Title</Key><Value>server</Value></String>
            <Binary><Key>backup.tar</Key><Value>\(attachment.base64EncodedString())</Value></Binary>
            </Entry></Group></Root></KeePassFile>
            """.utf8
        ).write(to: dir.appendingPathComponent("kp.xml"))
        run = try CLITests.coffer(["import", "kp.xml", "--into", "v.coffer"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["keys", "add", "v.coffer", "--new-key-file", "key.bin"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["keygen", "-o", "me.id"], in: dir)
        let recipient = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("coffer-recipient-v1:") })
        run = try CLITests.coffer(
            ["keys", "add", "v.coffer", "--recipient", String(recipient)], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")

        run = try CLITests.coffer(["inspect", "v.coffer", "--unlock", "--json"], environment: pw, in: dir)
        let inspection = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let contents = try #require(inspection?["contents"] as? [String: Any], "\(run.stdout)")
        let records = try #require(contents["records"] as? Int)
        #expect(contents["blobs"] as? Int == 1)
        let summary = "\(records) records, 1 blobs"

        var digests = Set<Substring>()
        for key in [["--passphrase-file", "pass.txt"], ["--key-file", "key.bin"], ["--identity", "me.id"]] {
            let read = try Self.read(["v.coffer"] + key, in: dir)
            #expect(read.status == 0 && read.stdout.contains(summary), "\(key): \(read.stdout)")
            if let digest = read.stdout.split(separator: " ").drop(while: { $0 != "SHA-256" }).dropFirst().first {
                digests.insert(digest)
            }
        }
        #expect(digests.count == 1, "one payload whichever slot opens it: \(digests)")
        let dump = try Self.read(["v.coffer", "--key-file", "key.bin", "--dump"], in: dir)
        #expect(dump.stdout.contains("<key>title</key>") && dump.stdout.contains("<string>server</string>"))

        // Damage: the second reader gives the exit code `coffer verify` gives.
        let bytes = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        var flipped = bytes
        flipped[bytes.count - 70_000] ^= 0x01
        let cases: [(String, Data, Int32)] = [
            ("flipped.coffer", flipped, 16), ("short.coffer", bytes.prefix(bytes.count - 1), 17),
            ("long.coffer", bytes + Data([0]), 18), ("text.coffer", Data("title,password\n".utf8), 10),
        ]
        for (name, data, code) in cases {
            try data.write(to: dir.appendingPathComponent(name))
            let read = try Self.read([name, "--key-file", "key.bin"], in: dir)
            let verify = try CLITests.coffer(["verify", name, "--key-file", "key.bin"], in: dir)
            #expect(read.status == code && verify.status == code, "\(name): \(read.stdout) / \(verify.stdout)")
        }
        let wrong = try Self.read(["v.coffer", "--passphrase-file", "key.bin"], in: dir)
        #expect(wrong.status == 14, "\(wrong.stdout)")
    }

    /// The recovery trailer (spec §11) read from the spec alone: both readers repair the
    /// same damage without a key to the same bytes, and refuse the same damage.
    @Test func repairsWhatCofferRepairsToTheSameBytes() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data((0..<64).map { UInt8($0) }).write(to: dir.appendingPathComponent("key.bin"))
        let key = ["--key-file", "key.bin", "--no-passphrase"]
        var run = try CLITests.coffer(["create", "v.coffer"] + key, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        try Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })
            .write(to: dir.appendingPathComponent("big.bin"))
        run = try CLITests.coffer(["add", "v.coffer", "--title", "Archive"] + key, in: dir)
        run = try CLITests.coffer(["attach", "add", "v.coffer", "Archive", "big.bin"] + key, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let original = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        // One byte in the header, one in a middle chunk, one in the trailer; then two blocks
        // of one group (parity 1), which neither may repair.
        for (name, offsets, repairable) in [
            ("header", [9], true), ("chunk", [original.count / 2], true), ("trailer", [original.count - 50], true),
            ("two", [300, original.count / 2], false),
        ] {
            var damaged = original
            for offset in offsets { damaged[offset] ^= 0x20 }
            try damaged.write(to: dir.appendingPathComponent("\(name).coffer"))
            let python = try Self.read(["\(name).coffer", "--repair", "\(name).py.coffer"], in: dir)
            let swift = try CLITests.coffer(["repair", "\(name).coffer", "-o", "\(name).swift.coffer"], in: dir)
            #expect(
                (python.status == 0) == repairable && (swift.status == 0) == repairable,
                "\(name): \(python.stdout) / \(swift.stderr)")
            guard repairable else { continue }
            let byPython = try Data(contentsOf: dir.appendingPathComponent("\(name).py.coffer"))
            let bySwift = try Data(contentsOf: dir.appendingPathComponent("\(name).swift.coffer"))
            #expect(byPython == original && bySwift == original, "\(name)")
        }
        // A trailer rewritten with more parity by one reader is what the other writes.
        let python = try Self.read(["v.coffer", "--repair", "p3.py.coffer", "--parity", "3"], in: dir)
        run = try CLITests.coffer(["repair", "v.coffer", "-o", "p3.swift.coffer", "--parity", "3"], in: dir)
        #expect(python.status == 0 && run.status == 0, "\(python.stdout) / \(run.stderr)")
        #expect(
            try Data(contentsOf: dir.appendingPathComponent("p3.py.coffer"))
                == Data(contentsOf: dir.appendingPathComponent("p3.swift.coffer")))
        let check = try Self.read(["p3.swift.coffer", "--key-file", "key.bin"], in: dir)
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// What a salvage reports, alike from `coffer salvage` and the second reader: the damaged
    /// chunks, the chunks missing, whether the index was lost, the records and blobs
    /// recovered, and each lost blob, with the reader's `NAME: ` prefix and runs of spaces
    /// dropped.
    static func salvageReport(_ output: String, name: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            var text = Substring(line)
            if text.hasPrefix("\(name): ") { text = text.dropFirst(name.count + 2) }
            let words = text.split(separator: " ")
            switch words.first {
            case "damaged" where words.count > 2 && words[1] == "chunk": return words.prefix(3).joined(separator: " ")
            case "missing": return words.prefix(2).joined(separator: " ")
            case "index", "records", "blobs", "lost": return words.joined(separator: " ")
            default: return nil
            }
        }
    }

    /// Salvages `name` with both readers (coffer into `name.out`) and expects the same
    /// report from each. Returns coffer's.
    static func salvageBoth(_ name: String, key: [String], in dir: URL) throws -> [String] {
        let swift = try CLITests.coffer(["salvage", name, "-o", "\(name).out", "--no-passphrase"] + key, in: dir)
        let python = try read([name, "--salvage"] + key, in: dir)
        let report = salvageReport(swift.stdout, name: name)
        #expect(swift.status == 0 && python.status == 0, "\(name): \(swift.stdout)\(swift.stderr) / \(python.stdout)")
        #expect(report.contains { $0.hasPrefix("records ") }, "\(name): \(swift.stdout)\(swift.stderr)")
        #expect(salvageReport(python.stdout, name: name) == report, "\(name): \(swift.stdout) / \(python.stdout)")
        return report
    }

    /// Salvage (spec §6.6, §12.4) read from the spec alone: on a compressed vault that
    /// `coffer` writes, with an attachment and damage beyond what its recovery trailer
    /// repairs, the second reader recovers the same records and blobs as `coffer salvage`.
    @Test func salvagesWhatCofferSalvages() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data((0..<64).map { UInt8($0) }).write(to: dir.appendingPathComponent("key.bin"))
        let key = ["--key-file", "key.bin"]
        var run = try CLITests.coffer(["create", "v.coffer", "--no-passphrase"] + key, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        // Passwords that compress as little as real ones, so the groups span many chunks.
        var random = SeededGenerator(seed: 11)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#%")
        var csv = "title,username,password\n"
        for i in 0..<6000 {
            csv += "item \(i),user\(i),\(String((0..<40).map { _ in alphabet.randomElement(using: &random)! }))\n"
        }
        try Data(csv.utf8).write(to: dir.appendingPathComponent("items.csv"))
        run = try CLITests.coffer(["import", "items.csv", "--into", "v.coffer", "--no-passphrase"] + key, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        try Data((0..<150_000).map { _ in UInt8.random(in: 0...255, using: &random) })
            .write(to: dir.appendingPathComponent("big.bin"))
        run = try CLITests.coffer(["add", "v.coffer", "--title", "Archive", "--no-passphrase"] + key, in: dir)
        run = try CLITests.coffer(
            ["attach", "add", "v.coffer", "Archive", "big.bin", "--no-passphrase"] + key, in: dir)
        #expect(run.status == 0, "\(run.stderr)")

        let original = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        func integer(at offset: Int, bytes: Int) -> Int {
            (0..<bytes).reduce(0) { $0 | Int(original[offset + $1]) << (8 * $1) }
        }
        let header = integer(at: 12, bytes: 4)
        let chunks = (integer(at: 32, bytes: 8) + 65_551) / 65_552
        func chunk(_ i: Int) -> Int { header + i * 65_552 + 100 }
        // At most 16 chunks, so the trailer is one group of 16 small blocks with parity 1: one
        // damaged block is rebuilt, two are beyond it. The attachment's 3 chunks come last.
        #expect(chunks >= 8 && chunks <= 16, "\(chunks) chunks")
        for (name, offsets, cut) in [
            ("one.coffer", [chunk(2)], nil), ("two.coffer", [chunk(1), chunk(4)], nil),
            ("blob.coffer", [chunk(3), chunk(chunks - 2)], nil), ("cut.coffer", [], chunk(5)),
        ] as [(String, [Int], Int?)] {
            var damaged = original
            for offset in offsets { damaged[offset] ^= 0x20 }
            try damaged.prefix(cut ?? damaged.count).write(to: dir.appendingPathComponent(name))
            let report = try Self.salvageBoth(name, key: key, in: dir)
            let whole = report.contains { $0.hasPrefix("records ") && $0.hasSuffix(" recovered, 0 lost") }
            #expect(whole == (name == "one.coffer"), "\(name): \(report)")
            let blobLost = report.contains("blobs 0 recovered, 1 lost")
            #expect(blobLost == (name == "blob.coffer" || name == "cut.coffer"), "\(name): \(report)")
        }
    }

    /// Salvage of a 1.0 file (records stored one by one, no trailer): a test-kit vector
    /// damaged in its records region and in its index.
    @Test func salvagesA10VaultAsCofferDoes() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vector = try Data(
            contentsOf: Self.root.appendingPathComponent("samples/testkit/success_records_two_chunks"))
        let blank = try #require(vector.firstRange(of: Data("\n\n".utf8)))
        let fields = String(decoding: vector[..<blank.lowerBound], as: UTF8.self)
        let hex = try #require(fields.split(separator: "\n").first { $0.hasPrefix("key file: ") }).dropFirst(10)
        let keyFile = Data(
            stride(from: 0, to: hex.count, by: 2).map { i in
                UInt8(hex.dropFirst(i).prefix(2), radix: 16)!
            })
        try keyFile.write(to: dir.appendingPathComponent("key.bin"))
        let original = Data(vector[blank.upperBound...])
        let header = (12..<16).reduce(0) { $0 | Int(original[$1]) << (8 * ($1 - 12)) }
        for (name, chunk) in [("records.coffer", 1), ("index.coffer", 0)] {
            var damaged = original
            damaged[header + chunk * 65_552 + 30_000] ^= 0x20
            try damaged.write(to: dir.appendingPathComponent(name))
            let report = try Self.salvageBoth(name, key: ["--key-file", "key.bin"], in: dir)
            #expect(report.contains("damaged chunk \(chunk)"), "\(name): \(report)")
            #expect(report.contains { $0.hasPrefix("index lost") } == (chunk == 0), "\(name): \(report)")
            #expect(!report.contains { $0.hasPrefix("records ") && $0.hasSuffix(" 0 lost") }, "\(name): \(report)")
            #expect(report.contains { $0.hasPrefix("blobs unknown") } == (chunk == 0), "\(name): \(report)")
        }
        // Every chunk damaged: nothing is recovered, so both readers exit with the payload
        // failure's code and coffer writes no vault.
        var damaged = original
        for start in stride(from: header, to: original.count, by: 65_552) { damaged[start + 20] ^= 0x20 }
        try damaged.write(to: dir.appendingPathComponent("all.coffer"))
        let key = ["--key-file", "key.bin"]
        let swift = try CLITests.coffer(["salvage", "all.coffer", "-o", "all.out", "--no-passphrase"] + key, in: dir)
        let python = try Self.read(["all.coffer", "--salvage"] + key, in: dir)
        #expect(swift.status == 16 && python.status == 16, "\(swift.stdout)\(swift.stderr) / \(python.stdout)")
        #expect(swift.stderr.contains("nothing could be recovered"), "\(swift.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("all.out").path))
        #expect(
            Self.salvageReport(python.stdout, name: "all.coffer")
                == Self.salvageReport(swift.stdout, name: "all.coffer"))
    }
}
