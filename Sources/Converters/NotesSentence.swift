/// A sentence that states a login ("The Netflix login is ana@x.com and the password is
/// Flix!2024", "For Spotify I use ana_s / Spot#Music1"): its service, username and password,
/// read only through the words that name them. A sentence about an old, changed or
/// forgotten secret ("old pw was x, changed to y") states no login and is never read.
enum NotesSentence {
    struct Login: Equatable {
        var title: String?
        var username: String?
        var password: String
        /// Told as a change ("Dropbox changed to x"): the service's new password, which
        /// replaces the one a record before gave it.
        var changed = false
        /// The sentence names a password (`pw`, `password`…): without it, a change only
        /// updates a record before ("Dentist reset to 3pm-Tues" is no login).
        var named = true
    }

    /// The login the sentence states, or nil. A line of several sentences ("… my password is
    /// currently x. I changed it from y last spring.") is read sentence by sentence when it
    /// does not state one as a whole: one about the past does not hide the one beside it.
    static func login(_ text: String, tokens lineTokens: [NotesToken]? = nil) -> Login? {
        if let whole = sentenceLogin(text, tokens: lineTokens) { return whole }
        let sentences = Self.sentences(text)
        guard sentences.count > 1 else { return nil }
        for sentence in sentences {
            if let login = sentenceLogin(sentence, tokens: nil) { return login }
        }
        return nil
    }

    /// Words written with a full stop that ends no sentence (`no. 5`, `approx. 3`).
    static let abbreviations: Set<String> = [
        "no", "nr", "nº", "approx", "etc", "vs", "st", "dr", "mr", "mrs", "ms", "tel", "ca", "cf", "incl", "excl",
        "dept", "min", "max", "nb", "ref", "acct", "num", "jr", "sr", "co", "inc", "ltd", "bzw", "usw", "ggf",
        "evtl", "ex", "pp", "fig", "sig", "ps", "rd", "ave", "apt", "vol", "ed", "esp", "prof", "sra", "av",
    ]

    /// Every login the line states. A line of several sentences that state two or more
    /// ("spotify is my own, username x, password is y. my gmail z password w."): each one's,
    /// in order. Otherwise the one ``login(_:tokens:)`` reads.
    static func logins(_ text: String, tokens lineTokens: [NotesToken]? = nil) -> [Login] {
        let sentences = Self.sentences(text)
        if sentences.count > 1 {
            var each = [Login]()
            for sentence in sentences {
                if let login = sentenceLogin(sentence, tokens: nil),
                    !each.contains(where: { $0.password == login.password })
                {
                    each.append(login)
                }
            }
            if each.count > 1 { return each }
        }
        return login(text, tokens: lineTokens).map { [$0] } ?? []
    }

    /// `text` cut after `.`, `!` or `?` before a space and a capital letter — or a lower-case
    /// letter, after a word that is no abbreviation (`… doyle1234. spotify is …`: some write
    /// without capitals; `no. 5`, `approx. x` and `e.g. x` are not cut).
    static func sentences(_ text: String) -> [String] {
        // No full stop, `!` or `?` before a space: one sentence (most lines).
        var utf8 = text.utf8.makeIterator()
        var previousByte: UInt8 = 0x20
        var mayBreak = false
        while let byte = utf8.next() {
            if byte == 0x20, previousByte == 0x2E || previousByte == 0x21 || previousByte == 0x3F {
                mayBreak = true
                break
            }
            previousByte = byte
        }
        if !mayBreak {
            let trimmed = text.trimmedWhitespace
            return trimmed.isEmpty ? [] : [trimmed]
        }
        var sentences = [String]()
        var current = ""
        var previous: Character = " "
        var pendingBreak = false
        var longWordBefore = false
        for character in text {
            if pendingBreak, character.isUppercase || (character.isLowercase && longWordBefore), current.count > 1 {
                sentences.append(current.trimmedWhitespace)
                current = ""
            }
            pendingBreak = pendingBreak && character == " "
            if character == " ", ".!?".contains(previous) {
                pendingBreak = true
                let word = String(current.dropLast().reversed().prefix { !$0.isWhitespace }.reversed())
                longWordBefore =
                    word.count >= 2 && !word.contains(".") && word.contains(where: \.isLetter)
                    && !abbreviations.contains(NotesLabel.fold(word))
            }
            current.append(character)
            previous = character
        }
        if !current.trimmedWhitespace.isEmpty {
            sentences.append(current.trimmedWhitespace)
        }
        return sentences
    }

    private static func sentenceLogin(_ text: String, tokens lineTokens: [NotesToken]?) -> Login? {
        // A login's password has a digit or a symbol: a sentence with neither states none.
        guard
            text.utf8.contains(where: {
                ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x21 || ($0 >= 0x23 && $0 <= 0x26) || $0 == 0x2A
                    || $0 == 0x40 || $0 == 0x3F || $0 == 0x24 || $0 == 0x25 || $0 == 0x5F || $0 >= 0x80
            })
        else { return nil }
        let tokens = lineTokens ?? NotesTokenizer.tokens(text[...])
        if let changed = changedTo(tokens) { return changed }
        // ("… pw is x (changed in May, old one was y)": the remark in brackets is about the
        // old one; the sentence itself is not.)
        // ("netflix acct is x pw Bubbles2019! dont change it the kids know it": a "don't" after
        // the password is advice about it, not a denial of it.)
        let firstValue = tokens.firstIndex { isPassword($0) && NotesToken.isPasswordLike(cleaned($0.text)) }
        guard tokens.count >= 3,
            !tokens.enumerated().contains(where: { offset, token in
                let word = stripped(token.folded)
                guard !token.parenthesised, pastWords.contains(word) else { return false }
                if let firstValue, offset > firstValue, !oldValueWords.contains(word) { return false }
                return true
            })
        else {
            return nil
        }
        var password: String?
        var username: String?
        var index = 0
        while index < tokens.count {
            guard let (field, length) = label(at: index, in: tokens) else {
                index += 1
                continue
            }
            var value = index + length
            // "the password is x", "le mot de passe est x", "pw: x", "password for it: x".
            while value < tokens.count, linkWords.contains(stripped(tokens[value].folded)), !tokens[value].isTyped {
                value += 1
            }
            guard value < tokens.count, value - index - length <= 3 else { break }
            // "the same email, password x": a label where the value would be starts its own pair.
            if label(at: value, in: tokens) != nil {
                index = value
                continue
            }
            let token = tokens[value]
            switch field {
            case .password where password == nil && isPassword(token):
                password = cleaned(token.text)
            case .username, .email:
                // ("usr sarahmills pw …": a plain name right after the label, before another label,
                // a separator or the end, is the login too — "account uses my work email" is not.)
                let plainName =
                    value == index + length && token.shape == .word && !token.parenthesised && token.text.count >= 4
                    && (value + 1 == tokens.count || tokens[value + 1].afterSeparator
                        || label(at: value + 1, in: tokens) != nil)
                    && token.text.allSatisfy({ $0.isASCII && $0.isLetter })
                    && !NotesLineClassifier.stopWords.contains(token.folded)
                    && !NotesRecordAssembler.pointerWords.contains(token.folded)
                    && NotesLabel.lookup(token.folded) == nil
                if username == nil,
                    token.shape == .email || NotesRecordAssembler.isBracketedHandle(token.text) || plainName
                {
                    username = cleaned(token.text)
                    // "login is ana@x.com / Pa55!": the password after the slash.
                    if password == nil, value + 1 < tokens.count, tokens[value + 1].afterSeparator,
                        isPassword(tokens[value + 1])
                    {
                        password = cleaned(tokens[value + 1].text)
                        value += 1
                    }
                }
            default: break
            }
            index = value + 1
        }
        // "For Spotify I use ana_s / Spot#Music1": a login and a password joined by a slash.
        if password == nil, let pair = slashPair(tokens) { (username, password) = (username ?? pair.0, pair.1) }
        // "For the Comcast account use fdelucca and Mets1986! as the password": a sentence
        // naming a password (by its word), with one password-like value and at most one login.
        if password == nil,
            tokens.indices.contains(where: { label(at: $0, in: tokens)?.0 == .password })
        {
            let secrets = tokens.filter { token in
                isPassword(token) && NotesToken.isPasswordLike(cleaned(token.text)) && label(at: 0, in: [token]) == nil
            }
            let logins = tokens.filter { token in
                !token.parenthesised
                    && (token.shape == .email || NotesRecordAssembler.isBracketedHandle(cleaned(token.text)))
                    && !NotesToken.isPasswordLike(cleaned(token.text))
            }
            if secrets.count == 1, logins.count <= 1 {
                password = cleaned(secrets[0].text)
                if username == nil, let login = logins.first { username = cleaned(login.text) }
                // "use fdelucca and …": the word after "use" is the login.
                if username == nil,
                    let use = tokens.firstIndex(where: {
                        ["use", "uses", "using", "utilise", "uso", "usa", "gebruik", "benutze"].contains(
                            stripped($0.folded))
                    }),
                    use + 2 < tokens.count,
                    ["and", "with", "et", "y", "und", "e", "en", "/"].contains(stripped(tokens[use + 2].folded)),
                    case let login = cleaned(tokens[use + 1].text), !login.isEmpty, login != password,
                    login.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) })
                {
                    username = login
                }
            }
        }
        guard let password else { return nil }
        if username == nil { username = tokens.first { $0.shape == .email }.map { cleaned($0.text) } }
        // "Hotmail pw is now Chelsea_FC_2018": "now" just before the value tells a change — the
        // record above of that service takes it (``NotesRecordAssembler``), else it is a login.
        let now =
            tokens.firstIndex { cleaned($0.text) == password }.map { index in
                tokens[max(0, index - 2)..<index].contains {
                    ["now", "ahora", "jetzt", "maintenant", "agora", "adesso", "nu", "teraz"].contains(
                        stripped($0.folded))
                }
            } ?? false
        return Login(
            title: service(tokens, excluding: [password, username ?? ""]), username: username, password: password,
            changed: now)
    }

    /// "Dropbox changed to Cl0ud-Og-23", "changed Microsoft pw -> Bramble2020#", "Netflix pw
    /// geändert auf x": a change of password told forward, verb first, then the new value
    /// within a few words (a service's name, a password label, a connector word). Nothing
    /// else in the sentence may speak of the past, and a value before the verb (`x changed
    /// to y`: a history, read by ``NotesHistory``) or a remark inside the span stops it.
    static func changedTo(_ tokens: [NotesToken]) -> Login? {
        guard
            let verb = tokens.firstIndex(where: { token in
                !token.parenthesised && changeVerbs.contains(stripped(token.folded))
            }),
            !tokens[..<verb].contains(where: { isPassword($0) && NotesToken.isPasswordLike(cleaned($0.text)) }),
            !tokens.enumerated().contains(where: { offset, token in
                offset != verb && !token.parenthesised && pastWords.contains(stripped(token.folded))
            })
        else { return nil }
        var index = verb + 1
        var pointed = false
        while index < tokens.count, index - verb <= 4 {
            let token = tokens[index]
            guard !token.parenthesised else { return nil }
            if isPassword(token), NotesToken.isPasswordLike(cleaned(token.text)) {
                guard pointed || token.afterSeparator else { return nil }
                let password = cleaned(token.text)
                let username = tokens.first { $0.shape == .email && !$0.parenthesised }.map { cleaned($0.text) }
                // ("changed it to x": "it" names nothing.)
                let title = service(tokens, excluding: [password, username ?? ""]).flatMap { name in
                    NotesLabel.fold(name).split(separator: " ").allSatisfy { word in
                        NotesLineClassifier.stopWords.contains(String(word)) || changeConnectors.contains(String(word))
                    } ? nil : name
                }
                let named = tokens.indices.contains { label(at: $0, in: tokens)?.0 == .password }
                return Login(title: title, username: username, password: password, changed: true, named: named)
            }
            let word = stripped(token.folded)
            if changeConnectors.contains(word) || label(at: index, in: tokens)?.0 == .password {
                pointed = true
            } else if NotesRecordAssembler.isDate(token.text) {
                // ("changed 14/08/2022 -> x", "changed on 30/09/2023 to y", "changed 11/03/2024 z":
                // when it changed, then the new value.)
                pointed = true
            } else if token.shape != .word {
                return nil
            }
            index += 1
        }
        return nil
    }

    static let changeVerbs: Set<String> = [
        "changed", "change", "updated", "reset", "geandert", "geaendert", "aktualisiert", "modifie",
        "cambiado", "cambiata", "cambiato", "cambie", "mudou", "mudei", "alterada", "alterei", "gewijzigd",
        "veranderd",
    ]
    static let changeConnectors: Set<String> = [
        "to", "into", "now", "auf", "zu", "in", "en", "a", "à", "para", "naar", "it", "its", "is", "->", "=>", "→",
    ]

    /// A word that marks the sentence as about the past or a change: never read.
    static let pastWords: Set<String> = [
        "was", "were", "old", "previous", "former", "used", "changed", "change", "reset", "forgot", "forgotten",
        "expired", "hint", "hints", "before", "earlier", "until", "ancien", "etait", "alt", "alte", "alten", "war",
        "fruher", "antiguo", "antigua", "era", "vecchia", "vecchio", "oud", "oude", "antiga", "antigo", "geandert",
        "cambiado", "cambiata", "cambiato", "mudou", "gewijzigd", "not", "never", "don't", "dont", "isn't", "doesn't",
        "no",
    ]

    /// After the password, only these still say it is an old one ("x was the old one"); other
    /// words of the past or negations there advise about it ("dont change it", "top up before fri").
    static let oldValueWords: Set<String> = [
        "was", "were", "old", "previous", "former", "expired", "alt", "alte", "alten", "war", "era", "oud", "oude",
        "antigo", "antiga", "vecchia", "vecchio", "ancien", "antiguo", "antigua", "etait",
    ]

    /// Words between a label and its value in a sentence.
    static let linkWords: Set<String> = [
        "is", "=", "are", "its", "it's", "my", "the", "est", "ist", "es", "e", "è", "é", "is:", "for", "it", "de",
        "le", "la", "el", "il", "o", "a", "het", "van", "du", "set", "to", "now", "currently", "still",
    ]

    private static func stripped(_ word: String) -> String {
        if let first = word.utf8.first, let last = word.utf8.last, isWordByte(first), isWordByte(last) { return word }
        return String(
            word.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed())
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// A value ending a sentence keeps no final stop or comma (`Flix!2024.` → `Flix!2024`).
    private static func cleaned(_ text: String) -> String {
        var value = Substring(text)
        while let last = value.last, ".,;".contains(last), value.count > 1 { value = value.dropLast() }
        return String(value)
    }

    private static func isPassword(_ token: NotesToken) -> Bool {
        let value = cleaned(token.text)
        return !token.parenthesised && (NotesToken.shape(of: value) == .secret || NotesToken.isPasswordLike(value))
            && !NotesToken.isEmail(value) && NotesToken.shape(of: value) != .url
    }

    /// A credential label at `index`: one or two words of the lexicon (`password`, `user name`).
    private static func label(at index: Int, in tokens: [NotesToken]) -> (NotesLabel.Field, Int)? {
        for length in [2, 1] where index + length <= tokens.count {
            let phrase = tokens[index..<index + length].map { stripped($0.folded) }.joined(separator: " ")
            if let label = NotesLabel.lookup(phrase), [.password, .username, .email].contains(label.field) {
                return (label.field, length)
            }
        }
        return nil
    }

    /// `ana_s / Spot#Music1`: a login name or e-mail, a standing slash, a password.
    private static func slashPair(_ tokens: [NotesToken]) -> (String, String)? {
        for index in tokens.indices.dropLast() {
            let user = tokens[index]
            let next = tokens[index + 1]
            if user.shape == .email || NotesRecordAssembler.isBracketedHandle(user.text), next.afterSeparator,
                !user.afterSeparator || index == 0, isPassword(next)
            {
                return (cleaned(user.text), cleaned(next.text))
            }
        }
        return nil
    }

    /// The service: the first capitalised name that is no sentence word, label or value
    /// (`Netflix` in "The Netflix login is…", `First Example Credit Union` in brackets).
    private static func service(_ tokens: [NotesToken], excluding values: [String]) -> String? {
        // "Ancestry.com  nora@sky.com  pw is …": a site's bare domain opening the sentence.
        if let first = tokens.first, first.shape == .url, !first.parenthesised,
            !first.text.utf8.contains(0x2F), !first.text.utf8.contains(0x3A), !values.contains(first.text)
        {
            return first.text
        }
        var words = [String]()
        // A remark in brackets about something else ("(changed in May)") names nothing; a
        // name in brackets ("The bank (First Credit Union) username is…") does.
        let remarks = Set(
            tokens.filter { token in
                token.bracket > 0
                    && (pastWords.contains(stripped(token.folded))
                        || NotesLineClassifier.proseWords.contains(stripped(token.folded)))
            }.map(\.bracket))
        for token in tokens where !remarks.contains(token.bracket) || token.bracket == 0 {
            let word = stripped(token.text)
            let isName =
                token.shape == .word && word.first?.isUppercase == true && !functionWords.contains(token.folded)
                && !NotesLineClassifier.proseWords.contains(stripped(token.folded))
                && NotesLabel.lookup(stripped(token.folded)) == nil && !values.contains(word)
            if isName, words.isEmpty || !token.afterSeparator {
                words.append(word)
            } else if !words.isEmpty {
                break
            }
        }
        // "netflix is ana@x.com  Flix2020", "the gym app username is…": the words opening the
        // sentence, however written, up to a label or a sentence word.
        if words.isEmpty {
            // ("2020-02-11  amazon changed -> x": a date opening the line dates it.)
            let opening = tokens.drop { token in
                functionWords.contains(token.folded) || token.marked || NotesRecordAssembler.isDate(token.text)
                    || NotesLineClassifier.proseWords.contains(stripped(token.folded))
            }
            for token in opening.prefix(3) {
                guard token.shape == .word, !functionWords.contains(token.folded),
                    !NotesLineClassifier.proseWords.contains(token.folded),
                    NotesLabel.lookup(stripped(token.folded)) == nil, words.isEmpty || !token.afterSeparator
                else { break }
                words.append(stripped(token.text))
            }
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    private static let functionWords: Set<String> = [
        "the", "my", "for", "i", "a", "an", "our", "and", "le", "la", "les", "mon", "ma", "pour", "der", "die", "das",
        "mein", "meine", "fur", "el", "los", "mi", "para", "il", "mio", "mia", "per", "o", "meu", "minha", "de",
        "het", "mijn", "voor", "ask", "note", "also", "then", "use", "with",
    ]
}
