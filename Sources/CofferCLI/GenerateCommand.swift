import ArgumentParser
import CofferKit
import Foundation

extension PasswordGenerator {
    /// A generator for `settings`; settings out of range are a usage error (exit 2).
    static func forCommandLine(_ settings: GeneratorSettings) throws -> PasswordGenerator {
        do {
            return try PasswordGenerator(settings)
        } catch let error as CofferKitError where error.code == .invalidSettings {
            throw CofferFailure(message: error.description, exitCode: 2)
        }
    }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print random passwords (uniform over the chosen characters, at least one of each class).",
        discussion:
            "Defaults: 20 characters, letters, digits and symbols, look-alike characters (Il1O0o|) left out. The strength in bits goes to stderr."
    )

    @Option(name: .shortAndLong, help: "Characters per password (\(PasswordGenerator.lengths)).") var length = 20
    @Flag(help: "No digits.") var noDigits = false
    @Flag(help: "No symbols.") var noSymbols = false
    @Flag(help: "Allow look-alike characters (Il1O0o|).") var allowAmbiguous = false
    @Option(name: .shortAndLong, help: "How many passwords.") var count = 1

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be 1...1000") }
    }

    func run() throws {
        var settings = GeneratorSettings()
        settings.length = length
        settings.digits = !noDigits
        settings.symbols = !noSymbols
        settings.excludeAmbiguous = !allowAmbiguous
        let generator = try PasswordGenerator.forCommandLine(settings)
        for _ in 0..<count { print(generator.generate()) }
        FileHandle.standardError.write(
            Data(
                String(
                    format: "%d characters from %d: %.0f bits\n", length, generator.alphabet.count,
                    generator.entropyBits
                ).utf8))
    }
}
