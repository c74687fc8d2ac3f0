import Foundation
import VaultCrypto

/// A keyslot's member key (spec/FORMAT.md §13.2): the X25519 key pair collection keys are
/// granted to. Only whoever opens the slot knows its secret, so a grant to it is readable by
/// that person alone — not by the other people who share the vault's file key.
///
/// A passphrase or key-file slot derives it from the slot's key-encryption key, which only
/// the slot's passphrase or key file gives; a recipient slot's member key is the recipient's
/// own X25519 key, so collections can be granted to an age or coffer recipient by its public
/// key alone.
public final class MemberKey: Sendable {
    public let secret: SecureBytes
    public let publicKey: [UInt8]

    static let domain = Array("coffer member key v1".utf8)

    init(secret: SecureBytes) {
        self.secret = secret
        publicKey = X25519.publicKey(of: secret)
    }

    /// The member key of a passphrase or key-file slot, from its key-encryption key.
    static func derived(fromKEK kek: SecureBytes) -> MemberKey {
        MemberKey(secret: BLAKE2b.deriveKey(key: kek, message: domain))
    }

    /// The member key of a recipient slot: the identity that opens it.
    static func identity(_ identity: SecureBytes) -> MemberKey { MemberKey(secret: identity) }

    /// A short fingerprint of a member public key, for messages and listings: the first 8
    /// bytes of its BLAKE2b-256, in hex.
    public static func fingerprint(_ publicKey: [UInt8]) -> String {
        BLAKE2b.hash(publicKey).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}
