import ArgumentParser
import CofferKit
import Foundation
import VaultFormat

/// Who a collection is shared with: a recipient's public key, or a keyslot by label.
struct ShareTarget: ParsableArguments {
    @Option(name: .customLong("with"), help: "A recipient (age1… or coffer-recipient-v1:…) that has a keyslot.")
    var recipient: String?
    @Option(help: "The label of a keyslot (see keys list; any kind of slot, despite the name).")
    var passphraseSlot: String?

    func validate() throws {
        guard (recipient == nil) != (passphraseSlot == nil) else {
            throw ValidationError("give --with RECIPIENT or --passphrase-slot LABEL")
        }
    }

    /// Opens `vault` for writing, applies `change` to the collection named `collection` and
    /// the target's member key, and saves; returns how the target slot is named.
    func change(
        _ collection: String, in vault: String, keys: KeyOptions, backup: Bool,
        _ change: (inout VaultDocument, Data, Data) throws -> Void
    ) throws -> String {
        var who = ""
        try modifyVault(vault, keys: keys, backup: backup) { document, unlocked in
            let (member, name) = try self.member(in: unlocked, vault: vault)
            who = name
            try reportingCollection(vault) { try change(&document, document.collection(named: collection).id, member) }
        }
        return who
    }

    /// The member key of the keyslot named, from the vault's member table.
    func member(in unlocked: UnlockedVault, vault: String) throws -> (key: Data, name: String) {
        let slots = unlocked.file.header.slots
        let members = try reporting(vault) { try unlocked.collectionTable()?.members } ?? []
        if let recipient {
            let key = try reporting(recipient) { try IdentityText.parseRecipient(recipient) }
            guard let i = members.firstIndex(of: key) else {
                throw CofferFailure(
                    message:
                        "\(vault): no keyslot is for that recipient; add one first (coffer keys add \(vault) --recipient …)",
                    exitCode: 1)
            }
            return (Data(key), "[\(i)] \(KeySlot.printable(slots[i].label))")
        }
        let label = passphraseSlot!
        let matches = slots.indices.filter { slots[$0].label == label }
        guard matches.count == 1, let i = matches.first else {
            let labels = slots.map { "\"\(KeySlot.printable($0.label))\"" }.joined(separator: ", ")
            throw CofferFailure(
                message:
                    "\(vault): \(matches.count) keyslots are labelled \"\(KeySlot.printable(label))\"; labels: \(labels)",
                exitCode: 1)
        }
        guard members.indices.contains(i), !members[i].isEmpty else {
            throw CofferFailure(
                message:
                    "\(vault): keyslot \"\(KeySlot.printable(label))\" has no member key recorded yet; whoever opens it runs `coffer collection register \(vault)` once",
                exitCode: 1)
        }
        return (Data(members[i]), "[\(i)] \(KeySlot.printable(label))")
    }
}

struct Share: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Give another keyslot a collection this key opens.",
        discussion: examples(
            "coffer share v.coffer Household --passphrase-slot bob",
            "coffer share v.coffer Household --with age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p"))

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The collection's name.") var collection: String
    @OptionGroup var target: ShareTarget
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let who = try target.change(collection, in: vault, keys: keys, backup: backup) { document, id, member in
            try document.share(id, with: member)
        }
        print("shared collection \"\(TerminalText.safe(collection))\" with keyslot \(who)")
    }
}

struct Unshare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Take a collection away from a keyslot. The collection gets a new key, so a copy of the old one opens nothing saved after.",
        discussion: examples("coffer unshare v.coffer Household --passphrase-slot bob"))

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The collection's name.") var collection: String
    @OptionGroup var target: ShareTarget
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let who = try target.change(collection, in: vault, keys: keys, backup: backup) { document, id, member in
            try document.unshare(id, from: member)
        }
        print("unshared collection \"\(TerminalText.safe(collection))\" from keyslot \(who); it has a new key")
    }
}
