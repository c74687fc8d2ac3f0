import ArgumentParser
import Foundation

/// The `coffer` command. Exit codes (spec/PLIST.md, README): 0 ok, 1 invalid data,
/// 2 usage, 3 a file could not be read or written.
@main
struct Coffer: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "coffer",
        abstract: "Portable encrypted vault archives.",
        version: version,
        subcommands: [PlistCommand.self]
    )

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withExitCode: exitCode(forFailure: error), error: error)
        }
    }

    /// Maps errors to the documented exit codes; argument-parser's own (help, version,
    /// usage errors) keep their meaning but usage becomes 2, not EX_USAGE (64).
    static func exitCode(forFailure error: Error) -> Int32 {
        switch error {
        case is CofferFailure: (error as! CofferFailure).exitCode
        default:
            exitCode(for: error) == .success ? 0 : exitCode(for: error) == .validationFailure ? 2 : 1
        }
    }

    static func exit(withExitCode code: Int32, error: Error) -> Never {
        if let failure = error as? CofferFailure {
            FileHandle.standardError.write(Data("coffer: \(failure.message)\n".utf8))
        } else {
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let stream = code == 0 ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((message + "\n").utf8))
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
