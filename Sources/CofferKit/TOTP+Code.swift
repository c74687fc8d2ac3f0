import Foundation
import VaultCrypto
import VaultModel

/// The codes a TOTP key gives (RFC 6238 over RFC 4226's HOTP), here rather than in
/// VaultModel because they need an HMAC (VaultCrypto).
extension TOTP {
    /// A code and how long it stays valid.
    public struct Code: Equatable, Sendable {
        public var code: String
        /// Whole seconds until the next code (1…period).
        public var secondsLeft: Int
    }

    /// The code valid at `date`, and the seconds it has left.
    public func code(at date: Date) throws -> Code {
        let seconds = max(0, Int64(date.timeIntervalSince1970.rounded(.down)))
        let counter = UInt64(seconds / Int64(period))
        let code = try code(counter: counter)
        return Code(code: code, secondsLeft: period - Int(seconds % Int64(period)))
    }

    /// The HOTP value for time step `counter`: the HMAC of its 8 big-endian bytes,
    /// dynamically truncated to 31 bits, then written as `digits` decimal digits or, for
    /// Steam Guard, 5 characters of Steam's alphabet (least significant first).
    public func code(counter: UInt64) throws -> String {
        let message = (0..<8).map { UInt8(truncatingIfNeeded: counter >> (56 - 8 * UInt64($0))) }
        var mac = try HMAC.authenticate(message, key: secretBytes, digest: digest)
        defer { mac.wipe() }
        let offset = Int(mac[mac.count - 1] & 0x0F)
        var value =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        switch encoder {
        case .steam:
            var characters = ""
            for _ in 0..<Self.steamCharacters {
                let alphabet = Self.steamAlphabet
                characters.append(alphabet[Int(value % UInt32(alphabet.count))])
                value /= UInt32(alphabet.count)
            }
            return characters
        case .decimal:
            var modulus: UInt32 = 1
            for _ in 0..<digits { modulus *= 10 }
            let number = String(value % modulus)
            return String(repeating: "0", count: digits - number.count) + number
        }
    }

    private var digest: HMAC.Digest {
        switch algorithm {
        case .sha1: .sha1
        case .sha256: .sha256
        case .sha512: .sha512
        }
    }
}
