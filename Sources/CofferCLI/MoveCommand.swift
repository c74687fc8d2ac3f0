import ArgumentParser
import CofferKit
import Foundation

struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv",
        abstract: "Move an item into a folder (made if needed); / or \"\" is the top level.",
        discussion: itemSelectorHelp + """


            Examples:
              coffer mv v.coffer GitHub Work/Code
              coffer mv v.coffer Work/Code/GitHub /
              coffer mv v.coffer Wi-Fi 'Casa \\/ Home'   (one folder, "Casa / Home")
            """,
        aliases: ["move"])

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix, title or Folder/Title.", completion: ItemCompletion.items) var item:
        String
    @Argument(help: "The folder path a/b/c it goes to.", completion: ItemCompletion.folders) var folder: String
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let path = try FolderArgument.parse(folder, option: "FOLDER")
        var moved: VaultItem?
        try modifyVault(vault, keys: keys, backup: backup) { document in
            let index = try selectItem(item, in: document, vault: vault)
            guard document.items[index].folder != path else {
                throw CofferFailure(
                    message: "\"\(document.items[index].title)\" is already in \(FolderPath.display(path))", exitCode: 2
                )
            }
            document.move(itemAt: index, to: path)
            moved = document.items[index]
        }
        print("moved \"\(moved!.title)\" to \(FolderPath.display(path))")
    }
}

extension FolderPath {
    /// A folder path as messages name it; the top level is "the top level".
    static func display(_ path: [String]) -> String { path.isEmpty ? "the top level" : format(path) }
}
