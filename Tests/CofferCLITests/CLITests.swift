import Foundation
import TestSupport
import Testing

/// Golden tests that run the built `coffer` binary as a person would, checking output and
/// the documented exit codes.
@Suite struct CLITests {
    /// The `coffer` of this build (BuiltProduct looks beside the test bundle, then asks
    /// `swift build --show-bin-path`).
    static let binary = BuiltProduct.path(of: "coffer") ?? "coffer-not-built"

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func coffer(_ arguments: [String], environment: [String: String] = [:], in directory: URL) throws -> Run {
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "COFFER_PASSPHRASE")
        env.merge(environment) { $1 }
        let result = try ProcessRunner.run(binary, arguments, directory: directory, environment: env)
        return Run(status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
    }

    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func vaultLifecycleAndExitCodes() throws {
        #expect(
            FileManager.default.isExecutableFile(atPath: Self.binary),
            "build the coffer product first (scripts/test does)")
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pw = ["COFFER_PASSPHRASE": "hunter2"]
        var run = try Self.coffer(
            ["create", "v.coffer", "--kdf", "interactive", "--label", "ana"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try Self.coffer(["verify", "v.coffer"], environment: pw, in: dir)
        #expect(run.status == 0 && run.stdout.contains("1 passed, 0 failed"), "\(run.stdout)")
        run = try Self.coffer(["verify", "v.coffer"], environment: ["COFFER_PASSPHRASE": "wrong"], in: dir)
        #expect(run.status == 14 && run.stdout.contains("no match"), "\(run.stdout)")
        run = try Self.coffer(["inspect", "v.coffer", "--json"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("\"generation\" : 1") && !run.stdout.contains("hunter2"))
        run = try Self.coffer(["keys", "remove", "v.coffer", "--index", "0"], environment: pw, in: dir)
        #expect(run.status == 2 && run.stderr.contains("last keyslot"), "\(run.stderr)")

        let bytes = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        var damaged = bytes
        damaged[damaged.count - 3] ^= 0x40
        try damaged.write(to: dir.appendingPathComponent("damaged.coffer"))
        try bytes.prefix(bytes.count - 10).write(to: dir.appendingPathComponent("short.coffer"))
        try Data("not a vault".utf8).write(to: dir.appendingPathComponent("text.coffer"))
        try (bytes + Data([0])).write(to: dir.appendingPathComponent("long.coffer"))
        for (file, code) in [("damaged.coffer", 16), ("short.coffer", 17), ("text.coffer", 10), ("long.coffer", 18)] {
            run = try Self.coffer(["verify", file], environment: pw, in: dir)
            #expect(run.status == Int32(code), "\(file): \(run.stdout)")
        }
        // Several files at once: a summary, and non-zero because some fail.
        run = try Self.coffer(["verify", "v.coffer", "short.coffer", "text.coffer"], in: dir)
        #expect(run.stdout.contains("1 passed, 2 failed") && run.status != 0, "\(run.stdout)")
    }

    @Test func plistConvertAndUsageErrors() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"a": [1, 2.5, {"$data": "AAE="}]}"#.utf8).write(to: dir.appendingPathComponent("in.json"))
        var run = try Self.coffer(["plist", "convert", "in.json", "--to", "xml", "-o", "out.plist"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try Self.coffer(["plist", "print", "out.plist"], in: dir)
        #expect(
            run.stdout.contains("\"a\" => [") && run.stdout.contains("{length = 2, bytes = 0x0001}"), "\(run.stdout)")
        run = try Self.coffer(["plist", "convert", "in.json", "--to", "yaml"], in: dir)
        #expect(run.status == 2)
        try Data("<plist><integer>x</integer></plist>".utf8).write(to: dir.appendingPathComponent("bad.plist"))
        run = try Self.coffer(["plist", "print", "bad.plist"], in: dir)
        #expect(run.status == 1 && run.stderr.contains("bad.plist: line 1"), "\(run.stderr)")
        run = try Self.coffer(["--version"], in: dir)
        #expect(run.status == 0 && !run.stdout.isEmpty)
    }

    @Test func importNotesThenAgainWithDuplicates() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let notes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../samples/notes/passwords.txt"
        )
        .standardized.path
        let pw = ["COFFER_PASSPHRASE": "hunter2"]
        var run = try Self.coffer(
            ["import", notes, "-o", "n.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 0 && run.stdout.contains("with 9 item(s)"), "\(run.stdout) \(run.stderr)")
        run = try Self.coffer(["import", notes, "--into", "n.coffer", "--report", "r.json"], environment: pw, in: dir)
        #expect(
            run.status == 0 && run.stdout.contains("added 0 item(s)") && run.stdout.contains("9 duplicate(s) skipped"),
            "\(run.stdout)")
        let report =
            try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("r.json")))
            as? [[String: Any]]
        #expect(report?.first?["duplicates"] as? Int == 9 && report?.first?["read"] as? Int == 9)
        run = try Self.coffer(
            ["export", "n.coffer", "--format", "csv", "--dialect", "chrome", "-o", "out.csv"], environment: pw, in: dir)
        #expect(run.status == 0 && run.stderr.contains("cannot hold"), "\(run.stderr)")
        // A file is written a batch of records at a time, and so is standard output once a
        // first reading has checked every record: the same CSV and the same warnings.
        let piped = try Self.coffer(
            ["export", "n.coffer", "--format", "csv", "--dialect", "chrome", "-o", "-"], environment: pw, in: dir)
        #expect(piped.status == 0 && piped.stderr == run.stderr, "\(piped.stderr)")
        #expect(
            piped.stdout == String(decoding: try Data(contentsOf: dir.appendingPathComponent("out.csv")), as: UTF8.self)
        )
        let mode =
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("out.csv").path)[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
        // convert shares import's reading, report and preview.
        run = try Self.coffer(
            ["convert", notes, "--to", "csv", "--dialect", "bitwarden", "--dry-run", "--report", "c.json"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("9 item(s) would be converted"), "\(run.stdout)")
        #expect(run.stdout.contains(" | high | ") && !run.stdout.contains("correct-horse-42"), "passwords masked")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.json").path))
        run = try Self.coffer(["convert", notes, "--from", "keepass-xml", "--to", "json"], in: dir)
        #expect(run.status != 0 && run.stderr.contains("KeePass XML"), "\(run.stderr)")
    }

    @Test func attachmentsTravelFromKeePassXMLIntoTheVaultAndBackOut() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <KeePassFile><Root><Group><Name>Root</Name><Entry>
            <String><Key>Title</Key><Value>server</Value></String>
            <String><Key>Password</Key><Value>pw</Value></String>
            <Binary><Key>id_ed25519</Key><Value>\(bytes.base64EncodedString())</Value></Binary>
            </Entry></Group></Root></KeePassFile>
            """
        try Data(xml.utf8).write(to: dir.appendingPathComponent("kp.xml"))
        let pw = ["COFFER_PASSPHRASE": "hunter2"]
        var run = try Self.coffer(
            ["import", "kp.xml", "-o", "a.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try Self.coffer(["inspect", "a.coffer", "--unlock"], environment: pw, in: dir)
        #expect(run.stdout.contains("blobs        1 (100000 bytes"), "\(run.stdout)")
        // A second import into the same vault keeps the first blob and adds the new one.
        run = try Self.coffer(
            ["import", "kp.xml", "--into", "a.coffer", "--duplicates", "keep"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try Self.coffer(
            ["export", "a.coffer", "--format", "binary-plist", "-o", "out.plist"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let exported =
            try PropertyListSerialization.propertyList(
                from: Data(contentsOf: dir.appendingPathComponent("out.plist")), format: nil) as? [String: Any]
        let items = exported?["items"] as? [[String: Any]] ?? []
        let files = items.flatMap { $0["attachments"] as? [[String: Any]] ?? [] }
        #expect(files.count == 2 && files.allSatisfy { $0["data"] as? Data == bytes && $0["size"] as? Int == 100_000 })
        #expect(Set(items.compactMap { $0["id"] as? String }).count == 2, "ids stay unique when kept twice")
    }
}

/// An age key pair made by `age-keygen` works as a Coffer recovery key: a vault sealed to
/// the `age1…` recipient opens with the age identity file, and only with it.
@Suite struct AgeKeyCLITests {
    @Test func aVaultSealedToAnAgeRecipientOpensWithTheAgeIdentity() throws {
        let keygen = try #require(ProcessRunner.path(of: "age-keygen"), "scripts/test installs age")
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["age.key", "other.key"] {
            let made = try ProcessRunner.run(keygen, ["-o", dir.appendingPathComponent(name).path])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let recipient = String(
            decoding: try ProcessRunner.run(keygen, ["-y", dir.appendingPathComponent("age.key").path]).stdout,
            as: UTF8.self
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(recipient.hasPrefix("age1"))
        var run = try CLITests.coffer(
            ["create", "v.coffer", "--no-passphrase", "--recipient", recipient, "--label", "recovery"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["verify", "v.coffer", "--identity", "age.key"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("1 passed"), "\(run.stdout)\(run.stderr)")
        run = try CLITests.coffer(["verify", "v.coffer", "--identity", "other.key"], in: dir)
        #expect(run.status == 14, "\(run.stdout)")
        // The spec's second reader reads age identities too (spec §10).
        let second = try SecondReaderTests.read(["v.coffer", "--identity", "age.key"], in: dir)
        #expect(second.status == 0 && second.stdout.contains("success"), "\(second.stdout)")
        run = try CLITests.coffer(["create", "w.coffer", "--no-passphrase", "--recipient", "age1qqqq"], in: dir)
        #expect(run.status != 0 && run.stderr.contains("age recipient"), "\(run.stderr)")
    }
}

/// libxml2 prints encoding errors to stderr on its own; `coffer` must say one clear line.
@Suite struct XMLEncodingErrorTests {
    @Test func aMislabelledEncodingIsOneClearErrorLine() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes: [UInt8] =
            Array("<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n<plist version=\"1.0\"><string>".utf8)
            + [0xE2, 0x86, 0x92, 0x20] + Array("x</string></plist>".utf8)
        try Data(bytes).write(to: dir.appendingPathComponent("bad.plist"))
        let run = try CLITests.coffer(["plist", "convert", "bad.plist", "--to", "json", "-o", "out.json"], in: dir)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "libxml2 wrote to stderr itself: \(run.stderr)")
        #expect(run.stderr.hasPrefix("coffer: bad.plist: line 1") && run.stderr.contains("declared encoding"))
    }
}

/// Option values are typed: a mistyped one is a usage error (exit 2) that lists the valid
/// values, before anything is read or written — never a silent default.
@Suite struct TypedOptionTests {
    @Test func aMistypedDuplicatesPolicyIsRefusedAndTheVaultUntouched() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pw = ["COFFER_PASSPHRASE": "pw"]
        try Data("GitHub: ana / s3cret\n".utf8).write(to: dir.appendingPathComponent("list.txt"))
        var run = try CLITests.coffer(["create", "v.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let before = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        run = try CLITests.coffer(
            ["import", "list.txt", "--into", "v.coffer", "--duplicates", "updat"], environment: pw, in: dir)
        #expect(run.status == 2 && run.stderr.contains("'skip', 'keep' or 'update'"), "\(run.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("v.coffer")) == before)
    }

    @Test func aMistypedKDFPresetIsRefusedNotMadeModerate() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("GitHub: ana / s3cret\n".utf8).write(to: dir.appendingPathComponent("list.txt"))
        for arguments in [
            ["import", "list.txt", "-o", "w.coffer", "--kdf", "sensitiv"], ["create", "w.coffer", "--kdf", "fast"],
        ] {
            let run = try CLITests.coffer(arguments, environment: ["COFFER_PASSPHRASE": "pw"], in: dir)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("'interactive', 'moderate' or 'sensitive'"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("w.coffer").path))
        }
    }
}

/// The everyday read-only commands: list, search, show, generate. Secrets appear only when
/// asked for (`--reveal`, `--field`).
@Suite struct EverydayCommandTests {
    static func vault(in dir: URL) throws {
        let notes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../samples/notes/passwords.txt").standardized.path
        let run = try CLITests.coffer(
            ["import", notes, "-o", "v.coffer", "--kdf", "interactive"], environment: ["COFFER_PASSPHRASE": "pw"],
            in: dir)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func listSearchAndShowKeepSecretsUntilAsked() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.vault(in: dir)
        let pw = ["COFFER_PASSPHRASE": "pw"]
        let password = try CLITests.coffer(
            ["show", "v.coffer", "gmail", "--field", "password"], environment: pw, in: dir)
        #expect(password.status == 0 && !password.stdout.isEmpty, "\(password.stderr)")
        let secret = password.stdout.trimmingCharacters(in: .newlines)

        let list = try CLITests.coffer(["list", "v.coffer"], environment: pw, in: dir)
        #expect(list.status == 0 && list.stdout.hasPrefix("ID") && list.stdout.contains("Gmail"))
        #expect(!list.stdout.contains(secret))
        let folder = try CLITests.coffer(["list", "v.coffer", "--folder", "Email", "--json"], environment: pw, in: dir)
        let rows = try JSONSerialization.jsonObject(with: Data(folder.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(!rows.isEmpty && rows.allSatisfy { ($0["folder"] as? [String]) == ["Email"] }, "\(folder.stdout)")

        var run = try CLITests.coffer(["search", "v.coffer", "credit", "COOPERATIF"], environment: pw, in: dir)
        #expect(run.stdout.contains("Crédit Coopératif"), "accents and case ignored: \(run.stdout)")
        run = try CLITests.coffer(["search", "v.coffer", secret], environment: pw, in: dir)
        #expect(
            run.status == 1 && run.stdout.isEmpty && run.stderr.contains("no item matches"),
            "passwords are not searched")

        run = try CLITests.coffer(["show", "v.coffer", "GMAIL"], environment: pw, in: dir)
        #expect(run.status == 0 && run.stdout.contains("ana.lopez@gmail.com") && !run.stdout.contains(secret))
        #expect(run.stdout.contains("••••••••"))
        let id = try #require(rows.first?["id"] as? String)
        run = try CLITests.coffer(["show", "v.coffer", String(id.prefix(6)), "--reveal"], environment: pw, in: dir)
        #expect(run.status == 0 && run.stdout.contains(id))
        run = try CLITests.coffer(["show", "v.coffer", "gmail", "--reveal"], environment: pw, in: dir)
        #expect(
            run.stdout.split(separator: "\n").contains { $0.hasPrefix("password ") && $0.hasSuffix(" \(secret)") },
            "\(run.stdout)")
        // Notes lines not understood are concealed: masked, shown with --reveal, never searched.
        #expect(run.stdout.contains("recovery phone is mum's number"), "\(run.stdout)")
        run = try CLITests.coffer(["show", "v.coffer", "gmail"], environment: pw, in: dir)
        #expect(run.stdout.contains("Unrecognized text") && !run.stdout.contains("recovery phone"), "\(run.stdout)")
        run = try CLITests.coffer(["search", "v.coffer", "recovery"], environment: pw, in: dir)
        #expect(run.stdout.isEmpty, "concealed text is not searched: \(run.stdout)")
        run = try CLITests.coffer(["show", "v.coffer", "no such thing"], environment: pw, in: dir)
        #expect(run.status == 1 && run.stderr.contains("no item is named"))
    }

    @Test func aTitleSharedByTwoItemsIsAskedAboutNotGuessed() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("title,username,password\nMail,a,x1\nmail,b,x2\n".utf8).write(to: dir.appendingPathComponent("t.csv"))
        let pw = ["COFFER_PASSPHRASE": "pw"]
        var run = try CLITests.coffer(
            ["import", "t.csv", "-o", "v.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["show", "v.coffer", "mail", "--field", "password"], environment: pw, in: dir)
        #expect(run.status == 2 && run.stderr.contains("names 2 items") && run.stdout.isEmpty, "\(run.stderr)")
    }

    @Test func generatedPasswordsFollowTheirSettings() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var run = try CLITests.coffer(["generate", "--length", "30", "--count", "50"], in: dir)
        let passwords = run.stdout.split(separator: "\n").map(String.init)
        #expect(run.status == 0 && passwords.count == 50 && Set(passwords).count == 50)
        for password in passwords {
            #expect(password.count == 30)
            #expect(password.contains(where: \.isLowercase) && password.contains(where: \.isUppercase))
            #expect(
                password.contains(where: \.isNumber)
                    && password.contains(where: { "!#$%&()*+,-./:;<=>?@[]^_{|}~".contains($0) }))
            #expect(!password.contains(where: { "Il1O0o|".contains($0) }))
        }
        #expect(run.stderr.contains("30 characters from"))
        run = try CLITests.coffer(["generate", "-l", "12", "--no-symbols", "--no-digits", "-c", "20"], in: dir)
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count == 12 && $0.allSatisfy(\.isLetter) })
        run = try CLITests.coffer(["generate", "-l", "3"], in: dir)
        #expect(run.status == 2 && run.stderr.contains("4...1024"))
    }
}

/// add, edit and remove: passwords from files or the generator (never argv), history kept,
/// attachments dropped with their item, and a refused edit leaves the file as it was.
@Suite struct EditingCommandTests {
    @Test func addEditRemoveThroughSafeSaves() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pw = ["COFFER_PASSPHRASE": "pw"]
        func coffer(_ arguments: [String]) throws -> CLITests.Run {
            try CLITests.coffer(arguments, environment: pw, in: dir)
        }
        #expect(try coffer(["create", "v.coffer", "--kdf", "interactive"]).status == 0)
        try Data("first-secret\n".utf8).write(to: dir.appendingPathComponent("p.txt"))
        var run = try coffer([
            "add", "v.coffer", "--title", "GitHub", "--username", "ana", "--url", "https://github.com",
            "--folder", "Work/Dev", "--field", "team=core", "--password-file", "p.txt",
        ])
        #expect(run.status == 0 && run.stdout.contains("added \"GitHub\""), "\(run.stderr)")
        #expect(try coffer(["show", "v.coffer", "github", "--field", "password"]).stdout == "first-secret\n")
        run = try coffer(["add", "v.coffer", "--title", "x", "--password", "on-the-command-line"])
        #expect(run.status != 0, "there is no --password option: secrets never go on argv")

        run = try coffer(["edit", "v.coffer", "github", "--generate", "--length", "32", "--username", "ana.l"])
        #expect(run.status == 0, "\(run.stderr)")
        let generated = try coffer(["show", "v.coffer", "github", "--field", "password"]).stdout
        #expect(generated.count == 33 && generated != "first-secret\n")
        run = try coffer(["show", "v.coffer", "github", "--reveal"])
        #expect(run.stdout.contains("old password  first-secret") && run.stdout.contains("username      ana.l"))

        let before = try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
        run = try coffer(["edit", "v.coffer", "github"])
        #expect(run.status == 2 && run.stderr.contains("nothing to change"))
        run = try coffer(["edit", "v.coffer", "github", "--remove-field", "absent"])
        #expect(run.status == 1)
        #expect(try Data(contentsOf: dir.appendingPathComponent("v.coffer")) == before, "refused edits write nothing")

        run = try coffer(["remove", "v.coffer", "github", "--permanent", "--backup"])
        #expect(run.status == 0 && run.stdout.contains("removed \"GitHub\""), "\(run.stderr)")
        #expect(try coffer(["show", "v.coffer", "github"]).status == 1)
        #expect(try coffer(["verify", "v.coffer"]).status == 0)
        #expect(try coffer(["show", "v.coffer.bak", "github"]).status == 0, "the previous generation is kept")
    }

    @Test func removingAnItemDropsItsAttachments() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pw = ["COFFER_PASSPHRASE": "pw"]
        let bytes = Data(repeating: 7, count: 5_000)
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <KeePassFile><Root><Group><Name>Root</Name><Entry>
            <String><Key>Title</Key><Value>server</Value></String>
            <Binary><Key>key.pem</Key><Value>\(bytes.base64EncodedString())</Value></Binary>
            </Entry></Group></Root></KeePassFile>
            """
        try Data(xml.utf8).write(to: dir.appendingPathComponent("kp.xml"))
        var run = try CLITests.coffer(
            ["import", "kp.xml", "-o", "a.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["show", "a.coffer", "server"], environment: pw, in: dir)
        #expect(run.stdout.contains("attachment  key.pem (5000 bytes"), "\(run.stdout)")
        run = try CLITests.coffer(["remove", "a.coffer", "server", "--permanent"], environment: pw, in: dir)
        #expect(run.stdout.contains("with 1 attachment(s)"), "\(run.stdout)")
        run = try CLITests.coffer(["inspect", "a.coffer", "--unlock"], environment: pw, in: dir)
        #expect(run.stdout.contains("blobs        0"), "\(run.stdout)")
    }
}

@Suite struct AnalyzeCommandTests {
    @Test func analyzeNamesItemsNotPasswords() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv =
            "title,username,password,url\nMail,a,Shared-Secret-91,https://mail.example\n"
            + "Bank,b,Shared-Secret-91,http://bank.example\nForum,c,abc12,\n"
        try Data(csv.utf8).write(to: dir.appendingPathComponent("t.csv"))
        let pw = ["COFFER_PASSPHRASE": "pw"]
        var run = try CLITests.coffer(
            ["import", "t.csv", "-o", "v.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["analyze", "v.coffer"], environment: pw, in: dir)
        #expect(run.status == 0 && run.stdout.contains("reused") && run.stdout.contains("also used by Bank"))
        #expect(
            run.stdout.contains("3 item(s): 2 reused, 0 common, 1 weak, 0 missing, 1 insecure-url, 0 old"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("Shared-Secret-91") && !run.stdout.contains("abc12"))
        run = try CLITests.coffer(["analyze", "v.coffer", "--json"], environment: pw, in: dir)
        let rows = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: String]] ?? []
        #expect(rows.count == 4 && Set(rows.compactMap { $0["problem"] }) == ["reused", "weak", "insecure-url"])
    }
}
