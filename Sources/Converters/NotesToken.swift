/// One word of a notes line, with the shape that decides which field it can fill: an e-mail
/// address is a username, a URL (with or without a scheme: `empresa.atlassian.net`) is a
/// URL, a password-like string (digits and letters, or symbols) can be a password but never
/// a title. Labels are found over these tokens by ``NotesLineClassifier``.
struct NotesToken: Equatable, Sendable {
    enum Shape: Equatable, Sendable {
        /// Letters, maybe with `.`, `_`, `-` or `'` (`Netflix`, `ana.lopez`, `Wi-Fi`).
        case word
        case email, url
        /// Four or more digits (a PIN, an account number, a year).
        case number
        /// Letters with digits, or symbols with letters or digits (`hunter2`, `S0ld!Out`).
        case secret
    }

    var text: String
    /// ``text`` folded for the label lexicon (``NotesLabel/fold(_:)``).
    var folded: String
    var shape: Shape
    /// A separator run (`|`, `/`, ` - `, `—`, `->`, `:`, `,`, a tab, two spaces…) comes
    /// before this token, or it starts the line.
    var afterSeparator: Bool
    /// Written with `:` or `=` right after it (`user:`, `pw=`), or followed by a separator
    /// run that starts with one (`user : x`): the mark of a label.
    var marked = false
    /// Inside parentheses (`Hulu (ana@x.com) pw`).
    var parenthesised = false
    /// Which bracketed group of its line the token is in (1, 2…), 0 outside brackets: a
    /// remark cut by commas (`(was x, changed)`) is still one group.
    var bracket = 0
    /// Where the token stands in its line, and where its chunk ended (past a trailing `:`
    /// or `,` taken off as a separator): a value ending the line keeps them.
    var range: Range<String.Index>?
    var rawEnd: String.Index?
    /// Struck out (`~~Old#2022~~`): a value replaced by the one after it (``NotesHistory``).
    var struck = false

    init(_ text: String, afterSeparator: Bool) {
        self.text = text
        self.folded = NotesLabel.fold(text)
        self.shape = Self.shape(of: text)
        self.afterSeparator = afterSeparator
    }

    /// Whether the token can only be a value (never a title word).
    var isTyped: Bool { shape != .word }

    static func shape(of text: String) -> Shape {
        var dot = false
        var at = false
        var colon = false
        for byte in text.utf8 {
            if byte == 0x2E { dot = true } else if byte == 0x40 { at = true } else if byte == 0x3A { colon = true }
        }
        if at, isEmail(text) { return .email }
        if dot || colon, isURL(text) { return .url }
        var letters = false
        var digits = 0
        var symbols = false
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            let value = scalar.value
            if (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) {
                letters = true
            } else if value >= 0x30 && value <= 0x39 {
                digits += 1
            } else if value == 0x2E || value == 0x5F || value == 0x2D || value == 0x27 || value == 0x2019 {
                continue
            } else if value >= 0x80 && scalar.properties.isAlphabetic {
                letters = true
            } else {
                symbols = true
            }
        }
        if digits == count && count >= 4 { return .number }
        // "12-34-56", "555-201-7788", "0123 4567": digit groups joined by dashes are a number.
        if digits >= 4, !letters, !symbols, text.first?.isNumber == true, text.last?.isNumber == true,
            text.allSatisfy({ $0.isNumber || $0 == "-" })
        {
            return .number
        }
        // "#111984372", "№ 4471": a number sign and digits is a member or account number.
        if digits == count - 1, digits >= 4, let first = text.unicodeScalars.first, first == "#" || first == "№" {
            return .number
        }
        // "401k", "403b", "457b": a retirement plan's name, not a code (`317b` stays one).
        if count == 4, digits == 3, ["401k", "403b", "457b"].contains(text) { return .word }
        if count >= 4 && letters && digits > 0 { return .secret }
        // "Disney+", "Yahoo!", "AT&T" are names; "Pa$$word", "S0ld!Out" are not.
        if count >= 4 && symbols && (letters || digits > 0) {
            let core = text.unicodeScalars.reversed().drop { !$0.properties.isAlphabetic && !("0"..."9").contains($0) }
            let inner = core.contains {
                !$0.properties.isAlphabetic && !("0"..."9").contains($0) && !"._-'’".unicodeScalars.contains($0)
            }
            if digits > 0 || (inner && count >= 6) || !letters { return .secret }
        }
        return .word
    }

    /// A value that looks like a generated or chosen password, by the strict test the
    /// safety rules use: such a value never lands in a title, username, URL or folder.
    /// Six or more characters with letters, digits and a symbol, or with lower case, inner
    /// upper case and digits (`Jira!Pass2022`, `R0uter-Adm1n`, `8812Xq!`).
    static func isPasswordLike(_ text: some StringProtocol) -> Bool {
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        if ascii {
            // Byte tests first: this runs on nearly every word of a notes list.
            guard text.utf8.count >= 6, !text.utf8.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) })
            else { return false }
        } else {
            guard text.count >= 6, !text.contains(where: \.isWhitespace) else { return false }
        }
        if text.utf8.contains(0x40), isEmail(String(text)) { return false }
        // "@jperez80": a handle.
        if text.first == "@", text.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) {
            return false
        }
        var letters = false
        var lower = false
        var innerUpper = false
        var digits = false
        var symbols = 0
        // ASCII (most values): the same tests on bytes, without Unicode properties.
        if ascii {
            for (offset, byte) in text.utf8.enumerated() {
                switch byte {
                case 0x61...0x7A:
                    letters = true
                    lower = true
                case 0x41...0x5A:
                    letters = true
                    if offset > 0 { innerUpper = true }
                case 0x30...0x39: digits = true
                case 0x2E, 0x5F, 0x2D, 0x27: break
                default: symbols += 1
                }
            }
            return (letters && digits && symbols > 0) || (lower && innerUpper && digits && text.utf8.count >= 8)
                || (letters && symbols >= 2)
        }
        for (offset, character) in text.enumerated() {
            if character.isLetter {
                letters = true
                if character.isLowercase {
                    lower = true
                } else if character.isUppercase, offset > 0 {
                    innerUpper = true
                }
            } else if character.isNumber {
                digits = true
            } else if !"._-'".contains(character) {
                symbols += 1
            }
        }
        return (letters && digits && symbols > 0) || (lower && innerUpper && digits && text.count >= 8)
            || (letters && symbols >= 2)
    }

    static func isEmail(_ text: String) -> Bool {
        guard text.utf8.contains(0x40), let at = text.lastIndex(of: "@"), at != text.startIndex else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, local.first != "@" || local.count > 1 else { return false }
        // `deploy@203.0.113.17`: an account at a host's address, as ssh writes it.
        let octets = domain.split(separator: ".", omittingEmptySubsequences: false)
        if octets.count == 4,
            octets.allSatisfy({
                $0.count <= 3 && !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0).map { $0 <= 255 } == true
            }),
            local.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) })
        {
            return true
        }
        guard let tld = hostTLD(domain) else {
            // `jdrivera22@gmail`, `ana.lopez@hotmail`: an address written without its ending, at a
            // provider everyone knows (a password like `P@ssword` names none).
            // (`Blue@sky`, `Kitty@live` are passwords: a lower-case local part with a digit or a dot.)
            return !domain.contains(".") && mailProviders.contains(domain.lowercased()) && local.count >= 3
                && local.first?.isLetter == true
                && local.allSatisfy({ $0.isLowercase || $0.isNumber || "._+-".contains($0) })
                && local.contains(where: { $0.isNumber || "._".contains($0) })
        }
        // `Pa@ss.word` is a password: an unknown TLD needs a plain local part.
        return knownTLDs.contains(tld)
            || local.allSatisfy { $0.isLowercase || $0.isNumber || "._+-".contains($0) }
    }

    static let mailProviders: Set<String> = [
        "gmail", "googlemail", "hotmail", "outlook", "msn", "yahoo", "ymail", "icloud", "aol", "gmx", "protonmail",
        "zoho", "yandex", "mailru", "wanadoo", "laposte", "libero", "tiscali", "virgilio", "uol", "sapo", "ziggo",
        "kpnmail", "telenet", "seznam", "onet", "interia", "btinternet", "comcast", "verizon", "sbcglobal",
        "bigpond", "fastmail",
    ]

    /// Where `needle` first occurs in `text`, as a UTF-8 offset: a byte search, which the
    /// notes reader runs on every line (Foundation's `range(of:)` was a tenth of its time).
    static func utf8Offset(of needle: String, in text: some StringProtocol) -> Int? {
        var needle = needle
        var text = String(text)
        return needle.withUTF8 { pattern in
            text.withUTF8 { bytes -> Int? in
                guard let first = pattern.first else { return 0 }
                guard bytes.count >= pattern.count else { return nil }
                var start = 0
                while start <= bytes.count - pattern.count {
                    if bytes[start] == first {
                        var k = 1
                        while k < pattern.count, bytes[start + k] == pattern[k] { k += 1 }
                        if k == pattern.count { return start }
                    }
                    start += 1
                }
                return nil
            }
        }
    }

    /// `123-45-6789`, `0612345678`, `123456-654321-111111`: six digits or more, maybe
    /// grouped by `-`, `.` or `/`, and nothing else — an account, card, social-security or
    /// recovery number, never shown in a title, username or folder.
    static func isSecretNumber(_ text: some StringProtocol) -> Bool {
        var digits = 0
        for character in text {
            if character.isASCII, character.isNumber {
                digits += 1
            } else if !"-./".contains(character) {
                return false
            }
        }
        return digits >= 6
    }

    /// A payment card number written in groups (`4111 1111 1111 1111`): four groups of
    /// three to six digits in a row.
    static func hasCardNumber(_ text: some StringProtocol) -> Bool {
        var run = 0
        for word in text.split(separator: " ") {
            if word.count >= 3, word.count <= 6, word.allSatisfy({ $0.isASCII && $0.isNumber }) {
                run += 1
                if run >= 4 { return true }
            } else {
                run = 0
            }
        }
        return false
    }

    /// Text that names a secret: a password, PIN, code or security-answer label among its
    /// words ("old password was sunshine", "mother's maiden name smith").
    static func namesSecret(_ text: some StringProtocol) -> Bool {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "," })
            .map { NotesLabel.fold($0) }
        if words.contains(where: { ["maiden", "answer", "pwd", "pw", "passwort", "password"].contains($0) }) {
            return true
        }
        return words.contains { word in
            guard let label = NotesLabel.lookup(word) else { return false }
            return label.field == .password || label.field == .secret
        }
    }

    static func isURL(_ text: String) -> Bool {
        guard text.utf8.contains(0x2E) || text.utf8.contains(0x3A) else { return false }
        let lower = text.lowercased()
        if let scheme = utf8Offset(of: "://", in: lower) {
            let name = lower.utf8.prefix(scheme)
            return !name.isEmpty
                && name.allSatisfy {
                    (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || "+.-".utf8.contains($0)
                }
                && lower.utf8.count > scheme + 3
        }
        let host = lower.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }
        let rest = lower[host.endIndex...]
        if let port = rest.first, port == ":" {
            let digits = rest.dropFirst().prefix { $0 != "/" }
            guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return false }
        }
        if host == "localhost" { return !rest.isEmpty }
        if host.hasPrefix("www."), host.count > 4 { return hostTLD(host) != nil }
        if isIPv4(host) { return true }
        guard let tld = hostTLD(host) else { return false }
        return knownTLDs.contains(tld)
    }

    /// The last label of `host` when every label is letters, digits or `-`, and the last
    /// is two or more letters.
    static func hostTLD(_ host: some StringProtocol) -> String? {
        // (ASCII hosts, most of those asked about, are read over bytes.)
        if host.utf8.allSatisfy({ $0 < 0x80 }) {
            var labelLength = 0
            var lastLetters = true
            var dots = 0
            for byte in host.utf8 {
                if byte == 0x2E {
                    guard labelLength > 0 else { return nil }
                    dots += 1
                    labelLength = 0
                    lastLetters = true
                    continue
                }
                let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
                guard letter || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D else { return nil }
                if !letter { lastLetters = false }
                labelLength += 1
            }
            guard dots >= 1, labelLength >= 2, lastLetters else { return nil }
            return String(host.utf8.suffix(labelLength).map { $0 | 0x20 }.map { Character(Unicode.Scalar($0)) })
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2, last.allSatisfy(\.isLetter),
            labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
        else { return nil }
        return last.lowercased()
    }

    static func isIPv4(_ host: some StringProtocol) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { (1...3).contains($0.count) && $0.allSatisfy(\.isNumber) }
    }

    static let knownTLDs: Set<String> = [
        "com", "net", "org", "io", "co", "uk", "de", "fr", "es", "it", "pt", "nl", "be", "ch", "at", "eu", "us", "ca",
        "au", "nz", "ie", "se", "no", "dk", "fi", "pl", "cz", "ru", "br", "mx", "ar", "cl", "jp", "cn", "in", "za",
        "app", "dev", "me", "tv", "info", "biz", "gov", "edu", "mil", "int", "coop", "name", "pro", "cloud", "ai",
        "gg", "ly", "sh", "to", "xyz", "online", "site", "store", "tech", "local", "lan", "home", "internal", "page",
        "email", "social", "bank", "shop", "gr", "hu", "ro", "lu", "li", "is", "ee", "lt", "lv", "sk", "si", "hr",
        "tr", "il", "kr", "tw", "hk", "sg", "my", "ph", "id", "vn", "th", "cat", "gal", "eus", "club", "network",
        "work", "works", "team", "zone", "one", "software", "systems", "digital", "gle", "google", "fm", "am", "cc",
        "ws", "nu", "ms", "so", "ac", "pe", "uy", "ve", "ec", "bo", "py", "cr", "do", "gt", "pa",
    ]
}
