import ArgumentParser
import CofferKit
import Foundation

/// How show, edit and remove name an item (ItemQuery.select).
let itemSelectorHelp =
    "ITEM is an id, an id prefix of at least 4 characters (as `list` prints), or a title (ignoring case)."

extension KeyOptions {
    /// The vault's document, read-only (no lock: nothing is written).
    func readDocument(_ vault: String) throws -> VaultDocument {
        let unlocked = try reporting(vault) {
            try VaultFile(path: vault, allowLargeKDFMemory: allowKdfMemory).unlock(with: credentials())
        }
        return try reporting(vault) { try reportingModel(vault) { try VaultDocument(vault: unlocked) } }
    }
}

/// The one-line-per-item table of `list` and `search`, or its JSON form. No secrets.
enum ItemTable {
    static func print(_ items: [VaultItem], json: Bool) throws {
        let sorted = items.sorted {
            ($0.folder.joined(separator: "/").lowercased(), $0.title.lowercased())
                < ($1.folder.joined(separator: "/").lowercased(), $1.title.lowercased())
        }
        if json {
            let rows: [[String: Any]] = sorted.map { item in
                [
                    "id": item.id.recordString, "kind": item.kind.name, "title": item.title,
                    "username": item.username ?? "", "folder": item.folder, "urls": item.urls, "tags": item.tags,
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys])
            CofferCLI.print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
            return
        }
        let rows =
            [["ID", "KIND", "TITLE", "USERNAME", "FOLDER"]]
            + sorted.map { item in
                [
                    String(item.id.recordString.prefix(8)), item.kind.name,
                    cut(TerminalText.safe(item.title, multiline: false)),
                    cut(TerminalText.safe(item.username ?? "", multiline: false)),
                    cut(TerminalText.safe(item.folder.joined(separator: "/"), multiline: false)),
                ]
            }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }
            CofferCLI.print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }

    /// Cells longer than 32 characters end in an ellipsis; one line per item whatever it holds.
    static func cut(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count > 32 ? line.prefix(31) + "…" : line
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List a vault's items: id prefix, kind, title, username, folder (never a secret).")

    @Argument(help: "The vault.") var vault: String
    @Option(help: "Only items in this folder or below it (a/b/c).") var folder: String?
    @Flag(help: "Print JSON instead of a table.") var json = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        var items = try keys.readDocument(vault).items
        if let folder {
            let path = folder.split(separator: "/").map(String.init)
            items = items.filter { $0.folder.starts(with: path) }
        }
        try ItemTable.print(items, json: json)
    }
}

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Find items whose title, username, URLs, notes, tags, folder or visible custom fields contain every word (ignoring case and accents). Secrets are never searched."
    )

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "Words that must all occur.") var words: [String]
    @Flag(help: "Print JSON instead of a table.") var json = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let found = try keys.readDocument(vault).items.filter { ItemQuery.matches($0, words: words) }
        if found.isEmpty {
            FileHandle.standardError.write(
                Data(TerminalText.safe("no item matches \(words.joined(separator: " "))\n").utf8))
            return
        }
        try ItemTable.print(found, json: json)
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one item. Secrets are masked unless --reveal; --field prints one value alone, for scripts.",
        discussion: itemSelectorHelp
    )

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix or title.") var item: String
    @Flag(help: "Show passwords, TOTP secrets, concealed fields and password history.") var reveal = false
    @Option(
        help:
            "Print only this field's value: title, username, password, url, urls, totp, notes, or a custom field's name."
    )
    var field: String?
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let document = try keys.readDocument(vault)
        let item = document.items[try selectItem(self.item, in: document, vault: vault)]
        if let field {
            guard let value = ItemView.value(of: field, in: item) else {
                throw CofferFailure.invalidData("\(item.title): no \(field)")
            }
            // For a pipe, the value as it is; on a terminal, made safe to show.
            if isatty(STDOUT_FILENO) == 1 { print(value) } else { Swift.print(value) }
            return
        }
        print(ItemView.render(item, reveal: reveal), terminator: "")
    }
}
