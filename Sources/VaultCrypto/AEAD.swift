internal import CSodium

/// XChaCha20-Poly1305-IETF, used to wrap the file key in each keyslot (random 24-byte
/// nonces are safe with it).
public enum XChaCha20Poly1305 {
    public static let keyBytes = 32
    public static let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    public static let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)

    public static func seal(_ plaintext: SecureBytes, key: SecureBytes, nonce: [UInt8], associatedData: [UInt8])
        -> [UInt8]
    {
        precondition(key.count == keyBytes && nonce.count == nonceBytes)
        var out = [UInt8](repeating: 0, count: plaintext.count + tagBytes)
        var written: UInt64 = 0
        let status = plaintext.withBytes { m in
            key.withBytes { k in
                crypto_aead_xchacha20poly1305_ietf_encrypt(
                    &out, &written, m.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(m.count),
                    associatedData, UInt64(associatedData.count), nil, nonce,
                    k.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        // Fails only for a message longer than the construction allows (2^64 bytes).
        Sodium.require(status, "crypto_aead_xchacha20poly1305_ietf_encrypt")
        return out
    }

    /// Opens into secure memory; throws ``CryptoError/authenticationFailed`` on any mismatch.
    public static func open(_ ciphertext: [UInt8], key: SecureBytes, nonce: [UInt8], associatedData: [UInt8]) throws
        -> SecureBytes
    {
        guard ciphertext.count >= tagBytes, key.count == keyBytes, nonce.count == nonceBytes else {
            throw CryptoError.invalidInput("bad AEAD input lengths")
        }
        let out = SecureBytes(count: ciphertext.count - tagBytes)
        var written: UInt64 = 0
        let status = out.withMutableBytes { m in
            key.withBytes { k in
                crypto_aead_xchacha20poly1305_ietf_decrypt(
                    m.baseAddress!.assumingMemoryBound(to: UInt8.self), &written, nil, ciphertext,
                    UInt64(ciphertext.count), associatedData, UInt64(associatedData.count), nonce,
                    k.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        guard status == 0 else { throw CryptoError.authenticationFailed }
        return out
    }
}

/// X25519 (`crypto_scalarmult`) for recipient keyslots.
public enum X25519 {
    public static let keyBytes = 32

    /// A new identity: (secret in secure memory, public key).
    public static func generate(random: RandomSource) -> (secret: SecureBytes, publicKey: [UInt8]) {
        let secret = random.secureBytes(keyBytes)
        return (secret, publicKey(of: secret))
    }

    public static func publicKey(of secret: SecureBytes) -> [UInt8] {
        precondition(secret.count == keyBytes, "an X25519 secret is 32 bytes")
        var pk = [UInt8](repeating: 0, count: keyBytes)
        let status = secret.withBytes {
            crypto_scalarmult_base(&pk, $0.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        // A clamped scalar times the base point is never the identity; a failure is libsodium's.
        Sodium.require(status, "crypto_scalarmult_base")
        return pk
    }

    /// The shared secret; throws for low-order points (all-zero output).
    public static func sharedSecret(secret: SecureBytes, publicKey: [UInt8]) throws -> SecureBytes {
        guard publicKey.count == keyBytes else { throw CryptoError.invalidInput("X25519 public key must be 32 bytes") }
        let shared = SecureBytes(count: keyBytes)
        let status = shared.withMutableBytes { out in
            secret.withBytes { s in
                crypto_scalarmult(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    s.baseAddress!.assumingMemoryBound(to: UInt8.self), publicKey)
            }
        }
        guard status == 0 else { throw CryptoError.invalidInput("X25519 public key is a low-order point") }
        return shared
    }
}
