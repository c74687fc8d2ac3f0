import Foundation
import VaultCrypto

/// One collection key wrapped to one member key (spec/FORMAT.md §13.3), as age wraps a
/// file key to a recipient: an ephemeral X25519 key, a KEK from the shared secret, and the
/// collection key sealed under it with the collection's id as associated data (so a grant
/// cannot be moved to another collection).
public struct CollectionGrant: Equatable, Sendable {
    /// The member public key the grant is for.
    public var member: [UInt8]
    public var ephemeral: [UInt8]
    /// ChaCha20-Poly1305 of the 32-byte collection key, with its tag.
    public var wrappedKey: [UInt8]

    static let domain = Array("coffer grant v1".utf8)
    /// The KEK is new for every grant (a new ephemeral key), so the nonce can be fixed.
    static let nonce = [UInt8](repeating: 0, count: ChaCha20Poly1305.nonceBytes)

    /// Wraps `collectionKey` for `member`; throws for a member key that is a low-order point.
    package static func make(
        collectionKey: SecureBytes, collectionID: [UInt8], member: [UInt8], random: RandomSource
    ) throws -> CollectionGrant {
        let ephemeral = X25519.generate(random: random)
        let kek = try Self.kek(
            shared: X25519.sharedSecret(secret: ephemeral.secret, publicKey: member), ephemeral: ephemeral.publicKey,
            member: member)
        var wrapped = [UInt8](repeating: 0, count: FormatLimits.fileKeyBytes + ChaCha20Poly1305.tagBytes)
        collectionKey.withBytes { key in
            wrapped.withUnsafeMutableBytes {
                ChaCha20Poly1305.seal(key, into: $0, key: kek, nonce: nonce, associatedData: collectionID)
            }
        }
        return CollectionGrant(member: member, ephemeral: ephemeral.publicKey, wrappedKey: wrapped)
    }

    /// The collection key, when `memberKey` is the grant's member and the wrap opens; nil
    /// otherwise.
    package func open(with memberKey: MemberKey, collectionID: [UInt8]) -> SecureBytes? {
        guard member == memberKey.publicKey,
            let shared = try? X25519.sharedSecret(secret: memberKey.secret, publicKey: ephemeral)
        else { return nil }
        let kek = Self.kek(shared: shared, ephemeral: ephemeral, member: member)
        let key = SecureBytes(count: FormatLimits.fileKeyBytes)
        let opened: Bool = key.withMutableBytes { out in
            wrappedKey.withUnsafeBytes {
                (try? ChaCha20Poly1305.open(
                    $0, into: out, key: kek, nonce: Self.nonce, associatedData: collectionID)) != nil
            }
        }
        return opened ? key : nil
    }

    static func kek(shared: SecureBytes, ephemeral: [UInt8], member: [UInt8]) -> SecureBytes {
        BLAKE2b.deriveKey(key: shared, message: domain + ephemeral + member)
    }
}
