import ArgumentParser
import CofferKit
import Foundation

struct Folder: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, add, rename or remove folders.",
        discussion: """
            A folder path is written a/b/c; a slash inside one folder's name is written \\/ and a backslash \\\\ (so an imported folder "Casa / Home" is 'Casa \\/ Home').

            Examples:
              coffer folder list v.coffer
              coffer folder add v.coffer Work/Code
              coffer folder rename v.coffer Work Job
              coffer folder rm v.coffer Old --recursive
            """,
        subcommands: [List.self, Add.self, Rename.self, Remove.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "Every folder with the number of items in it and below it.",
            discussion: "Example: coffer folder list v.coffer --json", aliases: ["ls"])

        @Argument(help: "The vault.") var vault: String
        @Flag(help: "Print JSON instead of a table.") var json = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let document = try keys.readDocument(vault)
            let rows = document.allFolders.map { path in
                (path: path, count: document.indices(inFolder: path).count)
            }
            if json {
                let objects: [[String: Any]] = rows.map {
                    ["path": FolderPath.format($0.path), "levels": $0.path, "items": $0.count]
                }
                let data = try JSONSerialization.data(
                    withJSONObject: objects, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
                return
            }
            for row in rows { print("\(FolderPath.format(row.path))  (\(row.count) item(s))") }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an empty folder (kept even while no item is in it).",
            discussion: "Example: coffer folder add v.coffer Work/Code")

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "The folder path a/b/c.", completion: ItemCompletion.folders) var folder: String
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let path = try FolderArgument.parse(folder, option: "FOLDER", rootAllowed: false)
            try modifyVault(vault, keys: keys, backup: backup) { document in
                guard !document.hasFolder(path) else {
                    throw CofferFailure.invalidData("\(vault): a folder \"\(FolderPath.format(path))\" already exists")
                }
                document.folders.append(path)
            }
            print("added folder \(FolderPath.format(path)) to \(vault)")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rename or move a folder; its items and subfolders follow.",
            discussion: """
                Examples:
                  coffer folder rename v.coffer Work Job            (Work/Code becomes Job/Code)
                  coffer folder rename v.coffer Job/Code Code       (a subfolder moved to the top)
                """,
            aliases: ["mv"])

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "The folder's path.", completion: ItemCompletion.folders) var folder: String
        @Argument(help: "Its new path.") var newPath: String
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let from = try FolderArgument.parse(folder, option: "FOLDER", rootAllowed: false)
            let to = try FolderArgument.parse(newPath, option: "NEW_PATH", rootAllowed: false)
            var moved = 0
            try modifyVault(vault, keys: keys, backup: backup) { document in
                moved = try reportingModel(vault) { try document.renameFolder(from, to: to) }
            }
            print("renamed folder \(FolderPath.format(from)) to \(FolderPath.format(to)) (\(moved) item(s))")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract:
                "Remove a folder and its subfolders. One that holds items is refused unless --recursive, which moves the items to the trash.",
            discussion: """
                Trashed items keep their folder path, so `coffer trash restore` puts one back where it was.

                Example: coffer folder rm v.coffer Old --recursive
                """,
            aliases: ["remove"])

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "The folder's path.", completion: ItemCompletion.folders) var folder: String
        @Flag(help: "Move the folder's items (and its subfolders') to the trash.") var recursive = false
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let path = try FolderArgument.parse(folder, option: "FOLDER", rootAllowed: false)
            var trashed = [VaultItem]()
            try modifyVault(vault, keys: keys, backup: backup) { document in
                do {
                    trashed = try document.removeFolder(path, removal: recursive ? .trashItems : .refuseIfNotEmpty)
                } catch let error as CofferKitError where error.code == .folderNotEmpty {
                    throw CofferFailure.invalidData("\(vault): \(error); --recursive moves them to the trash")
                } catch {
                    throw CofferFailure.from(error, path: vault)
                }
            }
            let moved = trashed.isEmpty ? "" : "; \(trashed.count) item(s) moved to the trash"
            print("removed folder \(FolderPath.format(path)) from \(vault)\(moved)")
        }
    }
}
