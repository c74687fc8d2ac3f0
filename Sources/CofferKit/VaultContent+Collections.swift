import Foundation
import PropertyList
import VaultCrypto
import VaultFormat
import VaultModel

extension VaultContent {
    /// The payload that saves `document` over `vault`, its previous generation: blobs the
    /// document still names stream from `vault`, and in a vault with private collections
    /// (spec/FORMAT.md §13) each collection is sealed again only when it changed — one this
    /// key cannot open is carried byte for byte, with its grants.
    /// `adding` are blobs new attachments name (streamed from their files).
    public static func payload(
        for document: inout VaultDocument, over vault: UnlockedVault,
        adding: [(id: [UInt8], source: any BlobSource)] = [], random: RandomSource = SystemRandom.shared
    ) throws -> VaultPayload {
        if document.holdsStubs {
            return try payloadOfStubs(for: &document, over: vault, adding: adding)
        }
        try refusePartial(document)
        let previous = VaultPayload(blobs: try vault.blobsForResealing() + adding)
        let table = try vault.collectionTable()
        var payload: VaultPayload
        if table != nil || !document.collections.isEmpty {
            payload = try CollectionSealing(vault: vault, previous: previous, table: table, random: random)
                .payload(for: &document)
        } else {
            payload = try self.payload(for: &document, previous: previous)
        }
        // The records are the settings and the default collection's items, in order.
        let privateItems = document.items.contains { $0.collection != nil }
        payload.recordSource?.reused = RecordReuse.groups(
            of: vault, settings: document.settingsRecord,
            items: privateItems ? document.items.filter { $0.collection == nil } : document.items)
        // The items as read are no longer needed: let them go before the save writes and
        // verifies (a change to the document copied its array of items, so at 100,000 items
        // they are 20 MB the verification need not share the machine with).
        vault.readSnapshot = nil
        return payload
    }

    /// ``payload(for:over:adding:random:)`` for a document read for changing
    /// (``VaultDocument/init(forChanging:)``, never one with private collections): the stored
    /// groups of unchanged stubs are written again as they are, and every other item is read
    /// whole first. Once only: the save lets go of what the read kept.
    static func payloadOfStubs(
        for document: inout VaultDocument, over vault: UnlockedVault, adding: [(id: [UInt8], source: any BlobSource)]
    ) throws -> VaultPayload {
        guard let snapshot = vault.readSnapshot as? RecordReuse.Snapshot, snapshot.kept != nil else {
            throw CofferKitError(
                .partialDocument, "this document was read for one change and saved already; read it again to save it")
        }
        let reused = RecordReuse.groups(of: vault, settings: document.settingsRecord, items: document.items)
        try document.loadWholeOutside(reused, from: vault)
        let previous = VaultPayload(blobs: try vault.blobsForResealing() + adding)
        var payload = try payloadOfWholeOrStubs(for: &document, previous: previous)
        payload.recordSource?.reused = reused
        payload.recordSource?.makesOnlyOutsideReused = true
        vault.readSnapshot = nil
        return payload
    }
}

/// One save of a vault with collections: the default collection's records and blobs as
/// ``VaultContent/payload(for:previous:)`` makes them, then each private collection's
/// sealed bytes and grants (its entry of the index's table).
struct CollectionSealing {
    let vault: UnlockedVault
    let previous: VaultPayload
    let old: CollectionTable
    let opened: [Data: OpenedCollection]
    let random: RandomSource

    init(vault: UnlockedVault, previous: VaultPayload, table: CollectionTable?, random: RandomSource) throws {
        self.vault = vault
        self.previous = previous
        old = table ?? CollectionTable(members: Array(repeating: [], count: vault.file.header.slots.count))
        // A damaged collection is carried as one this key cannot open: it never blocks a save.
        opened = Dictionary(
            uniqueKeysWithValues: try vault.openCollectionsSkippingDamaged().opened.map { (Data($0.id), $0) })
        self.random = random
    }

    func payload(for document: inout VaultDocument) throws -> VaultPayload {
        var members = old.members
        if let member = vault.member, members.indices.contains(vault.slotIndex) {
            members[vault.slotIndex] = member.publicKey  // a member registers its key by saving
        }
        let readable = Set(document.collections.filter(\.isReadable).map(\.id))
        if let stray = document.items.first(where: { $0.collection.map { !readable.contains($0) } ?? false }) {
            throw CofferKitError(.collection, "item \"\(stray.title)\" names a collection this key does not open")
        }
        // The default collection: the document without private items.
        var shared = document
        shared.items = document.items.filter { $0.collection == nil }
        shared.collections = []
        var payload = try VaultContent.payload(for: &shared, previous: previous)
        var privateItems = document.items.filter { $0.collection != nil }
        try loadAttachments(of: &privateItems)
        document.items = shared.items + privateItems

        var entries = [CollectionTable.Entry]()
        let known = Set(members.filter { !$0.isEmpty }.map { Data($0) })
        for collection in document.collections {
            entries.append(
                try seal(collection, items: privateItems.filter { $0.collection == collection.id }, known: known))
        }
        for i in document.items.indices where document.items[i].collection != nil {
            for j in document.items[i].attachments.indices { document.items[i].attachments[j].content = nil }
        }
        payload.collections = CollectionTable(members: members, collections: entries)
        return payload
    }

    /// A private item's attachment bytes: loaded already, in its collection, or (an item
    /// moved in from the default collection) in a blob of the vault.
    private func loadAttachments(of items: inout [VaultItem]) throws {
        for i in items.indices {
            for j in items[i].attachments.indices where items[i].attachments[j].content == nil {
                let blob = items[i].attachments[j].blob
                // From the item's own collection, or (an item moved in) the default collection's
                // blobs: never from another private collection that happens to hold that id.
                let own = items[i].collection.flatMap { opened[$0] }
                if let bytes = own?.contents.blobs.first(where: { Data($0.id) == blob })?.bytes {
                    items[i].attachments[j].content = bytes
                } else if let source = previous.blobs.first(where: { Data($0.id) == blob })?.source {
                    items[i].attachments[j].content = try Self.read(source)
                } else {
                    throw CofferKitError(
                        .missingBlob,
                        "item \"\(items[i].title)\": attachment \"\(items[i].attachments[j].name)\" names bytes "
                            + "that are neither in the vault nor loaded")
                }
            }
        }
    }

    private static func read(_ source: any BlobSource) throws -> Data {
        var data = Data(count: source.length)
        var done = 0
        try data.withUnsafeMutableBytes { buffer in
            while done < source.length {
                let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), at: done)
                guard n > 0 else { throw CofferKitError(.missingBlob, "a blob ended early") }
                done += n
            }
        }
        return data
    }

    /// The table entry of one collection. An unreadable one is carried unchanged (grants to a
    /// member no keyslot has any more dropped); a readable one keeps its sealed bytes unless
    /// its contents, name or members changed or its key rotates, and is granted to exactly
    /// the members its sealed contents list — a grant anyone else added to the file is not
    /// followed. A member whose keyslot is gone is taken out, and the key rotates: that
    /// person had it.
    private func seal(_ collection: VaultCollection, items: [VaultItem], known: Set<Data>) throws
        -> CollectionTable.Entry
    {
        let id = Array(collection.id)
        let carried = old.entry(id)?.sealed
        guard let name = collection.name else {
            guard let entry = old.entry(id) else {
                throw CofferKitError(.collection, "collection \(collection.idString) is neither in the vault nor new")
            }
            let grants = entry.grants.filter { known.contains(Data($0.member)) }
            return CollectionTable.Entry(id: id, grants: grants, sealed: entry.sealed)
        }
        let members = collection.members.filter { known.contains($0) }
        guard !members.isEmpty else {
            throw CofferKitError(.collection, "collection \"\(name)\" would have no member with a keyslot")
        }
        let before = opened[collection.id]
        var blobs = [(id: [UInt8], bytes: Data)]()
        var seen = Set<Data>()
        for item in items {
            for attachment in item.attachments where seen.insert(attachment.blob).inserted {
                blobs.append((Array(attachment.blob), attachment.content ?? Data()))
            }
        }
        var records = [PropertyListValue]()
        for var item in items {
            for j in item.attachments.indices { item.attachments[j].content = nil }
            records.append(.dictionary(item.plist))
        }
        let newKey = before == nil || collection.rotatesKey || members.count < collection.members.count
        let key = newKey ? random.secureBytes(FormatLimits.fileKeyBytes) : before!.key
        let memberKeys = members.map { Array($0) }.sorted { $0.lexicographicallyPrecedes($1) }
        let unchanged =
            !newKey && before!.contents.name == name && before!.contents.members == memberKeys
            && before!.contents.records == records && before!.contents.blobs.map(\.id) == blobs.map(\.id)
            && before!.contents.blobs.map(\.bytes) == blobs.map(\.bytes)
        let sealed: Data
        if unchanged, let carried {
            sealed = carried
        } else {
            let (revision, overflow) = (before?.contents.revision ?? 0).addingReportingOverflow(1)
            let contents = CollectionContents(
                name: name, revision: overflow ? Int.max : revision, members: memberKeys, records: records,
                blobs: blobs)
            var plain = try contents.encoded()
            defer { wipe(&plain) }
            sealed = Data(try SealedCollection.seal(plain, id: id, key: key, random: random))
        }
        let kept = newKey ? [] : old.entry(id)?.grants ?? []
        var grants = [CollectionGrant]()
        for member in members {
            if let grant = kept.first(where: { Data($0.member) == member }) {
                grants.append(grant)
            } else {
                grants.append(
                    try CollectionGrant.make(
                        collectionKey: key, collectionID: id, member: Array(member), random: random))
            }
        }
        return CollectionTable.Entry(id: id, grants: grants, sealed: sealed)
    }
}
