import Foundation

extension VaultStore {
    /// Creates a new vault at `path` holding `payload`, opened by the same keyslots as
    /// `vault` (the same file key: whatever opens `vault` opens it), exclusively like
    /// ``create(at:payload:slots:options:)``: an existing file is never replaced.
    public static func create(
        at path: String, payload: VaultPayload, keysOf vault: UnlockedVault, options: SaveOptions = SaveOptions()
    ) throws {
        let lock = try lockForCreating(path)
        defer { withExtendedLifetime(lock) {} }
        try write(
            path: path, keys: vault.keys, slots: vault.file.header.slots, extensions: vault.file.header.extensions,
            generation: 1, payload: payload, options: options, exclusive: true,
            parity: vault.file.parityToKeep)
    }
}
