import ArgumentParser
import CofferKit
import Foundation

struct Copy: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cp",
        abstract: "Copy an item to a new title (a new id; fields, history and attachments copied), like pass cp.",
        discussion: """
            \(itemSelectorHelp) The copy goes into the same folder unless --folder is given.

            Example:
              coffer cp personal.coffer GitHub "GitHub (work)" --folder Work
            """)

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item to copy: id, id prefix or title.", completion: ItemCompletion.items) var item: String
    @Argument(help: "The copy's title.") var newTitle: String
    @Option(help: "Put the copy in this folder a/b/c (\"\" for none).") var folder: String?
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        if newTitle.isEmpty { throw ValidationError("an item's title cannot be empty") }
    }

    func run() throws {
        var copied: VaultItem?
        try modifyVault(vault, keys: keys, backup: backup) { document in
            let original = document.items[try selectItem(item, in: document, vault: vault)]
            var copy = original.copy(title: newTitle, at: Date())
            if let folder { copy.folder = folder.split(separator: "/").map(String.init) }
            document.items.append(copy)
            copied = copy
        }
        print("copied \"\(item)\" to \"\(newTitle)\" (\(copied!.id.recordString)) in \(vault)")
    }
}
