internal import CLibCrypto
internal import CSodium

/// OpenSSL libcrypto's ChaCha20-Poly1305 (RFC 8439) through the EVP interface. Every
/// function answers `false`/`nil` when OpenSSL itself fails (not for a forged tag), so the
/// caller can fall back to libsodium: the bytes are the same either way.
enum OpenSSLChaCha20Poly1305 {
    /// Fetched once: an implicit fetch on every `EVP_*Init` would take OpenSSL's global
    /// lock once per 64 KiB chunk on every core. Immutable after this, safe to share.
    nonisolated(unsafe) private static let cipher: OpaquePointer? = EVP_CIPHER_fetch(nil, "ChaCha20-Poly1305", nil)

    /// Seals plaintext ‖ tag into `output`.
    static func seal(
        _ plaintext: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, key: UnsafeRawBufferPointer,
        nonce: UnsafeRawBufferPointer, associatedData: UnsafeRawBufferPointer
    ) -> Bool {
        guard let cipher, plaintext.count <= Int(Int32.max), associatedData.count <= Int(Int32.max),
            let context = EVP_CIPHER_CTX_new()
        else { return false }
        defer { EVP_CIPHER_CTX_free(context) }  // cleanses the key schedule it holds
        let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var length: Int32 = 0
        guard EVP_EncryptInit_ex2(context, cipher, bytes(key), bytes(nonce), nil) == 1,
            associatedData.isEmpty
                || EVP_EncryptUpdate(context, nil, &length, bytes(associatedData), Int32(associatedData.count)) == 1,
            plaintext.isEmpty
                || EVP_EncryptUpdate(context, out, &length, bytes(plaintext), Int32(plaintext.count)) == 1,
            EVP_EncryptFinal_ex(context, out + plaintext.count, &length) == 1,
            EVP_CIPHER_CTX_ctrl(
                context, EVP_CTRL_AEAD_GET_TAG, Int32(ChaCha20Poly1305.tagBytes), out + plaintext.count) == 1
        else { return false }
        return true
    }

    /// Opens ciphertext ‖ tag into `output`: true = authentic, false = forged (and the
    /// output, which OpenSSL writes before it can check the tag, is zeroed again), nil =
    /// OpenSSL failed.
    static func open(
        _ sealed: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, key: UnsafeRawBufferPointer,
        nonce: UnsafeRawBufferPointer, associatedData: UnsafeRawBufferPointer
    ) -> Bool? {
        let count = sealed.count - ChaCha20Poly1305.tagBytes
        guard let cipher, count <= Int(Int32.max), associatedData.count <= Int(Int32.max),
            let context = EVP_CIPHER_CTX_new()
        else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        let out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let tag = UnsafeMutableRawPointer(mutating: sealed.baseAddress! + count)
        var length: Int32 = 0
        guard EVP_DecryptInit_ex2(context, cipher, bytes(key), bytes(nonce), nil) == 1,
            associatedData.isEmpty
                || EVP_DecryptUpdate(context, nil, &length, bytes(associatedData), Int32(associatedData.count)) == 1,
            count == 0 || EVP_DecryptUpdate(context, out, &length, bytes(sealed), Int32(count)) == 1,
            // SET_TAG only reads the tag; the pointer is non-const in the C signature.
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(ChaCha20Poly1305.tagBytes), tag) == 1
        else {
            if count > 0 { sodium_memzero(output.baseAddress!, count) }
            return nil
        }
        var finalLength: Int32 = 0
        let verified = EVP_DecryptFinal_ex(context, (out ?? tag.assumingMemoryBound(to: UInt8.self)), &finalLength) == 1
        if !verified, count > 0 { sodium_memzero(output.baseAddress!, count) }
        return verified
    }

    /// Whether OpenSSL is there and agrees with libsodium: the same bytes for a message
    /// that spans several ChaCha20 blocks with associated data, its own output opened
    /// again, and one flipped bit refused.
    static let passesSelfTest: Bool = {
        let key = (0..<32).map { UInt8($0 &* 7 &+ 1) }
        let nonce = (0..<12).map { UInt8($0 &+ 0xA0) }
        let associated = Array("coffer self-test".utf8)
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 5) }
        var expected = [UInt8](repeating: 0, count: message.count + ChaCha20Poly1305.tagBytes)
        var actual = expected
        var reopened = [UInt8](repeating: 0, count: message.count)
        var sealedAlike = false
        var opened: Bool?
        var forged: Bool?
        key.withUnsafeBytes { k in
            nonce.withUnsafeBytes { n in
                associated.withUnsafeBytes { ad in
                    message.withUnsafeBytes { m in
                        expected.withUnsafeMutableBytes {
                            SodiumChaCha20Poly1305.seal(m, into: $0, key: k, nonce: n, associatedData: ad)
                        }
                        sealedAlike =
                            actual.withUnsafeMutableBytes { seal(m, into: $0, key: k, nonce: n, associatedData: ad) }
                            && actual == expected
                    }
                    opened = reopened.withUnsafeMutableBytes { out in
                        actual.withUnsafeBytes { open($0, into: out, key: k, nonce: n, associatedData: ad) }
                    }
                    opened = opened == true && reopened == message
                    actual[500] ^= 0x10
                    forged = reopened.withUnsafeMutableBytes { out in
                        actual.withUnsafeBytes { open($0, into: out, key: k, nonce: n, associatedData: ad) }
                    }
                }
            }
        }
        return sealedAlike && opened == true && forged == false && reopened.allSatisfy { $0 == 0 }
    }()

    private static func bytes(_ buffer: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
        buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }
}
