/// The unlock agent's protocol, one request per connection, lines ending in LF:
///
///     key <key binding, hex> <resolved vault path>   →  ok <slot index> LF + 64 bytes: the file key,
///                                                      then the slot's member key secret (§13.2;
///                                                      zeros when unknown)
///                                                      or  no LF
///     lock                                           →  locked LF (then the agent forgets the key)
///
/// The key binding is `VaultFile.keyBinding`: the agent answers only for the keyslots it was
/// unlocked with, and the client still checks the key against the header MAC.
import VaultCrypto

enum AgentProtocol {
    static let keyRequest = "key"
    static let lockRequest = "lock"
    static let found = "ok"
    static let notFound = "no"
    static let locked = "locked"
    static let ready = "ready"
    /// What the agent holds: the file key, then the member key secret.
    static let keyMaterialBytes = 64

    /// The file key and the member key secret of an opened vault, as the agent holds them.
    static func keyMaterial(fileKey: SecureBytes, member: SecureBytes?) -> SecureBytes {
        let material = SecureBytes(count: keyMaterialBytes)
        material.withMutableBytes { out in
            fileKey.withBytes { out.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: 32) }
            member?.withBytes { (out.baseAddress! + 32).copyMemory(from: $0.baseAddress!, byteCount: 32) }
        }
        return material
    }

    /// The two halves of ``keyMaterial(fileKey:member:)``; no member secret when zero.
    static func split(_ material: SecureBytes) -> (fileKey: SecureBytes, member: SecureBytes?) {
        material.withBytes { bytes in
            let fileKey = SecureBytes(copying: UnsafeRawBufferPointer(rebasing: bytes[0..<32]))
            let rest = UnsafeRawBufferPointer(rebasing: bytes[32..<64])
            return (fileKey, rest.allSatisfy { $0 == 0 } ? nil : SecureBytes(copying: rest))
        }
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}
