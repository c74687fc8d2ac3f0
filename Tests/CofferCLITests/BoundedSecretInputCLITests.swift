import Foundation
import TestSupport
import Testing

/// Secrets read from a descriptor or stdin are bounded: an endless writer (here /dev/zero)
/// is refused at once, never read until memory runs out.
@Suite struct BoundedSecretInputCLITests {
    @Test func anEndlessPassphraseDescriptorIsRefused() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shell = try #require(ProcessRunner.path(of: "sh"))
        let result = try ProcessRunner.run(
            shell, ["-c", "exec \"$0\" verify v.coffer --passphrase-fd 3 3</dev/zero", CLITests.binary],
            directory: dir, environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no line end within 65536 bytes"), "\(result.stderr)")
    }

    @Test func anEndlessKeyFileOnStdinIsRefused() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shell = try #require(ProcessRunner.path(of: "sh"))
        let result = try ProcessRunner.run(
            shell, ["-c", "exec \"$0\" verify v.coffer --key-file - </dev/zero", CLITests.binary],
            directory: dir, environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("limit"), "\(result.stderr)")
    }
}
