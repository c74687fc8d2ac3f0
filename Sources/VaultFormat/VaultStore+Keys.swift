import Foundation
import VaultCrypto

extension VaultStore {
    /// Replaces the keyslots, keeping the file key: a new generation (every header rewrite
    /// counts, so an old copy that still holds a revoked slot is told apart from this one).
    /// The payload binding covers the generation, so the payload is re-sealed under a new
    /// payload salt with the same file key; records and blobs are unchanged.
    public static func replaceSlots(
        of vault: UnlockedVault, with slots: [KeySlot], options: SaveOptions = SaveOptions()
    ) throws {
        guard (FormatLimits.minimumSlots...FormatLimits.maximumSlots).contains(slots.count) else {
            throw VaultError(
                .fileSystem, "a vault needs 1…\(FormatLimits.maximumSlots) keyslots; refusing to leave \(slots.count)")
        }
        // A writer never produces a file that readers refuse for its total KDF cost.
        try KDFParameters.validateTotal(slots.compactMap(\.kdfParameters))
        let header = vault.file.header
        try write(
            path: vault.file.path, keys: vault.keys, slots: slots, extensions: header.extensions,
            generation: header.generation + 1, payload: try vault.payloadForResealing(), options: options,
            parity: vault.file.parityToKeep)
    }

    /// A new file key: every chunk re-sealed, and only the given slots (made for the new key).
    public static func rekey(
        _ vault: UnlockedVault, slots recipes: [(SlotRecipe, label: String)], options: SaveOptions = SaveOptions()
    )
        throws
    {
        let keys = VaultKeys(fileKey: options.random.secureBytes(FormatLimits.fileKeyBytes))
        let slots = try recipes.map {
            try KeySlotCrypto.makeSlot($0.0, label: $0.label, fileKey: keys.fileKey, random: options.random)
        }
        try KDFParameters.validateTotal(slots.compactMap(\.kdfParameters))
        let payload = try vault.payloadForResealing()
        try write(
            path: vault.file.path, keys: keys, slots: slots, extensions: vault.file.header.extensions,
            generation: vault.file.header.generation + 1, payload: payload, options: options,
            parity: vault.file.parityToKeep)
    }
}
