import Foundation
import Testing

/// What `import`, `convert` and `plist` do with inputs that are not exports: devices and
/// directories refused (exit 3) before anything is read, and a damaged export an error
/// naming its line and column (exit 1) that creates no vault and shows no password.
@Suite struct ImportInputCLITests {
    @Test func devicesAndDirectoriesAreRefusedAsInputs() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for arguments in [
            ["convert", "/dev/zero", "--to", "json"], ["plist", "convert", "/dev/zero", "--to", "json"],
            ["plist", "print", "."], ["import", "/dev/zero", "-o", "v.coffer", "--dry-run"],
        ] {
            let run = try CLITests.coffer(arguments, environment: ["COFFER_PASSPHRASE": "pw"], in: dir)
            #expect(run.status == 3, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("not a regular file"), "\(arguments): \(run.stderr)")
        }
    }

    @Test func aDamagedExportIsAnErrorNotANote() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let json = """
            {"encrypted": false, "items": [
              {"type": 1, "name": "mail", "login": {"username": "ana", "password": "Tr0ub4dor&3"}},
            ]}
            """
        try Data(json.utf8).write(to: dir.appendingPathComponent("comma.json"))
        let pw = ["COFFER_PASSPHRASE": "hunter2"]
        var run = try CLITests.coffer(
            ["import", "comma.json", "-o", "v.coffer", "--kdf", "interactive"], environment: pw, in: dir)
        #expect(run.status == 1 && run.stderr.hasPrefix("coffer: comma.json:3:1: not valid JSON"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("v.coffer").path))
        run = try CLITests.coffer(["convert", "comma.json", "--to", "json", "--dry-run"], in: dir)
        #expect(run.status == 1 && !(run.stdout + run.stderr).contains("Tr0ub4dor"), "\(run.stdout)")
    }
}
