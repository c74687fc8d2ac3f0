import Foundation
import Testing

/// The completion scripts scripts/install-completions installs are generated and parse:
/// bash always (`bash -n`); zsh and fish when the machine has them.
@Suite struct CompletionScriptTests {
    @Test(arguments: ["bash", "zsh", "fish"]) func scriptParses(_ shell: String) throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLITests.coffer(["--generate-completion-script", shell], in: dir)
        #expect(run.status == 0 && run.stdout.contains("coffer"), "\(shell): \(run.stderr)")
        let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            #expect(shell != "bash", "bash is needed to check the bash completion script")
            return
        }
        let script = dir.appendingPathComponent("coffer.\(shell)")
        try Data(run.stdout.utf8).write(to: script)
        let check = Process()
        check.executableURL = URL(fileURLWithPath: path)
        check.arguments = ["-n", script.path]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "\(shell) -n rejects the completion script")
    }
}
