import ArgumentParser
import CofferKit
import Foundation
import VaultCrypto

struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, add or remove keyslots. Keeps the file key; a new generation (the payload is re-sealed).",
        discussion: examples(
            "coffer keys list personal.coffer", "coffer keys add personal.coffer --new-key-file usb/coffer.key"),
        subcommands: [List.self, Add.self, Remove.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(discussion: examples("coffer keys list personal.coffer --json"))

        @Argument(help: "The vault file.") var vault: String
        @Flag(help: "Print JSON: the slots as inspect --json has them.") var json = false

        func run() throws {
            let file = try reporting(vault) { try VaultFile(path: vault, allowLargeKDFMemory: true) }
            if json {
                let report = try reporting(vault) { try VaultInspection(file: file, unlocked: nil) }
                print(try TerminalSafeJSON.encode(report.slots, pretty: true))
                return
            }
            for (i, slot) in file.header.slots.enumerated() {
                var line = "[\(i)] \(slot.kind.name)"
                if !slot.label.isEmpty { line += " \"\(KeySlot.printable(slot.label))\"" }
                if case .passphrase(_, let kdf) = slot.kind { line += ", \(kdf)" }
                print(line)
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Add a slot. Opens the vault with the usual key options; the new passphrase comes from --new-passphrase-file, COFFER_NEW_PASSPHRASE or the terminal.",
            discussion: examples(
                "coffer keys add personal.coffer --passphrase --label laptop",
                "coffer keys add personal.coffer --recipient coffer-recipient-v1:…")
        )

        @Argument(help: "The vault file.") var vault: String
        @Flag(help: "Add a passphrase slot.") var passphrase = false
        @Option(help: "Add a key-file slot for this file.") var newKeyFile: String?
        @Option(help: "Add a recipient slot (coffer-recipient-v1:…).") var recipient: String?
        @Option(help: "Label of the new slot.") var label: String = ""
        @Option(help: "KDF preset for a new passphrase slot: interactive, moderate or sensitive.")
        var kdf: KDFPreset = .moderate
        @Option(help: "Read the new passphrase from this file.") var newPassphraseFile: String?
        @Flag(help: "Keep a new passphrase zxcvbn rates under 40 bits (refused otherwise).") var weak = false
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func validate() throws {
            let count = (passphrase ? 1 : 0) + (newKeyFile == nil ? 0 : 1) + (recipient == nil ? 0 : 1)
            if count != 1 { throw ValidationError("give exactly one of --passphrase, --new-key-file, --recipient") }
            // Before any lock, prompt or write.
            if let problem = KeySlot.writableLabelProblem(label) { throw ValidationError(problem) }
        }

        func run() throws {
            if passphrase {
                // Refuse a slot that would cross the total KDF cost before asking for anything
                // (the header's costs need no key).
                let header = try reporting(vault) { try VaultFile(path: vault, allowLargeKDFMemory: true).header }
                let costs = header.slots.compactMap(\.kdfParameters) + [kdf.parameters]
                try reporting(vault) { try KDFParameters.validateTotal(costs) }
            }
            // Every input before the lock: the key that opens the vault, then the new one.
            let credentials = try keys.credentials()
            let recipe: SlotRecipe
            if passphrase {
                let secret = try SecretInput.newPassphrase(
                    file: newPassphraseFile, fd: nil, environment: "COFFER_NEW_PASSPHRASE", allowWeak: weak)
                recipe = .passphrase(secret, kdf.parameters)
            } else if let newKeyFile {
                recipe = .keyFile(try SecretInput.file(newKeyFile))
            } else {
                recipe = .recipient(try reporting(recipient!) { try IdentityText.parseRecipient(recipient!) })
            }
            let (lock, unlocked) = try keys.openForWriting(vault, credentials: credentials)
            defer { withExtendedLifetime(lock) {} }
            try reporting(vault) {
                let (slot, member) = try VaultStore.makeSlotWithMember(recipe, label: label, keys: unlocked.keys)
                try VaultStore.replaceSlots(
                    of: unlocked, with: unlocked.file.header.slots + [slot],
                    members: try Self.members(of: unlocked) + [member],
                    options: SaveOptions(keepBackup: backup))
            }
            print("added keyslot \(unlocked.file.header.slots.count) to \(vault)")
        }

        /// The member keys the vault records, or for a vault that records none yet, the
        /// opener's own (the others are learnt when their owners save): collections can then
        /// be shared with the new slot at once.
        static func members(of unlocked: UnlockedVault) throws -> [[UInt8]] {
            if let table = try unlocked.collectionTable() { return table.members }
            return unlocked.file.header.slots.indices.map {
                $0 == unlocked.slotIndex ? unlocked.member?.publicKey ?? [] : []
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            discussion: examples("coffer keys remove personal.coffer --index 1"))

        @Argument(help: "The vault file.") var vault: String
        @Option(help: "Index of the slot to remove (see keys list).") var index: Int
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let (lock, unlocked) = try keys.openForWriting(vault)
            defer { withExtendedLifetime(lock) {} }
            var slots = unlocked.file.header.slots
            guard slots.indices.contains(index) else {
                throw ValidationError("no slot \(index); the vault has \(slots.count)")
            }
            guard slots.count > 1 else {
                throw CofferFailure(
                    message: "\(vault): refusing to remove the last keyslot (the vault could never be opened again)",
                    exitCode: 2)
            }
            slots.remove(at: index)
            try reporting(vault) {
                var members = try unlocked.collectionTable()?.members
                members?.remove(at: index)
                try VaultStore.replaceSlots(
                    of: unlocked, with: slots, members: members, options: SaveOptions(keepBackup: backup))
            }
            print("removed keyslot \(index) from \(vault); \(slots.count) left")
        }
    }
}

struct Rekey: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Make a new file key and re-seal the payload. Keeps a new passphrase slot for the passphrase used to open it; other slots need --drop-other-slots.",
        discussion: examples("coffer rekey personal.coffer --backup")
    )

    @Argument(help: "The vault file.") var vault: String
    @Flag(help: "Confirm that slots whose keys were not given are dropped.") var dropOtherSlots = false
    @Flag(help: "Re-create a passphrase slot whose passphrase zxcvbn rates under 40 bits (refused otherwise).")
    var weak = false
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let credentials = try keys.credentials()  // before the lock: never held while typing
        let (lock, unlocked) = try keys.openForWriting(vault, credentials: credentials)
        defer { withExtendedLifetime(lock) {} }
        // Once it has opened the vault (a wrong one is a wrong key, not a weak one): the
        // passphrase seals the new slot, so it is held to the rule for new passphrases.
        if let passphrase = credentials.passphrase,
            !SecretInput.isFromEnvironment(
                file: keys.passphraseFile, fd: keys.passphraseFD, environment: "COFFER_PASSPHRASE")
        {
            try PassphraseCheck.enforce(passphrase, allowWeak: weak, subject: "the passphrase rekey keeps")
        }
        let slots = unlocked.file.header.slots
        // Re-create every slot whose credential we hold; recipient slots cannot be (the slot
        // keeps only an ephemeral key), so they are dropped like slots of other people.
        var recipes = [(SlotRecipe, label: String)]()
        var dropped = [String]()
        for (i, slot) in slots.enumerated() {
            switch slot.kind {
            case .passphrase(_, let kdf)
            where credentials.passphrase != nil && (try? slot.opens(with: credentials)) == true:
                recipes.append((.passphrase(credentials.passphrase!, kdf), slot.label))
            case .keyFile:
                if let key = credentials.keyFiles.first(where: {
                    (try? slot.opens(with: Credentials(keyFiles: [$0]))) == true
                }) {
                    recipes.append((.keyFile(key), slot.label))
                } else {
                    dropped.append("[\(i)] \(slot.kind.name) \(KeySlot.printable(slot.label))")
                }
            default:
                dropped.append("[\(i)] \(slot.kind.name) \(KeySlot.printable(slot.label))")
            }
        }
        guard !recipes.isEmpty else {
            throw CofferFailure(message: "\(vault): none of the given keys can be re-created as a slot", exitCode: 2)
        }
        guard dropped.isEmpty || dropOtherSlots else {
            throw CofferFailure(
                message:
                    "\(vault): these slots would be dropped: \(dropped.joined(separator: "; ")). Re-run with --drop-other-slots.",
                exitCode: 2)
        }
        try reporting(vault) {
            try VaultStore.rekey(unlocked, slots: recipes, options: SaveOptions(keepBackup: backup))
        }
        print(
            "re-keyed \(vault): new file key, \(recipes.count) slot(s)"
                + (dropped.isEmpty ? "" : ", dropped \(dropped.count)"))
    }
}
