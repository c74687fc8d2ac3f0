import Foundation
import PropertyList
import VaultFormat
import VaultModel

/// Private collections (format 1.1, spec/FORMAT.md §13) in the item model: reading them
/// from an opened vault, and the rules of `collection` and `share` commands.
extension VaultDocument {
    /// Adds a ``VaultCollection`` for every collection of `vault`, and the items (with their
    /// attachments' bytes) of those the opening key can read. A record that breaks the model
    /// fails the read when `strict`; otherwise its collection is left out as damaged.
    mutating func readCollections(of vault: UnlockedVault, strict: Bool) throws {
        guard let table = try vault.collectionTable() else { return }
        let (open, damaged) = try vault.openCollectionsSkippingDamaged()
        let opened = Dictionary(uniqueKeysWithValues: open.map { (Data($0.id), $0) })
        let failures = Dictionary(damaged.map { (Data($0.id), $0.error.description) }) { first, _ in first }
        for entry in table.collections {
            let id = Data(entry.id)
            guard let collection = opened[id] else {
                let granted = entry.grants.map { Data($0.member) }
                var unreadable = VaultCollection(id: id, name: nil, revision: 0, members: granted)
                unreadable.damage = failures[id]
                collections.append(unreadable)
                continue
            }
            // Its members as its members wrote them (§13.6), not as the grants say: anyone with
            // the file key can add a grant.
            let contents = collection.contents
            let held: [VaultItem]
            do {
                held = try Self.items(of: contents, id: id)
            } catch let error as ModelError where !strict {
                var damaged = VaultCollection(
                    id: id, name: nil, revision: 0, members: entry.grants.map { Data($0.member) })
                damaged.damage = "collection \(damaged.idString): \(error)"
                collections.append(damaged)
                continue
            }
            var readable = VaultCollection(
                id: id, name: contents.name, revision: contents.revision, members: contents.members.map { Data($0) })
            readable.keyFingerprint = collection.fingerprint
            readable.unlistedGrants = entry.grants.filter { !contents.members.contains($0.member) }.count
            collections.append(readable)
            items += held
        }
    }

    /// A collection's records as items (its attachments' bytes loaded from its blobs).
    private static func items(of contents: CollectionContents, id: Data) throws -> [VaultItem] {
        let blobs = Dictionary(contents.blobs.map { (Data($0.id), $0.bytes) }) { first, _ in first }
        return try contents.records.enumerated().map { offset, record in
            guard case .dictionary(let d) = record else {
                throw ModelError(record: offset, key: "", "collection \(contents.name): a record is not a dictionary")
            }
            var item = try VaultItem(plist: d, record: offset)
            item.collection = id
            for j in item.attachments.indices { item.attachments[j].content = blobs[item.attachments[j].blob] }
            return item
        }
    }

    /// The collection named `name` (exactly, among those this key reads) or whose id starts
    /// with `name` (at least 4 hex digits), or a failure. Two collections of one name (someone
    /// shared theirs with you under a name you use) are never guessed between.
    public func collection(named name: String) throws -> VaultCollection {
        var matches = collections.filter { $0.isReadable && $0.name == name }
        if matches.isEmpty, name.count >= 4, name.allSatisfy(\.isHexDigit) {
            matches = collections.filter { $0.isReadable && $0.idString.hasPrefix(name.lowercased()) }
        }
        guard matches.count <= 1 else {
            let ids = matches.map { "\($0.idString) (key \($0.keyFingerprint ?? "new"))" }.joined(separator: ", ")
            throw CofferKitError(
                .collection,
                "\(matches.count) collections this key opens are named \"\(name)\": \(ids); name one by its id")
        }
        guard let match = matches.first else {
            let names = collections.compactMap(\.name).map { "\"\($0)\"" }.joined(separator: ", ")
            throw CofferKitError(
                .collection,
                "no collection this key opens is named \"\(name)\"\(names.isEmpty ? "" : "; collections: \(names)")")
        }
        return match
    }

    /// A new, empty collection granted to `member` alone (the member key that opened the
    /// vault): its key is made when the vault is saved.
    @discardableResult
    public mutating func createCollection(named name: String, grantedTo member: Data) throws -> VaultCollection {
        if let problem = CollectionContents.nameProblem(name) { throw CofferKitError(.collection, problem) }
        guard !collections.contains(where: { $0.name == name }) else {
            throw CofferKitError(.collection, "a collection named \"\(name)\" exists already")
        }
        guard collections.count < FormatLimits.maximumCollections else {
            throw CofferKitError(.collection, "a vault holds at most \(FormatLimits.maximumCollections) collections")
        }
        let collection = VaultCollection(
            id: Data(UUID.randomV4().uuidBytes), name: name, revision: 0, members: [member])
        collections.append(collection)
        return collection
    }

    public mutating func renameCollection(_ id: Data, to name: String) throws {
        if let problem = CollectionContents.nameProblem(name) { throw CofferKitError(.collection, problem) }
        guard !collections.contains(where: { $0.name == name && $0.id != id }) else {
            throw CofferKitError(.collection, "a collection named \"\(name)\" exists already")
        }
        guard let i = collections.firstIndex(where: { $0.id == id && $0.isReadable }) else {
            throw CofferKitError(.collection, "no collection this key opens has that id")
        }
        collections[i].name = name
    }

    /// Removes a collection this key reads. One that still holds items is refused unless
    /// `deletingItems`, which deletes them with it (no item silently changes collection:
    /// moving private items into the default collection would show them to everyone).
    public mutating func removeCollection(_ id: Data, deletingItems: Bool) throws -> Int {
        guard let i = collections.firstIndex(where: { $0.id == id && $0.isReadable }) else {
            throw CofferKitError(.collection, "no collection this key opens has that id")
        }
        let held = items.filter { $0.collection == id }.count
        guard held == 0 || deletingItems else {
            throw CofferKitError(
                .collection,
                "collection \"\(collections[i].name ?? "")\" holds \(held) item\(held == 1 ? "" : "s"); "
                    + "move them out first, or delete them with it")
        }
        items.removeAll { $0.collection == id }
        collections.remove(at: i)
        return held
    }

    /// Grants a collection this key reads to `member` (a member public key of the vault).
    public mutating func share(_ id: Data, with member: Data) throws {
        guard let i = collections.firstIndex(where: { $0.id == id && $0.isReadable }) else {
            throw CofferKitError(.collection, "no collection this key opens has that id")
        }
        guard !collections[i].members.contains(member) else {
            throw CofferKitError(
                .collection, "collection \"\(collections[i].name ?? "")\" is shared with that key already")
        }
        collections[i].members.append(member)
    }

    /// Takes `member`'s access away. The collection gets a new key at the next save, granted
    /// to the others only, so a copy of the old key opens none of what is saved after.
    public mutating func unshare(_ id: Data, from member: Data) throws {
        guard let i = collections.firstIndex(where: { $0.id == id && $0.isReadable }) else {
            throw CofferKitError(.collection, "no collection this key opens has that id")
        }
        guard collections[i].members.contains(member) else {
            throw CofferKitError(.collection, "collection \"\(collections[i].name ?? "")\" is not shared with that key")
        }
        guard collections[i].members.count > 1 else {
            throw CofferKitError(
                .collection,
                "collection \"\(collections[i].name ?? "")\" would be left with no one who can open it; remove it instead"
            )
        }
        collections[i].members.removeAll { $0 == member }
        collections[i].rotatesKey = true
    }
}
