internal import CSodium

/// BLAKE2b (libsodium `crypto_generichash`): keyless checksums, keyed MACs, key derivation.
public enum BLAKE2b {
    public static let outputBytes = 32

    /// BLAKE2b-256 of the concatenation of `parts`, keyed when `key` is given (16–64 bytes).
    public static func hash(_ parts: [UnsafeRawBufferPointer], key: SecureBytes? = nil) -> [UInt8] {
        Sodium.ensureInitialized()
        // The state type is 64-byte aligned in C and opaque to Swift: allocate it raw.
        let raw = UnsafeMutableRawPointer.allocate(byteCount: crypto_generichash_statebytes(), alignment: 64)
        defer {
            sodium_memzero(raw, crypto_generichash_statebytes())
            raw.deallocate()
        }
        let state = OpaquePointer(raw)
        let status: Int32 =
            if let key {
                key.withBytes {
                    crypto_generichash_init(
                        state, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.count, outputBytes)
                }
            } else {
                crypto_generichash_init(state, nil, 0, outputBytes)
            }
        // Fails only for a key or output length outside 16…64 / 1…64 bytes.
        Sodium.require(status, "crypto_generichash_init")
        for part in parts where part.count > 0 {
            Sodium.require(
                crypto_generichash_update(
                    state, part.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(part.count)),
                "crypto_generichash_update")
        }
        var out = [UInt8](repeating: 0, count: outputBytes)
        Sodium.require(crypto_generichash_final(state, &out, outputBytes), "crypto_generichash_final")
        return out
    }

    public static func hash(_ bytes: [UInt8], key: SecureBytes? = nil) -> [UInt8] {
        bytes.withUnsafeBytes { hash([$0], key: key) }
    }

    /// A keyed BLAKE2b-256 whose output is itself a key, kept in secure memory.
    public static func deriveKey(key: SecureBytes, message: [UInt8]) -> SecureBytes {
        var out = message.withUnsafeBytes { hash([$0], key: key) }
        defer { wipe(&out) }
        return out.withUnsafeBytes { SecureBytes(copying: $0) }
    }
}

/// Subkeys of a master key with distinct 8-byte contexts and ids (`crypto_kdf`), so the
/// header MAC key, the payload key and any later key can never coincide.
public enum SubkeyDerivation {
    public static func subkey(of master: SecureBytes, id: UInt64, context: String) -> SecureBytes {
        precondition(master.count == 32 && context.utf8.count == 8, "crypto_kdf needs a 32-byte key and 8-byte context")
        let sub = SecureBytes(count: 32)
        let status = sub.withMutableBytes { out in
            master.withBytes { key in
                crypto_kdf_derive_from_key(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32, id, context,
                    key.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        Sodium.require(status, "crypto_kdf_derive_from_key")
        return sub
    }
}

/// Argon2id v1.3 (`crypto_pwhash`, ALG_ARGON2ID13). Bounds are the caller's to enforce
/// before calling: this runs whatever it is given.
public enum Argon2id {
    public static let saltBytes = Int(crypto_pwhash_SALTBYTES)

    public static func deriveKey(passphrase: SecureBytes, salt: [UInt8], operations: UInt64, memoryBytes: Int) throws
        -> SecureBytes
    {
        guard salt.count == saltBytes else { throw CryptoError.invalidInput("salt must be \(saltBytes) bytes") }
        let key = SecureBytes(count: 32)
        let status = key.withMutableBytes { out in
            passphrase.withBytes { pw in
                crypto_pwhash(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self), 32,
                    pw.baseAddress!.assumingMemoryBound(to: CChar.self), UInt64(pw.count), salt,
                    operations, memoryBytes, crypto_pwhash_ALG_ARGON2ID13)
            }
        }
        guard status == 0 else { throw CryptoError.kdfFailed(reason: "Argon2id could not run (out of memory?)") }
        return key
    }
}

/// SHA-256 (libsodium `crypto_hash_sha256`), for test-kit payload digests.
public enum SHA256 {
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var out = [UInt8](repeating: 0, count: 32)
        Sodium.require(crypto_hash_sha256(&out, bytes, UInt64(bytes.count)), "crypto_hash_sha256")
        return out
    }
}
