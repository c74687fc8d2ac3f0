import ArgumentParser
import CofferKit
import Foundation

struct Settings: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show or change a vault's saved generator settings and password minimum length.",
        discussion: """
            `coffer generate --vault VAULT` and `add/edit --generate` start from these settings. An item \
            password shorter than the minimum length draws a warning at add and edit. With no option, \
            prints the settings.

            Examples:
              coffer settings my.coffer
              coffer settings my.coffer --length 24 --no-symbols --min-length 12
              coffer settings my.coffer --json
            """
    )

    @Argument(help: "The vault.") var vault: String
    @OptionGroup var characters: CharacterOptions
    @Option(help: "Warn when an item password is shorter than this (1...1024; default 8).") var minLength: Int?
    @Flag(help: "Print JSON instead of a table.") var json = false
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        if let length = characters.length, !PasswordGenerator.lengths.contains(length) {
            throw ValidationError("--length must be \(PasswordGenerator.lengths), not \(length)")
        }
        if let minLength, !(1...1024).contains(minLength) {
            throw ValidationError("--min-length must be 1...1024, not \(minLength)")
        }
    }

    func run() throws {
        var settings: GeneratorSettings
        if characters.isGiven || minLength != nil {
            settings = GeneratorSettings()
            try modifyVault(vault, keys: keys, backup: backup) { document in
                document.generator = characters.applied(to: document.generator)
                if let minLength { document.generator.minimumLength = minLength }
                settings = document.generator
            }
        } else {
            settings = try keys.readDocument(vault).generator
        }
        if json {
            let object: [String: Any] = [
                "length": settings.length, "digits": settings.digits, "symbols": settings.symbols,
                "excludeAmbiguous": settings.excludeAmbiguous, "minimumLength": settings.minimumLength,
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
            return
        }
        func yes(_ flag: Bool) -> String { flag ? "yes" : "no" }
        print(
            """
            length             \(settings.length)
            digits             \(yes(settings.digits))
            symbols            \(yes(settings.symbols))
            exclude-ambiguous  \(yes(settings.excludeAmbiguous))
            min-length         \(settings.minimumLength)
            """)
    }
}
