import Foundation
import TestSupport
import Testing

/// `coffer clip` against a real X server (Xvfb) and xclip, both test peers that
/// scripts/lib/common.sh installs: a missing one fails the test.
///
/// The scenario runs as one shell script whose output goes to files, never to pipes: xclip
/// leaves a server process behind that holds the selection, and that server keeps every
/// descriptor it inherited, so a test reading a pipe would wait for it forever. The script
/// waits for the detached clearer to exit (bounded) instead of sleeping a guessed time.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ClipboardCLITests {
    static let scenario = #"""
        set -u
        coffer="$1"; cd "$2"
        keys="--no-passphrase --key-file key"
        n=90; while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
        Xvfb ":$n" -nolisten tcp -screen 0 320x240x24 >/dev/null 2>&1 &
        xvfb=$!
        trap 'kill $xvfb 2>/dev/null; true' EXIT  # xclip's server exits with its X server
        for _ in $(seq 600); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
        export DISPLAY=":$n"
        board() { timeout 20 xclip -o -selection clipboard 2>/dev/null; }
        clearers() { pgrep -f -- "[c]lip-clear" | sort; }  # the brackets keep this script from matching itself
        wait_clearers() {  # until no clearer started after $1 is alive (bounded)
          for _ in $(seq 1200); do
            [ -z "$(comm -13 "$1" <(clearers))" ] && return 0
            sleep 0.1
          done
          echo "clearer-still-running"
        }
        $coffer create v.coffer $keys >/dev/null 2>&1 || echo "create-failed"
        $coffer add v.coffer --title Mail --username ana --password-file pw $keys >/dev/null 2>&1 || echo "add-failed"

        $coffer clip v.coffer mail --timeout 0 $keys </dev/null >out1 2>err1; echo "never-status $?"
        echo "never-board $(board)"
        $coffer clip v.coffer mail --field username --timeout 0 $keys </dev/null >out2 2>err2
        echo "username-board $(board)"

        clearers >before1
        $coffer clip v.coffer mail --timeout 1 $keys </dev/null >out3 2>err3; echo "timed-status $?"
        wait_clearers before1
        echo "cleared-board [$(board)]"

        clearers >before2
        $coffer clip v.coffer mail --timeout 6 $keys </dev/null >out4 2>err4
        printf mine | xclip -selection clipboard -in >/dev/null 2>&1
        wait_clearers before2
        echo "someone-else-board $(board)"
        """#

    @Test func copiesClearsAfterTheTimeoutAndLeavesSomeoneElsesValue() throws {
        for tool in ["Xvfb", "xclip", "pgrep", "timeout"] {
            try #require(ProcessRunner.path(of: tool) != nil, "\(tool) is not installed; scripts/test installs it")
        }
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data((0..<32).map { UInt8($0) }).write(to: dir.appendingPathComponent("key"))
        try Data("s3cret value\n".utf8).write(to: dir.appendingPathComponent("pw"))
        let results = dir.appendingPathComponent("results").path
        let status = try Self.runToFiles(
            ["/bin/bash", "-c", Self.scenario, "clip-test", CLITests.binary, dir.path], stdout: results)
        let lines = ((try? String(contentsOfFile: results, encoding: .utf8)) ?? "").split(separator: "\n")
            .map(String.init)
        #expect(status == 0, "\(lines)")
        #expect(!lines.contains { $0.hasSuffix("-failed") || $0 == "clearer-still-running" }, "\(lines)")
        #expect(lines.contains("never-status 0"), "\(lines)")
        #expect(lines.contains("never-board s3cret value"), "\(lines)")
        #expect(lines.contains("username-board ana"), "\(lines)")
        #expect(lines.contains("timed-status 0"), "\(lines)")
        #expect(lines.contains("cleared-board []"), "the password is still on the clipboard: \(lines)")
        #expect(lines.contains("someone-else-board mine"), "clip cleared a value it had not copied: \(lines)")
        let told = (try? String(contentsOfFile: dir.appendingPathComponent("out1").path, encoding: .utf8)) ?? ""
        #expect(!told.contains("s3cret") && told.contains("will not be cleared"), "\(told)")
    }

    /// Runs `argv` with stdin from /dev/null, stdout to `stdout` and stderr to /dev/null
    /// (files, not pipes), and returns its exit status.
    static func runToFiles(_ argv: [String], stdout: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // No other descriptor of this process (Foundation's pipes to other children) may
        // reach xclip's long-lived server.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd > 2 && fcntl(fd, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        let args: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in args { free(pointer) } }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "COFFER_PASSPHRASE")
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        // The test runner's threads block signals, and a spawned process inherits the mask:
        // Xvfb and xclip would then never see the script's SIGTERM and outlive the test.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, &attributes, args, envp)
        try #require(spawned == 0, "posix_spawn: \(spawned)")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
