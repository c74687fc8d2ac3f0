import ArgumentParser
import CofferKit
import Foundation

/// Whether look-alike characters (Il1O0o|) are left out of generated passwords.
enum Ambiguity: EnumerableFlag {
    case excludeAmbiguous, includeAmbiguous

    static func name(for value: Ambiguity) -> NameSpecification {
        switch value {
        case .excludeAmbiguous: .customLong("exclude-ambiguous")
        // --allow-ambiguous: the name `generate` had first.
        case .includeAmbiguous: [.customLong("include-ambiguous"), .customLong("allow-ambiguous")]
        }
    }

    static func help(for value: Ambiguity) -> ArgumentHelp? {
        switch value {
        case .excludeAmbiguous: "Leave out look-alike characters (Il1O0o|)."
        case .includeAmbiguous: "Allow look-alike characters."
        }
    }
}

/// The character classes and length of a random password; each option left out keeps the
/// vault's saved setting (or the default without a vault). Shared by `generate`,
/// `settings`, and `add`/`edit --generate`.
struct CharacterOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Characters per password (\(PasswordGenerator.lengths)).") var length: Int?
    @Flag(inversion: .prefixedNo, help: "Include digits.") var digits: Bool?
    @Flag(inversion: .prefixedNo, help: "Include symbols.") var symbols: Bool?
    @Flag var ambiguity: Ambiguity?

    var isGiven: Bool { length != nil || digits != nil || symbols != nil || ambiguity != nil }

    func applied(to base: GeneratorSettings) -> GeneratorSettings {
        var settings = base
        if let length { settings.length = length }
        if let digits { settings.digits = digits }
        if let symbols { settings.symbols = symbols }
        if let ambiguity { settings.excludeAmbiguous = ambiguity == .excludeAmbiguous }
        return settings
    }
}

/// Everything the generator can make: a random password (``CharacterOptions``), a diceware
/// passphrase (`--words`), or a PIN (`--pin`).
struct GeneratorOptions: ParsableArguments {
    @OptionGroup var characters: CharacterOptions
    @Option(help: "A passphrase of this many words from the EFF large word list (\(PassphraseGenerator.wordCounts)).")
    var words: Int?
    @Option(help: "Between the words of a passphrase (default \"\(PassphraseGenerator.defaultSeparator)\").")
    var separator: String?
    @Option(help: "A numeric PIN of this many digits (\(PINGenerator.digitCounts); 6 or more advised).") var pin: Int?

    var isGiven: Bool { characters.isGiven || words != nil || separator != nil || pin != nil }

    func validate() throws {
        if words != nil, pin != nil { throw ValidationError("give --words or --pin, not both") }
        if words != nil || pin != nil, characters.isGiven {
            throw ValidationError(
                "--length, --digits, --symbols and --exclude-ambiguous are for passwords, not --words or --pin")
        }
        if separator != nil, words == nil { throw ValidationError("--separator goes with --words") }
    }

    /// What `make` produces, ready to draw from; bad settings are usage errors (exit 2).
    func generator(base: GeneratorSettings) throws -> SecretGenerator {
        do {
            if let words {
                return .passphrase(
                    try PassphraseGenerator(words: words, separator: separator ?? PassphraseGenerator.defaultSeparator))
            }
            if let pin { return .pin(try PINGenerator(digits: pin)) }
            return .password(try PasswordGenerator(characters.applied(to: base)))
        } catch let error as CofferKitError where error.code == .invalidSettings {
            throw CofferFailure(message: error.description, exitCode: 2)
        }
    }
}

/// One of the three generators, behind one interface for the commands.
enum SecretGenerator {
    case password(PasswordGenerator)
    case passphrase(PassphraseGenerator)
    case pin(PINGenerator)

    func generate() -> String {
        switch self {
        case .password(let g): g.generate()
        case .passphrase(let g): g.generate()
        case .pin(let g): g.generate()
        }
    }

    var entropyBits: Double {
        switch self {
        case .password(let g): g.entropyBits
        case .passphrase(let g): g.entropyBits
        case .pin(let g): g.entropyBits
        }
    }

    /// What was drawn from what, for stderr: "20 characters from 82: 127 bits".
    var summary: String {
        let bits = String(format: "%.0f bits", entropyBits)
        switch self {
        case .password(let g): return "\(g.settings.length) characters from \(g.alphabet.count): \(bits)"
        case .passphrase(let g): return "\(g.words) words from \(g.list.count) (EFF large word list): \(bits)"
        case .pin(let g): return "\(g.digits) digits: \(bits)"
        }
    }

    /// A warning for stderr when the result is easy to guess, else nil.
    var warning: String? {
        guard case .pin(let g) = self, g.digits < PINGenerator.recommendedDigits else { return nil }
        return "a \(g.digits)-digit PIN is one of \(Int(pow(10, Double(g.digits)))) codes; "
            + "use \(PINGenerator.recommendedDigits) or more digits where tries are not limited"
    }
}

/// A line on stderr, through the terminal-safe filter.
func warn(_ message: String) {
    FileHandle.standardError.write(Data("coffer: warning: \(TerminalText.safe(message))\n".utf8))
}
