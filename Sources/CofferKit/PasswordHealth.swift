import Converters
import Foundation

/// A vault's password health, computed offline: reused, weak or common passwords, logins
/// without one, pages served over plain http, and passwords unchanged for a long time. It
/// names items, never passwords.
public struct PasswordHealth {
    public enum Problem: String, CaseIterable, Sendable {
        case reused, common, weak, missing
        case insecureURL = "insecure-url"
        case old
    }

    public struct Finding: Sendable {
        public let item: Int
        public let problem: Problem
        public let detail: String
    }

    public let findings: [Finding]

    /// The keys of an item record the findings read (and the id and title that name it).
    public static let itemKeys = ["id", "kind", "title", "username", "password", "urls", "created", "modified"]

    /// Below this zxcvbn estimate a password is weak: KeePassXC's "poor" band. It catches a
    /// word with a year (`Pelis2020`, 24 bits; `Winter2019!`, 20 bits), not 8 random
    /// letters and digits (about 47 bits).
    public static let weakBits = 40.0
    public static let oldAfterDays = 365

    public init(_ items: [VaultItem], now: Date = Date()) {
        // Each password's estimate on every core (zxcvbn was nine tenths of `analyze`, on one;
        // libzxcvbn keeps no state between calls: its tables are constant, its work on the
        // stack and the heap of each call).
        let calendar = Calendar(identifier: .gregorian)
        var findings = ParallelMap.map(items.count, serialBelow: 256) { index -> [Finding] in
            Self.ownFindings(of: items[index], at: index, now: now, calendar: calendar)
        }.flatMap { $0 }
        var byPassword = [String: [Int]]()
        for (index, item) in items.enumerated() {
            guard let password = item.password, !password.isEmpty else { continue }
            byPassword[password, default: []].append(index)
        }
        for (index, item) in items.enumerated() {
            for url in item.urls where url.lowercased().hasPrefix("http://") {
                findings.append(Finding(item: index, problem: .insecureURL, detail: url))
            }
        }
        for group in byPassword.values where group.count > 1 {
            for index in group {
                let others = group.filter { $0 != index }.map { items[$0].title }
                findings.append(
                    Finding(
                        item: index, problem: .reused,
                        detail: "also used by " + others.prefix(3).joined(separator: ", ")
                            + (others.count > 3 ? " and \(others.count - 3) more" : "")))
            }
        }
        self.findings = findings.sorted {
            (Problem.allCases.firstIndex(of: $0.problem)!, $0.item) < (
                Problem.allCases.firstIndex(of: $1.problem)!, $1.item
            )
        }
    }

    /// What `item` (at `index`) shows on its own: no password, a common or weak one, or one
    /// unchanged for over a year.
    static func ownFindings(of item: VaultItem, at index: Int, now: Date, calendar: Calendar) -> [Finding] {
        var findings = [Finding]()
        guard let password = item.password, !password.isEmpty else {
            if item.kind == .login {
                findings.append(Finding(item: index, problem: .missing, detail: "no password"))
            }
            return findings
        }
        if isCommon(password) {
            findings.append(Finding(item: index, problem: .common, detail: "one of the most used passwords"))
        } else {
            // The item's own title and username make a password that contains them weaker.
            let bits = PasswordStrength(password, userWords: [item.title, item.username ?? ""]).bits
            if bits < weakBits {
                findings.append(
                    Finding(
                        item: index, problem: .weak,
                        detail: "about \(Int(bits)) bits by zxcvbn (\(password.count) characters)"))
            }
        }
        if let changed = item.modified ?? item.created,
            let days = calendar.dateComponents([.day], from: changed, to: now).day,
            days > oldAfterDays
        {
            findings.append(Finding(item: index, problem: .old, detail: "unchanged for \(days) days"))
        }
        return findings
    }

    /// zxcvbn's estimate (``PasswordStrength``): dictionary words, names, years, keyboard
    /// patterns and repeats count for what they are, not for their length.
    public static func estimatedBits(_ password: String) -> Double { PasswordStrength(password).bits }

    /// Whether `password` (ignoring case, and digits or symbols added at its end) is one of
    /// the most used passwords of the public breach lists.
    public static func isCommon(_ password: String) -> Bool {
        let lowered = password.lowercased()
        if commonPasswords.contains(lowered) { return true }
        let stem = String(lowered.reversed().drop { !$0.isLetter }.reversed())
        return stem.count >= 4 && commonPasswords.contains(stem)
    }

    static let commonPasswords: Set<String> = [
        "123456", "password", "12345678", "qwerty", "123456789", "12345", "1234", "111111", "1234567", "dragon",
        "123123", "baseball", "abc123", "football", "monkey", "letmein", "696969", "shadow", "master", "666666",
        "qwertyuiop", "123321", "mustang", "1234567890", "michael", "654321", "superman", "1qaz2wsx", "7777777",
        "121212", "000000", "qazwsx", "123qwe", "killer", "trustno1", "jordan", "jennifer", "zxcvbnm", "asdfgh",
        "hunter", "buster", "soccer", "harley", "batman", "andrew", "tigger", "sunshine", "iloveyou", "2000",
        "charlie", "robert", "thomas", "hockey", "ranger", "daniel", "starwars", "klaster", "112233", "george",
        "computer", "michelle", "jessica", "pepper", "1111", "zxcvbn", "555555", "11111111", "131313", "freedom",
        "777777", "pass", "maggie", "159753", "aaaaaa", "ginger", "princess", "joshua", "cheese", "amanda",
        "summer", "love", "ashley", "nicole", "chelsea", "biteme", "matthew", "access", "yankees", "987654321",
        "dallas", "austin", "thunder", "taylor", "matrix", "welcome", "admin", "login", "passw0rd", "qwerty123",
        "password1", "p@ssw0rd", "winter", "spring", "autumn", "hello", "secret", "changeme", "default", "guest",
    ]
}
