import Foundation
import Testing

/// Every subcommand's help ends with examples: walks the tree from `coffer --help` (the
/// SUBCOMMANDS sections), so a command added later without one fails here.
@Suite struct HelpExamplesTests {
    /// The subcommand names a help text lists (its SUBCOMMANDS section, "(default)" aside).
    static func subcommands(in help: String) -> [String] {
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.compactMap {
            line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }  // not a continuation
            return line.dropFirst(2).split(separator: " ").first.map { String($0.filter { $0 != "," }) }
        }.filter { $0 != "help" }
    }

    @Test func everySubcommandShowsAnExample() throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var pending = [[String]()]
        var walked = 0
        var missing = [String]()
        while let path = pending.popLast() {
            let run = try CLITests.coffer(path + ["--help"], in: dir)
            #expect(run.status == 0, "coffer \(path.joined(separator: " ")) --help: \(run.stderr)")
            if !path.isEmpty {
                walked += 1
                if !run.stdout.contains("Example") { missing.append(path.joined(separator: " ")) }
            }
            guard path.count < 3 else { continue }  // coffer's tree is two levels deep; bounded whatever help says
            for name in Self.subcommands(in: run.stdout) { pending.append(path + [name]) }
        }
        #expect(walked >= 20, "walked only \(walked) subcommands")
        #expect(missing.isEmpty, "no example in the help of: \(missing.joined(separator: ", "))")
    }
}
