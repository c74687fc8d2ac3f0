import Foundation
import VaultCrypto

extension VaultFile {
    /// What ties a remembered file key to this vault: a SHA-256 of its keyslots, which a save
    /// keeps (unlike the generation and payload length) and a key change replaces. An agent
    /// answers only for the binding it was given, and the header MAC still checks the key.
    public var keyBinding: [UInt8] {
        var sink = ByteSink()
        for slot in header.slots { slot.encode(into: &sink) }
        return SHA256.hash(sink.bytes)
    }

    /// The vault opened with a file key already known, or nil when there is none or it does
    /// not verify the header MAC (a replaced file, a rekeyed vault).
    func unlock(withFileKey fileKey: SecureBytes?, slot: Int, memberSecret: SecureBytes? = nil) -> UnlockedVault? {
        guard let fileKey, fileKey.count == FormatLimits.fileKeyBytes else { return nil }
        let keys = VaultKeys(fileKey: fileKey)
        guard keys.authenticates(parsed) else { return nil }
        let member = memberSecret.flatMap { $0.count == X25519.keyBytes ? MemberKey(secret: $0) : nil }
        return UnlockedVault(
            file: self, keys: keys, slotIndex: header.slots.indices.contains(slot) ? slot : 0, member: member)
    }
}
