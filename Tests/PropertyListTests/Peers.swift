import Foundation
import TestSupport
import Testing

/// Runs the real peer tools of the interop tests. A missing tool is a test failure, not a
/// skip: scripts/test installs every peer, so CI always runs them for real.
enum Peers {
    typealias Result = ProcessRunner.Result

    /// Runs `tool` with `arguments`; records an issue (failing the test) when the tool is missing.
    static func run(
        _ tool: String, _ arguments: [String], stdin: Data? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Result? {
        guard let executable = ProcessRunner.path(of: tool) else {
            Issue.record("\(tool) is not installed; scripts/test installs it", sourceLocation: sourceLocation)
            return nil
        }
        return try ProcessRunner.run(executable, arguments, stdin: stdin)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
