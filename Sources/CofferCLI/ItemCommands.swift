import ArgumentParser
import CofferKit
import Foundation

/// How show, edit and remove name an item (ItemQuery.select).
let itemSelectorHelp =
    "ITEM is an id, an id prefix of at least 4 characters (as `list` prints), a title, or a Folder/Title path (ignoring case; a slash inside a name is written \\/)."

extension KeyOptions {
    /// The vault's document, read-only (no lock: nothing is written).
    func readDocument(_ vault: String) throws -> VaultDocument {
        let unlocked = try reporting(vault) {
            try VaultFile(path: vault, allowLargeKDFMemory: allowKdfMemory).unlock(with: credentials(for: vault))
        }
        let document = try reporting(vault) { try reportingModel(vault) { try VaultDocument(vault: unlocked) } }
        warnDamagedCollections(document, vault: vault)
        return document
    }
}

/// The one-line-per-item table of `list` and `search`, or its JSON form. No secrets.
enum ItemTable {
    /// `collections` names private collections by id: a COLLECTION column (a `collection`
    /// key in JSON) appears when an item listed is in one.
    static func print(_ items: [VaultItem], json: Bool, collections: [Data: String] = [:]) throws {
        let showsCollection = items.contains { $0.collection != nil }
        func collection(_ item: VaultItem) -> String {
            item.collection.map { collections[$0] ?? "?" } ?? CollectionOption.defaultName
        }
        // Each item's sort key made once, not at every comparison.
        let sorted = items.map { (FolderPath.format($0.folder).lowercased(), $0.title.lowercased(), $0) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        if json {
            var writer = PrettyJSONWriter()
            writer.writeArray(
                of: sorted.map { item in
                    var row: [(String, PrettyJSONWriter.Value)] = [
                        ("id", .string(item.id.recordString)), ("kind", .string(item.kind.name)),
                        ("title", .string(item.title)), ("username", .string(item.username ?? "")),
                        ("folder", .strings(item.folder)), ("urls", .strings(item.urls)), ("tags", .strings(item.tags)),
                    ]
                    if showsCollection { row.append(("collection", .string(collection(item)))) }
                    return row
                })
            CofferCLI.print(String(decoding: writer.bytes, as: UTF8.self))
            return
        }
        let rows =
            [["ID", "KIND", "TITLE", "USERNAME", "FOLDER"] + (showsCollection ? ["COLLECTION"] : [])]
            + sorted.map { item in
                [
                    String(item.id.recordString.prefix(8)), item.kind.name,
                    cut(TerminalText.safe(item.title, multiline: false)),
                    cut(TerminalText.safe(item.username ?? "", multiline: false)),
                    cut(TerminalText.safe(FolderPath.format(item.folder), multiline: false)),
                ] + (showsCollection ? [cut(TerminalText.safe(collection(item), multiline: false))] : [])
            }
        let counts = rows.map { $0.map(\.count) }  // characters, as a terminal shows them
        let widths = (0..<rows[0].count).map { column in counts.map { $0[column] }.max() ?? 0 }
        var out = ""
        for (row, count) in zip(rows, counts) {
            var line = ""
            for (i, cell) in row.enumerated() {
                if i > 0 { line += "  " }
                line += cell
                if i < row.count - 1 { line += String(repeating: " ", count: widths[i] - count[i]) }
            }
            while line.last == " " { line.removeLast() }
            out += line
            out += "\n"
        }
        CofferCLI.print(out, terminator: "")
    }

    /// Cells longer than 32 characters end in an ellipsis; one line per item whatever it holds.
    static func cut(_ text: String) -> String {
        let line = text.utf8.contains(0x0A) ? text.replacingOccurrences(of: "\n", with: " ") : text
        // Up to 32 UTF-8 bytes cannot be more than 32 characters: no count needed.
        guard line.utf8.count > 32, line.count > 32 else { return line }
        return line.prefix(31) + "…"
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List a vault's items: id prefix, kind, title, username, folder (never a secret).",
        discussion: examples("coffer list personal.coffer --folder Work", "coffer ls personal.coffer --json"),
        aliases: ["ls"])

    @Argument(help: "The vault.") var vault: String
    @Option(help: "Only items in this folder or below it (a/b/c).") var folder: String?
    @Flag(help: "List the items in the trash instead.") var trash = false
    @Option(help: "Group into sections: charset (letters only, with digits, with symbols, with both).")
    var groupBy: ListGrouping?
    @Flag(help: "Print JSON instead of a table.") var json = false
    @OptionGroup var collection: CollectionOption
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let document = try keys.readDocument(vault)
        var items = try collection.filter(document.items, in: document, vault: vault).filter {
            ($0.trashed != nil) == trash
        }
        if let folder {
            let path = try FolderArgument.parse(folder, option: "--folder")
            items = items.filter { $0.folder.starts(with: path) }
        }
        if groupBy == .charset { return try CharsetListing.print(items, json: json) }
        try ItemTable.print(items, json: json, collections: document.collectionNames)
    }
}

struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Find items whose title, username, URLs, notes, tags, folder or visible custom fields contain every word (ignoring case and accents). Secrets are never searched.",
        discussion: examples(
            "coffer search personal.coffer github ana", "coffer search personal.coffer bank || echo \"no bank item\"")
    )

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "Words that must all occur.") var words: [String]
    @Flag(help: "Search the items in the trash instead.") var trash = false
    @Flag(help: "Print JSON instead of a table.") var json = false
    @OptionGroup var collection: CollectionOption
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let document = try keys.readDocument(vault)
        let found = try collection.filter(document.items, in: document, vault: vault).filter {
            ($0.trashed != nil) == trash && ItemQuery.matches($0, words: words)
        }
        if found.isEmpty {
            // Like grep: no match is exit code 1, so `coffer search V x && …` reads naturally.
            if json { print("[]") }
            FileHandle.standardError.write(
                Data(TerminalText.safe("no item matches \(words.joined(separator: " "))\n").utf8))
            throw ExitCode(1)
        }
        try ItemTable.print(found, json: json, collections: document.collectionNames)
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one item. Secrets are masked unless --reveal; --field prints one value alone, for scripts.",
        discussion: itemSelectorHelp + "\n\n"
            + examples(
                "coffer show personal.coffer GitHub --reveal",
                "coffer show personal.coffer GitHub --field password | wl-copy",
                "coffer show personal.coffer GitHub --json")
    )

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix, title or Folder/Title.", completion: ItemCompletion.items) var item:
        String
    @Flag(help: "Show passwords, TOTP secrets, concealed fields and password history.") var reveal = false
    @Flag(help: "Name an item in the trash.") var trash = false
    @Flag(help: "Print the item as a JSON object (secrets masked unless --reveal).") var json = false
    @Option(
        help:
            "Print only this field's value: title, username, password, url, urls, totp, notes, or a custom field's name."
    )
    var field: String?
    @Flag(help: "Print only the item's current TOTP code and the seconds it has left.") var totp = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let document = try keys.readDocument(vault)
        let item = document.items[try selectItem(self.item, in: document, vault: vault, trashed: trash)]
        if totp { return try TOTPView.print(item, json: json) }
        if let field {
            guard let value = ItemView.value(of: field, in: item) else {
                throw CofferFailure.invalidData("\(item.title): no \(field)")
            }
            // For a pipe, the value as it is; on a terminal, made safe to show.
            if isatty(STDOUT_FILENO) == 1 { print(value) } else { Swift.print(value) }
            return
        }
        if json {
            print(try TerminalSafeJSON.encode(ItemJSON(item, reveal: reveal), pretty: true))
            return
        }
        let collection = item.collection.flatMap { id in document.collections.first { $0.id == id }?.name }
        print(ItemView.render(item, reveal: reveal, collection: collection), terminator: "")
    }
}
