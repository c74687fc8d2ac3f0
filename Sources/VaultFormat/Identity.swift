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
                throw VaultError(
                    .invalidArgument, "not a valid age recipient (bech32 age1… of 32 bytes): \(trimmed.prefix(40))")
            }
            return key
        }
        let encoded = String(trimmed.dropFirst(recipientPrefix.count))
        // Canonical, padded base64 only, as for identities (spec/FORMAT.md §10).
        guard trimmed.hasPrefix(recipientPrefix), let data = Data(base64Encoded: encoded),
            data.count == X25519.keyBytes, data.base64EncodedString() == encoded
        else {
            throw VaultError(
                .invalidArgument,
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

    /// The first identity of an identity file (see ``parseIdentities(_:name:)``).
    public static func parseIdentityFile(_ bytes: [UInt8], name: String) throws -> SecureBytes {
        try parseIdentities(bytes, name: name)[0]
    }

    /// Every identity in an identity file, in order (spec/FORMAT.md §10): UTF-8 lines ending
    /// in LF or CRLF; spaces and tabs around a line are ignored; blank lines and lines
    /// starting with `#` are comments; every other line must be `coffer-identity-v1:` and
    /// the standard, padded base64 of a 32-byte key, or an age `AGE-SECRET-KEY-1…` line.
    /// Anything else, and a file with no identity at all, is refused.
    public static func parseIdentities(_ bytes: [UInt8], name: String) throws -> [SecureBytes] {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw VaultError(.invalidArgument, "\(name): an identity file is UTF-8 text; this is not")
        }
        var identities = [SecureBytes]()
        // Split on scalars: as Characters, "\r\n" is one grapheme and never equals "\n".
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, scalars) in lines.enumerated() {
            var line = Substring(String(scalars))
            if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
            while let first = line.first, first == " " || first == "\t" { line = line.dropFirst() }
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let identity = identity(String(line)) else {
                throw VaultError(
                    .invalidArgument,
                    "\(name): line \(number + 1) is not an identity (expected \(identityPrefix) and "
                        + "the padded base64 of 32 bytes, or \(ageIdentityPrefix)…, or a # comment)")
            }
            identities.append(identity)
        }
        guard !identities.isEmpty else {
            throw VaultError(
                .invalidArgument,
                bytes.isEmpty
                    ? "\(name): the identity file is empty"
                    : "\(name): no identity in the file (no \(identityPrefix) or \(ageIdentityPrefix)… line)")
        }
        return identities
    }

    /// One trimmed identity line's key, or nil.
    private static func identity(_ line: String) -> SecureBytes? {
        if line.hasPrefix(ageIdentityPrefix) {
            guard var decoded = Bech32.decode(line), decoded.hrp == "age-secret-key-",
                decoded.data.count == X25519.keyBytes
            else { return nil }
            defer { wipe(&decoded.data) }
            return decoded.data.withUnsafeBytes { SecureBytes(copying: $0) }
        }
        guard line.hasPrefix(identityPrefix) else { return nil }
        let encoded = String(line.dropFirst(identityPrefix.count))
        guard var data = Data(base64Encoded: encoded), data.count == X25519.keyBytes else { return nil }
        defer { data.resetBytes(in: 0..<data.count) }
        // Canonical only: the padded encoding, exactly as keygen writes it.
        guard data.base64EncodedString() == encoded else { return nil }
        return data.withUnsafeBytes { SecureBytes(copying: $0) }
    }
}
