import Foundation
import VaultCrypto

extension VaultStore {
    /// Replaces the keyslots without touching the payload: same file key, same generation,
    /// a new header (new MAC) followed by the old chunks byte for byte, saved atomically.
    public static func replaceSlots(
        of vault: UnlockedVault, with slots: [KeySlot], options: SaveOptions = SaveOptions()
    ) throws {
        guard (FormatLimits.minimumSlots...FormatLimits.maximumSlots).contains(slots.count) else {
            throw VaultIOError(
                "a vault needs 1…\(FormatLimits.maximumSlots) keyslots; refusing to leave \(slots.count)")
        }
        var header = vault.file.header
        header.slots = slots
        let headerBytes = header.encode(macKey: vault.keys.macKey)
        try writeAtomically(path: vault.file.path, keys: vault.keys, options: options) { output in
            try output.write(headerBytes)
            for index in 0..<vault.chunkCount { try output.write(try vault.file.readChunk(index)) }
        }
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
        let payload = try vault.payloadForResealing()
        try write(
            path: vault.file.path, keys: keys, slots: slots, extensions: vault.file.header.extensions,
            generation: vault.file.header.generation + 1, payload: payload, options: options)
    }
}
