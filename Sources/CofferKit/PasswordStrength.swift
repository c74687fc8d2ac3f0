internal import CZxcvbn
import Foundation
import VaultCrypto

/// How hard a password is to guess, by zxcvbn (the estimator KeePassXC uses, Debian's
/// libzxcvbn): the entropy in bits of the cheapest way to build the password from
/// dictionary words, names, keyboard patterns, dates, repeats, sequences and brute force.
/// It sees `Pelis2020` as a word and a year, which counting character classes does not.
public struct PasswordStrength: Equatable, Sendable {
    /// KeePassXC's bands: under 40 bits poor, under 75 weak, under 100 good, else excellent.
    public enum Band: String, CaseIterable, Comparable, Sendable {
        case poor, weak, good, excellent

        public init(bits: Double) {
            self = bits < 40 ? .poor : bits < 75 ? .weak : bits < 100 ? .good : .excellent
        }

        public static func < (a: Band, b: Band) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One part of the password as zxcvbn explains it. Positions only, never the text.
    public struct Match: Equatable, Sendable {
        /// In UTF-8 bytes from the start of the password.
        public var offset: Int
        public var length: Int
        /// `dictionary`, `leet`, `user-word`, `repeat`, `sequence`, `spatial`, `date`,
        /// `year`, `brute-force`, `long` (the part beyond what zxcvbn examines).
        public var kind: String
        public var bits: Double
        /// The part repeats an earlier one.
        public var repeated: Bool
    }

    public var bits: Double
    public var matches: [Match]
    public var band: Band { Band(bits: bits) }

    /// zxcvbn looks at this many UTF-8 bytes at most; longer input adds nothing to its
    /// estimate (libzxcvbn caps it too) and would only cost time.
    public static let examinedBytes = 256

    /// The estimate for `password`. `userWords` are words that make it weaker when it
    /// contains them (the vault's name, the username). A NUL ends the password for zxcvbn.
    public init(_ password: String, userWords: [String] = []) {
        var bytes = Array(password.utf8)
        defer { wipe(&bytes) }
        self.init(utf8: bytes, userWords: userWords)
    }

    /// The estimate for a password held as UTF-8 bytes (a passphrase in secure memory).
    public init(utf8 password: some Collection<UInt8>, userWords: [String] = []) {
        var info: UnsafeMutablePointer<ZxcMatch_t>?
        let bits = Self.match(utf8: password, userWords: userWords, info: &info)
        defer { ZxcvbnFreeInfo(info) }
        var matches = [Match]()
        var next = info
        while let match = next {
            let raw = match.pointee.`Type`.rawValue
            matches.append(
                Match(
                    offset: Int(match.pointee.Begin), length: Int(match.pointee.Length),
                    kind: Self.kindName(raw % MULTIPLE_MATCH.rawValue), bits: match.pointee.Entrpy,
                    repeated: raw >= MULTIPLE_MATCH.rawValue))
            next = match.pointee.Next
        }
        self.bits = bits
        self.matches = matches.sorted { $0.offset < $1.offset }
    }

    /// The estimate's bits alone, ``bits`` of ``init(_:userWords:)``: no explanation is
    /// asked of zxcvbn, so none is built (`analyze` asks this of every password).
    public static func bits(_ password: String, userWords: [String] = []) -> Double {
        // (The one copy of its bytes is `match`'s, wiped there.)
        match(utf8: password.utf8, userWords: userWords, info: nil)
    }

    /// zxcvbn's bits for `password` (up to a NUL, at most ``examinedBytes``), its matches in
    /// `info` when that is asked for (a non-nil pointer to nil: the caller frees them).
    private static func match(
        utf8 password: some Collection<UInt8>, userWords: [String],
        info: UnsafeMutablePointer<UnsafeMutablePointer<ZxcMatch_t>?>?
    ) -> Double {
        var bytes = Array(password.prefix { $0 != 0 })
        defer { wipe(&bytes) }
        if bytes.count > Self.examinedBytes {
            // Cut at a character boundary: never inside a multi-byte UTF-8 sequence.
            var end = Self.examinedBytes
            while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            bytes.removeSubrange(end...)
        }
        bytes.append(0)
        var cWords = userWords.filter { !$0.isEmpty && !$0.utf8.contains(0) }.map { strdup($0) }
        defer { for word in cWords { free(word) } }
        cWords.append(nil)
        let bits = bytes.withUnsafeBufferPointer { password in
            cWords.withUnsafeMutableBufferPointer { words in
                words.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: words.count) { list in
                    password.withMemoryRebound(to: CChar.self) { ZxcvbnMatch($0.baseAddress, list, info) }
                }
            }
        }
        return bits.isFinite ? max(bits, 0) : 0
    }

    static func kindName(_ raw: UInt32) -> String {
        switch raw {
        case BRUTE_MATCH.rawValue: "brute-force"
        case DICTIONARY_MATCH.rawValue: "dictionary"
        case DICT_LEET_MATCH.rawValue: "leet"
        case USER_MATCH.rawValue: "user-word"
        case USER_LEET_MATCH.rawValue: "user-word-leet"
        case REPEATS_MATCH.rawValue: "repeat"
        case SEQUENCE_MATCH.rawValue: "sequence"
        case SPATIAL_MATCH.rawValue: "spatial"
        case DATE_MATCH.rawValue: "date"
        case YEAR_MATCH.rawValue: "year"
        case LONG_PWD_MATCH.rawValue: "long"
        default: "other"
        }
    }
}
