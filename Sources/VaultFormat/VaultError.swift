/// The one error type of VaultFormat. Each failure class has its own exit code in the CLI
/// and its own `expect:` line in the test kit; a wrong key is never reported as
/// corruption, nor corruption as a wrong key.
public struct VaultError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        /// The magic bytes are not Coffer's.
        case notCofferFile = "not a coffer file"
        /// A major version this reader does not know.
        case unsupportedVersion = "unsupported version"
        /// The keyless checksum failed or a header field is malformed: the file was damaged.
        case headerCorrupted = "header failure"
        /// KDF parameters outside the bounds of spec/FORMAT.md (refused before any KDF runs).
        case kdfBounds = "kdf bounds"
        /// No keyslot opened with the key that was given: wrong passphrase, key file or identity.
        case noMatch = "no match"
        /// A keyslot opened but the header MAC failed: the header was changed after sealing.
        case headerAuthentication = "hmac failure"
        /// A payload chunk failed authentication (or its content is malformed).
        case payloadDamaged = "payload failure"
        /// The file ends before the payload the header announces.
        case truncated = "truncated"
        /// Bytes after the final chunk.
        case trailingData = "trailing data"
        /// The file system failed or refused (open, write, rename), or a path is not one
        /// Coffer writes (a dangling symlink, a hard-linked vault): not a property of the
        /// vault's bytes, so never the class of a test-kit vector.
        case fileSystem = "io"
        /// Another process holds the vault's lock; the message names its PID. Never the
        /// class of a test-kit vector.
        case locked = "locked"
        /// The caller asked for something the vault cannot do as asked: a recipient that is
        /// not one, a blob id the vault does not hold. Never the class of a test-kit vector.
        case invalidArgument = "invalid argument"

        /// Whether this class describes a file's bytes (every class a test-kit vector can
        /// expect), rather than the file system, another process or the caller's request.
        public var describesBytes: Bool { self != .fileSystem && self != .locked && self != .invalidArgument }
    }

    public var kind: Kind
    public var message: String
    /// Byte range in the file, when the failure has a location.
    public var byteRange: Range<Int>?
    /// Chunk index, for payload failures.
    public var chunk: Int?

    public init(_ kind: Kind, _ message: String, byteRange: Range<Int>? = nil, chunk: Int? = nil) {
        self.kind = kind
        self.message = message
        self.byteRange = byteRange
        self.chunk = chunk
    }

    public var description: String {
        guard kind.describesBytes else { return message }  // the message names the path
        var text = "\(kind.rawValue): \(message)"
        if let chunk {
            text += " (chunk \(chunk)" + (byteRange.map { ", bytes \($0.lowerBound)..<\($0.upperBound)" } ?? "") + ")"
        } else if let byteRange {
            text += " (bytes \(byteRange.lowerBound)..<\(byteRange.upperBound))"
        }
        return text
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }
}
