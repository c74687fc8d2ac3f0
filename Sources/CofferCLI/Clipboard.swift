import CofferKit
import Foundation

/// The desktop clipboard through the tool the session has: wl-copy/wl-paste on Wayland,
/// else xclip or xsel on X11. Values go to the tool's stdin, never its arguments.
struct Clipboard {
    var copyCommand: [String]
    var pasteCommand: [String]

    /// The first tool that fits the session, or a failure naming what to install.
    static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Clipboard {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        func find(_ tool: String) -> String? {
            path.split(separator: ":").map { "\($0)/\(tool)" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            }
        }
        let wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        let x11 = !(environment["DISPLAY"] ?? "").isEmpty
        if wayland, let copy = find("wl-copy"), let paste = find("wl-paste") {
            return Clipboard(copyCommand: [copy], pasteCommand: [paste, "--no-newline"])
        }
        if x11, let xclip = find("xclip") {
            return Clipboard(
                copyCommand: [xclip, "-selection", "clipboard", "-in"],
                pasteCommand: [xclip, "-selection", "clipboard", "-out"])
        }
        if x11, let xsel = find("xsel") {
            return Clipboard(
                copyCommand: [xsel, "--clipboard", "--input"], pasteCommand: [xsel, "--clipboard", "--output"])
        }
        guard wayland || x11 else {
            throw CofferFailure(
                message: "no clipboard: neither WAYLAND_DISPLAY nor DISPLAY is set (clip needs a graphical session)",
                exitCode: 3)
        }
        throw CofferFailure(
            message: "no clipboard tool found on PATH: install "
                + (wayland ? "wl-clipboard (wl-copy, wl-paste)" : "xclip or xsel")
                + " (Debian/Ubuntu: apt install " + (wayland ? "wl-clipboard" : "xclip") + ")",
            exitCode: 3)
    }

    /// Puts `value` on the clipboard. The tool keeps serving it from a forked child (xclip,
    /// wl-copy and xsel do), which inherits only stdin (already at its end) and /dev/null —
    /// Foundation's Process would hand it a descriptor it watches, and wait for it forever.
    func copy(_ value: [UInt8]) throws {
        let status = try Spawn.run(copyCommand, stdin: value)
        guard status == 0 else {
            throw CofferFailure.io("\(copyCommand[0]) failed (exit \(status)); nothing was copied")
        }
    }

    /// What the clipboard holds (up to 1 MiB, more than any value `clip` copies), or nil
    /// when it cannot be read.
    func paste() -> [UInt8]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: pasteCommand[0])
        process.arguments = Array(pasteCommand.dropFirst())
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        var bytes = [UInt8]()
        let limit = 1 << 20
        while bytes.count <= limit, let piece = try? output.fileHandleForReading.read(upToCount: 65_536),
            !piece.isEmpty
        {
            bytes += piece
        }
        if bytes.count > limit { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus == 0 && bytes.count <= limit ? bytes : nil
    }
}

/// Running a program with posix_spawn: stdin from a pipe, stdout and stderr /dev/null,
/// nothing else inherited.
enum Spawn {
    /// Starts `argv`, writes `stdin` to it and closes it; waits for it when `wait` and
    /// returns its exit status (else its pid).
    @discardableResult
    static func run(
        _ argv: [String], stdin: [UInt8], environment: [String]? = nil, wait: Bool = true
    ) throws -> Int32 {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw CofferFailure.io("\(argv[0]): cannot make a pipe") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }  // dup2 onto 0 clears it there
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else open may reach the tool's long-lived server: a descriptor our own
        // parent watches for our exit (a test's Process) would keep that parent waiting.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap({ Int32($0) }) where fd > 2 && fd != fds[0] && fcntl(fd, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        let arguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in arguments { free(pointer) } }
        let variables: [UnsafeMutablePointer<CChar>?] =
            (environment ?? ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }).map { strdup($0) }
            + [nil]
        defer { for pointer in variables { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, arguments, variables)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            throw CofferFailure.io("\(argv[0]): cannot run: \(String(cString: strerror(spawned)))")
        }
        // A tool that exits without reading must not kill us with SIGPIPE.
        let previous = signal(SIGPIPE, SIG_IGN)
        var offset = 0
        while offset < stdin.count {
            let n = stdin.withUnsafeBytes { write(fds[1], $0.baseAddress! + offset, $0.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { break }
            offset += n
        }
        close(fds[1])
        signal(SIGPIPE, previous)
        guard wait else { return pid }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

/// Starts the detached `coffer clip-clear` that clears the clipboard later (it calls setsid,
/// so closing the terminal does not kill it; this process does not wait for it): stdout and stderr to /dev/null, and
/// the value's digest on its stdin — the value itself never leaves this process but to the
/// clipboard tool.
enum ClipboardClearer {
    static func start(after seconds: Int, digest: [UInt8]) throws {
        // Only what finding and talking to the clipboard needs: no COFFER_PASSPHRASE.
        let kept = ["PATH", "HOME", "DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"]
        let environment = ProcessInfo.processInfo.environment
        let hex = digest.map { String(format: "%02x", $0) }.joined() + "\n"
        try Spawn.run(
            ["/proc/self/exe", "clip-clear", String(seconds)], stdin: Array(hex.utf8),
            environment: kept.compactMap { name in environment[name].map { "\(name)=\($0)" } }, wait: false)
    }
}
