/// The Markdown and list syntax around notes: list markers, checkboxes, emphasis, code
/// spans and links, taken off so only what the person wrote is read.
enum NotesMarkdown {
    /// `text` without a leading bullet (`-`, `*`, `+`, `•`, `·`, `–`, `—`, `>`), number
    /// (`1.`, `2)`, `(3)`, `a)`) or checkbox (`[ ]`, `[x]`), and an
    /// Obsidian callout's `[!type]`; whether one was there.
    /// Text after `e.` or `i.` that goes on as an abbreviation (` g.`, ` e.`, ` k. a.`): a
    /// lower-case letter and a full stop, then a space or the end.
    private static func opensAbbreviation(_ rest: Substring) -> Bool {
        let word = rest.drop(while: \.isWhitespace)
        guard let letter = word.first, letter.isLetter, word.dropFirst().first == "." else { return false }
        return word.dropFirst(2).first.map(\.isWhitespace) ?? true
    }

    static func stripListMarker(_ text: Substring) -> (Substring, Bool) {
        // Most lines open with a letter and no marker: `a) ` and `a. ` are the only markers of
        // letters (lower-case: `A. Smith` is an initial).
        if let first = text.utf8.first, first | 0x20 >= 0x61, first | 0x20 <= 0x7A,
            text.utf8.dropFirst().first != 0x29, first < 0x61 || text.utf8.dropFirst().first != 0x2E
        {
            return (text, false)
        }
        var rest = text
        var listed = false
        if let first = rest.first, "-*+•·–—▪◦>・".contains(first), rest.dropFirst().first?.isWhitespace == true {
            rest = rest.dropFirst().drop(while: \.isWhitespace)
            listed = first != ">"
        } else if let first = rest.first, "■□◆◇●○★☆※◼◻❖✦".contains(first) {
            // "■ 楽天", "◆ Banco": a mark opening a block's title, as memos in Japanese and
            // Korean write it; the block's lines follow, so it is no list item of its own.
            rest = rest.dropFirst().drop(while: \.isWhitespace)
        } else {
            let digits = rest.prefix { $0.isNumber }
            // "a) login: …", "b. pw: …": a lettered sub-item ("e. g. this", "i. e." are no list).
            let letter =
                rest.prefix(1).allSatisfy(\.isLowercase)
                    && (rest.dropFirst().first == ")"
                        || (rest.dropFirst().first == "." && !Self.opensAbbreviation(rest.dropFirst(2))))
                ? 1 : 0
            let count = digits.isEmpty ? letter : digits.count
            let afterNumber = rest.dropFirst(count)
            if count > 0, count <= 3, let mark = afterNumber.first, ".)".contains(mark),
                afterNumber.dropFirst().first?.isWhitespace == true
            {
                rest = afterNumber.dropFirst().drop(while: \.isWhitespace)
                listed = true
            } else if rest.first == "(", let close = rest.firstIndex(of: ")"),
                rest[rest.index(after: rest.startIndex)..<close].allSatisfy(\.isNumber),
                rest.distance(from: rest.startIndex, to: close) > 1, rest[close...].dropFirst().first == " "
            {
                rest = rest[close...].dropFirst().drop(while: \.isWhitespace)
                listed = true
            }
        }
        // "> [!info] Box internet", "> [!warning]- Netflix": an Obsidian callout's type.
        if text.first == ">", rest.hasPrefix("[!"), let close = rest.firstIndex(of: "]"),
            rest[rest.index(rest.startIndex, offsetBy: 2)..<close].allSatisfy({ $0.isLetter || $0 == "-" })
        {
            rest = rest[rest.index(after: close)...].drop { $0 == "+" || $0 == "-" }.drop(while: \.isWhitespace)
        }
        for box in ["[ ] ", "[x] ", "[X] ", "☐ ", "☑ ", "✓ ", "✔ "]
        where (rest.utf8.first == 0x5B || (rest.utf8.first ?? 0) >= 0x80) && rest.hasPrefix(box) {
            rest = rest.dropFirst(box.count).drop(while: \.isWhitespace)
            listed = true
        }
        return (rest, listed)
    }

    /// `text` without `**bold**`, `__bold__` and `` `code` `` marks (when paired) and with
    /// `[name](url)` written as `name | url` and `<https://x>` as `https://x`.
    static func plain(_ text: Substring) -> Substring {
        // Most lines have none of these marks: no Foundation search for them.
        guard text.utf8.contains(where: { $0 == 0x2A || $0 == 0x5F || $0 == 0x60 || $0 == 0x5B || $0 == 0x3C })
        else { return text }
        var result = Substring(text)
        for mark in ["**", "__"] where occurrences(of: mark, in: result) >= 2 {
            result = Substring(result.replacingOccurrences(of: mark, with: ""))
        }
        if occurrences(of: "*", in: result) >= 2 { result = Substring(italicSpansUnmarked(result)) }
        let ticks = result.count(where: { $0 == "`" })
        if ticks >= 2, ticks % 2 == 0 { result = Substring(codeSpansUnmarked(result)) }
        if result.includes("](") { result = Substring(links(result)) }
        if result.includes("[[") { result = Substring(wikiLinks(result)) }
        if result.contains("<"), result.includes("://") {
            result = Substring(result.replacingOccurrences(of: "<http", with: "http"))
            result = Substring(result.replacingOccurrences(of: ">", with: ""))
        }
        return result
    }

    /// `text` without the stars of italic spans of several words (`*(school set it, lol)*`):
    /// a star opening a word after a space, closing a later word before a space, punctuation or
    /// the end, with a space and no other star between them. (One word in stars is left to the
    /// tokenizer, which tells `*bakerfamily*` from a password holding stars.)
    static func italicSpansUnmarked(_ text: Substring) -> String {
        let characters = Array(text)
        var removed = Set<Int>()
        var index = 0
        while index < characters.count {
            defer { index += 1 }
            guard characters[index] == "*", index == 0 || characters[index - 1] == " ",
                index + 1 < characters.count, characters[index + 1] != " ", characters[index + 1] != "*",
                let close = characters[(index + 1)...].firstIndex(of: "*"),
                characters[index..<close].contains(" "), characters[close - 1] != " ",
                close + 1 == characters.count || " ,.;:!?)".contains(characters[close + 1])
            else { continue }
            removed.formUnion([index, close])
            index = close
        }
        guard !removed.isEmpty else { return String(text) }
        return String(characters.enumerated().filter { !removed.contains($0.offset) }.map(\.element))
    }

    /// `text` without its code spans' ticks; a span holding a space is quoted instead, so it
    /// stays one value as a quoted one does (`` `Orchard Lane 1987!` `` is a password, not
    /// two words and a password).
    static func codeSpansUnmarked(_ text: Substring) -> String {
        var out = ""
        var span = ""
        var inside = false
        for character in text {
            if character == "`" {
                if inside { out += quotesWhole(span) ? "\"\(span)\"" : span }
                span = ""
                inside.toggle()
            } else if inside {
                span.append(character)
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// A code span of several words is quoted whole, unless it opens with a label: a line of
    /// configuration (`` `requirepass RedisLocal99` ``) labels its value.
    private static func quotesWhole(_ span: String) -> Bool {
        guard span.contains(" "), !span.contains("\""), let first = span.split(separator: " ").first else {
            return false
        }
        return NotesLabel.lookup(NotesLabel.fold(String(first))) == nil
    }

    private static func occurrences(of mark: String, in text: Substring) -> Int {
        var count = 0
        var rest = text[...]
        while let range = rest.range(of: mark) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }

    /// `[name](url)` → `name | url`.
    /// `[[Spotify]]`, `[[Banking/Chase|Chase]]` (Obsidian, Logseq, Roam): the page's shown name.
    private static func wikiLinks(_ text: Substring) -> String {
        var out = ""
        var rest = text
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            out += rest[..<open.lowerBound]
            let inner = rest[open.upperBound..<close.lowerBound]
            out += inner.lastIndex(of: "|").map { inner[inner.index(after: $0)...] } ?? inner
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    private static func links(_ text: Substring) -> String {
        var out = ""
        var rest = text
        while let open = rest.firstIndex(of: "["), let middle = rest[open...].range(of: "]("),
            let close = rest[middle.upperBound...].firstIndex(of: ")")
        {
            out += rest[..<open]
            let name = rest[rest.index(after: open)..<middle.lowerBound]
            let url = rest[middle.upperBound..<close]
            out += name.isEmpty || name == url ? String(url) : "\(name) | \(url)"
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
