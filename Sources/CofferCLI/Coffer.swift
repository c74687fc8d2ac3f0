import ArgumentParser
import Foundation
import VaultCrypto

/// The `coffer` command. Exit codes (README, spec/FORMAT.md §8): 0 ok, 1 invalid data,
/// 2 usage, 3 a file could not be read or written, 4 vault locked by another process,
/// 10–18 one per vault failure class.
@main
struct Coffer: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "coffer",
        abstract: "Portable encrypted vault archives.",
        version: version,
        subcommands: [
            Create.self, Inspect.self, Verify.self, Keys.self, Keygen.self, Rekey.self, Salvage.self, Repair.self,
            Import.self,
            Export.self, Convert.self, List.self, Show.self, Search.self, Add.self, Edit.self, Remove.self,
            Generate.self, Analyze.self, PlistCommand.self, Move.self, Folder.self, Trash.self, Merge.self,
            Attach.self, TOTPCommand.self, Clip.self, ClipClear.self, Copy.self,
            Settings.self, Estimate.self, CollectionCommand.self, Share.self, Unshare.self,
            Unlock.self, Lock.self, AgentCommand.self,
        ]
    )

    static func main() {
        disableCoreDumps()
        do {
            try selectChunkEngine()
            var command = try DefaultVault.parse(
                Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
            try command.run()
        } catch {
            exit(withExitCode: exitCode(forFailure: error), error: error)
        }
    }

    /// A crash must not write keys or records to a core file.
    static func disableCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    }

    /// `COFFER_CHUNK_ENGINE=libsodium` (or `openssl`) chooses the payload cipher's engine,
    /// for benchmarks and bisecting; the library reads no environment itself.
    static func selectChunkEngine() throws {
        guard let name = ProcessInfo.processInfo.environment["COFFER_CHUNK_ENGINE"] else { return }
        guard let engine = ChaCha20Poly1305.Engine(rawValue: name) else {
            let names = ChaCha20Poly1305.Engine.allCases.map(\.rawValue).joined(separator: " or ")
            throw CofferFailure(message: "COFFER_CHUNK_ENGINE must be \(names), not \(name)", exitCode: 2)
        }
        ChaCha20Poly1305.select(engine)
    }

    /// Maps errors to the documented exit codes; argument-parser's own (help, version,
    /// usage errors) keep their meaning but usage becomes 2, not EX_USAGE (64).
    static func exitCode(forFailure error: Error) -> Int32 {
        switch error {
        case is CofferFailure: (error as! CofferFailure).exitCode
        case let code as ExitCode: code.rawValue
        default:
            exitCode(for: error) == .success ? 0 : exitCode(for: error) == .validationFailure ? 2 : 1
        }
    }

    static func exit(withExitCode code: Int32, error: Error) -> Never {
        if let failure = error as? CofferFailure {
            FileHandle.standardError.write(Data("coffer: \(TerminalText.safe(failure.message))\n".utf8))
        } else {
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let stream = code == 0 ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((TerminalText.safe(message) + "\n").utf8))
            }
        }
        Foundation.exit(code)
    }
}

/// An error the CLI reports itself: a message for a person and an exit code.
struct CofferFailure: Error {
    var message: String
    var exitCode: Int32

    static func invalidData(_ message: String) -> CofferFailure { CofferFailure(message: message, exitCode: 1) }
    static func io(_ message: String) -> CofferFailure { CofferFailure(message: message, exitCode: 3) }
}
