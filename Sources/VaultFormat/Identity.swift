import Foundation
import VaultCrypto

/// X25519 identities (secret) and recipients (public) as text, for `coffer keygen` and
/// recipient keyslots: `coffer-recipient-v1:<base64>` and, in an identity file, a line
/// `coffer-identity-v1:<base64>` (lines starting with `#` are comments) — or age's Bech32
/// forms of the same keys, `age1…` and `AGE-SECRET-KEY-1…`.
public enum IdentityText {
    static let recipientPrefix = "coffer-recipient-v1:"
    static let identityPrefix = "coffer-identity-v1:"
    /// age's X25519 keys are the same kind of key: an age identity file (`age-keygen`)
    /// opens recipient slots, and an `age1…` recipient can be given where a Coffer one can.
    static let ageRecipientPrefix = "age1"
    static let ageIdentityPrefix = "AGE-SECRET-KEY-1"

    public static func recipient(_ publicKey: [UInt8]) -> String {
        recipientPrefix + Data(publicKey).base64EncodedString()
    }

    public static func parseRecipient(_ text: String) throws -> [UInt8] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix(ageRecipientPrefix) {
            guard let (hrp, key) = Bech32.decode(trimmed), hrp == "age", key.count == X25519.keyBytes else {
                throw VaultIOError("not a valid age recipient (bech32 age1… of 32 bytes): \(trimmed.prefix(40))")
            }
            return key
        }
        guard trimmed.hasPrefix(recipientPrefix),
            let data = Data(base64Encoded: String(trimmed.dropFirst(recipientPrefix.count))),
            data.count == X25519.keyBytes
        else {
            throw VaultIOError(
                "not a recipient (expected \(recipientPrefix)<base64 of 32 bytes> or age1…): \(trimmed.prefix(40))")
        }
        return [UInt8](data)
    }

    /// The identity file's text. The secret passes through a Swift string here: write it
    /// straight to a 0600 file and drop it.
    public static func identityFile(secret: SecureBytes, created: Date = Date()) -> String {
        let encoded = secret.withBytes { Data($0).base64EncodedString() }
        let recipient = recipient(X25519.publicKey(of: secret))
        return "# coffer identity, created \(ISO8601DateFormatter().string(from: created))\n# recipient: \(recipient)\n"
            + identityPrefix + encoded + "\n"
    }

    public static func parseIdentityFile(_ bytes: [UInt8], name: String) throws -> SecureBytes {
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(ageIdentityPrefix) {
            guard let decoded = Bech32.decode(String(line.trimmingCharacters(in: .whitespaces))),
                decoded.hrp == "age-secret-key-", decoded.data.count == X25519.keyBytes
            else { break }
            var secret = decoded.data
            defer { wipe(&secret) }
            return secret.withUnsafeBytes { SecureBytes(copying: $0) }
        }
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix(identityPrefix) {
            guard var data = Data(base64Encoded: String(line.dropFirst(identityPrefix.count))),
                data.count == X25519.keyBytes
            else {
                break
            }
            defer { data.resetBytes(in: 0..<data.count) }
            return data.withUnsafeBytes { SecureBytes(copying: $0) }
        }
        throw VaultIOError("\(name): no \(identityPrefix) or valid \(ageIdentityPrefix)… line with a 32-byte key")
    }
}

/// Chooses Argon2id parameters for a target time on this machine (`--kdf-time`).
public enum KDFTuning {
    public static func parameters(targetMilliseconds: Int) throws -> KDFParameters {
        let passphrase = SecureBytes(count: 8)
        let salt = [UInt8](repeating: 0, count: FormatLimits.saltBytes)
        var memory = KDFParameters.moderate.memoryKiB
        while true {
            let clock = ContinuousClock()
            let elapsed = try clock.measure {
                _ = try Argon2id.deriveKey(
                    passphrase: passphrase, salt: salt, operations: 1, memoryBytes: Int(memory) * 1024)
            }
            let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            if ms <= Double(targetMilliseconds) || memory <= FormatLimits.kdfMemoryKiB.lowerBound {
                let passes = max(
                    1, min(Int(FormatLimits.kdfOperations.upperBound), Int(Double(targetMilliseconds) / max(ms, 1))))
                return KDFParameters(operations: UInt32(passes), memoryKiB: memory)
            }
            memory = max(FormatLimits.kdfMemoryKiB.lowerBound, memory / 2)
        }
    }
}
