import ArgumentParser
import CofferKit
import Foundation

struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge other copies of a vault, or exports, into it without losing anything.",
        discussion: """
            Items match by id, else by title, username and URL. The newer version of an item wins; \
            the other's password joins the history and its differing values are kept as \
            "NAME (conflict)" fields, which the report lists. Removed items stay removed \
            (tombstones, spec/MODEL.md). An OTHER vault is opened with the --other-* keys, \
            COFFER_OTHER_PASSPHRASE, or else the vault's own keys; any other file is read as an \
            import (format detected by content).

            Examples:
              coffer merge laptop.coffer phone.coffer
              coffer merge laptop.coffer phone.coffer --dry-run --json
              coffer merge laptop.coffer phone.coffer -o merged.coffer
            """)

    @Argument(help: "The vault to merge into.") var vault: String
    @Argument(help: "Other copies (vaults) or exports to merge in, in order.") var others: [String] = []
    @Option(
        name: .shortAndLong,
        help: "Write the result to this new vault (same keys as VAULT; never replaces a file) and leave VAULT as it is."
    )
    var output: String?
    @Flag(help: "Report what the merge would do; write nothing.") var dryRun = false
    @Flag(help: "Print the report as JSON.") var json = false
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions
    @OptionGroup var otherKeys: OtherKeyOptions

    func validate() throws {
        if others.isEmpty { throw ValidationError("name at least one OTHER vault or export to merge in") }
        if dryRun, output != nil { throw ValidationError("give one of --dry-run and -o") }
        if backup, dryRun || output != nil { throw ValidationError("--backup goes with merging into VAULT") }
    }

    func run() throws {
        // Every key is read before the lock is taken.
        let credentials = try keys.credentials()
        let otherCredentials = try otherKeys.credentials() ?? credentials
        let inPlace = output == nil && !dryRun
        let opened = try inPlace ? keys.openForWriting(vault, credentials: credentials) : nil
        defer { withExtendedLifetime(opened?.lock) {} }
        opened?.vault.keepRecordGroupsForResealing()  // the save reuses unchanged record groups
        let unlocked =
            try opened?.vault
            ?? reporting(vault) {
                try VaultFile(path: vault, allowLargeKDFMemory: keys.allowKdfMemory).unlock(with: credentials)
            }
        var document = try reporting(vault) {
            try reportingModel(vault) { try VaultContent.documentWithAttachments(of: unlocked) }
        }
        var report = MergeReport()
        let now = Date()
        for other in others {
            report.add(document.merge(try read(other, credentials: otherCredentials), now: now))
        }
        if let output {
            let payload = try reportingModel(output) { try VaultContent.payload(for: &document) }
            try reporting(output) { try VaultStore.create(at: output, payload: payload, keysOf: unlocked) }
        } else if !dryRun {
            let payload = try reporting(vault) {
                try reportingModel(vault) { try VaultContent.payload(for: &document, over: unlocked) }
            }
            try reporting(vault) {
                try VaultStore.save(payload, over: unlocked, options: SaveOptions(keepBackup: backup))
            }
        }
        try printReport(report)
    }

    /// An OTHER: a vault (by its magic bytes), with every attachment's bytes loaded, or an
    /// export read by the importers.
    private func read(_ path: String, credentials: Credentials) throws -> VaultDocument {
        if Self.isVault(path) {
            let other: UnlockedVault
            do {
                other = try VaultFile(path: path, allowLargeKDFMemory: keys.allowKdfMemory).unlock(with: credentials)
            } catch let error as VaultError where error.kind == .noMatch && !otherKeys.isGiven {
                let hint = "; its keys, if not VAULT's: --other-passphrase-file, --other-key-file, --other-identity"
                throw CofferFailure(message: "\(path): \(error)" + hint, exitCode: error.kind.exitCode)
            } catch {
                throw CofferFailure.from(error, path: path)
            }
            return try reporting(path) {
                try reportingModel(path) { try VaultContent.documentWithAttachments(of: other) }
            }
        }
        let bytes = try ImportInputs.readInput(path, limit: .importFile)
        let (items, report) = try reportingConverter { try Importer.importFile(bytes, input: path) }
        var text = "\(report.input): \(report.format), \(report.encoding): \(report.read) read, "
        text += "\(items.count) item(s), \(report.skipped.count) skipped\n"
        for w in report.warnings { text += "  warning: \(w)\n" }
        for s in report.skipped { text += "  skipped line \(s.line): \(s.reason)\n" }
        FileHandle.standardError.write(Data(TerminalText.safe(text).utf8))
        return VaultDocument(items: items)
    }

    /// Whether `path` is a regular file starting with a vault's magic bytes. Anything else
    /// (a pipe, a device, `-`) goes to the importers, which refuse what could block.
    private static func isVault(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let magic = FormatLimits.magic
        return (try? handle.read(upToCount: magic.count)).map { Array($0) == magic } ?? false
    }

    private func printReport(_ report: MergeReport) throws {
        if json {
            print(
                try TerminalSafeJSON.encode(
                    MergeSummary(vault: vault, others: others, output: output, dryRun: dryRun, report: report),
                    pretty: true))
            return
        }
        let target = output.map { "wrote \($0): " } ?? ""
        var line = "\(target)merged \(others.joined(separator: ", ")) into \(vault): \(report.added) added, "
        line += "\(report.updated) updated, \(report.kept) kept, \(report.conflicts.count) conflict(s), "
        line += "\(report.deleted) deleted, \(report.notRestored) not restored"
        if report.notMerged > 0 {
            line += ", \(report.notMerged) not merged (private collections that differ between the copies, or "
            line += "items in another collection here)"
        }
        print(line + (dryRun ? " (dry run: nothing written)" : ""))
        for c in report.conflicts {
            print("  conflict: \"\(c.title)\" (\(c.item.prefix(8))): \(c.field) kept as \(c.keptAs)")
        }
    }
}

/// `merge --json`: what was merged into what, and the report's counts and conflicts.
private struct MergeSummary: Encodable {
    var vault: String
    var others: [String]
    var output: String?
    var dryRun: Bool
    var report: MergeReport
}

/// The keys of an OTHER vault given to `merge`, when they are not VAULT's own. Like
/// ``KeyOptions``, never on the command line: a file, a descriptor or `COFFER_OTHER_PASSPHRASE`.
struct OtherKeyOptions: ParsableArguments {
    @Option(help: "Read the other vaults' passphrase from the first line of this file.")
    var otherPassphraseFile: String?
    @Option(name: .customLong("other-passphrase-fd"), help: "Read the other vaults' passphrase from this descriptor.")
    var otherPassphraseFD: Int32?
    @Option(help: "A key file that opens the other vaults (repeatable).") var otherKeyFile: [String] = []
    @Option(help: "An identity file that opens the other vaults (repeatable).") var otherIdentity: [String] = []

    var isGiven: Bool {
        otherPassphraseFile != nil || otherPassphraseFD != nil || !otherKeyFile.isEmpty || !otherIdentity.isEmpty
            || ProcessInfo.processInfo.environment["COFFER_OTHER_PASSPHRASE"] != nil
    }

    /// The other vaults' credentials, or nil when none was given (VAULT's keys are used).
    func credentials() throws -> Credentials? {
        var credentials = Credentials()
        credentials.keyFiles = try otherKeyFile.map { try SecretInput.file($0) }
        credentials.identities = try otherIdentity.flatMap { path in
            do {
                return try IdentityText.parseIdentities(FileIO.read(path), name: path)
            } catch let error as VaultError where error.kind == .invalidArgument {
                throw CofferFailure(message: error.message, exitCode: 2)
            }
        }
        credentials.passphrase = try SecretInput.passphrase(
            file: otherPassphraseFile, fd: otherPassphraseFD, environment: "COFFER_OTHER_PASSPHRASE", prompt: "",
            askTerminal: false)
        return credentials.isEmpty ? nil : credentials
    }
}
