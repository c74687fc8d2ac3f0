/// Splits one notes line into ``NotesToken``s. Separators are runs of two or more spaces,
/// tabs, `|`, `/`, `-`, `–`, `—`, `--`, `=`, `->`, `=>`, `:`, `,` and `;` standing apart
/// from words; `:` or `,` at a word's end; `:` or `=` after a label glued to its value
/// (`pw:x`); and `|` inside a word when the line has at least two (`a|b|c`) and no separator
/// standing apart from words. A `-` or `/` inside a word (`R0uter-Adm1n`, `https://x`) is
/// part of the word.
enum NotesTokenizer {
    static let separatorCharacters: Set<Character> = [
        "|", "/", "\\", "-", "–", "—", "=", ">", ":", ",", ";", "→", "⇒", "~",
        // Arrows both ways and bullets people type or paste (`Hamster#Wheel9 ← amazon`, `▸ Nubank`);
        // not `•`, which masks a value (`pw: ••••••`).
        "←", "⇐", "➜", "➔", "➤", "►", "▸", "▶", "»",
        // A middle dot standing between words (`**Duolingo** · user: x · pw: y`); inside a word
        // (Catalan `col·legi`) it stays the word's.
        "·",
        // `<-`, `<--`, `<=` pointing back at the value (`x / y  <- changed in Oct`).
        "<",
    ]

    /// One of ``separatorCharacters`` (tested on its scalar: hashing a `Character` costs more).
    static func isSeparator(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return false }
        return separatorScalars.contains(scalar.value)
    }

    private static let separatorScalars: [UInt32] = separatorCharacters.map { $0.unicodeScalars.first!.value }.sorted()

    /// `line` with each run of three dots or more, each `…`, and each `..` standing between
    /// spaces (`work (gsuite) .. rachel@x.com`), made a gap of spaces.
    static func dotLeadersSpaced(_ line: Substring) -> String {
        var result = ""
        var dots = 0
        for character in line {
            if character == "." {
                dots += 1
                continue
            }
            if dots > 0 {
                let standing = dots == 2 && character == " " && (result.last == " " || result.isEmpty)
                result += dots >= 3 || standing ? "  " : String(repeating: ".", count: dots)
                dots = 0
            }
            result.append(character == "…" ? " " : character)
            if character == "…" { result.append(" ") }
        }
        if dots > 0 { result += dots >= 3 ? "" : String(repeating: ".", count: dots) }
        return result
    }

    static func tokens(_ line: Substring) -> [NotesToken] {
        var tokens = [NotesToken]()
        // (Most lines hold no bar: counted over bytes, the tests of bars are skipped.)
        let bars = line.utf8.count(where: { $0 == 0x7C })
        let splitBars =
            (bars >= 2 && !hasStandingSeparator(line) && !barsInLabelledPassword(line))
            || (bars == 1 && isTitleBarValue(line))
        var pendingSeparator = true
        var inParentheses = false
        var bracketGroups = 0
        var separatorSinceToken = false
        var index = line.startIndex
        while index < line.endIndex {
            // The gap before this chunk: a tab or two spaces separate, one space joins.
            var spaces = 0
            while index < line.endIndex, line[index] == " " || line[index] == "\t" || line[index] == "\u{A0}" {
                spaces += line[index] == "\t" ? 2 : 1
                index = line.index(after: index)
            }
            if spaces >= 2 { pendingSeparator = true }
            guard index < line.endIndex else { break }
            let start = index
            while index < line.endIndex, line[index] != " ", line[index] != "\t", line[index] != "\u{A0}" {
                index = line.index(after: index)
            }
            // `pw "Hotel Rooms Are Tiny 4"`, `SSID “Garcia Family”`: words in double quotes are one
            // value, spaces and all (the quotes come off below).
            if let open = line[start...].first, let close = Self.doubleQuotes[open],
                !line[line.index(after: start)..<index].contains(close),
                let end = line[index...].prefix(80).firstIndex(of: close),
                case let after = line.index(after: end),
                after == line.endIndex || line[after].isWhitespace || ",.;:)".contains(line[after]),
                line[start..<end].split(separator: " ").count <= 8
            {
                index = after
                while index < line.endIndex, ",.;:)".contains(line[index]) { index = line.index(after: index) }
            }
            var chunk = line[start..<index]
            // "  # work", "  // old" after values: a comment to the end of the line, kept as a
            // remark (in brackets), never a value.
            // ("member # 1118…": `#` before a number is the number's sign, not a comment.)
            let numberSign =
                chunk == "#" && line[index...].drop(while: { $0 == " " }).first.map({ $0.isNumber }) == true
            if numberSign {
                // ("customer # 0012345-01": after a word it makes a label of, `customer #`, the
                // sign stays, so the label is read whole — before any value: "USAA: ana / pw -
                // member # 0091" leaves the number a field of its own, beside the login.)
                if let last = tokens.last, !separatorSinceToken, !last.marked, !last.parenthesised,
                    tokens.allSatisfy({ $0.shape == .word }), NotesLabel.lookup(last.folded + " #") != nil
                {
                    tokens.append(NotesToken("#", afterSeparator: false))
                }
                continue
            }
            if chunk == "#" || chunk == "//", !tokens.isEmpty, spaces > 0 {
                if !inParentheses { bracketGroups += 1 }
                inParentheses = true
                pendingSeparator = true
                separatorSinceToken = true
                continue
            }
            // ("Folder: Travel · Modified 2023-06-11": a middle dot separates only before a
            // label, `· user: x · pw: y`.)
            let middleDotInWords =
                chunk == "·"
                && !(line[index...].drop { $0 == " " }.prefix { $0 != " " }.last.map { ":=".contains($0) } ?? false)
            if chunk.allSatisfy(isSeparator), !middleDotInWords {
                // `user : ana`, `pw = x`: the mark of the word just before.
                if let last = tokens.indices.last, !separatorSinceToken, chunk.first == ":" || chunk.first == "=" {
                    tokens[last].marked = true
                }
                pendingSeparator = true
                separatorSinceToken = true
                continue
            }
            // ":85544749" after "Identifiant ": the mark of the word before, then the value
            // (after a word already marked, `psw: :x` keeps its colon: it is the value's).
            if let first = chunk.first, first == ":" || first == "=", chunk.count > 1, let last = tokens.indices.last,
                !separatorSinceToken, !tokens[last].marked, !pendingSeparator,
                !(first == "=" && unwrapped(chunk) != nil)
            {
                tokens[last].marked = true
                chunk = chunk.dropFirst()
                pendingSeparator = true
            }
            // Pictographs decorate ("☁️ Trello"); a few stand for labels (👤, 🔑).
            if chunk.unicodeScalars.allSatisfy(isDecoration) {
                let bare = chunk.unicodeScalars.filter { $0.value != 0x200D && !(0xFE00...0xFE0F).contains($0.value) }
                if let label = NotesLabel.lookup(String(String.UnicodeScalarView(bare))) {
                    tokens.append(NotesToken(label.name, afterSeparator: true))
                    separatorSinceToken = false
                    pendingSeparator = false
                } else {
                    pendingSeparator = true
                }
                continue
            }
            // "🏦GitHub": a pictograph glued before a word.
            while let first = chunk.unicodeScalars.first, isDecoration(first) {
                chunk = Substring(chunk.unicodeScalars.dropFirst())
            }
            var opens = false
            // "Xbox live {seanjr_2009}": one word in braces is bracketed like `(x)` (a brace
            // that opens JSON or code is not: it holds quotes, colons or more braces).
            var braced = false
            if chunk.count > 2, chunk.first == "{", chunk.last == "}",
                !chunk.dropFirst().dropLast().contains(where: { "{}\":,".contains($0) })
            {
                chunk = chunk.dropFirst().dropLast()
                opens = true
                braced = true
            }
            while chunk.first == "(" || chunk.first == "[" {
                chunk = chunk.dropFirst()
                opens = true
            }
            if opens {
                if !inParentheses { bracketGroups += 1 }
                inParentheses = true
                pendingSeparator = true
            }
            var closes = braced
            var trailingMark = false
            var trailingSeparator = false
            while let last = chunk.last {
                if last == ")" || last == "]", inParentheses || opens {
                    closes = true
                } else if last == ":" || last == "," || last == ";" || (last == "|" && chunk.count > 1) {
                    if last == ":" && !closes { trailingMark = true }
                    trailingSeparator = true
                } else {
                    break
                }
                chunk = chunk.dropLast()
            }
            // "…, username ana@x.co.uk.": a sentence's full stop is no part of an address.
            let fullStop =
                chunk.last == "." && chunk.utf8.contains(0x40) && NotesToken.isEmail(String(chunk.dropLast()))
            if fullStop { chunk = chunk.dropLast() }
            if chunk.first == "<", chunk.last == ">", chunk.utf8.contains(0x3A) || chunk.utf8.contains(0x40) {
                chunk = chunk.dropFirst().dropLast()  // <https://x>, <ana@x.com>
            }
            // Marks around the value are no part of it, nor of what the value ends with.
            var struck = false
            var wrapped = false
            if chunk.utf8.count > 4, chunk.hasPrefix("~~"), chunk.hasSuffix("~~") {
                chunk = chunk.dropFirst(2).dropLast(2)
                struck = true
                wrapped = true
            } else if let inner = unwrapped(chunk) {
                chunk = inner
                wrapped = true
            }
            // "Senha de acesso:x": the words just before may open the label phrase.
            var before = [String]()
            if !pendingSeparator {
                for token in tokens.suffix(NotesLabel.longestPhrase - 1).reversed() {
                    guard !token.marked else { break }
                    before.insert(token.folded, at: 0)
                    if token.afterSeparator { break }
                }
            }
            let parts = pieces(of: chunk, splitBars: splitBars, before: before)
            for (offset, part) in parts.enumerated() {
                var token = NotesToken(String(part.text), afterSeparator: pendingSeparator || offset > 0)
                token.marked = part.marked
                token.struck = struck
                token.parenthesised = inParentheses
                token.bracket = inParentheses ? bracketGroups : 0
                token.range = part.text.startIndex..<part.text.endIndex
                // What the chunk ended with (`Rocket26:`, `Hond's.10,`) belongs to a value
                // that ends the line.
                token.rawEnd =
                    offset == parts.count - 1 && !closes && !wrapped && !fullStop ? index : part.text.endIndex
                tokens.append(token)
                pendingSeparator = false
                separatorSinceToken = false
            }
            if trailingMark, let last = tokens.indices.last { tokens[last].marked = true }
            if trailingSeparator || closes { pendingSeparator = true }
            if closes { inParentheses = false }
        }
        return gluedLoginSplit(
            remoteLoginsJoined(cardNumbersJoined(phoneNumbersJoined(tightColons(tokens, in: line), in: line))))
    }

    /// Quotes and emphasis around one value (`“Fluffy&Fido22”`, `*bakerfamily*`, `'x'`,
    /// `«x»`, `''x''`), which are no part of it. The marks must pair up and not recur inside.
    static func unwrapped(_ chunk: Substring) -> Substring? {
        guard let first = chunk.first, quoteOpeners.contains(first), chunk.count >= 3 else { return nil }
        for (open, close) in quotePairs where chunk.hasPrefix(open) && chunk.hasSuffix(close) {
            let inner = chunk.dropFirst(open.count).dropLast(close.count)
            guard !inner.isEmpty, !inner.contains(open.last!), !inner.contains(close.first!),
                inner.first?.isWhitespace == false, inner.last?.isWhitespace == false
            else { continue }
            return inner
        }
        return nil
    }

    /// Double quotes that may hold a value of several words, and the mark closing each.
    static let doubleQuotes: [Character: Character] = ["\"": "\"", "“": "”", "„": "“", "«": "»"]

    private static let quotePairs: [(String, String)] = [
        ("''", "''"), ("\"", "\""), ("'", "'"), ("“", "”"), ("„", "“"), ("‘", "’"), ("«", "»"), ("‹", "›"),
        ("*", "*"), ("`", "`"),
        // Org mode's verbatim and code marks (`=Hofmann-5G=`, `~x~`).
        ("=", "="), ("~", "~"),
    ]
    private static let quoteOpeners = Set(quotePairs.map { $0.0.first! })

    /// `ana@x.org/Couch!Flix9`, `88120044/B4nk#2020`, `ana_gym/Lift&Run8`: a login and a
    /// password glued by one slash are two values. The left side must be an e-mail, a number
    /// or a lower-case login name opening with three letters and holding a dot or underscore,
    /// so a password holding a slash (`Drag/5974PUR`, `NedR.nw/cg9HUj9`) stays whole.
    /// `admin:Gr4fana-Adm1n`, `root/calvin`, `ana@x.org:Couch!Flix9`: a device's well-known
    /// login name (``defaultLoginNames``) or an e-mail, then a colon or a slash, and its
    /// password — a colon only so (`PutItOnRed:17` stays whole).
    private static func gluedLoginSplit(_ tokens: [NotesToken]) -> [NotesToken] {
        guard tokens.contains(where: { $0.text.utf8.contains(0x2F) || $0.text.utf8.contains(0x3A) }) else {
            return tokens
        }
        var result = [NotesToken]()
        for token in tokens {
            let bytes = token.text.utf8
            guard bytes.count(where: { $0 == 0x2F || $0 == 0x3A }) == 1,
                let mark = token.text.firstIndex(where: { $0 == "/" || $0 == ":" }),
                !token.marked, token.shape != .url
            else {
                result.append(token)
                continue
            }
            let left = String(token.text[..<mark])
            let right = String(token.text[token.text.index(after: mark)...])
            let wellKnown = defaultLoginNames.contains(left.lowercased())
            let slashLogin =
                token.text[mark] == "/"
                && ((left.count >= 4 && left.allSatisfy { $0.isASCII && $0.isNumber })
                    || (NotesRecordAssembler.isBracketedHandle(left) && left.prefix(3).allSatisfy(\.isLetter)
                        && left.contains(where: { $0 == "_" || $0 == "." }) && !left.contains(where: \.isUppercase)))
            let login = NotesToken.isEmail(left) || wellKnown || slashLogin
            let password =
                !right.isEmpty
                && (NotesToken.isPasswordLike(right) || NotesToken.shape(of: right) == .secret
                    || (wellKnown && right.count >= 4 && right.contains(where: \.isLetter)))
            guard login, password, !NotesToken.isEmail(right) else {
                result.append(token)
                continue
            }
            var first = NotesToken(left, afterSeparator: token.afterSeparator)
            first.parenthesised = token.parenthesised
            first.bracket = token.bracket
            var second = NotesToken(right, afterSeparator: true)
            second.parenthesised = token.parenthesised
            second.bracket = token.bracket
            second.rawEnd = token.rawEnd
            result += [first, second]
        }
        return result
    }

    /// Login names devices and databases ship with, written before their password with a
    /// colon or a slash (`root/calvin`, `admin:admin`, `pi:raspberry`).
    static let defaultLoginNames: Set<String> = [
        "admin", "administrator", "root", "pi", "ubnt", "sa", "guest", "postgres", "cisco", "superuser", "sysadmin",
    ]

    /// `ssh deploy@203.0.113.17`: a remote-login command and its `user@host` are one URL
    /// (`ssh://deploy@203.0.113.17`), never a username and a password.
    private static func remoteLoginsJoined(_ tokens: [NotesToken]) -> [NotesToken] {
        guard tokens.count >= 2 else { return tokens }
        var result = [NotesToken]()
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if index + 1 < tokens.count, remoteLoginCommands.contains(token.folded), !token.marked,
                tokens[index + 1].shape == .email, !tokens[index + 1].afterSeparator
            {
                var joined = NotesToken(
                    token.folded + "://" + tokens[index + 1].text, afterSeparator: token.afterSeparator)
                joined.parenthesised = token.parenthesised
                result.append(joined)
                index += 2
            } else {
                result.append(token)
                index += 1
            }
        }
        return result
    }

    static let remoteLoginCommands: Set<String> = ["ssh", "sftp", "ftp", "ftps", "rdp", "vnc", "telnet", "mosh", "scp"]

    /// `4111 1111 1111 1111`: four or more groups of three to six digits in a row, with no
    /// separator between them, are one value (a card number), never a username and a password.
    /// `(555) 201-8834`, `(11) 98765-4321`: an area code in brackets and the number after it
    /// are one value (a phone number, often a login), never a remark and a value.
    private static func phoneNumbersJoined(_ tokens: [NotesToken], in line: Substring) -> [NotesToken] {
        guard tokens.count >= 2, tokens.contains(where: \.parenthesised) else { return tokens }
        var result = [NotesToken]()
        var index = 0
        while index < tokens.count {
            let code = tokens[index]
            if index + 1 < tokens.count, code.parenthesised, code.bracket > 0, (2...4).contains(code.text.count),
                code.text.allSatisfy({ $0.isASCII && $0.isNumber }),
                index == 0 || tokens[index - 1].bracket != code.bracket,
                case let number = tokens[index + 1], !number.parenthesised,
                !number.afterSeparator || number.bracket == 0,
                number.text.count >= 6, number.text.first?.isNumber == true,
                number.text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == ".") })
            {
                var joined = NotesToken("(\(code.text)) \(number.text)", afterSeparator: code.afterSeparator)
                if let start = code.range?.lowerBound, start > line.startIndex, let end = number.range?.upperBound {
                    joined.range = line.index(before: start)..<end
                }
                joined.rawEnd = number.rawEnd
                joined.marked = number.marked
                result.append(joined)
                index += 2
                continue
            }
            result.append(code)
            index += 1
        }
        return result
    }

    /// `4471 8820 1934`, `+86 138 0013 8000`, `06 12 34 56 78`, `55 1234 8876`: an account,
    /// customer or phone number written in groups is one value too: three groups or more and
    /// nine digits or more (so `2021 12 03` stays a date), opening with three digits or `+`, in
    /// four groups, or of ten digits or more; or two groups of ten digits or more opening
    /// with 0 (`07700 900181`).
    private static func cardNumbersJoined(_ tokens: [NotesToken]) -> [NotesToken] {
        // (A group may carry the mark of the separator after it: `+44 7700 900123 : pw`.)
        // (`555-12-34`, `112-233-445`: a group may be digits joined by dashes, two or three
        // each — never a date, `2024-03-05`; `1 23 45 678 901 234`: a group may be one digit,
        // in a long run, below.)
        func digits(_ token: NotesToken) -> Int? {
            let text = token.text.utf8.first == 0x2B ? token.text.dropFirst() : token.text[...]
            if text.utf8.contains(0x2D) {
                let parts = text.utf8.split(separator: 0x2D, omittingEmptySubsequences: false)
                guard parts.count >= 2, text.utf8.first != 0x2D,
                    parts.allSatisfy({ (2...3).contains($0.count) && $0.allSatisfy { (0x30...0x39).contains($0) } })
                else { return nil }
                return parts.reduce(0) { $0 + $1.count }
            }
            guard (1...8).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return nil
            }
            return text.utf8.count
        }
        guard tokens.count(where: { digits($0) != nil }) >= 2 else { return tokens }
        var result = [NotesToken]()
        var index = 0
        while index < tokens.count {
            // The longest run of groups, and within it the run of three digits or more
            // (a card number stops before `12 25 123`, its expiry and code).
            var end = index
            var total = 0
            while end < tokens.count, let count = digits(tokens[end]), end == index || !tokens[end].afterSeparator,
                end == index || (tokens[end].text.utf8.first != 0x2B && !tokens[end - 1].marked)
            {
                total += count
                end += 1
            }
            // (A group of seven or eight digits ends a phone number: `0171 2345678 4471` is the
            // number and a PIN after it.)
            if let long = (index..<end).first(where: { position in
                !tokens[position].text.utf8.contains(0x2D) && (digits(tokens[position]) ?? 0) >= 7
            }) {
                total -= tokens[(long + 1)..<end].reduce(0) { $0 + (digits($1) ?? 0) }
                end = long + 1
            }
            var cardEnd = index
            while cardEnd < end, tokens[cardEnd].text.utf8.count >= 3, tokens[cardEnd].text.utf8.first != 0x2B {
                cardEnd += 1
            }
            let card = cardEnd - index >= 4
            if card { end = cardEnd }
            let groups = end - index
            // (One-digit groups only in a long run of them: `2 84 07 75 112 048 33`, a French
            // social security number, never `3 2024 12 45`.)
            let short = tokens[index..<end].contains { $0.text.utf8.count == 1 }
            let dashed = tokens[index..<end].contains { $0.text.utf8.contains(0x2D) }
            // (Ten digits or more in three groups is a phone number however its first group
            // is written: `55 1234 8876`.)
            // (`07700 900181`, `0171 2345678`: two groups of ten digits or more, the first a
            // trunk prefix, 0, and at least three digits long, are a phone number too.)
            // (`112-233-445 95`: a number with dashes and its check digits, two groups.)
            let grouped =
                (groups >= 3 && total >= 9
                    && (groups >= 4 || tokens[index].text.utf8.first == 0x2B || (digits(tokens[index]) ?? 0) >= 3
                        || total >= 10))
                || (groups == 2 && total >= 10 && tokens[index].text.utf8.first == 0x30
                    && (digits(tokens[index]) ?? 0) >= 3)
                || (groups == 2 && dashed && total >= 10)
            let number = grouped && (!short || (groups >= 5 && total >= 12)) && (!dashed || total >= 10)
            if card || number {
                var joined = NotesToken(
                    tokens[index..<end].map(\.text).joined(separator: " "), afterSeparator: tokens[index].afterSeparator
                )
                joined.parenthesised = tokens[index].parenthesised
                joined.shape = .number
                result.append(joined)
                index = end
            } else {
                result.append(tokens[index])
                index += 1
            }
        }
        return result
    }

    /// `Prime Video:camille.smit:Baca=1493PEL`, `Airbnb:kaffe79`: a line without any
    /// separator whose word holds a colon is split there — once after the title, and once
    /// more after a username (an e-mail or a handle); the rest is one value.
    private static func tightColons(_ tokens: [NotesToken], in line: Substring) -> [NotesToken] {
        guard tokens.count <= 6, tokens.dropFirst().allSatisfy({ !$0.afterSeparator && !$0.marked }),
            tokens.first?.marked == false,
            let at = tokens.firstIndex(where: { token in
                token.range != nil && NotesToken.utf8Offset(of: "://", in: token.text) == nil
                    && token.text.dropFirst().dropLast().utf8.contains(0x3A)
                    // (`10.0.4.22:6379`, `nas.lan:5000`: a host and its port are one address.)
                    && token.shape != .url
            }),
            tokens[at].range != nil
        else { return tokens }
        let text = tokens[at].text
        let base = tokens[at]
        guard let colon = text.firstIndex(of: ":") else { return tokens }
        let left = String(text[..<colon])
        var right = Substring(text[text.index(after: colon)...])
        var pieces = [(String, Bool)]()  // text, starts a new field
        pieces.append((left, false))
        if let second = right.firstIndex(of: ":"), second != right.startIndex {
            let user = String(right[..<second])
            if NotesToken.isEmail(user)
                || !NotesToken.isPasswordLike(user) && !user.contains(where: { "!#$%&*?=+".contains($0) })
            {
                pieces.append((user, true))
                right = right[right.index(after: second)...]
            }
        }
        // The value ending the line keeps what its chunk ended with (`Montagne14,`).
        let tail =
            at == tokens.count - 1
            ? tokens[at].rawEnd.flatMap { end in tokens[at].range.map { line[$0.upperBound..<end] } }
                ?? "" : ""
        // "pw:ana@x.com" after the title: an e-mail or URL at the end is its own value.
        var last: String?
        if let colon = right.lastIndex(of: ":"), colon != right.startIndex {
            let end = String(right[right.index(after: colon)...])
            if NotesToken.isEmail(end) || (NotesToken.isURL(end) && !end.hasPrefix("//")) {
                last = end
                right = right[..<colon]
            }
        }
        if !right.isEmpty { pieces.append((String(right) + (last == nil ? tail : ""), true)) }
        if let last { pieces.append((last + tail, true)) }
        var result = Array(tokens[..<at])
        for (offset, (piece, separate)) in pieces.enumerated() where !piece.isEmpty {
            var token = NotesToken(piece, afterSeparator: separate || (offset == 0 && base.afterSeparator))
            token.parenthesised = base.parenthesised
            result.append(token)
        }
        result += tokens[(at + 1)...]
        return result
    }

    /// A chunk split where a label is glued to its value (`pw:x`, `user=ana`) and at `|`
    /// when the line has at least two.
    private static func pieces(of chunk: Substring, splitBars: Bool, before: [String]) -> [(
        text: Substring, marked: Bool
    )] {
        var parts = [(text: Substring, marked: Bool)]()
        var rest = chunk
        if splitBars {
            let bars = rest.split(separator: "|")
            if bars.count > 1 { return bars.map { ($0, false) } }
        }
        if let mark = rest.firstIndex(where: { $0 == ":" || $0 == "=" }), mark != rest.startIndex {
            let label = rest[..<mark]
            let value = rest[rest.index(after: mark)...].drop { $0 == ":" || $0 == "=" }
            let folded = NotesLabel.fold(label)
            let phrases = before.indices.map { (before[$0...] + [folded]).joined(separator: " ") }
            if !value.isEmpty, !value.hasPrefix("//"),
                NotesLabel.lookup(folded) ?? NotesLabel.misspelt(folded) ?? NotesLineClassifier.compound(folded)
                    ?? phrases.lazy.compactMap(NotesLabel.lookup).first != nil
            {
                parts.append((label, true))
                rest = value
            }
        }
        if !rest.isEmpty { parts.append((rest, false)) }
        return parts
    }

    /// Whether a separator stands apart from words somewhere in the line (`a / b`, `x : y`,
    /// `a | b`): the line's fields are cut there, so bars glued inside a word
    /// (`TylerB2001 / Halo|Infinite|TB`) are part of a value, not separators.
    static func hasStandingSeparator(_ line: Substring) -> Bool {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" }).contains { chunk in
            chunk.allSatisfy(isSeparator)
        } || line.contains("\t")
    }

    /// `pass: UniFi|Net|2024`: every bar inside the one word after a password label (written
    /// with its colon or `=`) is part of the password, not a column of `a|b|c`.
    static func barsInLabelledPassword(_ line: Substring) -> Bool {
        let chunks = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{A0}" })
        guard let value = chunks.firstIndex(where: { $0.contains("|") }), value > chunks.startIndex,
            chunks[value...].dropFirst().allSatisfy({ !$0.contains("|") }),
            chunks[value].first != "|", chunks[value].last != "|",
            let mark = chunks[value - 1].last, mark == ":" || mark == "="
        else { return false }
        // The label: the one to three words before the value, its mark taken off.
        return (1...min(NotesLabel.longestPhrase, value - chunks.startIndex)).contains { words in
            let phrase = chunks[(value - words)..<value].joined(separator: " ").dropLast()
            return NotesLabel.lookup(NotesLabel.fold(String(phrase)))?.field == .password
        }
    }

    /// `GitHub|Printemps2018#`: a lone `|` in a line without spaces, after a capitalised
    /// name of letters — a title and its value, as in the `a|b|c` lines around it.
    static func isTitleBarValue(_ line: Substring) -> Bool {
        let trimmed = NotesLineClassifier.trimmedSpaces(line)
        guard !trimmed.contains(where: { $0 == " " || $0 == "\t" }), trimmed.count(where: { $0 == "|" }) == 1,
            let bar = trimmed.firstIndex(of: "|")
        else { return false }
        let name = trimmed[..<bar]
        return name.count >= 3 && name.first?.isUppercase == true && name.allSatisfy(\.isLetter)
            && trimmed.index(after: bar) != trimmed.endIndex
    }

    /// Emoji and their joiners and variation selectors.
    static func isDecoration(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value)
            || (scalar.value >= 0x2190 && scalar.properties.isEmoji)
    }
}
