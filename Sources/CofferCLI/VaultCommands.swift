import ArgumentParser
import CofferKit
import Foundation
import VaultCrypto

struct Create: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create an empty vault sealed with a passphrase (and/or other keys).",
        discussion: examples(
            "coffer create personal.coffer", "coffer create shared.coffer --kdf sensitive --key-file team.key"))

    @Argument(help: "The vault file to create.") var vault: String
    @Option(help: "KDF preset: interactive, moderate (default) or sensitive.") var kdf: KDFPreset?
    @Option(help: "Tune the KDF to take about this many milliseconds here.") var kdfTime: Int?
    @Option(help: "Label of the passphrase slot (who it belongs to).") var label: String = ""
    @Option(help: "Also add a key-file slot (repeatable).") var keyFile: [String] = []
    @Option(help: "Also add a recipient slot for coffer-recipient-v1:… (repeatable).") var recipient: [String] = []
    @Option(name: .long, help: "Read the new passphrase from the first line of this file.") var passphraseFile: String?
    @Option(name: .long, help: "Read the new passphrase from this file descriptor.") var passphraseFD: Int32?
    @Flag(help: "No passphrase slot (then give --key-file or --recipient).") var noPassphrase = false
    @Flag(help: "Keep a new passphrase zxcvbn rates under 40 bits (refused otherwise).") var weak = false
    @Option(
        help: ArgumentHelp(
            "Parity blocks per group of 16 in the recovery trailer (0…16, default 1; 0 writes none, a 1.0 file's layout). Kept by every save; `coffer repair --parity` changes it.",
            valueName: "N"))
    var parity: Int?

    func validate() throws {
        if kdf != nil, kdfTime != nil { throw ValidationError("give --kdf or --kdf-time, not both") }
        if noPassphrase, keyFile.isEmpty, recipient.isEmpty {
            throw ValidationError("--no-passphrase needs --key-file or --recipient")
        }
        if let problem = KeySlot.writableLabelProblem(label) { throw ValidationError(problem) }
        if let parity, !(0...16).contains(parity) { throw ValidationError("--parity takes 0…16") }
    }

    func run() throws {
        var recipes = [(SlotRecipe, label: String)]()
        if !noPassphrase {
            let parameters =
                try kdfTime.map { try KDFTuning.parameters(targetMilliseconds: $0) } ?? (kdf ?? .moderate).parameters
            let passphrase = try SecretInput.newPassphrase(
                file: passphraseFile, fd: passphraseFD, environment: "COFFER_PASSPHRASE", allowWeak: weak)
            recipes.append((.passphrase(passphrase, parameters), label))
        }
        for path in keyFile {
            // The file's name labels the slot, unless it is not a label a writer may use.
            let name = URL(fileURLWithPath: path).lastPathComponent
            recipes.append(
                (.keyFile(try SecretInput.file(path)), KeySlot.writableLabelProblem(name) == nil ? name : ""))
        }
        for text in recipient {
            recipes.append((.recipient(try reporting(text) { try IdentityText.parseRecipient(text) }), "recipient"))
        }
        _ = try reporting(vault) {
            var options = SaveOptions()
            options.parity = parity
            return try VaultStore.create(
                at: vault, payload: VaultDocument.newVaultPayload, slots: recipes, options: options)
        }
        let file = try reporting(vault) { try VaultFile(path: vault) }
        print("created \(vault): \(file.header.slots.count) keyslot(s), generation 1")
    }
}

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a vault's structure. Without a key: header, slots, sizes. With a key: record and blob counts.",
        discussion: examples("coffer inspect personal.coffer", "coffer inspect personal.coffer --unlock --json"))

    @Argument(help: "The vault file.") var vault: String
    @Flag(help: "Print JSON.") var json = false
    @Flag(help: "Also open the vault (asks for a key) to count records and blobs.") var unlock = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let file = try reporting(vault) { try VaultFile(path: vault, allowLargeKDFMemory: keys.allowKdfMemory) }
        let wantsKey =
            unlock || keys.passphraseFile != nil || keys.passphraseFD != nil || !keys.keyFile.isEmpty
            || !keys.identity.isEmpty || keys.slotLabel != nil
        let unlocked = wantsKey ? try reporting(vault) { try file.unlock(with: keys.credentials(for: vault)) } : nil
        let report = try reporting(vault) { try VaultInspection(file: file, unlocked: unlocked) }
        if json {
            print(try TerminalSafeJSON.encode(report, pretty: true))
            return
        }
        print(
            """
            \(report.path)
              format       Coffer \(report.version), \(report.cipher), \(report.chunkBytes / 1024) KiB chunks
              generation   \(report.generation)
              size         \(report.fileBytes) bytes: header \(report.headerBytes), payload \(report.payloadBytes) in \(report.chunkCount) chunk(s), \(report.padding) padding
              checksum     \(report.checksum)
              keyslots     \(report.slots.count)
            """)
        for slot in report.slots {
            let kdf = slot.kdf.map { ", \($0) \(slot.kdfOperations!) passes, \(slot.kdfMemoryKiB! / 1024) MiB" } ?? ""
            let label = slot.label.isEmpty ? "" : " \"\(KeySlot.printable(slot.label))\""
            print("    [\(slot.index)] \(slot.type)\(label)\(kdf)")
        }
        for ext in report.extensions { print("  extension    \(ext)") }
        if let recovery = report.recovery { print("  recovery     \(recovery)") }
        if let c = report.contents {
            let stored = c.compressedRecordBytes.map { ", \($0) compressed" } ?? ""
            print("  records      \(c.records) (\(c.recordBytes) bytes\(stored))")
            let storedBlobs = c.storedBlobBytes.map { ", \($0) stored" } ?? ""
            print("  blobs        \(c.blobs) (\(c.blobBytes) bytes\(storedBlobs))")
            print(
                "  overhead     \(c.overheadBytes) bytes (frames, index, padding); opened with slot \(c.openedWithSlot)"
            )
            if let total = c.collections, let opened = c.collectionsOpened {
                print(
                    "  collections  \(total) private: this key opens \(opened) (\(c.collectionRecords ?? 0) records)"
                        + (opened < total ? "; \(total - opened) sealed to other keyslots" : ""))
            }
        }
    }
}

struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check vaults. Without a key: structure and checksum. With a key: every chunk and record.",
        discussion: examples(
            "coffer verify personal.coffer backup/*.coffer",
            "coffer verify personal.coffer --no-passphrase   # structure only, never asks"))

    @Argument(help: "Vault files.") var vaults: [String]
    // `--no-passphrase` (KeyOptions) also ignores COFFER_PASSPHRASE: a keyless check even
    // where the environment holds a passphrase.
    @Flag(help: "Print JSON lines.") var json = false
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        if vaults.isEmpty { throw ValidationError("name at least one vault") }
    }

    struct Outcome: Codable {
        var path: String
        var ok: Bool
        var level: String
        var failure: String?
        var message: String?
        var chunk: Int?
        var byteRange: [Int]?
        var exitCode: Int32
        /// With a key, in a vault with private collections: how many it opened, of how many.
        var collectionsOpened: Int?
        var collections: Int?
    }

    func run() throws {
        let wantsKey =
            keys.passphraseFile != nil || keys.passphraseFD != nil || !keys.keyFile.isEmpty || !keys.identity.isEmpty
            || (!keys.noPassphrase && ProcessInfo.processInfo.environment["COFFER_PASSPHRASE"] != nil)
        let credentials = wantsKey ? try keys.credentials() : nil
        let results = VaultCheck.checkAll(vaults, credentials: credentials, allowLargeKDFMemory: keys.allowKdfMemory)
            .map(Outcome.init)
        for result in results {
            if json {
                print(try TerminalSafeJSON.encode(result))
            } else if result.ok {
                let collections =
                    result.collections.map { total in
                        "; \(result.collectionsOpened!) of \(total) private collection(s) opened"
                            + (result.collectionsOpened! < total ? ", the others checked only as sealed bytes" : "")
                    } ?? ""
                print("ok      \(result.path) (\(result.level)\(collections))")
            } else {
                print("FAILED  \(result.path): \(result.message ?? "")")
            }
        }
        let failed = results.filter { !$0.ok }
        if !json { print("\(results.count - failed.count) passed, \(failed.count) failed") }
        if credentials == nil, !json {
            // Said plainly: a keyless pass is not a check of the contents.
            FileHandle.standardError.write(
                Data(
                    "note: no key given, so the items and attachments were not decrypted or authenticated (a 1.1 vault's bytes were checked against its keyless checksums, which find damage, not tampering); give a key (--passphrase-file, --key-file, --identity, COFFER_PASSPHRASE) for a full check\n"
                        .utf8))
        }
        if let first = failed.first {
            throw ExitCode(failed.allSatisfy({ $0.exitCode == first.exitCode }) ? first.exitCode : 1)
        }
    }
}

extension Verify.Outcome {
    /// How a check is printed, with the exit code of its failure class.
    init(_ check: VaultCheck) {
        let (path, level) = (check.path, check.level.rawValue)
        switch check.outcome {
        case .ok:
            self.init(
                path: path, ok: true, level: level, exitCode: 0, collectionsOpened: check.collections?.opened,
                collections: check.collections?.total)
        case .failed(let error):
            self.init(
                path: path, ok: false, level: level, failure: error.kind.rawValue,
                message: error.description + DamageAdvice.text(for: error.kind, path: path),
                chunk: error.chunk,
                byteRange: error.byteRange.map { [$0.lowerBound, $0.upperBound] }, exitCode: error.kind.exitCode)
        case .modelFailure(let error):
            self.init(
                path: path, ok: false, level: level, failure: "model failure", message: "model failure: \(error)",
                exitCode: 1)
        case .unreadable(let message):
            self.init(path: path, ok: false, level: level, failure: "io", message: message, exitCode: 3)
        }
    }
}

struct Keygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a new X25519 identity file (0600) and print its recipient.",
        discussion: examples("coffer keygen -o ~/.config/coffer/identity.txt"))

    @Option(name: .shortAndLong, help: "The identity file to create.") var output: String

    func run() throws {
        do {
            print(try IdentityFile.create(at: output))
        } catch let error as CofferKitError {
            throw CofferFailure.io(error.description)
        }
    }
}
