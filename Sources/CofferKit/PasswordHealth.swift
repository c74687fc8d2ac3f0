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

    /// The id and title of an item the findings name.
    public struct Subject: Sendable {
        public let id: UUID
        public let title: String
    }

    public let findings: [Finding]
    /// Every item analysed, in order: a finding's `item` is an index into it.
    public let subjects: [Subject]

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
        self.init(
            surveys: ParallelMap.map(items.count, serialBelow: 256) { index in
                ItemSurvey(items[index], at: index, now: now, calendar: calendar)
            })
    }

    /// The health of items surveyed one by one (``ItemSurvey``), in order: what is left of
    /// each item once its own findings are made is its name and its password's digest, so
    /// a vault's items need not be held together.
    init(surveys: [ItemSurvey]) {
        let subjects = ParallelMap.map(surveys.count, serialBelow: 65_536) {
            Subject(id: surveys[$0].id, title: surveys[$0].title)
        }
        var findings = [Finding]()
        for survey in surveys where !survey.findings.isEmpty { findings += survey.findings }
        for group in Self.sharedPasswords(surveys).joined() {
            // Three others named, the rest counted: linear in the group, which can be the
            // whole vault (a placeholder password on every imported line).
            let more = group.count - 1 - 3
            for index in group {
                let others = group.lazy.filter { $0 != index }.prefix(3).map { subjects[$0].title }
                findings.append(
                    Finding(
                        item: index, problem: .reused,
                        detail: "also used by " + others.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
                    ))
            }
        }
        // By problem, then item; an item's findings of one problem in the order made (its
        // URLs'): Swift's sort is stable, and all but reuse's are made in item order already.
        self.findings = Problem.allCases.flatMap { problem in
            findings.filter { $0.problem == problem }.sorted { $0.item < $1.item }
        }
        self.subjects = subjects
    }

    /// The indices of the surveys of each password held by more than one, in order. Digests
    /// are shared out among the cores by value (one table a core, each of its part of the
    /// passwords): at a million items, one table's random accesses were a serial third of a
    /// second.
    static func sharedPasswords(_ surveys: [ItemSurvey]) -> [[[Int]]] {
        let parts = surveys.count < 65_536 ? 1 : ProcessInfo.processInfo.activeProcessorCount
        return ParallelMap.map(parts, serialBelow: 2) { part in
            var firstWith = [PasswordDigest: Int](minimumCapacity: surveys.count / parts + 16)
            var sharing = [Int: [Int]]()
            for (index, survey) in surveys.enumerated() {
                guard let digest = survey.digest, parts == 1 || Int(digest.low % UInt64(parts)) == part else {
                    continue
                }
                if let first = firstWith[digest] {
                    sharing[first, default: [first]].append(index)
                } else {
                    firstWith[digest] = index
                }
            }
            return Array(sharing.values)
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
            let bits = PasswordStrength.bits(password, userWords: [item.title, item.username ?? ""])
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
    public static func estimatedBits(_ password: String) -> Double { PasswordStrength.bits(password) }

    /// Whether `password` (ignoring case, and digits or symbols added at its end) is one of
    /// the most used passwords of the public breach lists.
    public static func isCommon(_ password: String) -> Bool {
        let lowered = password.lowercased()
        if commonPasswords.contains(lowered) { return true }
        // The stem: the password without the digits and symbols at its end (found from the
        // end, not by reversing it: building reversed strings was a seventh of `analyze`).
        guard let last = lowered.lastIndex(where: \.isLetter), last < lowered.index(before: lowered.endIndex) else {
            return false  // no letter, or nothing at the end to drop: the stem was looked up
        }
        let stem = lowered[...last]
        return stem.count >= 4 && commonPasswords.contains(String(stem))
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
