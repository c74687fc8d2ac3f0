internal import CSodium
import Synchronization

/// ChaCha20-Poly1305-IETF (RFC 8439, 12-byte nonce), the payload's STREAM cipher: each save
/// has its own key, so counter nonces never repeat under one key.
///
/// Two implementations of the one construction, byte for byte the same: libsodium's (the
/// reference, used for everything else in VaultCrypto) and OpenSSL libcrypto's, whose
/// assembly runs about 3.5× faster per core on CPUs without AVX2 (0.24 against 0.85 s/GiB
/// here) — the payload is where a vault's bytes are, so it is what decides whether sealing
/// keeps up with age. The key stays in ``SecureBytes``; each call's working copy inside
/// either library lives only for that call and is wiped by it (libsodium zeroes its state,
/// `EVP_CIPHER_CTX_free` cleanses OpenSSL's).
public enum ChaCha20Poly1305 {
    public static let keyBytes = 32
    public static let nonceBytes = Int(crypto_aead_chacha20poly1305_ietf_NPUBBYTES)
    public static let tagBytes = Int(crypto_aead_chacha20poly1305_ietf_ABYTES)

    public enum Engine: String, CaseIterable, Sendable {
        case libsodium, openssl
    }

    /// What calls without `engine:` use: OpenSSL when it loads and, in a self-test at first
    /// use, seals exactly as libsodium does and refuses a forged tag; libsodium otherwise —
    /// unless the program chose with ``select(_:)``.
    public static var engine: Engine {
        if selection.load(ordering: .relaxed) == Selection.libsodium { return .libsodium }
        return OpenSSLChaCha20Poly1305.passesSelfTest ? .openssl : .libsodium
    }

    /// Chooses the engine of calls without `engine:`, for the whole process: programs call
    /// it once at startup (the CLI from `COFFER_CHUNK_ENGINE`, for benchmarks and
    /// bisecting). The library itself reads no environment. A choice of an OpenSSL that
    /// fails its self-test still gets libsodium; the bytes are the same either way.
    public static func select(_ engine: Engine) {
        selection.store(engine == .libsodium ? Selection.libsodium : Selection.openssl, ordering: .relaxed)
    }

    private enum Selection {
        static let openssl: UInt8 = 0
        static let libsodium: UInt8 = 1
    }
    private static let selection = Atomic<UInt8>(Selection.openssl)

    /// Seals `plaintext` into `output` (which must hold plaintext.count + 16 bytes): the
    /// ciphertext, then the tag.
    public static func seal(
        _ plaintext: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, key: SecureBytes,
        nonce: [UInt8], associatedData: [UInt8], engine: Engine = engine
    ) {
        precondition(
            output.count >= plaintext.count + tagBytes && nonce.count == nonceBytes && key.count == keyBytes)
        key.withBytes { k in
            nonce.withUnsafeBytes { n in
                associatedData.withUnsafeBytes { ad in
                    if engine == .openssl,
                        OpenSSLChaCha20Poly1305.seal(plaintext, into: output, key: k, nonce: n, associatedData: ad)
                    {
                        return
                    }
                    SodiumChaCha20Poly1305.seal(plaintext, into: output, key: k, nonce: n, associatedData: ad)
                }
            }
        }
    }

    /// Opens `ciphertext` into `output` (ciphertext.count − 16 bytes). Nothing is released
    /// on failure: libsodium verifies the tag before decrypting, and OpenSSL's output is
    /// zeroed before ``CryptoError/authenticationFailed`` is thrown.
    public static func open(
        _ ciphertext: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, key: SecureBytes,
        nonce: [UInt8], associatedData: [UInt8], engine: Engine = engine
    ) throws {
        guard ciphertext.count >= tagBytes, output.count >= ciphertext.count - tagBytes,
            nonce.count == nonceBytes, key.count == keyBytes
        else {
            throw CryptoError.invalidInput("bad AEAD input lengths")
        }
        let authentic = key.withBytes { k in
            nonce.withUnsafeBytes { n in
                associatedData.withUnsafeBytes { ad in
                    if engine == .openssl,
                        let verdict = OpenSSLChaCha20Poly1305.open(
                            ciphertext, into: output, key: k, nonce: n, associatedData: ad)
                    {
                        return verdict
                    }
                    return SodiumChaCha20Poly1305.open(ciphertext, into: output, key: k, nonce: n, associatedData: ad)
                }
            }
        }
        guard authentic else { throw CryptoError.authenticationFailed }
    }
}

/// libsodium's `crypto_aead_chacha20poly1305_ietf`: the reference implementation.
enum SodiumChaCha20Poly1305 {
    static func seal(
        _ plaintext: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, key: UnsafeRawBufferPointer,
        nonce: UnsafeRawBufferPointer, associatedData: UnsafeRawBufferPointer
    ) {
        Sodium.ensureInitialized()
        var written: UInt64 = 0
        let status = crypto_aead_chacha20poly1305_ietf_encrypt(
            output.baseAddress!.assumingMemoryBound(to: UInt8.self), &written,
            plaintext.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(plaintext.count),
            associatedData.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(associatedData.count), nil,
            nonce.baseAddress!.assumingMemoryBound(to: UInt8.self), key.baseAddress!.assumingMemoryBound(to: UInt8.self)
        )
        // Fails only for a message over 256 GiB; chunks are 64 KiB.
        Sodium.require(status, "crypto_aead_chacha20poly1305_ietf_encrypt")
    }

    /// True when the tag verified (and only then is `output` written).
    static func open(
        _ ciphertext: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, key: UnsafeRawBufferPointer,
        nonce: UnsafeRawBufferPointer, associatedData: UnsafeRawBufferPointer
    ) -> Bool {
        Sodium.ensureInitialized()
        var written: UInt64 = 0
        return crypto_aead_chacha20poly1305_ietf_decrypt(
            output.baseAddress?.assumingMemoryBound(to: UInt8.self), &written, nil,
            ciphertext.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(ciphertext.count),
            associatedData.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(associatedData.count),
            nonce.baseAddress!.assumingMemoryBound(to: UInt8.self), key.baseAddress!.assumingMemoryBound(to: UInt8.self)
        ) == 0
    }
}
