import Foundation
import VaultCrypto

/// Making and opening keyslots: key-encryption keys and the file-key wrap.
package enum KeySlotCrypto {
    static let keyFileDomain = Array("coffer key file v1".utf8)
    static let recipientDomain = Array("coffer x25519 v1".utf8)

    /// `checksLabel: false` is for the test kit alone, which must make slots whose labels
    /// a reader accepts but `coffer` would not write (C1 controls, bidi overrides).
    package static func makeSlot(
        _ recipe: SlotRecipe, label: String, fileKey: SecureBytes, random: RandomSource, checksLabel: Bool = true
    ) throws -> KeySlot {
        try makeSlotWithMember(recipe, label: label, fileKey: fileKey, random: random, checksLabel: checksLabel).slot
    }

    /// A new slot and its member public key (spec/FORMAT.md §13.2), which the maker knows
    /// because it holds the slot's passphrase, key file or recipient.
    package static func makeSlotWithMember(
        _ recipe: SlotRecipe, label: String, fileKey: SecureBytes, random: RandomSource, checksLabel: Bool = true
    ) throws -> (slot: KeySlot, member: [UInt8]) {
        // Before any KDF: a label the reader would refuse never reaches the encoder.
        if checksLabel, let problem = KeySlot.writableLabelProblem(label) {
            throw VaultError(.invalidArgument, problem)
        }
        let kek: SecureBytes
        let kind: KeySlot.Kind
        let member: [UInt8]
        switch recipe {
        case .passphrase(let passphrase, let kdf):
            try kdf.validate(allowLargeMemory: true)
            let salt = random.bytes(FormatLimits.saltBytes)
            kek = try Argon2id.deriveKey(
                passphrase: passphrase, salt: salt, operations: UInt64(kdf.operations),
                memoryBytes: Int(kdf.memoryKiB) * 1024)
            kind = .passphrase(salt: salt, kdf: kdf)
            member = MemberKey.derived(fromKEK: kek).publicKey
        case .keyFile(let contents):
            let salt = random.bytes(FormatLimits.saltBytes)
            kek = keyFileKEK(contents: contents, salt: salt)
            kind = .keyFile(salt: salt)
            member = MemberKey.derived(fromKEK: kek).publicKey
        case .recipient(let publicKey):
            let ephemeral = X25519.generate(random: random)
            let shared = try X25519.sharedSecret(secret: ephemeral.secret, publicKey: publicKey)
            kek = recipientKEK(shared: shared, ephemeral: ephemeral.publicKey, recipient: publicKey)
            kind = .recipient(ephemeralPublicKey: ephemeral.publicKey)
            member = publicKey
        }
        var slot = KeySlot(kind: kind, label: label, nonce: random.bytes(FormatLimits.slotNonceBytes), wrappedKey: [])
        slot.wrappedKey = XChaCha20Poly1305.seal(
            fileKey, key: kek, nonce: slot.nonce, associatedData: slot.associatedData)
        return (slot, member)
    }

    /// The file key and the slot's member key, if any credential opens the slot; nil when
    /// none does.
    static func open(_ slot: KeySlot, with credentials: Credentials) throws -> (
        fileKey: SecureBytes, member: MemberKey
    )? {
        var keks = [(SecureBytes, member: () -> MemberKey)]()
        switch slot.kind {
        case .passphrase(let salt, let kdf):
            guard let passphrase = credentials.passphrase else { return nil }
            let kek = try Argon2id.deriveKey(
                passphrase: passphrase, salt: salt, operations: UInt64(kdf.operations),
                memoryBytes: Int(kdf.memoryKiB) * 1024)
            keks.append((kek, { MemberKey.derived(fromKEK: kek) }))
        case .keyFile(let salt):
            keks = credentials.keyFiles.map { file in
                let kek = keyFileKEK(contents: file, salt: salt)
                return (kek, { MemberKey.derived(fromKEK: kek) })
            }
        case .recipient(let ephemeral):
            for identity in credentials.identities {
                guard let shared = try? X25519.sharedSecret(secret: identity, publicKey: ephemeral) else { continue }
                keks.append(
                    (
                        recipientKEK(shared: shared, ephemeral: ephemeral, recipient: X25519.publicKey(of: identity)),
                        { MemberKey.identity(identity) }
                    ))
            }
        }
        for (kek, member) in keks {
            if let key = try? XChaCha20Poly1305.open(
                slot.wrappedKey, key: kek, nonce: slot.nonce, associatedData: slot.associatedData)
            {
                return (key, member())
            }
        }
        return nil
    }

    static func keyFileKEK(contents: SecureBytes, salt: [UInt8]) -> SecureBytes {
        let saltKey = salt.withUnsafeBytes { SecureBytes(copying: $0) }
        var digest = contents.withBytes { file in
            keyFileDomain.withUnsafeBytes { BLAKE2b.hash([$0, file], key: saltKey) }
        }
        defer { wipe(&digest) }
        return digest.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    static func recipientKEK(shared: SecureBytes, ephemeral: [UInt8], recipient: [UInt8]) -> SecureBytes {
        BLAKE2b.deriveKey(key: shared, message: recipientDomain + ephemeral + recipient)
    }
}
