import ArgumentParser
import CofferKit
import Foundation

struct Trash: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, restore or empty the trash, where `coffer remove` puts items.",
        discussion: """
            A trashed item keeps its data until `coffer trash empty`, or until the vault's retention period has passed (30 days unless `coffer trash retention` changes it; the next change to the vault then deletes it). `coffer remove --permanent` skips the trash.

            Examples:
              coffer trash list v.coffer
              coffer trash restore v.coffer GitHub
              coffer trash empty v.coffer
              coffer trash retention v.coffer 90
            """,
        subcommands: [List.self, Restore.self, Empty.self, Retention.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The items in the trash, with when each was trashed and when it will be deleted.",
            discussion: "Example: coffer trash list v.coffer", aliases: ["ls"])

        @Argument(help: "The vault.") var vault: String
        @Flag(help: "Print JSON instead of a table.") var json = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let document = try keys.readDocument(vault)
            let items = document.trashedIndices.map { document.items[$0] }.sorted {
                ($0.trashed ?? .distantPast, $0.title) < ($1.trashed ?? .distantPast, $1.title)
            }
            if json {
                let rows: [[String: Any]] = items.map { item in
                    var row: [String: Any] = [
                        "id": item.id.recordString, "title": item.title, "folder": item.folder,
                        "trashed": ItemView.date(item.trashed ?? .distantPast),
                    ]
                    if let expiry = document.expiry(of: item) { row["expires"] = ItemView.date(expiry) }
                    return row
                }
                let data = try JSONSerialization.data(
                    withJSONObject: rows, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
                return
            }
            if items.isEmpty {
                print("the trash of \(vault) is empty")
                return
            }
            for item in items {
                let expiry = document.expiry(of: item).map { ", deleted after \(ItemView.date($0))" } ?? ""
                let name = ItemTable.cut(TerminalText.safe(ItemQuery.path(of: item), multiline: false))
                print("\(item.id.recordString.prefix(8))  \(name)  (trashed \(ItemView.date(item.trashed!))\(expiry))")
            }
        }
    }

    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take an item out of the trash, back into its folder.",
            discussion: itemSelectorHelp + "\n\nExample: coffer trash restore v.coffer Work/GitHub")

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "The trashed item: id, id prefix, title or Folder/Title.") var item: String
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            var restored: VaultItem?
            try modifyVault(vault, keys: keys, backup: backup) { document in
                let index = try selectItem(item, in: document, vault: vault, trashed: true)
                document.restore(at: index)
                restored = document.items[index]
            }
            print("restored \"\(restored!.title)\" to \(FolderPath.display(restored!.folder))")
        }
    }

    struct Empty: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete every item in the trash for good, or only the one named.",
            discussion: "Examples:\n  coffer trash empty v.coffer\n  coffer trash empty v.coffer GitHub")

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "Only this trashed item: id, id prefix, title or Folder/Title.") var item: String?
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            var deleted = [VaultItem]()
            try modifyVault(vault, keys: keys, backup: backup) { document in
                if let item {
                    deleted = [
                        document.deletePermanently(at: try selectItem(item, in: document, vault: vault, trashed: true))
                    ]
                } else {
                    deleted = document.emptyTrash()
                }
            }
            if item != nil, let one = deleted.first {
                print("deleted \"\(one.title)\" from the trash of \(vault)")
            } else {
                print("deleted \(deleted.count) item(s) from the trash of \(vault)")
            }
        }
    }

    struct Retention: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or set how many days the trash keeps an item (0: until emptied).",
            discussion: "Examples:\n  coffer trash retention v.coffer\n  coffer trash retention v.coffer 90")

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "Days to keep a trashed item; 0 keeps it until `trash empty`.") var days: Int?
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func validate() throws {
            if let days, days < 0 { throw ValidationError("DAYS cannot be negative") }
        }

        func run() throws {
            guard let days else {
                let current = try keys.readDocument(vault).trashRetentionDays
                print(current == 0 ? "the trash keeps items until emptied" : "the trash keeps items \(current) days")
                return
            }
            try modifyVault(vault, keys: keys, backup: backup) { document in document.trashRetentionDays = days }
            print(
                days == 0
                    ? "the trash of \(vault) now keeps items until emptied"
                    : "the trash of \(vault) now keeps items \(days) days")
        }
    }
}
