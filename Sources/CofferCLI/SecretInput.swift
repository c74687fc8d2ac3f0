import ArgumentParser
import CofferKit
import Foundation
import VaultCrypto

/// Where keys come from. Passphrases never come from argv: the terminal (no echo),
/// `--passphrase-file`, `--passphrase-fd`, or `COFFER_PASSPHRASE` (meant for scripts and
/// tests: the environment of a process can be read by its owner).
struct KeyOptions: ParsableArguments {
    @Option(name: .long, help: "Read the passphrase from the first line of this file.")
    var passphraseFile: String?

    @Option(name: .long, help: "Read the passphrase from this file descriptor.")
    var passphraseFD: Int32?

    @Option(name: .long, help: "A key file that opens a key-file slot (repeatable).")
    var keyFile: [String] = []

    @Option(name: .long, help: "An identity file (from coffer keygen) that opens a recipient slot (repeatable).")
    var identity: [String] = []

    @Flag(name: .long, help: "Do not ask for a passphrase; use only key files and identities.")
    var noPassphrase = false

    @Flag(name: .long, help: "Open vaults whose KDF asks for more than half of this machine's RAM.")
    var allowKdfMemory = false

    @Option(name: .customLong("slot"), help: "Try only the keyslots with this label (one KDF run, not one per slot).")
    var slotLabel: String?

    /// Locks `vault` for a read-modify-write and opens it; the lock lives as long as the
    /// result. The key is read first (typed, or read from a file or descriptor), so the lock
    /// is never held while waiting for input; `credentials` gives one read earlier still.
    func openForWriting(_ vault: String, credentials given: Credentials? = nil) throws
        -> (lock: VaultLock, vault: UnlockedVault)
    {
        let credentials = try given ?? credentials(for: vault)
        let lock = try reporting(vault) { try VaultLock(vaultPath: vault) }
        // The file the lock holds, by its resolved path: a symlink moved between here and the
        // save cannot send the save to another file.
        let unlocked = try reporting(vault) {
            try VaultFile(path: lock.vaultPath, allowLargeKDFMemory: allowKdfMemory).unlock(with: credentials)
        }
        return (lock, unlocked)
    }

    /// Credentials for opening. With `vault` named and no key source given, an unlock agent
    /// holding that vault's key is asked first (AgentClient). Asks the terminal only when
    /// nothing else was given.
    func credentials(for vault: String? = nil, prompt: String = "Passphrase: ") throws -> Credentials {
        if let vault, !namesKeySource, let known = agentKey(for: vault) { return known }
        var credentials = Credentials()
        credentials.keyFiles = try keyFile.map { try SecretInput.file($0) }
        credentials.identities = try identity.flatMap { path in
            do {
                return try IdentityText.parseIdentities(FileIO.read(path), name: path)
            } catch let error as VaultError where error.kind == .invalidArgument {
                throw CofferFailure(message: error.message, exitCode: 2)
            }
        }
        credentials.slotLabel = slotLabel
        if !noPassphrase {
            let interactiveAllowed = credentials.keyFiles.isEmpty && credentials.identities.isEmpty
            credentials.passphrase = try SecretInput.passphrase(
                file: passphraseFile, fd: passphraseFD, environment: "COFFER_PASSPHRASE", prompt: prompt,
                askTerminal: interactiveAllowed)
        }
        return credentials
    }

    /// True when the command line or COFFER_PASSPHRASE says where the key comes from: those
    /// win over an unlock agent.
    var namesKeySource: Bool {
        passphraseFile != nil || passphraseFD != nil || !keyFile.isEmpty || !identity.isEmpty || noPassphrase
            || slotLabel != nil || ProcessInfo.processInfo.environment["COFFER_PASSPHRASE"] != nil
    }

    /// The agent's key for `vault`, only when it opens the vault as it is now; nil sends the
    /// caller to the usual sources.
    private func agentKey(for vault: String) -> Credentials? {
        guard let file = try? VaultFile(path: vault, allowLargeKDFMemory: allowKdfMemory),
            let known = AgentClient.fileKey(for: file, vault: vault)
        else { return nil }
        var credentials = Credentials()
        credentials.fileKey = known.key
        credentials.fileKeySlot = known.slot
        credentials.memberSecret = known.member
        return (try? file.unlock(with: credentials)) == nil ? nil : credentials
    }
}

enum SecretInput {
    /// A new passphrase (asked twice on a terminal); a usage error when none is given. One
    /// typed, or read from a file or descriptor, must pass ``PassphraseCheck`` (`allowWeak`:
    /// the person said `--weak`); one from the environment, the channel of scripts and
    /// tests, is not estimated.
    static func newPassphrase(file: String?, fd: Int32?, environment: String?, allowWeak: Bool) throws -> SecureBytes {
        guard
            let secret = try passphrase(
                file: file, fd: fd, environment: environment, prompt: "New passphrase: ", askTerminal: true,
                confirm: true)
        else { throw CofferFailure(message: "no new passphrase given", exitCode: 2) }
        if !isFromEnvironment(file: file, fd: fd, environment: environment) {
            try PassphraseCheck.enforce(secret, allowWeak: allowWeak)
        }
        return secret
    }

    /// Whether ``passphrase(file:fd:environment:prompt:askTerminal:confirm:)`` takes the
    /// environment variable for these sources.
    static func isFromEnvironment(file: String?, fd: Int32?, environment: String?) -> Bool {
        file == nil && fd == nil && environment.map { ProcessInfo.processInfo.environment[$0] != nil } == true
    }

    /// A key file's bytes in secure memory.
    static func file(_ path: String) throws -> SecureBytes {
        var bytes = try FileIO.read(path)
        defer { wipe(&bytes) }
        guard bytes.count >= 16 else {
            throw CofferFailure(message: "\(path): a key file needs at least 16 bytes", exitCode: 2)
        }
        return bytes.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    static func passphrase(
        file: String?, fd: Int32?, environment: String?, prompt: String, askTerminal: Bool, confirm: Bool = false
    )
        throws -> SecureBytes?
    {
        // An empty file or stream is a mistake, not the empty passphrase (that is a lone LF).
        if let file { return try firstLine(try FileIO.read(file), source: file) }
        if let fd { return try firstLine(try readAll(fd: fd), source: "file descriptor \(fd)") }
        if let environment, let value = ProcessInfo.processInfo.environment[environment] {
            return try firstLine(Array(value.utf8), source: nil)
        }
        guard askTerminal else { return nil }
        return try fromTerminal(prompt: prompt, confirm: confirm)
    }

    private static func firstLine(_ bytes: [UInt8], source: String?) throws -> SecureBytes {
        if let source, bytes.isEmpty {
            throw CofferFailure(message: "\(source): no passphrase (empty; a passphrase line is needed)", exitCode: 2)
        }
        var bytes = bytes
        defer { wipe(&bytes) }
        let end = bytes.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.count
        return bytes[..<end].withUnsafeBytes { SecureBytes(copying: $0) }
    }

    /// The longest passphrase read from a descriptor or the terminal: far beyond any real
    /// one, and a bound on what a runaway writer can make us hold.
    static let maximumPassphraseBytes = 65_536

    private static func readAll(fd: Int32) throws -> [UInt8] {
        var out = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw CofferFailure.io("cannot read passphrase from fd \(fd)") }
            if n == 0 { break }
            let newline = buffer[..<n].contains(0x0A)
            out += buffer[..<n]
            if newline { break }
            guard out.count <= maximumPassphraseBytes else {
                wipe(&out)
                throw CofferFailure(
                    message: "fd \(fd): no line end within \(maximumPassphraseBytes) bytes; not a passphrase",
                    exitCode: 2)
            }
        }
        wipe(&buffer)
        return out
    }

    /// Reads from /dev/tty with echo off.
    private static func fromTerminal(prompt: String, confirm: Bool) throws -> SecureBytes {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else {
            throw CofferFailure(
                message:
                    "no terminal to ask for a passphrase: use --passphrase-file, --passphrase-fd or COFFER_PASSPHRASE",
                exitCode: 2)
        }
        defer { close(tty) }
        func ask(_ text: String) throws -> SecureBytes {
            _ = text.withCString { write(tty, $0, strlen($0)) }
            var saved = termios()
            tcgetattr(tty, &saved)
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(tty, TCSAFLUSH, &silent)
            defer {
                tcsetattr(tty, TCSAFLUSH, &saved)
                _ = write(tty, "\n", 1)
            }
            var line = [UInt8]()
            var byte: UInt8 = 0
            while line.count < maximumPassphraseBytes, read(tty, &byte, 1) == 1, byte != 0x0A, byte != 0x0D {
                line.append(byte)
            }
            defer { wipe(&line) }
            return line.withUnsafeBytes { SecureBytes(copying: $0) }
        }
        let first = try ask(prompt)
        if confirm {
            let second = try ask("Again: ")
            guard constantTimeEqual(first, second) else {
                throw CofferFailure(message: "passphrases do not match", exitCode: 2)
            }
        }
        return first
    }
}
