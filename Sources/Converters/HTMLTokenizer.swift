/// A tolerant HTML (and ENML, XHTML) tokenizer for notes apps' exports: tags with their
/// attributes, and text with character references decoded.
///
/// It never loads anything and never expands a declared entity: a DOCTYPE, comment,
/// processing instruction or `<!ENTITY …>` is skipped as one token, and only the fixed
/// HTML named references below and numeric ones are decoded (an unknown `&name;` stays
/// as written). Work is linear in the input; there is no tree, so no depth to bound.
struct HTMLTokenizer {
    enum Token: Equatable {
        case start(name: String, attributes: [String: String], selfClosing: Bool)
        case end(name: String)
        case text(String)
    }

    /// Elements whose content is not text (skipped whole).
    static let rawContent: Set<String> = ["script", "style"]

    static func tokens(_ html: String) -> [Token] {
        var tokens = [Token]()
        let s = Array(html.unicodeScalars)
        var i = 0
        var text = String.UnicodeScalarView()
        func flushText() {
            if !text.isEmpty {
                tokens.append(.text(decodeReferences(String(text))))
                text = String.UnicodeScalarView()
            }
        }
        func starts(_ prefix: String, at index: Int) -> Bool {
            var j = index
            for c in prefix.unicodeScalars {
                guard j < s.count, lower(s[j]) == c else { return false }
                j += 1
            }
            return true
        }
        func find(_ end: String, from index: Int) -> Int? {
            var j = index
            let first = end.unicodeScalars.first!
            while j < s.count {
                if s[j] == first, starts(end, at: j) { return j }
                j += 1
            }
            return nil
        }
        while i < s.count {
            guard s[i] == "<" else {
                text.append(s[i])
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                flushText()
                i = (find("-->", from: i + 4).map { $0 + 3 }) ?? s.count
            } else if starts("<![cdata[", at: i) {
                // CDATA is literal text: no references inside.
                flushText()
                let end = find("]]>", from: i + 9) ?? s.count
                tokens.append(.text(String(String.UnicodeScalarView(s[(i + 9)..<end]))))
                i = min(end + 3, s.count)
            } else if i + 1 < s.count, s[i + 1] == "!" || s[i + 1] == "?" {
                // DOCTYPE (with any internal subset), <!ENTITY>, <?xml?>: skipped, never read.
                flushText()
                var depth = 0
                var j = i + 2
                while j < s.count {
                    if s[j] == "[" {
                        depth += 1
                    } else if s[j] == "]" {
                        depth -= 1
                    } else if s[j] == ">", depth <= 0 {
                        break
                    }
                    j += 1
                }
                i = j + 1
            } else if let (token, next) = tag(s, at: i) {
                flushText()
                tokens.append(token)
                i = next
                if case .start(let name, _, false) = token, rawContent.contains(name) {
                    i =
                        find("</\(name)", from: i).map { j in (find(">", from: j).map { $0 + 1 }) ?? s.count }
                        ?? s.count
                    tokens.append(.end(name: name))
                }
            } else {
                text.append(s[i])  // a lone "<" is text
                i += 1
            }
        }
        flushText()
        return tokens
    }

    private static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
        c.value >= 65 && c.value <= 90 ? Unicode.Scalar(c.value + 32)! : c
    }

    private static func isNameScalar(_ c: Unicode.Scalar) -> Bool {
        c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == "_" || c == ":" || c == "."
    }

    /// A start or end tag at `start` (`<`), and the index after it; nil when `<` does not
    /// begin a tag.
    private static func tag(_ s: [Unicode.Scalar], at start: Int) -> (Token, Int)? {
        var i = start + 1
        let closing = i < s.count && s[i] == "/"
        if closing { i += 1 }
        guard i < s.count, s[i].properties.isAlphabetic else { return nil }
        var name = String.UnicodeScalarView()
        while i < s.count, isNameScalar(s[i]) {
            name.append(lower(s[i]))
            i += 1
        }
        var attributes = [String: String]()
        var selfClosing = false
        while i < s.count, s[i] != ">" {
            if s[i] == "/" {
                selfClosing = true
                i += 1
                continue
            }
            guard isNameScalar(s[i]) else {
                i += 1
                continue
            }
            selfClosing = false
            var key = String.UnicodeScalarView()
            while i < s.count, isNameScalar(s[i]) {
                key.append(lower(s[i]))
                i += 1
            }
            while i < s.count, s[i] == " " || s[i] == "\n" || s[i] == "\t" || s[i] == "\r" { i += 1 }
            var value = ""
            if i < s.count, s[i] == "=" {
                i += 1
                while i < s.count, s[i] == " " || s[i] == "\n" || s[i] == "\t" || s[i] == "\r" { i += 1 }
                var raw = String.UnicodeScalarView()
                if i < s.count, s[i] == "\"" || s[i] == "'" {
                    let quote = s[i]
                    i += 1
                    while i < s.count, s[i] != quote {
                        raw.append(s[i])
                        i += 1
                    }
                    i += 1
                } else {
                    while i < s.count, s[i] != ">", s[i] != " ", s[i] != "\t", s[i] != "\n" {
                        raw.append(s[i])
                        i += 1
                    }
                }
                value = decodeReferences(String(raw))
            }
            attributes[String(key)] = value
        }
        let end = min(i + 1, s.count)
        let nameText = String(name)
        return (
            closing ? .end(name: nameText) : .start(name: nameText, attributes: attributes, selfClosing: selfClosing),
            end
        )
    }

    /// The named references decoded (the common HTML ones); others stay as written.
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "shy": "", "copy": "©",
        "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’",
        "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "euro": "€", "pound": "£", "yen": "¥",
        "cent": "¢", "sect": "§", "deg": "°", "middot": "·", "bull": "•", "times": "×", "divide": "÷",
        "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã", "auml": "ä", "aring": "å", "ccedil": "ç",
        "egrave": "è", "eacute": "é", "ecirc": "ê", "euml": "ë", "igrave": "ì", "iacute": "í", "icirc": "î",
        "iuml": "ï", "ntilde": "ñ", "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ", "ouml": "ö",
        "ugrave": "ù", "uacute": "ú", "ucirc": "û", "uuml": "ü", "szlig": "ß", "Auml": "Ä", "Ouml": "Ö",
        "Uuml": "Ü", "Eacute": "É", "Ccedil": "Ç", "Ntilde": "Ñ", "iexcl": "¡", "iquest": "¿", "zwnj": "",
        "zwj": "", "ensp": " ", "emsp": " ", "thinsp": " ",
    ]

    /// `&amp;`, `&#233;`, `&#xE9;` decoded; anything else kept verbatim. One pass, no
    /// recursion: a reference never expands into another.
    static func decodeReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semi = after.prefix(32).firstIndex(of: ";") {
                let name = after[..<semi]
                var decoded: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                } else {
                    decoded = named[String(name)]
                }
                if let decoded, !(name.hasPrefix("#") && decoded == "\u{0}") {
                    out += decoded
                    rest = after[after.index(after: semi)...]
                    continue
                }
            }
            out += "&"
            rest = after
        }
        out += rest
        return out
    }
}
