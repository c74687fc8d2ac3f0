import ArgumentParser
import CofferKit
import Foundation

/// `--collection NAME` of the item commands: the items of one collection, by name; the
/// name `default` is the default collection, which every keyslot opens.
struct CollectionOption: ParsableArguments {
    @Option(help: "Only the items of this collection (default: the collection every key opens).")
    var collection: String?

    static let defaultName = "default"

    /// Nil without the option; else the collection's id, nil inside for the default one.
    func selected(in document: VaultDocument, vault: String) throws -> Data?? {
        try Self.select(collection, in: document, vault: vault)
    }

    static func select(_ name: String?, in document: VaultDocument, vault: String) throws -> Data?? {
        guard let name else { return nil }
        if name == defaultName { return .some(nil) }
        return .some(try reportingCollection(vault) { try document.collection(named: name).id })
    }

    /// `items` narrowed to the selected collection.
    func filter(_ items: [VaultItem], in document: VaultDocument, vault: String) throws -> [VaultItem] {
        guard let selected = try selected(in: document, vault: vault) else { return items }
        return items.filter { $0.collection == selected }
    }
}

extension VaultDocument {
    /// The names of the collections this key reads, by id.
    var collectionNames: [Data: String] {
        Dictionary(collections.compactMap { c in c.name.map { (c.id, $0) } }) { first, _ in first }
    }
}

/// Says on standard error which collections granted to this key did not open (damaged, or
/// replaced by someone with the file key): the rest of the vault is read and saved without
/// them, and they are carried unchanged. `coffer verify` fails on them.
func warnDamagedCollections(_ document: VaultDocument, vault: String) {
    for collection in document.collections {
        guard let damage = collection.damage else { continue }
        FileHandle.standardError.write(
            Data(
                TerminalText.safe(
                    "coffer: warning: \(vault): a private collection granted to this key did not open and is left "
                        + "as it is: \(damage)\n"
                ).utf8))
    }
}

/// A collection rule broken (no such collection, a name taken): invalid data, exit 1.
func reportingCollection<T>(_ vault: String, _ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as CofferKitError {
        throw CofferFailure(message: "\(vault): \(error.description)", exitCode: 1)
    }
}
