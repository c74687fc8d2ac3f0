internal import CLibCrypto

/// HMAC (RFC 2104) with SHA-1, SHA-256 or SHA-512, through OpenSSL: TOTP codes (RFC 6238)
/// need all three, and libsodium has no SHA-1.
public enum HMAC {
    public enum Digest: Sendable {
        case sha1, sha256, sha512

        var name: String {
            switch self {
            case .sha1: "SHA1"
            case .sha256: "SHA256"
            case .sha512: "SHA512"
            }
        }
    }

    /// The MAC of `message` under `key`.
    public static func authenticate(_ message: [UInt8], key: [UInt8], digest: Digest) throws -> [UInt8] {
        guard let md = EVP_get_digestbyname(digest.name) else {
            throw CryptoError.libraryFailure(function: "EVP_get_digestbyname(\(digest.name))", code: 0)
        }
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let result = key.withUnsafeBytes { k in
            message.withUnsafeBytes { m in
                out.withUnsafeMutableBytes { o in
                    CLibCrypto.HMAC(
                        md, k.baseAddress, Int32(k.count), m.baseAddress?.assumingMemoryBound(to: UInt8.self), m.count,
                        o.baseAddress?.assumingMemoryBound(to: UInt8.self), &length)
                }
            }
        }
        guard result != nil else { throw CryptoError.libraryFailure(function: "HMAC", code: 0) }
        return Array(out.prefix(Int(length)))
    }
}
