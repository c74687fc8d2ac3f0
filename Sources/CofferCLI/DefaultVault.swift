import ArgumentParser
import Foundation

/// A command whose first positional argument is the vault it works on; with `COFFER_VAULT`
/// set, that argument may be left out (DefaultVault).
protocol NamesVault {
    /// The vault the command line named (the first, for commands that take several).
    var namedVault: String? { get }
}

/// `COFFER_VAULT=PATH` names a default vault. The rule, unambiguous and the same for every
/// command that conforms to NamesVault (README "Default vault"):
///
/// 1. The command line is parsed as given. When that succeeds and its VAULT names a file
///    that exists, it is used as it is: an explicit vault always wins.
/// 2. Otherwise COFFER_VAULT is put in as the first positional argument (just after the
///    subcommand's name) and that command line is parsed. When it succeeds, it is used.
/// 3. Otherwise the error of step 1 is reported.
///
/// So `coffer show GitHub` shows GitHub from COFFER_VAULT, while `coffer show other.coffer
/// GitHub` reads other.coffer. Help, `--version` and commands that do not name a vault
/// (create, keygen, generate, plist, convert, …) are never rewritten.
enum DefaultVault {
    static let environmentName = "COFFER_VAULT"

    static func parse(_ arguments: [String], environment: [String: String]) throws -> ParsableCommand {
        guard let vault = environment[environmentName], !vault.isEmpty else {
            return try Coffer.parseAsRoot(arguments)
        }
        let asGiven: Result<ParsableCommand, Error> = Result { try Coffer.parseAsRoot(arguments) }
        if case .success(let command) = asGiven {
            guard let names = command as? NamesVault else { return command }
            if let named = names.namedVault, FileManager.default.fileExists(atPath: named) { return command }
        }
        if case .failure(let error) = asGiven, Coffer.exitCode(for: error) == .success {
            throw error  // --help, --version
        }
        let depth = subcommandDepth(arguments)
        guard depth > 0 else { return try asGiven.get() }
        var rewritten = arguments
        rewritten.insert(vault, at: depth)
        if let command = try? Coffer.parseAsRoot(rewritten), command is NamesVault {
            return command
        }
        return try asGiven.get()
    }

    /// How many leading arguments name subcommands (`keys list` is 2), by their names and
    /// aliases.
    static func subcommandDepth(_ arguments: [String]) -> Int {
        var command: ParsableCommand.Type = Coffer.self
        var depth = 0
        for argument in arguments {
            let next = command.configuration.subcommands.first { sub in
                let configuration = sub.configuration
                let name = configuration.commandName ?? sub._commandName
                return name == argument || configuration.aliases.contains(argument)
            }
            guard let next else { break }
            command = next
            depth += 1
        }
        return depth
    }
}

extension Inspect: NamesVault { var namedVault: String? { vault } }
extension Verify: NamesVault { var namedVault: String? { vaults.first } }
extension Keys.List: NamesVault { var namedVault: String? { vault } }
extension Keys.Add: NamesVault { var namedVault: String? { vault } }
extension Keys.Remove: NamesVault { var namedVault: String? { vault } }
extension Rekey: NamesVault { var namedVault: String? { vault } }
extension Salvage: NamesVault { var namedVault: String? { damaged } }
extension List: NamesVault { var namedVault: String? { vault } }
extension Show: NamesVault { var namedVault: String? { vault } }
extension Search: NamesVault { var namedVault: String? { vault } }
extension Add: NamesVault { var namedVault: String? { vault } }
extension Edit: NamesVault { var namedVault: String? { vault } }
extension Remove: NamesVault { var namedVault: String? { vault } }
extension Analyze: NamesVault { var namedVault: String? { vault } }
extension Copy: NamesVault { var namedVault: String? { vault } }
extension Export: NamesVault { var namedVault: String? { vault } }
