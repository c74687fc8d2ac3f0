import Foundation
import TestSupport
import Testing

/// Secrets read from a descriptor or stdin are bounded: an endless writer (here /dev/zero)
/// is refused at once, never read until memory runs out.
@Suite struct BoundedSecretInputCLITests {
    /// Runs `coffer verify v.coffer OPTIONS` through sh, so the options can wire /dev/zero
    /// to a descriptor.
    static func verify(_ options: String) throws -> ProcessRunner.Result {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shell = try #require(ProcessRunner.path(of: "sh"))
        return try ProcessRunner.run(
            shell, ["-c", "exec \"$0\" verify v.coffer \(options)", CLITests.binary], directory: dir,
            environment: ProcessInfo.processInfo.environment)
    }

    @Test func anEndlessPassphraseDescriptorIsRefused() throws {
        let result = try Self.verify("--passphrase-fd 3 3</dev/zero")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("no line end within 65536 bytes"), "\(result.stderr)")
    }

    @Test func anEndlessKeyFileOnStdinIsRefused() throws {
        let result = try Self.verify("--key-file - </dev/zero")
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("limit"), "\(result.stderr)")
    }
}
