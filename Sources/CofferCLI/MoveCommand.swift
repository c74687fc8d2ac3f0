import ArgumentParser
import CofferKit
import Foundation

struct Move: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mv",
        abstract:
            "Move an item into a folder (made if needed; / or \"\" is the top level), or into another collection.",
        discussion: itemSelectorHelp + """


            Examples:
              coffer mv v.coffer GitHub Work/Code
              coffer mv v.coffer Work/Code/GitHub /
              coffer mv v.coffer Wi-Fi 'Casa \\/ Home'   (one folder, "Casa / Home")
              coffer mv v.coffer Bank --collection Private   (only keys granted Private see it now)
              coffer mv v.coffer Bank --collection default   (every keyslot sees it now)
            """,
        aliases: ["move"])

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix, title or Folder/Title.", completion: ItemCompletion.items) var item:
        String
    @Argument(help: "The folder path a/b/c it goes to.", completion: ItemCompletion.folders) var folder: String?
    @Option(help: "The collection it goes to (default: the collection every key opens).") var collection: String?
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        guard folder != nil || collection != nil else { throw ValidationError("give a FOLDER, --collection, or both") }
    }

    func run() throws {
        let path = try folder.map { try FolderArgument.parse($0, option: "FOLDER") }
        var moved: VaultItem?
        var places = [String]()
        try modifyVault(vault, keys: keys, backup: backup) { document in
            let index = try selectItem(item, in: document, vault: vault)
            let target = try CollectionOption.select(collection, in: document, vault: vault)
            let here = document.items[index]
            guard path.map({ $0 != here.folder }) ?? false || target.map({ $0 != here.collection }) ?? false else {
                throw CofferFailure(message: "\"\(here.title)\" is already there", exitCode: 2)
            }
            if let path, path != here.folder {
                document.move(itemAt: index, to: path)
                places.append(FolderPath.display(path))
            }
            if let target, target != here.collection {
                document.items[index].collection = target
                places.append("collection \"\(collection!)\"")
            }
            moved = document.items[index]
        }
        print("moved \"\(moved!.title)\" to \(places.joined(separator: ", "))")
    }
}

extension FolderPath {
    /// A folder path as messages name it; the top level is "the top level".
    static func display(_ path: [String]) -> String { path.isEmpty ? "the top level" : format(path) }
}
