import ArgumentParser
import CofferKit
import Foundation

struct Estimate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Estimate a password's strength with zxcvbn (the estimator KeePassXC uses).",
        discussion: """
            The password comes from standard input (its first line) or, on a terminal, a prompt that does \
            not echo; never from the command line, where ps and the shell history would keep it. Bands, as \
            KeePassXC's: under 40 bits poor, under 75 weak, under 100 good, else excellent. --advanced \
            lists the parts zxcvbn found by position, never their text.

            Examples:
              coffer estimate
              coffer estimate --advanced < password.txt
              printf '%s\\n' "$PW" | coffer estimate --json
            """
    )

    @Flag(help: "Also list the parts zxcvbn found (position, length, kind, bits).") var advanced = false
    @Flag(help: "Print JSON.") var json = false
    // Caught so that a password typed here is refused without being echoed in the error.
    @Argument(help: .hidden) var commandLine: [String] = []

    func validate() throws {
        guard commandLine.isEmpty else {
            throw ValidationError(
                "estimate takes no password on the command line (ps and the shell history keep it); "
                    + "pipe it to standard input or type it at the prompt")
        }
    }

    func run() throws {
        let fromTerminal = isatty(STDIN_FILENO) == 1
        let secret: SecureBytes?
        do {
            secret = try SecretInput.passphrase(
                file: nil, fd: fromTerminal ? nil : STDIN_FILENO, environment: nil, prompt: "Password: ",
                askTerminal: fromTerminal)
        } catch let failure as CofferFailure where !fromTerminal && failure.message.contains("no passphrase") {
            throw CofferFailure(message: "standard input is empty: pipe a password line to estimate", exitCode: 2)
        }
        guard let secret else { throw CofferFailure(message: "no password given", exitCode: 2) }
        let strength = secret.withBytes { PasswordStrength(utf8: $0) }
        if json {
            var object: [String: Any] = [
                "bits": (strength.bits * 10).rounded() / 10, "band": strength.band.rawValue,
            ]
            if advanced {
                object["matches"] = strength.matches.map {
                    [
                        "offset": $0.offset, "length": $0.length, "kind": $0.kind,
                        "bits": ($0.bits * 10).rounded() / 10, "repeated": $0.repeated,
                    ] as [String: Any]
                }
            }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
            return
        }
        print(String(format: "%.1f bits: ", strength.bits) + strength.band.rawValue)
        guard advanced else { return }
        print("")
        print("OFFSET  LENGTH  KIND            BITS")
        for match in strength.matches {
            let kind = match.kind + (match.repeated ? " (again)" : "")
            print(
                String(match.offset).padding(toLength: 8, withPad: " ", startingAt: 0)
                    + String(match.length).padding(toLength: 8, withPad: " ", startingAt: 0)
                    + kind.padding(toLength: 16, withPad: " ", startingAt: 0)
                    + String(format: "%.1f", match.bits))
        }
    }
}
