import Foundation
import Testing

/// What the libraries under the CLI must not do, checked on their sources: read the
/// environment, name CLI flags in messages, share a formatter across threads unsafely, or
/// draw ids from a second random source; and VaultModel knows nothing of the container.
@Suite struct LibraryBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let libraries = ["PropertyList", "VaultCrypto", "VaultFormat", "VaultModel", "Converters", "CofferKit"]

    /// (file, line number, line) of every line of a library's sources, comments left out.
    static func lines(of modules: [String]) throws -> [(file: String, number: Int, text: String)] {
        var out = [(String, Int, String)]()
        for module in modules {
            let dir = root.appendingPathComponent("Sources/\(module)")
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("//") { continue }
                    out.append(("\(module)/\(name)", i + 1, String(line)))
                }
            }
        }
        return out
    }

    @Test func librariesReadNoEnvironment() throws {
        let found = try Self.lines(of: Self.libraries).filter {
            $0.text.contains("getenv(") || $0.text.contains("processInfo.environment")
        }
        #expect(found.isEmpty, "\(found.map { "\($0.file):\($0.number)" })")
    }

    @Test func libraryMessagesNameNoCommandLineFlag() throws {
        let flag = /"[^"]*(^|[\s(])--[a-z][a-z-]+/
        let found = try Self.lines(of: Self.libraries).filter {
            $0.text.contains(flag) && !$0.text.contains("gpg --decrypt")
        }
        #expect(found.isEmpty, "\(found.map { "\($0.file):\($0.number): \($0.text)" })")
    }

    @Test func noFormatterIsSharedAcrossThreadsUnsafely() throws {
        let found = try Self.lines(of: Self.libraries + ["CofferCLI"]).filter {
            $0.text.contains("nonisolated(unsafe)") && $0.text.contains("Formatter")
        }
        #expect(found.isEmpty, "\(found.map { "\($0.file):\($0.number)" })")
    }

    @Test func idsComeFromTheOneRandomSource() throws {
        let found = try Self.lines(of: Self.libraries).filter {
            $0.text.contains("UUID()") || $0.text.contains("/dev/urandom")
        }
        #expect(found.isEmpty, "\(found.map { "\($0.file):\($0.number)" })")
    }

    @Test func theItemModelDoesNotImportTheContainer() throws {
        let found = try Self.lines(of: ["VaultModel"]).filter { $0.text.contains("import VaultFormat") }
        #expect(found.isEmpty, "\(found.map { "\($0.file):\($0.number)" })")
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = manifest.split(separator: "\n").first { $0.contains(".target(name: \"VaultModel\"") }
        #expect(line != nil && !line!.contains("VaultFormat"))
    }
}
