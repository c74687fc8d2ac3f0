import Foundation
import VaultCrypto

/// What a person presents to open a vault: any mix of a passphrase, key files and X25519
/// identities. Each is tried against the slots of its kind.
public struct Credentials: Sendable {
    public var passphrase: SecureBytes?
    public var keyFiles: [SecureBytes]
    public var identities: [SecureBytes]
    /// When set, only the slots with exactly this label are tried (`--slot LABEL`): with
    /// several passphrase slots, a person pays for one Argon2id run instead of one per slot.
    public var slotLabel: String?
    /// A file key already known (from `coffer unlock`'s agent) and the slot it came from:
    /// tried first, and used only when it verifies the header MAC.
    public var fileKey: SecureBytes?
    public var fileKeySlot = 0
    /// With `fileKey`: that slot's member key secret (spec/FORMAT.md §13.2), so a remembered
    /// key opens the private collections granted to the slot too.
    public var memberSecret: SecureBytes?

    public init(
        passphrase: SecureBytes? = nil, keyFiles: [SecureBytes] = [], identities: [SecureBytes] = [],
        slotLabel: String? = nil
    ) {
        self.passphrase = passphrase
        self.keyFiles = keyFiles
        self.identities = identities
        self.slotLabel = slotLabel
    }

    public var isEmpty: Bool { fileKey == nil && passphrase == nil && keyFiles.isEmpty && identities.isEmpty }
}
