import Foundation
import VaultCrypto

extension VaultStore {
    /// Replaces the keyslots, keeping the file key: a new generation (every header rewrite
    /// counts, so an old copy that still holds a revoked slot is told apart from this one).
    /// The payload binding covers the generation, so the payload is re-sealed under a new
    /// payload salt with the same file key; records and blobs are unchanged.
    ///
    /// `members` gives each new slot's member key (spec/FORMAT.md §13.2: empty when unknown);
    /// a vault without collections gets the table (and so the extension) from it, so that
    /// collections can later be shared with these slots. Grants to a member no slot keeps
    /// any more are dropped. A vault with collections needs `members`.
    public static func replaceSlots(
        of vault: UnlockedVault, with slots: [KeySlot], members: [[UInt8]]? = nil, options: SaveOptions = SaveOptions()
    ) throws {
        guard (FormatLimits.minimumSlots...FormatLimits.maximumSlots).contains(slots.count) else {
            throw VaultError(
                .fileSystem, "a vault needs 1…\(FormatLimits.maximumSlots) keyslots; refusing to leave \(slots.count)")
        }
        // A writer never produces a file that readers refuse for its total KDF cost.
        try KDFParameters.validateTotal(slots.compactMap(\.kdfParameters))
        let header = vault.file.header
        var payload = try vault.payloadForResealing()
        if payload.collections != nil || members != nil {
            var table = payload.collections ?? CollectionTable(members: [])
            guard let members, members.count == slots.count else {
                throw VaultError(
                    .invalidArgument, "a vault with collections needs a member key entry for every keyslot")
            }
            table.members = members
            let known = Set(members.filter { !$0.isEmpty })
            for i in table.collections.indices {
                let before = table.collections[i].grants.count
                table.collections[i].grants.removeAll { !known.contains($0.member) }
                // Nothing is lost: a collection whose only keys would go is never orphaned.
                if before > 0, table.collections[i].grants.isEmpty {
                    throw VaultError(
                        .invalidArgument,
                        "a collection would be left with no key that opens it: the keyslot removed is its only member")
                }
            }
            payload.collections = table
        }
        try write(
            path: vault.file.path, keys: vault.keys, slots: slots, extensions: header.extensions,
            generation: header.generation + 1, payload: payload, options: options,
            parity: vault.file.parityToKeep)
    }

    /// A new file key: every chunk re-sealed, and only the given slots (made for the new key).
    public static func rekey(
        _ vault: UnlockedVault, slots recipes: [(SlotRecipe, label: String)], options: SaveOptions = SaveOptions()
    )
        throws
    {
        // New slots have new member keys, which no collection is granted to.
        let table = try vault.collectionTable()
        guard table?.collections.isEmpty ?? true else {
            throw VaultError(
                .invalidArgument,
                "a new file key for a vault with private collections is not supported yet: its grants would not follow")
        }
        let keys = VaultKeys(fileKey: options.random.secureBytes(FormatLimits.fileKeyBytes))
        let made = try recipes.map {
            try KeySlotCrypto.makeSlotWithMember($0.0, label: $0.label, fileKey: keys.fileKey, random: options.random)
        }
        let slots = made.map(\.slot)
        try KDFParameters.validateTotal(slots.compactMap(\.kdfParameters))
        var payload = try vault.payloadForResealing()
        if table != nil { payload.collections = CollectionTable(members: made.map(\.member)) }
        try write(
            path: vault.file.path, keys: keys, slots: slots, extensions: vault.file.header.extensions,
            generation: vault.file.header.generation + 1, payload: payload, options: options,
            parity: vault.file.parityToKeep)
    }
}
