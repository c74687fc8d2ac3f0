import ArgumentParser
import CofferKit
import Foundation

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print random passwords, diceware passphrases (--words) or PINs (--pin).",
        discussion: """
            Passwords are uniform over the chosen characters, with at least one of each class. Defaults: \
            the vault's saved settings with --vault (see `coffer settings`), else 20 characters, letters, \
            digits and symbols, look-alike characters (Il1O0o|) left out. Passphrases draw words uniformly \
            from the EFF large word list (7776 words, 12.9 bits each; EFF, CC BY 3.0 US). The strength in \
            bits goes to stderr.

            Examples:
              coffer generate --length 24 --no-symbols
              coffer generate --words 6 --separator ' '
              coffer generate --pin 6
              coffer generate --vault my.coffer --count 3
            """
    )

    @OptionGroup var options: GeneratorOptions
    @Option(name: .shortAndLong, help: "How many to print.") var count = 1
    @Option(help: "Start from this vault's saved generator settings (opens the vault).") var vault: String?
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        guard (1...1000).contains(count) else { throw ValidationError("--count must be 1...1000") }
    }

    func run() throws {
        let base = try vault.map { try keys.readDocument($0).generator } ?? GeneratorSettings()
        let generator = try options.generator(base: base)
        for _ in 0..<count { print(generator.generate()) }
        FileHandle.standardError.write(Data((generator.summary + "\n").utf8))
        if let warning = generator.warning { warn(warning) }
    }
}
