import Foundation
import Testing

/// `coffer` with keyslots: labels, `--slot`, generations, identity and passphrase files.
@Suite struct KeysCLITests {
    static let pw = ["COFFER_PASSPHRASE": "hunter2"]

    static func coffer(_ arguments: [String], _ environment: [String: String] = pw, in dir: URL) throws
        -> CLITests.Run
    {
        try CLITests.coffer(arguments, environment: environment, in: dir)
    }

    static func write(_ text: String, to name: String, in dir: URL) throws {
        try Data(text.utf8).write(to: dir.appendingPathComponent(name))
    }

    /// A one-slot vault with its lock file removed, so a test can tell whether a command locked.
    static func vault(in dir: URL) throws -> Data {
        let run = try coffer(["create", "v.coffer", "--kdf", "interactive", "--label", "ana"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("v.coffer.lock"))
        return try Data(contentsOf: dir.appendingPathComponent("v.coffer"))
    }

    static func names(in dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    }

    @Test func badLabelsAreUsageErrorsBeforeAnyLockOrWrite() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Self.vault(in: dir)
        try Self.write("new\n", to: "new.txt", in: dir)
        let listing = try Self.names(in: dir)
        // 300 bytes crashed with SIGILL; 100 bytes and control characters were header failures
        // (exit 12) that left a lock file.
        for label in [String(repeating: "x", count: 300), String(repeating: "y", count: 100), "a\u{7}b", "a\u{85}b"] {
            let run = try Self.coffer(
                ["keys", "add", "v.coffer", "--passphrase", "--new-passphrase-file", "new.txt", "--label", label],
                in: dir)
            #expect(run.status == 2, "\(label.utf8.count): \(run.status) \(run.stderr)")
            #expect(
                run.stderr.contains("label must be at most 64 bytes of UTF-8 without control characters"),
                "\(run.stderr)")
            #expect(try Self.names(in: dir) == listing)
            #expect(try Data(contentsOf: dir.appendingPathComponent("v.coffer")) == before)
        }
        let run = try Self.coffer(["create", "w.coffer", "--label", String(repeating: "z", count: 100)], in: dir)
        #expect(run.status == 2 && run.stderr.contains("label must be at most 64 bytes"), "\(run.stderr)")
        #expect(try Self.names(in: dir) == listing)
    }

    @Test func inspectAndKeysListEscapeBidiLabels() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.vault(in: dir)
        try Self.write("new\n", to: "new.txt", in: dir)
        var run = try Self.coffer(
            [
                "keys", "add", "v.coffer", "--passphrase", "--new-passphrase-file", "new.txt", "--kdf", "interactive",
                "--label", "evil\u{202E}gnp.exe", "--weak",
            ], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try Self.coffer(["inspect", "v.coffer"], [:], in: dir)
        #expect(run.stdout.contains(#"[1] passphrase "evil\u{202E}gnp.exe""#), "\(run.stdout)")
        #expect(!run.stdout.unicodeScalars.contains("\u{202E}"))
        run = try Self.coffer(["keys", "list", "v.coffer"], [:], in: dir)
        #expect(run.stdout.contains(#""evil\u{202E}gnp.exe""#) && !run.stdout.unicodeScalars.contains("\u{202E}"))
        // JSON keeps the label's value (a parser reads U+202E back) but never prints it raw.
        run = try Self.coffer(["inspect", "v.coffer", "--json"], [:], in: dir)
        #expect(run.stdout.contains(#""evil\u202egnp.exe""#) && !run.stdout.unicodeScalars.contains("\u{202E}"))
        let parsed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let labels = (parsed?["slots"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
        #expect(labels.contains("evil\u{202E}gnp.exe"), "\(labels)")
    }

    @Test func slotLabelTriesOnlyThatSlotAndKeysRewritesBumpTheGeneration() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.vault(in: dir)
        try Self.write("second\n", to: "new.txt", in: dir)
        var run = try Self.coffer(
            [
                "keys", "add", "v.coffer", "--passphrase", "--new-passphrase-file", "new.txt", "--kdf", "interactive",
                "--label", "bo", "--weak",
            ], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try Self.coffer(["inspect", "v.coffer", "--json"], [:], in: dir)
        #expect(run.stdout.contains("\"generation\" : 2"), "keys add counts as a rewrite: \(run.stdout)")

        let second = ["COFFER_PASSPHRASE": "second"]
        run = try Self.coffer(["inspect", "v.coffer", "--unlock", "--slot", "bo"], second, in: dir)
        #expect(run.status == 0 && run.stdout.contains("opened with slot 1"), "\(run.stdout)\(run.stderr)")
        run = try Self.coffer(["verify", "v.coffer", "--slot", "ana"], second, in: dir)
        #expect(run.status == 14, "\(run.stdout)")
        run = try Self.coffer(["verify", "v.coffer", "--slot", "nobody"], in: dir)
        #expect(run.status == 14 && run.stdout.contains(#"no keyslot is labelled "nobody""#), "\(run.stdout)")

        run = try Self.coffer(["keys", "remove", "v.coffer", "--index", "1"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try Self.coffer(["inspect", "v.coffer", "--json"], [:], in: dir)
        #expect(run.stdout.contains("\"generation\" : 3"), "keys remove counts as a rewrite: \(run.stdout)")
        run = try Self.coffer(["verify", "v.coffer"], in: dir)
        #expect(run.status == 0, "\(run.stdout)")
    }

    @Test func identityAndPassphraseFiles() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var run = try Self.coffer(["keygen", "-o", "id.txt"], [:], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let recipient = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        run = try Self.coffer(["keygen", "-o", "other.txt"], [:], in: dir)
        run = try Self.coffer(
            ["create", "v.coffer", "--no-passphrase", "--recipient", recipient], [:], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOf: dir.appendingPathComponent("id.txt"), encoding: .utf8)
        let other = try String(contentsOf: dir.appendingPathComponent("other.txt"), encoding: .utf8)
        let key = text.split(separator: "\n").first { $0.hasPrefix("coffer-identity-v1:") }!
        let otherKey = other.split(separator: "\n").first { $0.hasPrefix("coffer-identity-v1:") }!

        let accepted = [
            "crlf": text.replacingOccurrences(of: "\n", with: "\r\n"),
            "spaces": " \t\(key) \t\n",
            "several": "\(otherKey)\n\(key)\n",  // every identity is tried
        ]
        for (name, content) in accepted {
            try Self.write(content, to: name, in: dir)
            run = try Self.coffer(["verify", "v.coffer", "--identity", name], [:], in: dir)
            #expect(run.status == 0, "\(name): \(run.stdout)\(run.stderr)")
        }
        let refused = [
            "empty": "",
            "comments": "# nothing here\n",
            "unpadded": key.replacingOccurrences(of: "=", with: "") + "\n",
            "garbage": "\(key)\nnot a key\n",
        ]
        for (name, content) in refused {
            try Self.write(content, to: name, in: dir)
            run = try Self.coffer(["verify", "v.coffer", "--identity", name], [:], in: dir)
            #expect(run.status == 2, "\(name): \(run.status) \(run.stdout)\(run.stderr)")
            #expect(!run.stderr.contains(String(key.dropFirst(19).prefix(10))), "\(run.stderr)")
        }
        run = try Self.coffer(["verify", "v.coffer", "--identity", "missing.txt"], [:], in: dir)
        #expect(run.status == 3, "\(run.stderr)")

        // An empty passphrase file is a mistake (the empty passphrase is a lone newline).
        try Self.write("", to: "empty-pass", in: dir)
        run = try Self.coffer(
            ["create", "p.coffer", "--kdf", "interactive", "--passphrase-file", "empty-pass"], [:], in: dir)
        #expect(run.status == 2 && run.stderr.contains("no passphrase"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("p.coffer").path))
        try Self.write("\n", to: "newline-pass", in: dir)
        run = try Self.coffer(
            ["create", "p.coffer", "--kdf", "interactive", "--passphrase-file", "newline-pass", "--weak"], [:],
            in: dir)
        #expect(run.status == 0, "\(run.stderr)")
    }
}
