import ArgumentParser
import CofferKit
import Foundation

/// How show, edit and remove name an item (ItemQuery.select).
let itemSelectorHelp =
    "ITEM is an id, an id prefix of at least 4 characters (as `list` prints), a title, or a Folder/Title path (ignoring case; a slash inside a name is written \\/)."

extension KeyOptions {
    /// The vault's document, read-only (no lock: nothing is written).
    func readDocument(_ vault: String) throws -> VaultDocument {
        let unlocked = try unlock(vault)
        let document = try reporting(vault) { try reportingModel(vault) { try VaultDocument(vault: unlocked) } }
        warnDamagedCollections(document, vault: vault)
        KeptUntilExit.keep(document)
        return document
    }

    /// `vault` opened with these options' key, failures named after the file.
    private func unlock(_ vault: String) throws -> UnlockedVault {
        try reporting(vault) {
            try VaultFile(path: vault, allowLargeKDFMemory: allowKdfMemory).unlock(with: credentials(for: vault))
        }
    }

    /// ``readDocument(_:)`` with each item read from `itemKeys` only
    /// (``VaultDocument/init(vault:itemKeys:)``): for commands that show, never save.
    func readDocument(_ vault: String, itemKeys: [String]) throws -> VaultDocument {
        try readDocument(try unlock(vault), at: vault, itemKeys: itemKeys)
    }

    private func readDocument(_ unlocked: UnlockedVault, at vault: String, itemKeys: [String]) throws -> VaultDocument {
        let document = try reporting(vault) {
            try reportingModel(vault) { try VaultDocument(vault: unlocked, itemKeys: itemKeys) }
        }
        warnDamagedCollections(document, vault: vault)
        KeptUntilExit.keep(document)
        return document
    }

    /// What `list` shows of `vault`: its listed items (``ListedItem/read(_:keys:)``, kept until
    /// exit), or, for a vault with private collections, its document read from `itemKeys`,
    /// the vault unlocked once either way.
    func readListed(_ vault: String, keys itemKeys: [String]) throws -> (
        items: [ListedItem]?, document: VaultDocument?
    ) {
        let unlocked = try unlock(vault)
        if let items = try reporting(
            vault, { try reportingModel(vault) { try ListedItem.read(unlocked, keys: itemKeys) } })
        {
            KeptUntilExit.keep(items)
            return (items, nil)
        }
        return (nil, try readDocument(unlocked, at: vault, itemKeys: itemKeys))
    }

    /// The password health of `vault` (``PasswordHealth/init(vault:now:)``: items surveyed
    /// where they are read, never held together), or of its whole document when it holds
    /// private collections.
    func passwordHealth(_ vault: String) throws -> PasswordHealth {
        let unlocked = try unlock(vault)
        if let health = try reporting(vault, { try reportingModel(vault) { try PasswordHealth(vault: unlocked) } }) {
            return health
        }
        return PasswordHealth(try readDocument(unlocked, at: vault, itemKeys: PasswordHealth.itemKeys).items)
    }

    /// ``readDocument(_:)`` holding only the items `keep` accepts
    /// (``VaultDocument/init(vault:keeping:)``): for commands that show, never save.
    func readDocument(_ vault: String, keeping keep: @escaping @Sendable (VaultItem) -> Bool) throws -> VaultDocument {
        let unlocked = try unlock(vault)
        let document = try reporting(vault) {
            try reportingModel(vault) { try VaultDocument(vault: unlocked, keeping: keep) }
        }
        warnDamagedCollections(document, vault: vault)
        KeptUntilExit.keep(document)
        return document
    }

    /// The one item `selector` names (in the trash with `trashed`), read alone
    /// (``ItemLookup``), and the name of its collection; from the whole document when the
    /// vault holds collections.
    func readItem(_ selector: String, in vault: String, trashed: Bool = false) throws -> (
        item: VaultItem, collection: String?
    ) {
        let unlocked = try unlock(vault)
        let found = try reporting(vault) {
            try reportingModel(vault) {
                try ItemLookup.find(selector, in: unlocked, where: { ($0.trashed != nil) == trashed })
            }
        }
        switch found {
        case .one(let item)?: return (item, nil)
        case .none?: throw noItem(selector, vault: vault, trashed: trashed)
        case .ambiguous(let names)?: throw ambiguousItem(selector, fits: names)
        case nil:
            let document = try reporting(vault) { try reportingModel(vault) { try VaultDocument(vault: unlocked) } }
            warnDamagedCollections(document, vault: vault)
            let item = document.items[try selectItem(selector, in: document, vault: vault, trashed: trashed)]
            return (item, item.collection.flatMap { id in document.collections.first { $0.id == id }?.name })
        }
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
        let path = try folder.map { try FolderArgument.parse($0, option: "--folder") }
        // Grouping by charset reads passwords; the JSON only the listed keys, and the table
        // only those it shows or filters on. Without collections to choose from, each item
        // is kept as what is listed of it.
        let itemKeys = json ? VaultDocument.listedItemKeys : VaultDocument.tabledItemKeys
        let document: VaultDocument
        if groupBy != nil {
            document = try keys.readDocument(vault)
        } else if collection.collection == nil {
            let read = try keys.readListed(vault, keys: itemKeys)
            if let items = read.items {
                let rows = items.indices.filter { i in
                    (items[i].trashed != nil) == trash && path.map { items[i].folder.starts(with: $0) } ?? true
                }
                return try ItemTable.print(items, rows: rows, json: json)
            }
            document = read.document!
        } else {
            document = try keys.readDocument(vault, itemKeys: itemKeys)
        }
        let selected = try collection.selected(in: document, vault: vault)
        // Fields read in place (a copy of each item was a retain and a release per field).
        let rows = document.items.indices.filter { i in
            (document.items[i].trashed != nil) == trash && selected.map { document.items[i].collection == $0 } ?? true
                && path.map { document.items[i].folder.starts(with: $0) } ?? true
        }
        if groupBy == .charset { return try CharsetListing.print(rows.map { document.items[$0] }, json: json) }
        try ItemTable.print(document.items, rows: rows, json: json, collections: document.collectionNames)
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
        // Items read whole (search looks at nearly every key, and reading only some cost
        // more), and only the matches kept.
        let trash = trash
        let search = SearchWords(words)
        let document = try keys.readDocument(vault) { ($0.trashed != nil) == trash && search.match($0) }
        let selected = try collection.selected(in: document, vault: vault)
        let found = document.items.indices.filter { i in selected.map { document.items[i].collection == $0 } ?? true }
        if found.isEmpty {
            // Like grep: no match is exit code 1, so `coffer search V x && …` reads naturally.
            if json { print("[]") }
            FileHandle.standardError.write(
                Data(TerminalText.safe("no item matches \(words.joined(separator: " "))\n").utf8))
            throw ExitCode(1)
        }
        try ItemTable.print(document.items, rows: found, json: json, collections: document.collectionNames)
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
        let (item, collection) = try keys.readItem(self.item, in: vault, trashed: trash)
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
        print(ItemView.render(item, reveal: reveal, collection: collection), terminator: "")
    }
}
