import ArgumentParser
import CofferKit
import Foundation

/// Opens `vault` for writing (locked), lets `change` edit its document, and saves it the
/// safe way (temporary file, full verification, atomic rename; VAULT.bak if asked).
func modifyVault(
    _ vault: String, keys: KeyOptions, backup: Bool, _ change: (inout VaultDocument) throws -> Void
) throws {
    let (lock, unlocked) = try keys.openForWriting(vault)  // reads the key before locking
    defer { withExtendedLifetime(lock) {} }
    var document = try reportingModel(vault) { try VaultDocument(vault: unlocked) }
    try change(&document)
    let previous = try reporting(vault) { VaultPayload(blobs: try unlocked.blobsForResealing()) }
    let payload = try reportingModel(vault) { try VaultContent.payload(for: &document, previous: previous) }
    try reporting(vault) { try VaultStore.save(payload, over: unlocked, options: SaveOptions(keepBackup: backup)) }
}

/// The item `selector` names in `document`, or a failure that says why not.
func selectItem(_ selector: String, in document: VaultDocument, vault: String) throws -> Int {
    switch ItemQuery.select(selector, in: document.items) {
    case .one(let index): return index
    case .none: throw CofferFailure.invalidData("\(vault): no item is named \"\(selector)\"")
    case .ambiguous(let indices):
        let names = indices.map { "  \(document.items[$0].id.recordString)  \(document.items[$0].title)" }
        throw CofferFailure(
            message: "\"\(selector)\" names \(indices.count) items; give one's id:\n" + names.joined(separator: "\n"),
            exitCode: 2)
    }
}

/// Where a new item password comes from — never the command line.
struct ItemPasswordOptions: ParsableArguments {
    @Flag(help: "Generate the password with the vault's generator settings.") var generate = false
    @Option(help: "Length of the generated password (default: the vault's setting).") var length: Int?
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
        if length != nil, !generate { throw ValidationError("--length goes with --generate") }
    }

    /// Reads a password that is typed or read from a file or descriptor; call it before
    /// the vault is locked, so the lock is never held while waiting for input.
    func gather() throws -> GatheredPassword {
        if generate || !isGiven { return GatheredPassword(options: self, given: nil) }
        let secret = try SecretInput.passphrase(
            file: passwordFile, fd: passwordFD, environment: nil, prompt: "Password for the item: ",
            askTerminal: passwordPrompt, confirm: true)
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
        var settings = settings
        if let length = options.length { settings.length = length }
        return try PasswordGenerator.forCommandLine(settings).generate()
    }
}

/// Field options shared by `add` and `edit`. Empty values clear a field in `edit`.
struct ItemFieldOptions: ParsableArguments {
    @Option(help: "Title.") var title: String?
    @Option(help: "Username.") var username: String?
    @Option(help: "A URL (repeatable; in edit, the list replaces the item's URLs).") var url: [String] = []
    @Option(help: "Notes (not secret: they are searched and shown).") var notes: String?
    @Option(help: "Folder path a/b/c (\"\" for none).") var folder: String?
    @Option(help: "A tag (repeatable; in edit, the list replaces the item's tags).") var tag: [String] = []
    @Option(help: "A visible custom field NAME=VALUE (repeatable; replaces a field of that name).")
    var field: [String] = []

    func apply(to item: inout VaultItem) throws {
        if let title {
            guard !title.isEmpty else { throw ValidationError("an item's title cannot be empty") }
            item.title = title
        }
        if let username { item.username = username.isEmpty ? nil : username }
        if !url.isEmpty { item.urls = url.filter { !$0.isEmpty } }
        if let notes { item.notes = notes.isEmpty ? nil : notes }
        if let folder { item.folder = folder.split(separator: "/").map(String.init) }
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
        abstract: "Add an item. Its password comes from --generate, the terminal, a file or a descriptor, never argv.")

    @Argument(help: "The vault.") var vault: String
    @OptionGroup var fields: ItemFieldOptions
    @Option(help: "Kind: login, note, card, identity, ssh-key.") var kind: String = "login"
    @OptionGroup var password: ItemPasswordOptions
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        guard fields.title?.isEmpty == false else { throw ValidationError("--title is required") }
    }

    func run() throws {
        var added: VaultItem?
        let password = try self.password.gather()
        try modifyVault(vault, keys: keys, backup: backup) { document in
            var item = VaultItem(kind: VaultItem.Kind(name: kind), title: fields.title!)
            try fields.apply(to: &item)
            item.password = try password.read(settings: document.generator)
            let now = Date()
            item.created = now
            item.modified = now
            document.items.append(item)
            added = item
        }
        print("added \"\(added!.title)\" (\(added!.id.recordString)) to \(vault)")
    }
}

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change an item's fields or password. A replaced password goes into the item's history.",
        discussion: itemSelectorHelp)

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix or title.") var item: String
    @OptionGroup var fields: ItemFieldOptions
    @Option(help: "Remove the custom field of this name (repeatable).") var removeField: [String] = []
    @OptionGroup var password: ItemPasswordOptions
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        var title = ""
        let password = try self.password.gather()
        try modifyVault(vault, keys: keys, backup: backup) { document in
            let index = try selectItem(item, in: document, vault: vault)
            var edited = document.items[index]
            try fields.apply(to: &edited)
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
            edited.modified = now
            document.items[index] = edited
            title = edited.title
        }
        print("edited \"\(title)\" in \(vault)")
    }
}

struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete an item and its attachments from the vault (--backup keeps the previous file).",
        discussion: itemSelectorHelp)

    @Argument(help: "The vault.") var vault: String
    @Argument(help: "The item: id, id prefix or title.") var item: String
    @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
    @OptionGroup var keys: KeyOptions

    func run() throws {
        var removed: VaultItem?
        try modifyVault(vault, keys: keys, backup: backup) { document in
            removed = document.items.remove(at: try selectItem(item, in: document, vault: vault))
        }
        let files = removed!.attachments.count
        print("removed \"\(removed!.title)\" from \(vault)" + (files > 0 ? " with \(files) attachment(s)" : ""))
    }
}
