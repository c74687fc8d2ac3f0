import Foundation
import TestSupport
import Testing

/// The parts of the generator and strength commands whose output is random or read from
/// standard input or a terminal (Golden/generator.txt has the rest).
@Suite struct GeneratorCLITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let strong = "abacus-zoom-dolphin-tulip-gravy-ruby"

    /// `coffer` on a pseudo-terminal, typing `answers` at its no-echo prompts
    /// (scripts/lib/pty_answer.py); python3 is part of the machine image, so no skip.
    static func onTerminal(_ answers: [String], _ arguments: [String], in dir: URL) throws -> CLITests.Run {
        let python = ProcessRunner.path(of: "python3")
        #expect(python != nil, "python3 drives the terminal tests")
        let driver = repository.appendingPathComponent("scripts/lib/pty_answer.py").path
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "COFFER_PASSPHRASE")
        let result = try ProcessRunner.run(
            python ?? "/usr/bin/python3", [driver] + answers + ["--", CLITests.binary] + arguments, directory: dir,
            environment: env)
        return CLITests.Run(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
    }

    @Test func passphrasesPinsAndVaultSettings() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = try String(
            contentsOf: Self.repository.appendingPathComponent("samples/wordlists/eff_large_wordlist.txt"),
            encoding: .utf8
        )
        .split(separator: "\n").map { String($0.split(separator: "\t")[1]) }
        var run = try CLITests.coffer(["generate", "--words", "6", "--count", "20"], in: dir)
        #expect(run.status == 0 && run.stderr.contains("6 words from 7776 (EFF large word list): 78 bits"))
        let phrases = run.stdout.split(separator: "\n")
        #expect(phrases.count == 20 && Set(phrases).count == 20)
        // The list's own hyphens (t-shirt, yo-yo, …) split into parts that are not words.
        let parts = Set(list.flatMap { $0.split(separator: "-").map(String.init) })
        for phrase in phrases {
            let pieces = phrase.split(separator: "-").map(String.init)
            #expect((6...10).contains(pieces.count) && pieces.allSatisfy(parts.contains), "\(phrase)")
        }
        run = try CLITests.coffer(["generate", "--words", "5", "--separator", " "], in: dir)
        let words = run.stdout.dropLast().split(separator: " ").map(String.init)
        #expect(words.count == 5 && words.allSatisfy(Set(list).contains), "\(run.stdout)")

        run = try CLITests.coffer(["generate", "--pin", "4", "--count", "50"], in: dir)
        let pins = run.stdout.split(separator: "\n")
        #expect(pins.count == 50 && pins.allSatisfy { $0.count == 4 && $0.allSatisfy(\.isNumber) })
        #expect(run.stderr.contains("4-digit PIN is one of 10000 codes"))
        run = try CLITests.coffer(["generate", "--pin", "8"], in: dir)
        #expect(run.stdout.count == 9 && !run.stderr.contains("warning"))

        let pw = ["COFFER_PASSPHRASE": "hunter2"]
        #expect(
            try CLITests.coffer(["create", "v.coffer", "--kdf", "interactive"], environment: pw, in: dir).status == 0)
        run = try CLITests.coffer(
            ["settings", "v.coffer", "--length", "9", "--no-symbols", "--no-digits"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["generate", "--vault", "v.coffer", "--count", "10"], environment: pw, in: dir)
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count == 9 && $0.allSatisfy(\.isLetter) })
        // An option on the command line wins over the saved setting.
        run = try CLITests.coffer(["generate", "--vault", "v.coffer", "--digits"], environment: pw, in: dir)
        #expect(run.stdout.count == 10 && run.stdout.contains(where: \.isNumber))

        // add --generate takes every generator option, --no-symbols included.
        run = try CLITests.coffer(
            ["add", "v.coffer", "--title", "A", "--generate", "--length", "40", "--digits", "--no-symbols"],
            environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["show", "v.coffer", "A", "--field", "password"], environment: pw, in: dir)
        let password = run.stdout.trimmingCharacters(in: .newlines)
        #expect(password.count == 40 && password.allSatisfy { $0.isLetter || $0.isNumber })
        run = try CLITests.coffer(
            ["edit", "v.coffer", "A", "--generate", "--words", "7", "--separator", "+"], environment: pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        run = try CLITests.coffer(["show", "v.coffer", "A", "--field", "password"], environment: pw, in: dir)
        #expect(run.stdout.split(separator: "+").count == 7, "\(run.stdout)")
    }

    @Test func estimateReadsStandardInputAndNeverEchoesThePassword() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func estimate(_ input: String, _ arguments: [String] = []) throws -> CLITests.Run {
            let result = try ProcessRunner.run(
                CLITests.binary, ["estimate"] + arguments, stdin: Data(input.utf8), directory: dir,
                environment: ProcessInfo.processInfo.environment)
            return CLITests.Run(
                status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: result.stderr)
        }
        var run = try estimate("Pelis2020\n")
        #expect(run.status == 0 && run.stdout == "24.0 bits: poor\n", "\(run.stdout)\(run.stderr)")
        run = try estimate("password")
        #expect(run.stdout.hasSuffix("bits: poor\n"))
        run = try estimate(Self.strong + "\n", ["--json", "--advanced"])
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["band"] as? String == "excellent" && (object?["matches"] as? [Any])?.isEmpty == false)
        run = try estimate("Winter2019!\nsecond line ignored\n", ["--advanced"])
        #expect(run.stdout.hasPrefix("20.2 bits: poor") && run.stdout.contains("dictionary"))
        for secret in ["Pelis2020", "Winter2019!", Self.strong] {
            #expect(!(try estimate(secret + "\n", ["--advanced"]).stdout.contains(secret)))
            run = try CLITests.coffer(["estimate", secret], in: dir)
            #expect(run.status == 2 && !run.stderr.contains(secret) && run.stdout.isEmpty, "\(run.stderr)")
        }
    }

    /// A new passphrase typed on a terminal is asked twice; a second entry that differs is
    /// refused and nothing is written. The prompt does not echo.
    @Test func newPassphrasesAreAskedTwiceOnATerminal() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var run = try Self.onTerminal(
            [Self.strong, Self.strong + "x"], ["create", "v.coffer", "--kdf", "interactive"], in: dir)
        #expect(run.status == 2 && run.stdout.contains("Again: ") && run.stdout.contains("do not match"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("v.coffer").path))
        run = try Self.onTerminal([Self.strong, Self.strong], ["create", "v.coffer", "--kdf", "interactive"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("created v.coffer"), "\(run.stdout)")
        #expect(!run.stdout.contains(Self.strong), "no echo")
        run = try Self.onTerminal(["hunter2", "hunter2"], ["create", "w.coffer", "--kdf", "interactive"], in: dir)
        #expect(run.status == 2 && run.stdout.contains("too weak"), "\(run.stdout)")

        // import -o asked once before: one typo locked the user out of the new vault.
        try Data("Mail\nana@example.com\nsecret-one\n".utf8).write(to: dir.appendingPathComponent("list.txt"))
        run = try Self.onTerminal(
            [Self.strong, "abacus-zoom-dolphin-tulip-gravy-rubu"],
            ["import", "list.txt", "-o", "i.coffer", "--kdf", "interactive"], in: dir)
        #expect(run.status == 2 && run.stdout.contains("do not match"), "\(run.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("i.coffer").path))
        run = try Self.onTerminal(
            [Self.strong, Self.strong], ["import", "list.txt", "-o", "i.coffer", "--kdf", "interactive"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("created i.coffer with 1 item(s)"), "\(run.stdout)")

        // keys add: the opening passphrase once, the new one twice.
        run = try Self.onTerminal(
            [Self.strong, "river-saddle-omen-plural-banjo-cinema", "river-saddle-omen-plural-banjo-cinema"],
            ["keys", "add", "v.coffer", "--passphrase", "--kdf", "interactive"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("added keyslot 1"), "\(run.status) \(run.stdout) \(run.stderr)")

        // estimate asks once, without echo.
        run = try Self.onTerminal(["Pelis2020"], ["estimate"], in: dir)
        #expect(run.status == 0 && run.stdout.contains("24.0 bits: poor") && !run.stdout.contains("Pelis2020"))
    }
}
