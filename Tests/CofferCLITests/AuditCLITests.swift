import Foundation
import TestSupport
import Testing

/// The adversarial audit's findings at the command line: an export never replaces the
/// vault; what came from an imported file or a path never reaches the terminal raw.
@Suite struct AuditCLITests {
    static let pw = ["COFFER_PASSPHRASE": "x"]

    @Test func exportingOverTheVaultItselfIsRefused() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(
            try CLITests.coffer(["create", "v.coffer", "--kdf", "interactive"], environment: Self.pw, in: dir).status
                == 0)
        let vault = dir.appendingPathComponent("v.coffer")
        let before = try Data(contentsOf: vault)
        let run = try CLITests.coffer(
            ["export", "v.coffer", "--format", "json", "-o", "v.coffer"], environment: Self.pw, in: dir)
        #expect(run.status == 3 && run.stderr.contains("is a Coffer vault"), "\(run.stderr)")
        #expect(try Data(contentsOf: vault) == before)
    }

    @Test func controlAndBidiCharactersNeverReachTheTerminalRaw() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = "Title,Username,Password,URL\n\"Bank\u{1B}]0;pwned\u{07}\u{1B}[2J\",u\u{202E}ser,p,http://x\n"
        try Data(csv.utf8).write(to: dir.appendingPathComponent("evil.csv"))
        var run = try CLITests.coffer(
            ["import", "evil.csv", "-o", "v.coffer", "--kdf", "interactive"], environment: Self.pw, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        for command in [["list", "v.coffer"], ["search", "v.coffer", "bank"], ["show", "v.coffer", "Bank"]] {
            run = try CLITests.coffer(command, environment: Self.pw, in: dir)
            let printed = run.stdout + run.stderr
            #expect(
                !printed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(command)")
            #expect(printed.contains("\\u{1B}") || command[0] == "show", "\(command): \(printed)")
        }
        run = try CLITests.coffer(["list", "x\u{1B}[2J.coffer"], environment: Self.pw, in: dir)
        #expect(run.status != 0 && !run.stderr.unicodeScalars.contains("\u{1B}"), "\(run.stderr)")
    }
}
