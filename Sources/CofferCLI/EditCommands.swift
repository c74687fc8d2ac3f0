import ArgumentParser
import CofferKit
import Foundation
import VaultFormat

/// Opens `vault` for writing (locked), lets `change` edit its document, and saves it the
/// safe way (temporary file, full verification, atomic rename; VAULT.bak if asked).
func modifyVault(
    _ vault: String, keys: KeyOptions, backup: Bool, _ change: (inout VaultDocument) throws -> Void
) throws {
    try modifyVault(vault, keys: keys, backup: backup) { document, _ in try change(&document) }
}

/// A change that finds nothing to do throws ``unchanged``: nothing is written.
enum ModifyVault: Error { case unchanged }

/// ``modifyVault(_:keys:backup:_:)`` for changes that need the opened vault (its member key).
/// With `fewItems`, the document's items are stubs (``VaultDocument/init(forChanging:)``):
/// `change` reads whole, with ``VaultDocument/loadWhole(_:from:)``, every item it changes.
func modifyVault(
    _ vault: String, keys: KeyOptions, backup: Bool, fewItems: Bool = false,
    _ change: (inout VaultDocument, UnlockedVault) throws -> Void
) throws {
    let (lock, unlocked) = try keys.openForWriting(vault)  // reads the key before locking
    defer { withExtendedLifetime(lock) {} }
    unlocked.keepRecordGroupsForResealing()  // the save writes unchanged record groups as they are
    /// Reads, changes and saves; false when a save of stubs had to be written uncompressed
    /// (every record made), which only a whole read can do.
    func attempt(fewItems: Bool) throws -> Bool {
        var document = try reporting(vault) {
            try reportingModel(vault) {
                fewItems ? try VaultDocument(forChanging: unlocked) : try VaultDocument(vault: unlocked)
            }
        }
        defer {
            // What a read for a few items kept (stubs and the decrypted records) goes now, wiped;
            // a whole read's items are kept until exit, with the document.
            if fewItems { unlocked.readSnapshot = nil }
            KeptUntilExit.keep(document, unlocked.readSnapshot as Any)
        }
        warnDamagedCollections(document, vault: vault)
        do { try change(&document, unlocked) } catch ModifyVault.unchanged { return true }
        document.purgeExpiredTrash()
        let payload = try reporting(vault) {
            try reportingModel(vault) { try VaultContent.payload(for: &document, over: unlocked) }
        }
        return try reporting(vault) {
            do {
                try VaultStore.save(payload, over: unlocked, options: SaveOptions(keepBackup: backup))
                return true
            } catch is VaultPayload.PartRecordsCannotBeWrittenUncompressed {
                return false
            }
        }
    }
    if try !attempt(fewItems: fewItems) { _ = try attempt(fewItems: false) }
}

/// The item `selector` names in `document`, or a failure that says why not.
func selectItem(_ selector: String, in document: VaultDocument, vault: String, trashed: Bool = false) throws -> Int {
    switch ItemQuery.select(selector, in: document.items, where: { ($0.trashed != nil) == trashed }) {
    case .one(let index): return index
    case .none: throw noItem(selector, vault: vault, trashed: trashed)
    case .ambiguous(let indices): throw ambiguousItem(selector, fits: indices.map { document.items[$0] })
    }
}

func noItem(_ selector: String, vault: String, trashed: Bool) -> CofferFailure {
    CofferFailure.invalidData("\(vault): no item\(trashed ? " in the trash" : "") is named \"\(selector)\"")
}

func ambiguousItem(_ selector: String, fits: [some NamedItem]) -> CofferFailure {
    let names = fits.map { "  \($0.id.recordString)  \(ItemQuery.path(of: $0))" }
    return CofferFailure(
        message: "\"\(selector)\" names \(fits.count) items; give one's id:\n" + names.joined(separator: "\n"),
        exitCode: 2)
}

/// Where a new item password comes from — never the command line.
struct ItemPasswordOptions: ParsableArguments {
    @Flag(help: "Generate the password (the vault's generator settings, changed by the options below).")
    var generate = false
    @OptionGroup(title: "Generator options (with --generate)") var generator: GeneratorOptions
    @Flag(help: "Ask for the password on the terminal (no echo, asked twice).") var passwordPrompt = false
    @Option(help: "Read the password from the first line of this file.") var passwordFile: String?
    @Option(name: .customLong("password-fd"), help: "Read the password from this file descriptor.")
    var passwordFD: Int32?

    var isGiven: Bool { generate || passwordPrompt || passwordFile != nil || passwordFD != nil }

    func validate() throws {
        let sources = [generate, passwordPrompt, passwordFile != nil, passwordFD != nil].filter { $0 }.count
        if sources > 1 {
            throw ValidationError("give one of --generate, --password-prompt, --password-file, --password-fd")
        }
        if generator.isGiven, !generate { throw ValidationError("generator options go with --generate") }
    }

    /// Reads a password that is typed or read from a file or descriptor; call it before
    /// the vault is locked, so the lock is never held while waiting for input.
    func gather() throws -> GatheredPassword {
        if generate || !isGiven { return GatheredPassword(options: self, given: nil) }
        let secret = try SecretInput.passphrase(
            file: passwordFile, fd: passwordFD, environment: nil, prompt: "Password for the item: ",
            askTerminal: passwordPrompt, confirm: true)
        // A password file or stream whose first line is empty is a mistake, not a password.
        if let secret, secret.count == 0 {
            throw CofferFailure(
                message: "\(passwordFile ?? "file descriptor \(passwordFD ?? 0)"): the password is empty", exitCode: 2)
        }
        return GatheredPassword(options: self, given: secret?.withBytes { String(decoding: $0, as: UTF8.self) })
    }
}

/// A password read before locking, or one to generate with the vault's settings.
struct GatheredPassword {
    var options: ItemPasswordOptions
    var given: String?

    /// The new password, or nil when none was asked for.
    func read(settings: GeneratorSettings) throws -> String? {
        guard options.generate else { return given }
        return try options.generator.generator(base: settings).generate()
    }
}

/// Field options shared by `add` and `edit`. Empty values clear a field in `edit`.
struct ItemFieldOptions: ParsableArguments {
    @Option(help: "Title.") var title: String?
    @Option(help: "Username.") var username: String?
    @Option(help: "A URL (repeatable; in edit, the list replaces the item's URLs).") var url: [String] = []
    @Option(help: "Notes (not secret: they are searched and shown).") var notes: String?
    @Option(help: "Folder path a/b/c (\"\" for none; a slash inside a name is written \\/).") var folder: String?
    @Option(help: "A tag (repeatable; in edit, the list replaces the item's tags).") var tag: [String] = []
    @Option(help: "A visible custom field NAME=VALUE (repeatable; replaces a field of that name).")
    var field: [String] = []
    @Option(help: "Icon or logo URL of the service (\"\" removes it).") var icon: String?
    @Option(help: "A keychain attribute KEY=VALUE (repeatable; `coffer show` lists the keys; empty VALUE clears).")
    var attr: [String] = []

    /// A URL without a scheme gets https://, and the person is told.
    static func withScheme(_ url: String) -> String {
        guard let fixed = VaultItem.withDefaultScheme(url) else { return url }
        FileHandle.standardError.write(
            Data(
                "coffer: note: the URL \(TerminalText.safe(url)) has no scheme; saved as \(TerminalText.safe(fixed))\n"
                    .utf8))
        return fixed
    }

    func apply(to item: inout VaultItem) throws {
        if let title {
            guard !title.isEmpty else { throw ValidationError("an item's title cannot be empty") }
            item.title = title
        }
        if let username { item.username = username.isEmpty ? nil : username }
        if !url.isEmpty { item.urls = url.filter { !$0.isEmpty }.map(Self.withScheme) }
        if let notes { item.notes = notes.isEmpty ? nil : notes }
        if let folder { item.folder = try FolderArgument.parse(folder, option: "--folder") }
        if let icon { item.icon = icon.isEmpty ? nil : icon }
        if !attr.isEmpty {
            let pairs = try attr.map { pair in
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw CofferFailure(message: "--attr wants KEY=VALUE, got \(pair)", exitCode: 2)
                }
                return (key: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]))
            }
            do { try item.setKeychainAttributes(pairs) } catch let error as ModelError { throw error.asUsage("--attr") }
        }
        if !tag.isEmpty { item.tags = tag.filter { !$0.isEmpty } }
        for pair in field {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw ValidationError("--field wants NAME=VALUE, got \(pair)")
            }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            if let index = item.customFields.firstIndex(where: { $0.name == name }) {
                item.customFields[index].value = value
            } else {
                item.customFields.append(.init(name: name, value: value))
            }
        }
    }
}

struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add an item. Its password comes from --generate, the terminal, a file or a descriptor, never argv.",
        discussion: examples(
            "coffer add personal.coffer --title GitHub --username ana --url github.com --generate",
            "coffer add personal.coffer --kind note --title Wi-Fi --notes \"ssid: home\""))

    @Argument(help: "The vault.") var vault: String
    @OptionGroup var fields: ItemFieldOptions
    @Option(help: "Kind: login, note, card, identity, ssh-key.") var kind: String = "login"
    @OptionGroup var password: ItemPasswordOptions
    @OptionGroup var totp: ItemTOTPOptions
    @Option(help: "The collection it goes to (default: the collection every key opens).") var collection: String?
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        guard fields.title?.isEmpty == false else { throw ValidationError("--title is required") }
    }

    func run() throws {
        var added: VaultItem?
        let password = try self.password.gather()
        let totpKey = try totp.gather()
        try modifyVault(vault, keys: keys, backup: backup, fewItems: true) { document, _ in
            var item = VaultItem(kind: VaultItem.Kind(name: kind), title: fields.title!)
            try fields.apply(to: &item)
            if let totpKey { item.setTOTP(totpKey) }
            item.password = try password.read(settings: document.generator)
            item.inputWarnings(minimumPasswordLength: document.generator.minimumLength).forEach(warn)
            let now = Date()
            item.created = now
            item.modified = now
            if let selected = try CollectionOption.select(collection, in: document, vault: vault) {
                item.collection = selected
            }
            document.items.append(item)
            added = item
        }
        print("added \"\(added!.title)\" (\(added!.id.recordString)) to \(vault)")
    }
}

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change an item's fields or password. A replaced password goes into the item's history.",
        discussion: itemSelectorHelp + "\n\n"
            + examples(
                "coffer edit personal.coffer GitHub --password-prompt",
                "coffer edit personal.coffer GitHub --folder Work --tag dev"))

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix or title.", completion: ItemCompletion.items) var item: String
    @OptionGroup var fields: ItemFieldOptions
    @Option(help: "Remove the custom field of this name (repeatable).") var removeField: [String] = []
    @OptionGroup var password: ItemPasswordOptions
    @OptionGroup var totp: ItemTOTPOptions
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        var title = ""
        let password = try self.password.gather()
        let totpKey = try totp.gather()
        try modifyVault(vault, keys: keys, backup: backup, fewItems: true) { document, unlocked in
            let index = try selectItem(item, in: document, vault: vault)
            try document.loadWhole([index], from: unlocked)
            var edited = document.items[index]
            try fields.apply(to: &edited)
            if let totpKey { edited.setTOTP(totpKey) }
            for name in removeField {
                guard edited.customFields.contains(where: { $0.name == name }) else {
                    throw CofferFailure.invalidData("\(edited.title): no custom field \"\(name)\"")
                }
                edited.customFields.removeAll { $0.name == name }
            }
            let now = Date()
            if let new = try password.read(settings: document.generator) {
                edited.replacePassword(with: new, at: now)
            }
            guard edited != document.items[index] else {
                throw CofferFailure(message: "nothing to change (give a field or a password option)", exitCode: 2)
            }
            edited.inputWarnings(
                minimumPasswordLength: document.generator.minimumLength, comparedTo: document.items[index]
            )
            .forEach(warn)
            edited.modified = now
            document.items[index] = edited
            title = edited.title
        }
        print("edited \"\(title)\" in \(vault)")
    }
}

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Move an item to the trash (`coffer trash` restores or empties it); --permanent deletes it and its attachments.",
        discussion: itemSelectorHelp + "\n\n"
            + examples(
                "coffer rm personal.coffer Work/GitHub",
                "coffer remove personal.coffer \"GitHub (old)\" --permanent --backup"),
        aliases: ["rm"])

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix, title or Folder/Title.", completion: ItemCompletion.items) var item:
        String
    @Flag(help: "Delete the item for good instead of moving it to the trash.") var permanent = false
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        var removed: VaultItem?
        var retention = 0
        try modifyVault(vault, keys: keys, backup: backup, fewItems: true) { document, unlocked in
            let index = try selectItem(item, in: document, vault: vault)
            try document.loadWhole([index], from: unlocked)
            if permanent {
                removed = document.deletePermanently(at: index)
            } else {
                document.trash(at: index)
                removed = document.items[index]
            }
            retention = document.trashRetentionDays
        }
        let files = removed!.attachments.count
        let with = files > 0 ? " with \(files) attachment(s)" : ""
        if permanent {
            print("removed \"\(removed!.title)\" from \(vault)\(with)")
        } else {
            let kept = retention > 0 ? "kept \(retention) days" : "kept until emptied"
            print(
                "moved \"\(removed!.title)\" to the trash of \(vault)\(with) (\(kept); coffer trash restore undoes it)")
        }
    }
}
