import ArgumentParser
import CofferKit
import Foundation
import VaultFormat

struct CollectionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "collection",
        abstract: "List, create, rename or remove private collections (each with its own key).",
        discussion: """
            Every item is in one collection. Items added without --collection go to the default collection, which every keyslot opens. A new collection is granted only to the key that created it; `coffer share` gives it to another keyslot. Names are stored encrypted.

            Examples:
              coffer collection create v.coffer Private
              coffer collection list v.coffer
              coffer add v.coffer --title Bank --collection Private --password-prompt
              coffer collection rename v.coffer Private Mine
              coffer collection rm v.coffer Mine --delete-items
            """,
        subcommands: [List.self, Create.self, Rename.self, Remove.self, Register.self])

    /// A name a new or renamed collection may take: not `default`, and as §13.6 allows.
    static func validateNewName(_ name: String) throws {
        guard name != CollectionOption.defaultName else {
            throw ValidationError("\"default\" names the collection every keyslot opens")
        }
        if let problem = CollectionContents.nameProblem(name) { throw ValidationError(problem) }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "The collections this key opens (name, items, members) and how many it cannot.",
            discussion: examples("coffer collection list v.coffer", "coffer collection ls v.coffer --json"),
            aliases: ["ls"])

        @Argument(help: "The vault.") var vault: String
        @Flag(help: "Print JSON instead of a table.") var json = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let unlocked = try reporting(vault) {
                try VaultFile(path: vault, allowLargeKDFMemory: keys.allowKdfMemory).unlock(
                    with: keys.credentials(for: vault))
            }
            let document = try reporting(vault) { try reportingModel(vault) { try VaultDocument(vault: unlocked) } }
            warnDamagedCollections(document, vault: vault)
            let table = try reporting(vault) { try unlocked.collectionTable() }
            let slots = unlocked.file.header.slots
            func memberNames(_ members: [Data]) -> [String] {
                members.map { member -> (Int, String) in
                    guard let i = table?.members.firstIndex(of: Array(member)) else {
                        return (Int.max, "member \(MemberKey.fingerprint(Array(member)))")
                    }
                    return (i, "[\(i)] \(KeySlot.printable(slots[i].label))")
                }.sorted { $0.0 < $1.0 }.map(\.1)
            }
            let defaultCount = document.items.filter { $0.collection == nil }.count
            var rows: [(name: String, id: String, key: String, items: Int, revision: Int, members: [String])] = [
                (CollectionOption.defaultName, "", "", defaultCount, 0, ["every keyslot"])
            ]
            let readable = document.collections.filter(\.isReadable).sorted {
                ($0.name!.lowercased(), $0.idString) < ($1.name!.lowercased(), $1.idString)
            }
            for collection in readable {
                rows.append(
                    (
                        collection.name!, collection.idString, collection.keyFingerprint ?? "",
                        document.items.filter { $0.collection == collection.id }.count, collection.revision,
                        memberNames(collection.members)
                    ))
            }
            let hidden = document.collections.filter { !$0.isReadable }.count
            if json {
                let objects: [[String: Any]] = rows.map {
                    [
                        "name": $0.name, "id": $0.id, "key": $0.key, "items": $0.items, "revision": $0.revision,
                        "members": $0.members,
                    ]
                }
                let data = try JSONSerialization.data(
                    withJSONObject: ["collections": objects, "unreadable": hidden],
                    options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
                return
            }
            for collection in readable where collection.unlistedGrants > 0 {
                FileHandle.standardError.write(
                    Data(
                        TerminalText.safe(
                            "coffer: warning: \(collection.name!) (\(collection.idString)): the file holds "
                                + "\(collection.unlistedGrants) grant(s) for keys that are not its members — added by "
                                + "someone with the file key but not this collection's; they are not followed, and the "
                                + "next save drops them\n"
                        ).utf8))
            }
            let names = readable.map(\.name!)
            for name in Set(names) where names.filter({ $0 == name }).count > 1 {
                FileHandle.standardError.write(
                    Data(
                        TerminalText.safe(
                            "coffer: warning: several collections are named \"\(name)\"; name them by id (one was "
                                + "shared with you by someone else)\n"
                        ).utf8))
            }
            for row in rows {
                let revision = row.revision > 0 ? ", revision \(row.revision), key \(row.key)" : ""
                let id = row.id.isEmpty ? "" : "  \(row.id.prefix(8))"
                print(
                    TerminalText.safe(
                        "\(row.name)\(id)  (\(row.items) item(s)\(revision); \(row.members.joined(separator: ", ")))"))
            }
            if hidden > 0 { print("\(hidden) collection(s) this key cannot open") }
            if let member = unlocked.member, let table, table.members.indices.contains(unlocked.slotIndex),
                table.members[unlocked.slotIndex] != member.publicKey
            {
                print(
                    "this keyslot's member key is not recorded yet: run `coffer collection register \(vault)` "
                        + "so collections can be shared with it")
            }
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an empty collection, granted only to the key that opens the vault now.",
            discussion: examples("coffer collection create v.coffer Private"))

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "Its name (stored encrypted).") var name: String
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func validate() throws { try CollectionCommand.validateNewName(name) }

        func run() throws {
            try modifyVault(vault, keys: keys, backup: backup) { document, unlocked in
                let member = try requireMember(unlocked, vault: vault)
                _ = try reportingCollection(vault) { try document.createCollection(named: name, grantedTo: member) }
            }
            print("created collection \"\(TerminalText.safe(name))\" in \(vault)")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rename a collection this key opens.",
            discussion: examples("coffer collection rename v.coffer Private Mine"))

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "Its name now.") var name: String
        @Argument(help: "Its new name.") var newName: String
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func validate() throws { try CollectionCommand.validateNewName(newName) }

        func run() throws {
            try modifyVault(vault, keys: keys, backup: backup) { document, _ in
                try reportingCollection(vault) {
                    try document.renameCollection(document.collection(named: name).id, to: newName)
                }
            }
            print("renamed collection \"\(TerminalText.safe(name))\" to \"\(TerminalText.safe(newName))\"")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove a collection this key opens (refused while it holds items, unless --delete-items).",
            discussion: examples(
                "coffer collection rm v.coffer Old", "coffer collection rm v.coffer Old --delete-items"))

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "Its name.") var name: String
        @Flag(help: "Delete the items it holds with it.") var deleteItems = false
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            var deleted = 0
            try modifyVault(vault, keys: keys, backup: backup) { document, _ in
                deleted = try reportingCollection(vault) {
                    try document.removeCollection(document.collection(named: name).id, deletingItems: deleteItems)
                }
            }
            print(
                "removed collection \"\(TerminalText.safe(name))\"" + (deleted > 0 ? " and its \(deleted) item(s)" : "")
            )
        }
    }

    struct Register: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Record this keyslot's member key in the vault, so collections can be shared with it (any save does it too).",
            discussion: examples("coffer collection register v.coffer --passphrase-file bob.pass"))

        @Argument(help: "The vault.") var vault: String
        @OptionGroup var keys: KeyOptions

        func run() throws {
            var outcome = "recorded this keyslot's member key in \(vault)"
            try modifyVault(vault, keys: keys, backup: false) { _, unlocked in
                let member = try requireMember(unlocked, vault: vault)
                guard let table = try unlocked.collectionTable() else {
                    outcome =
                        "\(vault) has no private collections yet; a collection's creator is recorded when it is made"
                    throw ModifyVault.unchanged
                }
                if table.members[unlocked.slotIndex] == Array(member) {
                    outcome = "this keyslot's member key is recorded in \(vault) already"
                    throw ModifyVault.unchanged
                }
                // The save records it (every save by a member does).
            }
            print(outcome)
        }
    }
}

/// The member key of the slot that opened `unlocked`; a vault opened with a remembered file
/// key (the agent) has none.
func requireMember(_ unlocked: UnlockedVault, vault: String) throws -> Data {
    guard let member = unlocked.member else {
        throw CofferFailure(
            message:
                "\(vault): collections need the passphrase, key file or identity itself, not a remembered key (run `coffer lock` first)",
            exitCode: 2)
    }
    return Data(member.publicKey)
}
