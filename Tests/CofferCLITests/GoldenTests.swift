import Foundation
import TestSupport
import Testing

/// Exact-output tests of the built `coffer`, in the manner of age's testdata scripts: each
/// file in Golden/ is a script run in a fresh directory, and every command's whole stdout,
/// stderr and exit code must be what the script says. Run with `COFFER_UPDATE_GOLDEN=1` to
/// rewrite the expectations from what the binary prints (then read the diff).
///
/// Script lines:
/// - `# …` a comment; blank lines are kept as they are.
/// - `env NAME=VALUE` / `unset NAME` the environment of later commands (it starts empty
///   but for PATH, HOME and COLUMNS=80, so nothing of the caller's leaks in).
/// - `write FILE TEXT` a file holding TEXT (`\n` a line break) and a newline.
/// - `chmod FILE MODE` (octal); `hold-lock FILE` holds FILE's vault lock the way coffer
///   does (flock on `FILE.lock`, then this process's PID) until `release-lock FILE`.
/// - `copy FROM TO`, `flip FILE OFFSET` (xor 0x40 into the byte OFFSET from the end when
///   negative), `chop FILE N` (drop the last N bytes).
/// - `$ coffer ARGS…` runs the binary (arguments split on spaces; '…' quotes one).
///   After it: `1| line` for each stdout line, `2| line` for each stderr line, `exit N`.
///
/// Output is normalized so it stays the same from run to run: the directory becomes
/// `$WORK`, UUIDs `<uuid>`, ISO 8601 times `<date>`, 8-character id prefixes `<id>`, and
/// hex strings of 16 digits or more `<hex>`, and a lock holder's PID `<pid>`.
@Suite struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var scripts: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
    }

    @Test(arguments: scripts) func script(_ name: String) throws {
        #expect(FileManager.default.isExecutableFile(atPath: CLITests.binary), "the coffer product is not built")
        let path = Self.directory.appendingPathComponent(name)
        let text = try String(contentsOf: path, encoding: .utf8)
        let work = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: work) }
        let (actual, mismatches) = try Self.run(text, in: work)
        if ProcessInfo.processInfo.environment["COFFER_UPDATE_GOLDEN"] == "1" {
            if actual != text { try actual.write(to: path, atomically: true, encoding: .utf8) }
            return
        }
        for mismatch in mismatches { Issue.record(Comment(rawValue: "\(name): \(mismatch)")) }
    }

    /// Runs the script; returns it with every command's expectations replaced by what
    /// happened, and a description of each command whose output differed.
    static func run(_ script: String, in work: URL) throws -> (String, [String]) {
        var environment = ["COLUMNS": "80"]
        for name in ["PATH", "HOME"] { environment[name] = ProcessInfo.processInfo.environment[name] }
        var output = [String]()
        var mismatches = [String]()
        var heldLocks = [String: Int32]()
        defer { for fd in heldLocks.values { close(fd) } }
        var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var i = 0
        while i < lines.count {
            let line = lines[i]
            i += 1
            if line.hasPrefix("1|") || line.hasPrefix("2|") || line.hasPrefix("exit ") { continue }
            output.append(line)
            let words = split(line)
            switch words.first {
            case "env":
                let pair = words[1].split(separator: "=", maxSplits: 1).map(String.init)
                environment[pair[0]] = pair.count > 1 ? pair[1] : ""
            case "unset": environment.removeValue(forKey: words[1])
            case "write":
                let text = (line.split(separator: " ", maxSplits: 2).dropFirst(2).first.map(String.init) ?? "")
                    .replacingOccurrences(of: "\\n", with: "\n")
                try Data((text + "\n").utf8).write(to: work.appendingPathComponent(words[1]))
            case "copy":
                try FileManager.default.copyItem(
                    at: work.appendingPathComponent(words[1]), to: work.appendingPathComponent(words[2]))
            case "chmod":
                let mode = mode_t(words[2], radix: 8)!
                precondition(chmod(work.appendingPathComponent(words[1]).path, mode) == 0, "chmod \(words[1])")
            case "hold-lock":
                let path = work.appendingPathComponent(words[1] + ".lock").path
                let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
                precondition(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0, "cannot lock \(words[1])")
                let pid = Array("\(getpid())\n".utf8)
                precondition(ftruncate(fd, 0) == 0 && pwrite(fd, pid, pid.count, 0) == pid.count)
                heldLocks[words[1]] = fd
            case "release-lock":
                if let fd = heldLocks.removeValue(forKey: words[1]) { close(fd) }
            case "flip", "chop":
                let url = work.appendingPathComponent(words[1])
                var bytes = try Data(contentsOf: url)
                let n = Int(words[2])!
                if words[0] == "chop" {
                    bytes.removeLast(n)
                } else {
                    bytes[n < 0 ? bytes.count + n : n] ^= 0x40
                }
                try bytes.write(to: url)
            case "$":
                precondition(words.count >= 2 && words[1] == "coffer", "a command runs coffer: \(line)")
                var expected = [String]()
                while i < lines.count,
                    lines[i].hasPrefix("1|") || lines[i].hasPrefix("2|") || lines[i].hasPrefix("exit ")
                {
                    expected.append(lines[i])
                    i += 1
                }
                let result = try ProcessRunner.run(
                    CLITests.binary, Array(words.dropFirst(2)), directory: work, environment: environment)
                let stdout = String(decoding: result.stdout, as: UTF8.self)
                var got = transcript(normalize(stdout, work: work), prefix: "1|")
                got += transcript(normalize(result.stderr, work: work), prefix: "2|")
                got.append("exit \(result.status)")
                output += got
                if got != expected {
                    mismatches.append(
                        "\(line)\n--- expected\n\(expected.joined(separator: "\n"))\n--- got\n\(got.joined(separator: "\n"))"
                    )
                }
            default:
                precondition(words.isEmpty || line.hasPrefix("#"), "unknown script line: \(line)")
            }
        }
        return (output.joined(separator: "\n") + "\n", mismatches)
    }

    /// Words split on spaces; '…' keeps spaces in one word.
    static func split(_ line: String) -> [String] {
        var words = [String]()
        var current = ""
        var quoted = false
        var started = false
        for character in line {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " ", !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    /// Output lines with their stream's prefix; a last line without a newline is marked.
    static func transcript(_ text: String, prefix: String) -> [String] {
        guard !text.isEmpty else { return [] }
        // By scalars: "\r\n" is one Character, and a carriage return is shown as `\r`.
        var lines = [String]()
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                lines.append(String(line))
                line = String.UnicodeScalarView()
            } else if scalar == "\r" {
                line.append(contentsOf: "\\r".unicodeScalars)
            } else {
                line.append(scalar)
            }
        }
        lines.append(String(line))
        let endsWithNewline = lines.last == ""
        if endsWithNewline { lines.removeLast() }
        var out = lines.map { $0.isEmpty ? prefix : "\(prefix) \($0)" }
        if !endsWithNewline { out.append("\(prefix) (no newline at end)") }
        return out
    }

    static func normalize(_ text: String, work: URL) -> String {
        var text = text.replacingOccurrences(of: work.path, with: "$WORK")
        text = text.replacing(
            /[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}/, with: "<uuid>")
        text = text.replacing(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?/, with: "<date>")
        text = text.replacing(/\b[0-9a-fA-F]{16,}\b/, with: "<hex>")
        text = text.replacing(/\b[0-9A-F]{8}\b/, with: "<id>")
        text = text.replacing(/locked by PID \d+/, with: "locked by PID <pid>")
        return text
    }
}
