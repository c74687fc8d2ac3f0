import Foundation

/// A time-based one-time-password key (RFC 6238) as authenticator apps exchange it: the
/// Key URI format `otpauth://totp/ISSUER:ACCOUNT?secret=BASE32&issuer=…&algorithm=…&digits=…&period=…`.
/// Items keep their TOTP as such a URI (``VaultItem/totp``); this is the one place that
/// reads one, builds one from a bare secret, and writes one with its label and issuer
/// percent-encoded (RFC 3986), so a title like `Bank & Co: ana@x.com` stays one label.
/// Steam Guard keys (`steam://SECRET`, or a URI with `encoder=steam` or issuer Steam) are
/// the same RFC 6238 SHA-1 code written as 5 characters of Steam's alphabet.
public struct TOTP: Equatable, Sendable {
    /// How the truncated HMAC becomes the code people type.
    public enum Encoder: String, Sendable {
        /// RFC 6238: `digits` decimal digits.
        case decimal
        /// Steam Guard: 5 characters of ``TOTP/steamAlphabet``, SHA-1, 30 seconds.
        case steam
    }

    public static let steamAlphabet = Array("23456789BCDFGHJKMNPQRTVWXY")
    public static let steamCharacters = 5

    public enum Algorithm: String, CaseIterable, Sendable {
        case sha1 = "SHA1"
        case sha256 = "SHA256"
        case sha512 = "SHA512"
    }

    /// Why a text is not a usable TOTP key: a ``ModelError`` for the key `totp`.
    static func invalid(_ reason: String) -> ModelError { ModelError(key: "totp", reason) }

    public static let digitRange = 6...8
    public static let periodRange = 1...86_400

    /// The shared secret in base32: upper case, without padding or spaces.
    public private(set) var secret: String
    public var algorithm: Algorithm
    public private(set) var digits: Int
    /// Seconds each code is valid.
    public private(set) var period: Int
    public var issuer: String?
    public var account: String
    public private(set) var encoder: Encoder

    public init(
        secret: String, account: String, issuer: String? = nil, algorithm: Algorithm = .sha1, digits: Int = 6,
        period: Int = 30, encoder: Encoder = .decimal
    ) throws {
        guard let normalized = Self.normalizedBase32(secret) else {
            throw Self.invalid("the secret is not base32")
        }
        self.encoder = encoder
        if encoder == .steam {
            guard algorithm == .sha1, period == 30 else {
                throw Self.invalid("Steam Guard codes use SHA1 and a 30-second period")
            }
        } else {
            guard Self.digitRange.contains(digits) else {
                throw Self.invalid("digits must be 6, 7 or 8, not \(digits)")
            }
        }
        guard Self.periodRange.contains(period) else {
            throw Self.invalid(
                "period must be \(Self.periodRange.lowerBound)…\(Self.periodRange.upperBound) seconds")
        }
        self.secret = normalized
        self.account = account
        self.issuer = issuer
        self.algorithm = algorithm
        self.digits = encoder == .steam ? Self.steamCharacters : digits
        self.period = period
    }

    /// Reads `text`: an `otpauth://totp/…` URI, or a bare base32 secret (spaces and hyphens
    /// allowed, as apps print them), which then gets `account` as its label.
    public init(parsing text: String, account: String = "") throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("otpauth:") {
            self = try Self.parseURI(trimmed)
        } else if trimmed.lowercased().hasPrefix("steam://") {
            try self.init(
                secret: String(trimmed.dropFirst("steam://".count)), account: account, issuer: "Steam",
                encoder: .steam)
        } else {
            try self.init(secret: trimmed, account: account)
        }
    }

    /// The Key URI: label and every parameter value percent-encoded; parameters that hold
    /// their defaults (SHA1, 6 digits, 30 seconds) left out.
    public var uri: String {
        var label = Self.percentEncoded(account)
        if let issuer, !issuer.isEmpty { label = Self.percentEncoded(issuer) + ":" + label }
        var text = "otpauth://totp/\(label)?secret=\(secret)"
        if let issuer, !issuer.isEmpty { text += "&issuer=\(Self.percentEncoded(issuer))" }
        if algorithm != .sha1 { text += "&algorithm=\(algorithm.rawValue)" }
        if encoder == .steam { return text + "&encoder=steam" }
        if digits != 6 { text += "&digits=\(digits)" }
        if period != 30 { text += "&period=\(period)" }
        return text
    }

    /// What importers store for a TOTP value found in an export: a valid URI as written
    /// (unknown parameters kept); one that is readable but not a valid URI (a raw space in
    /// its label) or a bare secret as this model writes it, the bare secret labelled
    /// `account` (or "import" when that is empty); anything else as written, for
    /// ``VaultItem/validationIssues()`` to report — never dropped.
    public static func itemValue(_ text: String, account: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let totp = try? TOTP(parsing: trimmed, account: account.isEmpty ? "import" : account) else {
            return trimmed
        }
        let isURI = trimmed.lowercased().hasPrefix("otpauth:")
        return isURI && trimmed.utf8.allSatisfy(uriCharacters.contains) ? trimmed : totp.uri
    }

    /// The characters RFC 3986 allows in a URI (a `%` only as part of an escape, which
    /// reading has checked).
    static let uriCharacters = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".utf8)

    // MARK: - Reading

    private static func parseURI(_ text: String) throws -> TOTP {
        let afterScheme = text.dropFirst("otpauth:".count)
        guard afterScheme.hasPrefix("//") else { throw Self.invalid("not an otpauth:// URI") }
        let rest = afterScheme.dropFirst(2)
        let type = rest.prefix { $0 != "/" && $0 != "?" }
        guard type.lowercased() == "totp" else {
            throw Self.invalid(type.lowercased() == "hotp" ? "hotp is not time-based" : "type must be totp")
        }
        let afterType = rest.dropFirst(type.count)
        let path = afterType.hasPrefix("/") ? afterType.dropFirst().prefix { $0 != "?" } : ""
        // A literal colon separates the issuer; an encoded one (%3A) belongs to the name.
        let labelParts = path.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map {
            String($0).removingPercentEncoding
        }
        guard labelParts.allSatisfy({ $0 != nil }) else { throw Self.invalid("the label has a bad percent escape") }
        var parameters = [String: String]()
        if let question = afterType.firstIndex(of: "?") {
            for pair in afterType[afterType.index(after: question)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].lowercased()
                guard let value = (parts.count > 1 ? String(parts[1]) : "").removingPercentEncoding else {
                    throw Self.invalid("parameter \(name) has a bad percent escape")
                }
                guard parameters[name] == nil else { throw Self.invalid("parameter \(name) is given twice") }
                parameters[name] = value
            }
        }
        guard let secret = parameters["secret"], !secret.isEmpty else { throw Self.invalid("no secret= parameter") }
        var algorithm = Algorithm.sha1
        if let name = parameters["algorithm"] {
            guard let known = Algorithm(rawValue: name.uppercased()) else {
                throw Self.invalid("algorithm must be SHA1, SHA256 or SHA512, not \(name)")
            }
            algorithm = known
        }
        func integer(_ name: String, _ fallback: Int) throws -> Int {
            guard let text = parameters[name] else { return fallback }
            guard let value = Int(text) else { throw Self.invalid("\(name) must be a number, not \(text)") }
            return value
        }
        var issuer = parameters["issuer"]
        var account = labelParts[0]!
        if labelParts.count == 2 {
            account = labelParts[1]!.trimmingCharacters(in: .whitespaces)
            if issuer == nil { issuer = labelParts[0] }
        }
        // Steam Guard by its encoder parameter (KeePassXC, Aegis) or by its issuer (andOTP).
        let steam =
            parameters["encoder"]?.lowercased() == "steam" || issuer?.caseInsensitiveCompare("Steam") == .orderedSame
        return try TOTP(
            secret: secret, account: account, issuer: issuer, algorithm: algorithm,
            digits: try integer("digits", steam ? steamCharacters : 6), period: try integer("period", 30),
            encoder: steam ? .steam : .decimal)
    }

    /// Upper-case base32 without padding, spaces or hyphens; nil when `text` is not base32
    /// or has a length no byte string encodes to.
    static func normalizedBase32(_ text: String) -> String? {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var cleaned = text.uppercased().filter { $0 != " " && $0 != "-" }
        while cleaned.hasSuffix("=") { cleaned.removeLast() }
        guard !cleaned.isEmpty, cleaned.allSatisfy({ alphabet.contains($0) }) else { return nil }
        // 8 characters hold 5 bytes; a partial group has 2, 4, 5 or 7 characters.
        guard [0, 2, 4, 5, 7].contains(cleaned.count % 8) else { return nil }
        return cleaned
    }

    /// The secret's bytes (base32 decoded, RFC 4648; the partial last group's spare bits
    /// dropped).
    public var secretBytes: [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
        var value = [UInt8: UInt32]()
        for (i, c) in alphabet.enumerated() { value[c] = UInt32(i) }
        var bytes = [UInt8]()
        var buffer: UInt32 = 0
        var bits = 0
        for c in secret.utf8 {
            buffer = (buffer << 5) | (value[c] ?? 0)
            bits += 5
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        return bytes
    }

    // MARK: - Writing

    /// RFC 3986 unreserved characters pass; every other byte of the UTF-8 is %XX.
    static func percentEncoded(_ text: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var out = [UInt8]()
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
