/// Classifies notes lines: strips list markers and Markdown emphasis, tokenizes, finds labels
/// (with a colon anywhere; without one only for words that are labels on their own, before
/// a single value), splits the rest into fields at separators and around values, and tells
/// sentences apart from records.
enum NotesLineClassifier {
    /// No label, title or record is this long: a longer line is kept whole, never scanned.
    static let maximumParsedLine = 4096

    /// `line` with full-width brackets, colon, comma and slash (CJK notes: `Wi-Fi（自宅）`,
    /// `ID：x`) as their ASCII forms, so labels and remarks read as they do in other notes.
    /// The ideographic space (`ＩＤ　hiroshi_docomo`) is a gap between values, as two spaces
    /// are; a label typed in full-width letters (`ＩＤ`, `ＰＷ`) is read in ASCII. Other
    /// full-width letters stay as written: they may be a value's.
    static func asciiPunctuation(_ line: String) -> String {
        var line = line
        // ("淘宝——账号 lihua_1982——密码 x": a doubled dash between words without spaces.)
        if line.utf8.contains(0xE2), line.includes("——") { line = line.replacingOccurrences(of: "——", with: " — ") }
        // (Every full-width form starts with the byte EF, the ideographic space with E3: most
        // lines have neither to look at.)
        guard line.utf8.contains(where: { $0 == 0xEF || $0 == 0xE3 }) else { return line }
        var result = ""
        var letters = ""  // a run of full-width letters, not yet written
        func flushLetters() {
            guard !letters.isEmpty else { return }
            let ascii = String(letters.unicodeScalars.map { Character(Unicode.Scalar($0.value - 0xFEE0)!) })
            result += NotesLabel.lookup(NotesLabel.fold(ascii)) != nil ? ascii : letters
            letters = ""
        }
        for character in line {
            if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                (0xFF21...0xFF3A).contains(scalar.value) || (0xFF41...0xFF5A).contains(scalar.value)
            {
                letters.append(character)
                continue
            }
            flushLetters()
            if character == "\u{3000}" {
                result += "  "
                continue
            }
            // (A full-width bracket needs no space before it; an ASCII one glued to a word
            // would make `Wi-Fi(自宅)` one word, read like a password.)
            if character == "（", let last = result.last, !last.isWhitespace { result.append(" ") }
            result.append(fullWidthForms[character] ?? character)
            // ("微信：手机号 138…": words without spaces between them; a full-width colon or
            // comma ends its word, as the ASCII one and a space do.)
            if character == "：" || character == "，" { result.append(" ") }
        }
        flushLetters()
        return result
    }

    private static let fullWidthForms: [Character: Character] = [
        "（": "(", "）": ")", "：": ":", "，": ",", "／": "/", "［": "[", "］": "]",
    ]

    static func classify(_ raw: String, number: Int) -> NotesLine {
        guard raw.utf8.count <= maximumParsedLine else { return NotesLine(number: number, raw: raw, kind: .long) }
        let trimmed = String(
            treeStripped(
                trimmedSpaces(NotesScriptSpacing.spaced(Self.asciiPunctuation(raw))[...])))
        var line = NotesLine(number: number, raw: raw, kind: .content)
        // ">" alone: an empty line inside a blockquote or callout.
        if trimmed.isEmpty || trimmed.allSatisfy({ $0 == ">" || $0 == " " }) {
            line.kind = .blank
            return line
        }
        // "```", "```bash", "~~~": a Markdown code fence; what it encloses is read as lines.
        // (Inside a blockquote or callout too: `> ```.)
        let unquoted = trimmed.first == ">" ? trimmed.drop { $0 == ">" || $0 == " " } : trimmed[...]
        if unquoted.hasPrefix("```") || unquoted.hasPrefix("~~~") {
            let info = unquoted.drop { $0 == "`" || $0 == "~" }
            if info.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }), !info.contains("`") {
                line.kind = info.isEmpty ? .fence : .long
                return line
            }
        }
        // "==Altes Passwort: x==" (Bear, Obsidian): a highlight around text, not a frame.
        if trimmed.hasPrefix("=="), trimmed.hasSuffix("=="), trimmed.count > 4,
            case let inner = trimmed.dropFirst(2).dropLast(2), let first = inner.first, let last = inner.last,
            first != "=", !first.isWhitespace, last != "=", !last.isWhitespace  // so it recurses once
        {
            return classify(String(raw.prefix { $0 == " " || $0 == "\t" }) + inner, number: number)
        }
        let marks = trimmed.filter { $0 != " " && $0 != "\t" }
        if marks.count >= 3, let first = marks.first, "-=*_~".contains(first), marks.allSatisfy({ $0 == first }) {
            line.kind = .rule(first)
            return line
        }
        // "=== EMAIL ===", "*** Work ***", "--- Bank ---": a name framed by marks heads a section.
        // ("**HUK-Coburg**", "__Bank__" are bold: a title line, not a frame.)
        let bold: Bool = {
            guard let first = trimmed.first, first == "*" || first == "_" else { return false }
            let run = trimmed.prefix { $0 == first }
            return run.count == 2 && trimmed.dropFirst(2).first?.isWhitespace == false
        }()
        if let first = trimmed.first, "=*~-_".contains(first), trimmed.hasPrefix(String(repeating: first, count: 2)),
            trimmed.hasSuffix(String(repeating: first, count: 2)), !bold
        {
            let inner = trimmed.drop { $0 == first || $0 == " " }.reversed().drop { $0 == first || $0 == " " }
            let name = String(inner.reversed())
            // ("*** update when you change something, I mean it ***": a sentence framed for
            // emphasis is a remark, not a section's name.)
            let sentence = name.split(separator: " ").count > 7
            if name.contains(where: \.isLetter), name.count <= 60, !sentence {
                line.kind = .heading(level: 1, text: isCapitals(name) ? name.capitalized : name)
                return line
            }
        }
        // "[staging]", "[Bank accounts]": a section's name in brackets, as INI files and
        // scratch notes write it, heads what follows.
        if trimmed.count >= 4, trimmed.first == "[", trimmed.last == "]",
            case let name = trimmed.dropFirst().dropLast(), !name.contains("[") && !name.contains("]"),
            name.first?.isLetter == true, name.count <= 40, name.lowercased() != "x",
            // (Letters only: `[Summer2019]`, `[B4nk.2020]` are passwords in brackets. Names of
            // several words may have digits and marks: `[ePUAP / Profil Zaufany]`, `[Site 2]`.)
            name.allSatisfy({ $0.isLetter || " &".contains($0) })
                || (name.contains(" ") && name.split(separator: " ").count <= 5
                    && name.allSatisfy({ $0.isLetter || $0.isNumber || " &/-.'()".contains($0) })
                    && !name.split(separator: " ").contains(where: { NotesToken.isPasswordLike($0) }))
        {
            line.kind = .heading(level: 1, text: String(name))
            return line
        }
        if let heading = markdownHeading(trimmed) {
            // "# facebook.com | ana@x.org | Fb2018pass <- deleted": a commented-out record or a
            // comment holding a value is kept out of sight, never a heading (a folder is shown).
            if case .heading(_, let text) = heading,
                text.includes(" | ")
                    || text.split(separator: " ").contains(where: { word in
                        let bare = word.drop { "([{".contains($0) }.reversed().drop { ")]},:;.".contains($0) }
                            .reversed()
                        return NotesToken.isPasswordLike(String(bare)) && bare.contains(where: \.isNumber)
                    }) || namesSecretValue(text)
            {
                line.kind = .long
                return line
            }
            line.kind = heading
            return line
        }
        // "--- | --- | ---": the divider of a table written without outer pipes.
        if !trimmed.hasPrefix("|"), trimmed.utf8.contains(0x7C),
            trimmed.split(separator: "|").allSatisfy({ cell in
                let cell = cell.trimmedWhitespace
                return cell.count >= 3 && cell.allSatisfy { $0 == "-" || $0 == ":" }
            })
        {
            line.kind = .tableDivider
            return line
        }
        if trimmed.hasPrefix("|"), trimmed.dropFirst().contains("|") {
            var cells = trimmed.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmedWhitespace
            }
            cells.removeFirst()
            if cells.last?.isEmpty == true { cells.removeLast() }
            // (Org mode writes `|----+----|`: one cell, the columns joined by `+`.)
            let divider = cells.allSatisfy { cell in
                !cell.isEmpty && cell.allSatisfy { $0 == "-" || $0 == ":" || $0 == "+" } && cell.contains("-")
            }
            line.kind = divider ? .tableDivider : .tableRow(cells.map { String(NotesMarkdown.plain($0[...])) })
            return line
        }
        var unprefixed = trimmed[...]
        // "export GITHUB_TOKEN=…", "set DB_PASS=…": the shell's word before a variable.
        for word in ["export ", "set ", "setx ", "$env:"] where unprefixed.hasPrefix(word) {
            let rest = unprefixed.dropFirst(word.count)
            if let equals = rest.firstIndex(where: { $0 == "=" || $0 == " " }), rest[equals] == "=" || word == "setx ",
                rest[..<equals].contains("_") || word != "set "
            {
                unprefixed = rest  // syntax, like a list marker
            }
        }
        if let first = unprefixed.utf8.first, first == 0x5B || (first >= 0x30 && first <= 0x39),
            let (prefix, rest) = chatPrefix(unprefixed)
        {
            line.prefix = String(prefix)
            unprefixed = rest
        } else if let (prefix, rest) = ownerInitial(unprefixed) {
            // "K: Fidelity 401k  kevinwalsh82 / pw", "M: mara@x.org  pw  x": whose account it
            // is, by an initial, in a couple's or a family's shared list.
            line.prefix = String(prefix)
            unprefixed = rest
        } else if let (prefix, rest) = NotesDateEntry.split(unprefixed) {
            // "Mar 3 2024 — signed up for Duolingo as …": a journal's date opening an entry.
            line.prefix = String(prefix)
            unprefixed = rest
        }
        let (body, listItem) = NotesMarkdown.stripListMarker(unprefixed)
        line.isListItem = listItem
        line.text = String(NotesMarkdown.plain(body))
        // `mysql -h db1 -u app -p'S3cret'`: a pasted command is read for what it signs in with.
        if let command = NotesCommandLine.find(in: line.text) {
            line.command = command.written
            line.text = command.rewritten(line.text)
        } else if NotesCommandLine.isPlainCommand(line.text) {
            line.kind = .long
            return line
        }
        // "Netflix ........ ana@x.org": dot leaders (three dots or more, or `…`) separate.
        if Self.hasDotLeader(line.text) {
            line.text = NotesTokenizer.dotLeadersSpaced(line.text[...])
        }
        line.text = equalsSpaced(remarkAfterValue(propertyKeyUnderscored(line.text)))
        // "Dropbox — was Dropbox123, now Box.Of.Drops.88": a change log's line, as the record
        // it leaves (the older values set aside).
        let changed = NotesChangeLog.rewrite(line.text)
        if let changed { line.text = changed.text }
        line.isCapitals = isCapitals(line.text)
        var tokens = NotesTokenizer.tokens(line.text[...])
        (line.superseded, line.supersededRemarks) = NotesHistory.supersededValues(&tokens, in: line.text)
        if let changed {
            line.superseded = changed.superseded + line.superseded
            line.supersededRemarks = changed.remarks + line.supersededRemarks
        }
        if !line.superseded.isEmpty { line.supersededRemarks += NotesHistory.tellingWordsRemoved(&tokens) }
        line.isProse = isProse(tokens, text: line.text)
        if line.isProse { line.tokens = tokens }
        line.fields = fields(tokens, prose: line.isProse)
        if tokens.contains(where: \.parenthesised) { line.fields = labelsAfterValues(bracketsJoined(line.fields)) }
        for index in line.fields.indices {
            let field = line.fields[index]
            guard let first = field.tokens.first?.range, let last = field.tokens.last, let end = last.range?.upperBound
            else { continue }
            let endsLine = last.range == tokens.last?.range
            // (A value whose sentence's full stop was taken off ends before it.)
            let cut = last.text.utf8.count < line.text[last.range!].utf8.count && line.text[last.range!].hasSuffix(".")
            let upper = cut ? line.text.index(before: end) : endsLine ? (last.rawEnd ?? end) : end
            // (Not across an older value taken out of the line: `PAC ~~55120~~ new one`.)
            if first.lowerBound < upper,
                case let written = line.text[first.lowerBound..<upper],
                !line.superseded.contains(where: { written.contains($0) })
            {
                line.fields[index].written = String(written)
            }
        }
        if line.fields.count == 1, let label = line.fields[0].label, line.fields[0].tokens.isEmpty,
            label.bare || tokens.last?.marked == true
        {
            line.kind = .labelOnly(label)
        }
        return line
    }

    /// `[12/03/2021, 19:05] Ana: `, `12/03/2021, 19:05 - Ana: ` (WhatsApp), `[19:05] <ana> `:
    /// a chat message's time and sender, and the message after them.
    static func chatPrefix(_ text: Substring) -> (Substring, Substring)? {
        var rest = text
        if rest.first == "[", let close = rest.firstIndex(of: "]") {
            let stamp = rest[rest.index(after: rest.startIndex)..<close]
            guard stamp.count >= 4, stamp.count <= 40, stamp.contains(where: \.isNumber),
                stamp.allSatisfy({ $0.isNumber || " /.,:-APMapm".contains($0) })
            else { return nil }
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        } else {
            // WhatsApp: "12/03/2021, 19:05 - Ana: …"
            guard rest.first?.isNumber == true, let dash = rest.prefix(30).range(of: " - "),
                rest[..<dash.lowerBound].count <= 24,
                rest[..<dash.lowerBound].contains(":"),
                rest[..<dash.lowerBound].allSatisfy({ $0.isNumber || " /.,:APMapm".contains($0) }),
                rest.first?.isNumber == true
            else { return nil }
            rest = rest[dash.upperBound...]
        }
        // The sender: a few words and a colon, or `<nick>`.
        if rest.first == "<", let close = rest.firstIndex(of: ">"),
            rest.distance(from: rest.startIndex, to: close) <= 30
        {
            let message = rest[rest.index(after: close)...].drop { $0 == " " }
            return message.isEmpty ? nil : (text[..<message.startIndex], message)
        }
        guard let colon = rest.firstIndex(of: ":"), rest.distance(from: rest.startIndex, to: colon) <= 30,
            rest[..<colon].split(separator: " ").count <= 3,
            rest[..<colon].allSatisfy({ $0.isLetter || $0 == " " || $0 == "." || $0 == "'" })
        else { return nil }
        let message = rest[rest.index(after: colon)...].drop { $0 == " " }
        return message.isEmpty ? nil : (text[..<message.startIndex], message)
    }

    /// `K: ` opening a line of more words: one capital letter that is no label (`U:` and `P:`
    /// are user and password) and a colon, naming whose the account is.
    static func ownerInitial(_ text: Substring) -> (Substring, Substring)? {
        let bytes = text.utf8
        // (Nor the letters lists use as labels of their own — `T:` tel, `L:` login, `E:` mail,
        // `N:` name, `W:` web, `S:` site, `I:` id — nor `X:`, a service.)
        guard bytes.count >= 6, let first = bytes.first, first >= 0x41, first <= 0x5A, !"XTLENWSI".utf8.contains(first),
            bytes.dropFirst().first == 0x3A, bytes.dropFirst(2).first == 0x20,
            NotesLabel.lookup(String(UnicodeScalar(first + 0x20))) == nil
        else { return nil }
        let rest = text.dropFirst(3).drop { $0 == " " }
        // ("K: = Kevin": a legend, read as it is.)
        guard let next = rest.first, next.isLetter || next.isNumber else { return nil }
        return (text[..<rest.startIndex], rest)
    }

    /// `text` without the branches of a drawn tree before it (`├── `, `│   └── `, and `tree`'s
    /// ASCII `|-- `, `` `-- ``, `+-- `): they indent, like spaces.
    static func treeStripped(_ text: Substring) -> Substring {
        // Only lines opening with a branch character pay for the search.
        guard let first = text.unicodeScalars.first,
            "|`+\\".unicodeScalars.contains(first) || (0x2500...0x257F).contains(first.value)
        else { return text }
        var rest = text
        while true {
            if let first = rest.unicodeScalars.first, (0x2500...0x257F).contains(first.value) {
                rest = rest.dropFirst().drop { $0 == " " || $0 == "\u{A0}" }
                continue
            }
            var matched = false
            for branch in ["|-- ", "`-- ", "+-- ", "|--- ", "`--- ", "\\-- ", "|   "] where rest.hasPrefix(branch) {
                // "|   " only before more tree: a table row starts with "|" too.
                if branch == "|   ", !(rest.dropFirst(4).first.map { "|`+\\ ".contains($0) } ?? false) { continue }
                rest = rest.dropFirst(branch.count).drop { $0 == " " }
                matched = true
                break
            }
            if !matched { return rest }
        }
    }

    /// Three dots in a row, two standing between spaces, or `…` (U+2026, bytes E2 80 A6), by a
    /// byte scan.
    static func hasDotLeader(_ text: String) -> Bool {
        var dots = 0
        var before: UInt8 = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if byte == 0x2E {
                if dots == 0 { before = previous }
                dots += 1
                if dots == 3 { return true }
            } else {
                if dots == 2, byte == 0x20, before == 0x20 { return true }
                dots = 0
                if byte == 0xA6, text.utf8.contains(0xE2) { return text.contains("…") }
            }
        }
        return false
    }

    /// `text` without spaces, tabs and no-break spaces at either end.
    static func trimmedSpaces(_ text: Substring) -> Substring {
        // (Most lines neither open nor end with a blank: their first and last bytes say so —
        // a space, a tab, or the lead or last byte of U+00A0 or U+FEFF.)
        guard let head = text.utf8.first, let tail = text.utf8.last else { return text }
        if head != 0x20, head != 0x09, head != 0xC2, head != 0xEF, tail != 0x20, tail != 0x09, tail != 0xA0,
            tail != 0xBF
        {
            return text
        }
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\u{A0}" || $0 == "\u{FEFF}" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return text[first...last]
    }

    /// Two or more letters, all capitals (`BANKING`, `EMAIL ACCOUNTS:`).
    static func isCapitals(_ text: String) -> Bool {
        var letters = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x41 && value <= 0x5A {
                letters += 1
            } else if value >= 0x61 && value <= 0x7A {
                return false
            } else if value >= 0x80, scalar.properties.isAlphabetic {
                if scalar.properties.isLowercase { return false }
                if scalar.properties.isUppercase { letters += 1 }
            }
        }
        return letters >= 2
    }

    /// `# PIN: 4802`, `## pinkod kortet: 4802`: a secret's label and its value after a colon
    /// or `=` — no heading, whose words are shown as a folder or a title. The label is all
    /// the words before the mark, or their first one or two before a value with a digit
    /// (`# Password manager: Bitwarden` is a heading).
    static func namesSecretValue(_ text: String) -> Bool {
        guard let mark = text.firstIndex(where: { $0 == ":" || $0 == "=" }) else { return false }
        let value = text[text.index(after: mark)...]
        let words = NotesLabel.fold(text[..<mark]).split(separator: " ")
        guard !words.isEmpty, words.count <= NotesLabel.longestPhrase,
            value.contains(where: { $0.isLetter || $0.isNumber })
        else { return false }
        let counts = value.contains(where: \.isNumber) ? Array(1...words.count) : [words.count]
        return counts.contains { count in
            NotesLabel.lookup(words.prefix(count).joined(separator: " ")).map {
                [.password, .secret, .totp].contains($0.field)
            } ?? false
        }
    }

    static func markdownHeading(_ text: String) -> NotesLine.Kind? {
        let hashes = text.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count), text.dropFirst(hashes.count).first == " " else { return nil }
        var title = text.dropFirst(hashes.count).trimmedWhitespace
        while title.hasSuffix("#") { title = String(title.dropLast()).trimmedWhitespace }
        guard !title.isEmpty else { return nil }
        return .heading(level: hashes.count, text: String(NotesMarkdown.plain(title[...])))
    }

    // MARK: Labels and fields

    /// The label a phrase starting at `index` spells, and how many tokens it takes; nil when
    /// the words there are no label in this place.
    static func label(at index: Int, in tokens: [NotesToken], prose: Bool) -> (NotesLabel, Int)? {
        let slashPair =
            tokens[index].text.utf8.contains(0x2F) && tokens[index].text.allSatisfy { $0.isLetter || $0 == "/" }
        // A label with a digit (`WPA2`, `2FA`) is still a label when the lexicon spells it.
        let spelled = tokens[index].shape == .secret && NotesLabel.lookup(tokens[index].folded) != nil
        guard tokens[index].shape == .word || tokens[index].shape == .email || slashPair || spelled else { return nil }
        for length in stride(from: NotesLabel.longestPhrase, through: 1, by: -1) where index + length <= tokens.count {
            let phrase = tokens[index..<index + length]
            // A label phrase is joined by single spaces, marked (if at all) on its last word.
            guard phrase.dropFirst().allSatisfy({ !$0.afterSeparator }),
                phrase.dropLast().allSatisfy({ !$0.marked && $0.shape == .word }),
                phrase.last?.shape == .word || phrase.last?.shape == .email || (length == 1 && (slashPair || spelled)),
                length == 1 || NotesLabel.mayBePhrase(first: phrase[index].folded, words: phrase.lazy.map(\.folded))
            else { continue }
            let folded = length == 1 ? phrase[index].folded : phrase.map(\.folded).joined(separator: " ")
            let marked = phrase.last?.marked == true
            // A misspelt label takes a colon, or (written in lower case) a separator and the
            // line's one value: "usename - bobjones61", "passwrd = golfer61".
            let misspeltHere =
                length == 1
                && (marked
                    || (index == 0 && tokens.count == 2 && tokens[1].afterSeparator
                        && (phrase[index].text.first?.isLowercase == true
                            // ("PASWORD  Medicare2020hj" in a list typed in capitals.)
                            || (phrase[index].text.count >= 6
                                && phrase[index].text.allSatisfy { $0.isUppercase }))))
            // ("uesrname mags.hollis52": a long lower-case word one edit from a login or
            // password label, then the line's one value, is that label without its colon.)
            let misspeltBare =
                length == 1 && !misspeltHere && index == 0 && tokens.count == 2 && phrase[index].text.count >= 7
                && phrase[index].text.first?.isLowercase == true
            guard
                let label = NotesLabel.lookup(folded) ?? (length == 1 ? compound(folded) : nil)
                    ?? (misspeltHere ? NotesLabel.misspelt(folded) : nil)
                    ?? (misspeltBare ? NotesLabel.misspelt(folded, strict: true) : nil)
            else { continue }
            // "no password set", "kein Passwort", "sans mot de passe": a field said to be absent.
            if index > 0, !marked, negations.contains(tokens[index - 1].folded) { return nil }
            // "PlayStation Network:", "Display name:", "school portal:", "membership site:": a
            // weak label word ending a name is the name. ("memorable info: Seren" names a
            // secret of its own, not the notes.)
            if index > 0, !tokens[index].afterSeparator, tokens[index - 1].shape == .word,
                label.field == .extra || label.field == .title || label.field == .notes
                    || (label.field == .url && !label.bare)
            {
                continue
            }
            if phrase.last?.marked == true { return (label, length) }
            // "Code carte bleue: 5574", "Senha de acesso: x": a label word opening a longer
            // phrase that ends in a colon names the field.
            var end = index + length
            // ("Password di Libero Mail: x": a service's name ending in a label word — `Mail`,
            // `Account` — and its colon still ends the password's label phrase.)
            while end < tokens.count, end - index < 5, !tokens[end].afterSeparator, tokens[end].shape == .word,
                lookupAt(end, in: tokens) == nil
                    || (label.field == .password && end > index + length && tokens[end].marked
                        && lookupAt(end, in: tokens).map { [.email, .title, .extra].contains($0.field) } == true)
            {
                // "Some notes from IT onboarding:": words after a name, a colon, nothing more —
                // a line heading what follows, not a label.
                if tokens[end].marked, index > 0, end == tokens.count - 1 { break }
                if tokens[end].marked { return (label, end + 1 - index) }
                end += 1
            }
            // "site https://x", "mail ana@x.com": any label before a value of its own shape
            // (after a service's name too: "hulu u ana@x.org").
            if index == 0 || (label.field != .url && tokens[index - 1].shape == .word && !tokens[index - 1].marked),
                index + length < tokens.count, !prose, !tokens[index + length].afterSeparator,
                !tokens[index + length].parenthesised
            {
                let shape = tokens[index + length].shape
                if (label.field == .url && shape == .url) || (label.field == .email && shape == .email)
                    || (label.field == .username && shape == .email)
                {
                    return (label, length)
                }
            }
            // "Cuenta KwamePereira", "ww jJcnAr-rTW*hEGd5": a short label word and one value
            // that looks like its field's, the whole line.
            if index == 0, tokens.count == length + 1, !prose, !tokens[length].afterSeparator,
                !tokens[length].parenthesised
            {
                let value = tokens[length]
                let handle =
                    !NotesToken.isPasswordLike(value.text)
                    && (NotesRecordAssembler.isJoinedName(value.text)
                        || NotesRecordAssembler.isBracketedHandle(value.text))
                if (label.field == .password && NotesToken.isPasswordLike(value.text))
                    || (label.field == .username && handle)
                {
                    return (label, length)
                }
            }
            // "hulu u ana@x.org p Hulu#Night2": a short password label between a value and the
            // password that ends the line.
            if label.field == .password, index > 0, index + length == tokens.count - 1,
                tokens[index - 1].isTyped || !tokens[index].afterSeparator,
                !prose, !tokens[index + length].parenthesised, NotesToken.isPasswordLike(tokens[index + length].text)
            {
                return (label, length)
            }
            // "Login - maria_g", "Pass – Insta!2021": a strong label, a separator, one value —
            // the whole line. (A title would be followed by more than one value.)
            if index == 0, label.bare, !prose, tokens.count == length + 1, tokens[length].afterSeparator,
                !tokens[length].parenthesised,
                [.username, .email, .password, .url, .totp, .secret].contains(label.field)
            {
                return (label, length)
            }
            // "GF-Staff / key Sm1le-Br1ght-2024", "Alarm: code 2580, …": after a separator, a weak
            // password label before one password-like value, or a secret's before one number,
            // the value ending its run.
            if !label.bare, !prose, index == 0 || tokens[index].afterSeparator || tokens[index - 1].isTyped,
                index + length < tokens.count,
                case let value = tokens[index + length], !value.afterSeparator, !value.parenthesised,
                (label.field == .password && (NotesToken.isPasswordLike(value.text) || value.shape == .secret))
                    || (label.field == .secret && value.shape == .number && value.text.count >= 3)
                    // ("gamertag NightOwl2006": a login's label before a name in a login's letters.)
                    || (label.field == .username && value.shape == .secret && value.text.count >= 3
                        && value.text.allSatisfy { $0.isLetter || $0.isNumber || "._-#".contains($0) }),
                index + length + 1 == tokens.count || tokens[index + length + 1].afterSeparator
            {
                return (label, length)
            }
            // "Cuenta paul.martinez, Contraseña x": a weak username label before a login name
            // that could be nothing else (dots, underscores, digits, an @).
            if !label.bare, !prose, label.field == .username || label.field == .email, index + length < tokens.count,
                !tokens[index + length].afterSeparator, !tokens[index + length].parenthesised,
                tokens[index + length].shape == .email || isLoginName(tokens[index + length].text)
                    || (tokens[index + length].shape == .number && !tokens[index + length].text.utf8.contains(0x20)),
                index + length + 1 == tokens.count || tokens[index + length + 1].afterSeparator
            {
                return (label, length)
            }
            guard label.bare, !prose else { continue }
            // Without a colon: a label word before exactly one value (`user jsmith`,
            // `pw Secret1`, `id 123`), or alone on its line.
            let next = index + length
            if next == tokens.count {
                if index == 0 { return (label, length) }
                continue
            }
            let value = tokens[next]
            // "Apple ID (ana@x.com)", "Apple ID | ana": a name, not a label and its value.
            // But "SunTrust  userid  BWalker42  password  Golf4Ever!": a login or password
            // label standing alone between separators names the one value after it.
            if value.parenthesised { continue }
            if value.afterSeparator {
                let standsAlone = index == 0 || tokens[index].afterSeparator
                let oneValue = next + 1 == tokens.count || tokens[next + 1].afterSeparator
                guard standsAlone, oneValue, !tokens[next - 1].marked, !tokens[index].parenthesised,
                    [.username, .email, .password].contains(label.field),
                    value.isTyped || NotesRecordAssembler.isHandle(value.text),
                    lookupAt(next, in: tokens) == nil
                else { continue }
                return (label, length)
            }
            if stopWords.contains(value.folded) { continue }
            // "pw list (…)", "password notes": a label word naming what the lines are about.
            if label.field == .password, value.shape == .word, Self.aboutWords.contains(value.folded) { continue }
            // "senha eletrônica 135790", "pin tarjeta 4471": a word qualifying a strong label,
            // then its value.
            if value.shape == .word, !NotesToken.isPasswordLike(value.text), next + 1 < tokens.count,
                tokens[next + 1].isTyped, !tokens[next + 1].afterSeparator, !tokens[next + 1].parenthesised,
                tokens[next + 1].shape != .email || label.field != .password,
                lookupAt(next, in: tokens)?.bare != true, [.password, .secret].contains(label.field)
            {
                return (label, length + 1)
            }
            if lookupAt(next, in: tokens) != nil, !value.isTyped { continue }
            // Pictograph labels (🔑, 👤) also decorate titles ("🔐 Trello"): a value must look like one.
            let pictograph = tokens[index].text.unicodeScalars.first.map { $0.value >= 0x2190 } ?? false
            if pictograph, !value.isTyped, !NotesRecordAssembler.isHandle(value.text) { continue }
            switch label.field {
            case .password: break
            case .username:
                guard value.isTyped || NotesRecordAssembler.isHandle(value.text) else { continue }
            case .email:
                // "email stuff", "mail accounts": a heading's words; "mail ana@x.com" is a pair.
                guard value.shape == .email else { continue }
            default:
                guard value.isTyped else { continue }
            }
            let after = next + 1
            // "user ana and password x": a conjunction before another label joins two pairs.
            // ("gebruikersnaam ana ww DigiD#5": a short label and its typed value after it too.)
            let joinsPairs =
                after + 1 < tokens.count
                && ((conjunctions.contains(tokens[after].folded) && lookupAt(after + 1, in: tokens) != nil)
                    || (lookupAt(after, in: tokens) != nil && tokens[after + 1].isTyped
                        && !tokens[after + 1].afterSeparator))
            if after < tokens.count, !tokens[after].afterSeparator, tokens[after].shape == .word, !joinsPairs,
                Self.label(at: after, in: tokens, prose: prose) == nil
            {
                continue  // "login page broken": a phrase, not a label and its value
            }
            return (label, length)
        }
        return nil
    }

    /// `flipkart=9876543210=Flip#kart77` as `flipkart = 9876543210 = Flip#kart77`: a name and
    /// two values joined by `=` without spaces (a key's own `=`, `a=b`, stays as it is).
    static func equalsSpaced(_ text: String) -> String {
        guard text.utf8.contains(0x3D), !text.utf8.contains(0x20) else { return text }
        let parts = text.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }), parts[0].allSatisfy({ $0.isLetter || $0 == "." }),
            NotesLabel.lookup(NotesLabel.fold(parts[0])) == nil,  // "pw=Disc0rd=Chat": a label, its value
            parts[1].contains("@") || parts[1].allSatisfy({ $0.isNumber }) || parts[1].contains(where: \.isNumber)
        else { return text }
        return parts.joined(separator: " = ")
    }

    /// `master key (account recovery): x` as `master key: x (account recovery)`: a remark in
    /// brackets between a label and its colon moves after the value, so the label keeps its
    /// mark and the remark never reads as the value.
    static func remarkAfterValue(_ text: String) -> String {
        guard text.utf8.contains(0x28), let open = text.firstIndex(of: "("),
            let close = text[open...].firstIndex(of: ")"), text.distance(from: open, to: close) <= 60
        else { return text }
        let name = text[..<open]
        let after = text[text.index(after: close)...]
        guard after.first == ":", !text[text.index(after: open)..<close].contains(where: { $0 == "(" || $0 == ":" }),
            name.contains(where: \.isLetter), !name.contains(":"), name.split(separator: " ").count <= 4,
            // ("Electric (PG&E): …" names the service in its brackets: only a label moves.)
            let last = name.split(separator: " ").last,
            let label = NotesLabel.lookup(NotesLabel.fold(last)),
            [.password, .secret, .username, .email, .totp].contains(label.field)
        else { return text }
        let value = after.dropFirst().drop { $0 == " " }
        guard !value.isEmpty else { return text }
        return name.trimmedWhitespace + ": " + value + " " + text[open...close]
    }

    /// `jenkins.user=deploy`, `db.password: x` (a properties or YAML file's dotted keys) as
    /// `jenkins_user=deploy`: read like an environment variable's name, the first part naming
    /// the service. Only when the key ends in a label Coffer knows; the value is untouched.
    ///
    /// A key that names no field, given an e-mail address (`mason.gmail=x@gmail.com`,
    /// `upwork=x@gmail.com` above `upwork.pass=…`), names the service of that login: read as
    /// `mason_gmail_email=…`.
    static func propertyKeyUnderscored(_ text: String) -> String {
        guard text.utf8.contains(0x2E), let first = text.utf8.first, (0x41...0x7A).contains(first) else { return text }
        guard let end = text.firstIndex(where: { $0 == "=" || $0 == ":" || $0 == " " }) else { return text }
        let key = text[..<end]
        guard !key.contains("_"),
            key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }),
            text[end] != " ", (key.split(separator: ".").last?.count ?? 0) >= 3
        else { return text }
        let underscored = key.replacingOccurrences(of: ".", with: "_")
        if key.contains("."), envLabel(NotesLabel.fold(underscored)) != nil { return underscored + text[end...] }
        let value = text[text.index(after: end)...]
        guard text[end] == "=", NotesToken.isEmail(String(value)), NotesLabel.lookup(NotesLabel.fold(key)) == nil,
            key.allSatisfy({ !$0.isUppercase })
        else { return text }
        return underscored + "_email" + text[end...]
    }

    /// `u/p`, `user/pass`, `login/pw`: a username label and a password label joined by `/`.
    static func isLabelPair(_ folded: String) -> Bool {
        let parts = folded.split(separator: "/")
        guard parts.count == 2, let user = NotesLabel.lookup(String(parts[0])),
            let password = NotesLabel.lookup(String(parts[1]))
        else { return false }
        return (user.field == .username || user.field == .email) && password.field == .password
    }

    /// The label an environment variable's name ends in, and the service its first part
    /// names (`GITHUB` in `GITHUB_TOKEN`); nil for other words.
    static func envLabel(_ folded: String) -> (NotesLabel, String)? {
        let parts = folded.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }) else {
            return nil
        }
        for length in [2, 1] where parts.count > length {
            let name = parts.suffix(length).joined(separator: " ")
            if let label = NotesLabel.lookup(name), label.field != .title, label.field != .notes {
                let service = parts.dropLast(length).joined(separator: "_")
                return (NotesLabel(field: label.field, name: folded, bare: false), service)
            }
        }
        return nil
    }

    /// Label words German (and Dutch) join to another word: `Bankpasswort`, `Kundenportal`.
    static let compoundSuffixes = [
        "passwort", "kennwort", "benutzername", "benutzer", "wachtwoord", "gebruikersnaam", "portal",
    ]

    static let conjunctions: Set<String> = ["and", "et", "und", "y", "e", "en", "&", "plus"]

    /// `paul.martinez`, `j_smith`, `ana82`: a login name by its shape, not a word or a password.
    static func isLoginName(_ text: String) -> Bool {
        NotesRecordAssembler.isBracketedHandle(text) && text.first?.isLetter == true
    }

    /// The label spelled by one to three words at `index`, whatever follows.
    private static func lookupAt(_ index: Int, in tokens: [NotesToken]) -> NotesLabel? {
        guard index < tokens.count else { return nil }
        var phrase = ""
        let reach = min(tokens.count, index + NotesLabel.longestPhrase)
        let phrasal = NotesLabel.mayBePhrase(
            first: tokens[index].folded, words: tokens[index..<reach].lazy.map(\.folded))
        for offset in 0..<NotesLabel.longestPhrase where index + offset < tokens.count {
            let token = tokens[index + offset]
            if offset > 0 && (token.afterSeparator || !phrasal) { break }
            phrase += offset == 0 ? token.folded : " " + token.folded
            if let label = NotesLabel.lookup(phrase) ?? (offset == 0 ? compound(phrase) : nil) { return label }
            if token.marked { break }
        }
        return nil
    }

    /// `Karten-PIN`, `Online-Passwort`, `PIN-Code`: a hyphenated word ending or starting in
    /// a label of two letters or more.
    static func compound(_ folded: String) -> NotesLabel? {
        // "github_user", "db_password", "aws_secret_access_key": an environment variable's name
        // ending in a label (`export GITHUB_TOKEN=…`, `.env` files); what comes before it
        // names the service (``envService(_:)``).
        if folded.utf8.contains(0x5F), let (label, _) = envLabel(folded) { return label }
        // "token/pass", "login/pw", "mail/user": either half names the field, the second first.
        if folded.utf8.contains(0x2F) {  // "/"; a byte test, not Foundation's search
            let parts = folded.split(separator: "/")
            guard parts.count == 2 else { return nil }
            for part in [parts[1], parts[0]] {
                if let label = NotesLabel.lookup(String(part)), label.field != .title, label.field != .extra {
                    return NotesLabel(field: label.field, name: folded, bare: label.bare)
                }
            }
            return nil
        }
        // "Bankpasswort", "Onlinekennwort", "Kundenportal": a German compound ending in a
        // label of six letters or more, after three letters or more.
        if !folded.utf8.contains(0x2D), folded.count >= 9, folded.allSatisfy(\.isLetter) {
            for suffix in compoundSuffixes where folded.hasSuffix(suffix) && folded.count - suffix.count >= 3 {
                if let label = NotesLabel.lookup(suffix) {
                    return NotesLabel(field: label.field, name: folded, bare: label.bare)
                }
            }
        }
        guard folded.utf8.contains(0x2D) else { return nil }  // "-"
        let parts = folded.split(separator: "-")
        guard parts.count >= 2 else { return nil }
        for part in [parts.last!, parts.first!] where part.count >= 2 {
            if let label = NotesLabel.lookup(String(part)), label.field != .title, label.field != .extra {
                return NotesLabel(field: label.field, name: folded, bare: label.bare)
            }
        }
        return nil
    }

    /// Words before a label saying there is no such field.
    static let negations: Set<String> = [
        "no", "none", "without", "kein", "keine", "ohne", "sans", "aucun", "sin", "ningun", "ninguna", "senza",
        "nessuna", "nessun", "geen", "zonder", "sem", "nenhuma",
    ]

    static func fields(_ tokens: [NotesToken], prose: Bool) -> [NotesLine.Field] {
        var tokens = tokens
        // "spotify u/p ana_music / Spot!fy88": a pair of labels says the next two values are
        // the login and the password, in that order — a separator, not a label of its own.
        if tokens.contains(where: { $0.folded.utf8.contains(0x2F) && isLabelPair($0.folded) }) {
            for index in tokens.indices
            where tokens[index].folded.utf8.contains(0x2F) && isLabelPair(tokens[index].folded) {
                tokens[index].text = ""
                if index + 1 < tokens.count { tokens[index + 1].afterSeparator = true }
            }
            tokens.removeAll { $0.text.isEmpty }
        }
        var fields = [NotesLine.Field]()
        var index = 0
        var inValueOf: Int?  // the field whose value is being read
        var valueMarked = false
        while index < tokens.count {
            let token = tokens[index]
            if let open = inValueOf, valueMarked, fields[open].label?.field == .notes {
                fields[open].tokens.append(token)  // a note takes the rest of the line
                index += 1
                continue
            }
            if let (label, length) = label(at: index, in: tokens, prose: prose) {
                var written = tokens[index..<index + length].map(\.text).joined(separator: " ")
                // "safe combo 12-34-56", "garage pin 4471": a plain word run into a secret's
                // label names which secret it is.
                if label.field == .secret, !token.afterSeparator, inValueOf == nil, let previous = fields.last,
                    previous.label == nil, previous.tokens.count == 1, previous.shape == .word,
                    !previous.parenthesised, fields.count > 1
                {
                    written = previous.tokens[0].text + " " + written
                    fields.removeLast()
                }
                fields.append(.init(label: label, tokens: [], labelText: written))
                inValueOf = fields.count - 1
                valueMarked = tokens[index + length - 1].marked
                index += length
                continue
            }
            // A pictograph that labels nothing here is decoration ("🔐 Trello").
            if let first = token.text.unicodeScalars.first, NotesTokenizer.isDecoration(first) {
                index += 1
                continue
            }
            if let open = inValueOf, fields[open].label?.field != .notes, let last = fields[open].tokens.last,
                Self.endsSentence(last), token.text.first?.isUppercase == true, !token.afterSeparator,
                !token.parenthesised
            {
                // "password: Spid!Torino2024. Il codice PosteID è 55021": a full stop, then a
                // capital, ends the value's sentence; the full stop is no part of the value.
                Self.dropFullStop(&fields[open].tokens[fields[open].tokens.count - 1])
                inValueOf = nil
            }
            if let open = inValueOf {
                let value = fields[open].tokens
                // A marked label's value runs to the next separator; a bare label takes one token.
                // Notes take the rest of the line; other values stop at a URL or e-mail after them.
                let joins =
                    valueMarked && !token.afterSeparator && !token.parenthesised
                    && token.shape != .url && token.shape != .email
                if value.isEmpty || joins {
                    fields[open].tokens.append(token)
                    index += 1
                    continue
                }
                inValueOf = nil
            }
            // Bare runs: split at separators, and around values inside a run of words.
            let previous = fields.last
            // ("Fidelity 401k:", "Office 365:": a short value ending a name with its colon is
            // part of the name, when the name opens the line.)
            let endsName =
                token.marked && token.isTyped && token.text.count <= 6 && fields.count == 1
                && previous?.tokens.allSatisfy({
                    $0.shape == .word && !$0.marked && NotesLabel.lookup($0.folded) == nil
                }) == true
                && !NotesToken.isPasswordLike(token.text) && token.shape != .email && token.shape != .url
            let joins =
                !token.afterSeparator && previous != nil && previous?.label == nil && (!token.isTyped || endsName)
                && previous?.tokens.last?.isTyped == false && previous?.parenthesised == token.parenthesised
            if joins {
                fields[fields.count - 1].tokens.append(token)
            } else {
                fields.append(.init(label: nil, tokens: [token]))
            }
            index += 1
        }
        // "Iscritto in palestra: email x e password Panca-Piana-100.": in a line of sentences
        // (six words or more), a value ending the line ends its sentence too.
        if prose || tokens.count(where: { $0.shape == .word }) >= 6 {
            for index in fields.indices
            where fields[index].label.map({ [.password, .username, .email].contains($0.field) }) == true {
                if let last = fields[index].tokens.last, last.range?.upperBound == tokens.last?.range?.upperBound,
                    Self.endsSentence(last)
                {
                    Self.dropFullStop(&fields[index].tokens[fields[index].tokens.count - 1])
                }
            }
        }
        return fields
    }

    /// `ana@x.org (login)`, `Couch!Flix9 (password)`, `4471229 (user id)`: a label in brackets
    /// right after a value labels it.
    /// A value's word ending in one full stop after a letter or digit (`Spid!Torino2024.`),
    /// not an abbreviation's dots or an ellipsis.
    static func endsSentence(_ token: NotesToken) -> Bool {
        let text = token.text
        guard text.count >= 4, text.hasSuffix("."), !text.hasSuffix(".."), let before = text.dropLast().last else {
            return false
        }
        return before.isLetter || before.isNumber
    }

    /// `token` without its final full stop (its place in the line is cut to match when the
    /// field's text is taken as written).
    static func dropFullStop(_ token: inout NotesToken) {
        token.text.removeLast()
        token.folded = NotesLabel.fold(token.text)
        token.shape = NotesToken.shape(of: token.text)
    }

    static func labelsAfterValues(_ fields: [NotesLine.Field]) -> [NotesLine.Field] {
        var result = [NotesLine.Field]()
        for field in fields {
            if field.label == nil, field.parenthesised, (1...3).contains(field.tokens.count),
                let label = NotesLabel.lookup(field.tokens.map(\.folded).joined(separator: " ")),
                [.username, .email, .password, .url, .totp, .secret].contains(label.field),
                let previous = result.last, previous.label == nil, !previous.parenthesised, previous.tokens.count == 1
            {
                result[result.count - 1].label = label
                result[result.count - 1].labelText = field.tokens.map(\.text).joined(separator: " ")
                continue
            }
            result.append(field)
        }
        return result
    }

    /// Fields of one bracketed group, cut apart by commas or values inside it
    /// (`(was default password1 before, changed)`), joined again into one remark.
    static func bracketsJoined(_ fields: [NotesLine.Field]) -> [NotesLine.Field] {
        var joined = [NotesLine.Field]()
        for field in fields {
            if field.label == nil, let group = field.tokens.first?.bracket, group > 0,
                field.tokens.allSatisfy({ $0.bracket == group }), let last = joined.last, last.label == nil,
                last.tokens.allSatisfy({ $0.bracket == group })
            {
                joined[joined.count - 1].tokens += field.tokens
            } else {
                joined.append(field)
            }
        }
        return joined
    }

    // MARK: Sentences

    /// Words that do not follow a label as its value ("PIN for the card", "pw was x").
    /// Words that follow a password label when the two name what a list or note is about.
    static let aboutWords: Set<String> = [
        "list", "lists", "notes", "note", "file", "manager", "reset", "resets", "change", "changes", "stuff", "info",
        "liste", "lista", "notizen", "dossier",
    ]

    static let stopWords: Set<String> = proseWords.union([
        "for", "the", "of", "to", "and", "or", "a", "an", "in", "on", "at", "with", "from", "by", "if", "as", "it",
        "this", "that", "same", "old", "new", "not", "no", "pour", "le", "la", "les", "du", "des", "et", "fur", "der",
        "die", "das", "und", "para", "el", "los", "las", "y", "per", "il", "e", "voor", "het", "en", "van", "do",
        "da", "de", "del", "se", "ist", "est", "changed", "reset", "expired", "here", "below", "above", "see",
    ])

    /// Words of sentences in the seven languages: a line holding one is prose.
    static let proseWords: Set<String> = [
        "is", "was", "were", "are", "been", "changed", "change", "reset", "forgot", "forgotten", "remember",
        "don't", "dont", "didn't", "doesn't", "isn't", "wasn't", "won't", "will", "should", "must", "because",
        "but", "when", "then", "it's", "i", "i'm", "i've", "we", "you", "they", "he", "she", "please", "called",
        "asked", "ask", "sent", "gave", "got", "told", "expires", "expired", "used", "using", "renew", "est",
        "etait", "oublie", "ne", "pas", "j'ai", "ist", "war", "wurde", "geandert", "nicht", "ich",
        "hat", "habe", "es", "era", "fue", "cambie", "cambiado", "cambio", "nao", "foi", "mudou", "mudei", "eu",
        "stato", "cambiato", "cambiata", "non", "ho", "niet", "werd", "gewijzigd", "heb", "ik", "wordt", "ook",
        "updated", "actualizado", "aktualisiert", "bijgewerkt", "atualizado", "aggiornato", "leaked", "retired",
        "never", "again",
    ]

    /// "Online giving – Faith Direct:   org ID 4401   username x   pw y": many words, but in
    /// four runs or more of four words at most, cut by separators, three of them gaps of spaces
    /// or tabs — columns, no sentence. ("Wifi - Name Home5G - Password - Blue Cat Sings - …",
    /// cut by dashes only, is read as the sentence it may be.)
    static func isColumns(_ tokens: [NotesToken], text: String) -> Bool {
        var gaps = 0
        var spaces = 0
        for byte in text.utf8 {
            if byte == 0x20 {
                spaces += 1
                continue
            }
            if spaces >= 2 || byte == 0x09 { gaps += 1 }
            spaces = 0
        }
        guard gaps >= 3 else { return false }
        var runs = [0]
        for (offset, token) in tokens.enumerated() {
            if offset > 0, token.afterSeparator { runs.append(0) }
            runs[runs.count - 1] += 1
        }
        return runs.count >= 4 && runs.allSatisfy { $0 <= 4 }
    }

    static func isProse(_ tokens: [NotesToken], text: String) -> Bool {
        let words = tokens.filter { $0.shape == .word }
        // "Adobe — ana@x.com / adobe123 (weak, change)": a remark in brackets makes no
        // sentence of the record before it (a line all in brackets is read whole).
        let outside = tokens.contains { !$0.parenthesised } ? words.filter { !$0.parenthesised } : words
        let sentence =
            outside.contains(where: { proseWords.contains($0.folded) })
            // A final stop ends a sentence when it follows a word, not a value (`Fußball1679.`).
            // (Not a value standing after a separator, capitals inside it: `admin / UpcKowal!`.)
            || (words.count >= 4 && text.last.map { ".!?".contains($0) } == true && tokens.last?.shape == .word
                && !(tokens.last!.afterSeparator && tokens.last!.text.dropFirst().contains(where: \.isUppercase)))
            || (tokens.count(where: { !$0.parenthesised }) > 10 && outside.count > 8 && !isColumns(tokens, text: text))
        // "Spotify family - Dad is manager - bob@x.net / Abba-Dancing-Queen": values apart, an
        // address among them and a password last, is a record line with a remark among its
        // values, not a sentence.
        if sentence, let last = tokens.last, last.afterSeparator, !last.parenthesised,
            last.shape != .email, last.shape != .url,
            NotesToken.isPasswordLike(last.text)
                || (last.text.count >= 8 && last.text.contains(where: \.isUppercase)
                    && last.text.contains(where: { !$0.isLetter })),
            tokens.contains(where: { $0.shape == .email }),
            tokens.count(where: { $0.afterSeparator }) >= 3,
            // (The name first, no sentence: "Prime is on dads account - ana@x / pw" says it.)
            !tokens.dropFirst().prefix(while: { !$0.afterSeparator }).contains(where: { proseWords.contains($0.folded) }
            ),
            !proseWords.contains(tokens[0].folded)
        {
            return false
        }
        // A line with a label and its colon (`Note: call them`) is a record line, whatever its words.
        return sentence && !fields(tokens, prose: true).contains(where: { $0.label != nil })
    }
}
