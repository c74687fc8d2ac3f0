import Foundation
import Testing

/// Dynamic completion of ITEM and FOLDER arguments, invoked as the generated scripts do:
/// `coffer ---completion SUBCOMMAND -- positional@N CWORD CURSOR WORDS…`.
@Suite struct ItemCompletionTests {
    static func complete(
        _ subcommand: [String], positional: Int, words: [String], environment: [String: String] = [:], in dir: URL
    ) throws -> CLITests.Run {
        let arguments =
            ["---completion"] + subcommand + ["--", "positional@\(positional)", "\(words.count - 1)", "0"] + words
        return try CLITests.coffer(arguments, environment: environment, in: dir)
    }

    @Test func titlesAndFoldersWithAKeyNothingWithout() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pw = ["COFFER_PASSPHRASE": "pw"]
        #expect(
            try CLITests.coffer(["create", "v.coffer", "--kdf", "interactive"], environment: pw, in: dir).status == 0)
        for (title, folder) in [("GitHub", ""), ("Mail Box", "Work/Mail")] {
            let run = try CLITests.coffer(
                ["add", "v.coffer", "--title", title, "--folder", folder, "--generate"], environment: pw, in: dir)
            #expect(run.status == 0, "\(run.stderr)")
        }

        var run = try Self.complete(
            ["show"], positional: 1, words: ["coffer", "show", "v.coffer", ""], environment: pw, in: dir)
        #expect(run.stdout.split(separator: "\n") == ["GitHub", "Mail Box", "Work/Mail/Mail Box"], "\(run.stderr)")
        run = try Self.complete(
            ["mv"], positional: 2, words: ["coffer", "mv", "v.coffer", "GitHub", ""], environment: pw, in: dir)
        #expect(run.stdout.split(separator: "\n") == ["Work", "Work/Mail"], "\(run.stderr)")
        run = try Self.complete(
            ["show"], positional: 1, words: ["coffer", "show", ""],
            environment: pw.merging(["COFFER_VAULT": dir.appendingPathComponent("v.coffer").path]) { $1 }, in: dir)
        #expect(run.stdout.contains("GitHub"), "COFFER_VAULT names the vault: \(run.stderr)")

        // No key, or a wrong one: nothing, at once, and no prompt (stdin is not a terminal).
        run = try Self.complete(["show"], positional: 1, words: ["coffer", "show", "v.coffer", ""], in: dir)
        #expect(run.stdout.isEmpty && run.status == 0, "\(run.stdout)\(run.stderr)")
        run = try Self.complete(
            ["show"], positional: 1, words: ["coffer", "show", "v.coffer", ""],
            environment: ["COFFER_PASSPHRASE": "no"],
            in: dir)
        #expect(run.stdout.isEmpty && run.status == 0, "\(run.stdout)\(run.stderr)")
    }
}
