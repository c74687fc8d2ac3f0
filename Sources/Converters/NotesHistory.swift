/// A password's history written on one line: `Gmail: Autumn-Leaves-21 -> NewYear2023$kw`,
/// `Netflix  Flix1 -> Flix2 -> Flix3 (current)`, `pw ~~Old#2022~~ New#2024`,
/// `changed from Blue#Sky22 to Red#Sun23`. The newest value is the password; the older ones
/// are taken out of the line, so they can never be read as its username or title, and kept
/// out of sight beside the record (``NotesLine/superseded``).
enum NotesHistory {
    /// Words between a struck-out value and the one replacing it (`NOW:`, `neu`).
    static let nowWords: Set<String> = [
        "now", "new", "neu", "jetzt", "nieuw", "nu", "nouveau", "maintenant", "nuevo", "ahora", "nuovo", "adesso",
        "novo", "nova", "agora", "current", "actual", "aktuell",
    ]

    /// Arrows and words between an old value and the one that replaced it.
    static let arrows: Set<Substring> = ["->", "-->", "=>", "→", "⇒", "⟶", ">", ">>", "—>", "–>"]
    static let connectorWords: Set<String> = [
        "to", "now", "then", "nach", "auf", "jetzt", "nun", "a", "à", "puis", "en", "ahora", "luego", "in", "ora",
        "adesso", "naar", "nu", "para", "agora",
    ]
    /// German words for a password and its change: beside them, `alt` is the German old.
    static let germanWords: Set<String> = [
        "passwort", "kennwort", "zugang", "zugangsdaten", "benutzer", "benutzername", "aktuelles", "neues", "bisher",
    ]
    /// Markers written in capitals beside a value that is no longer the password.
    static let capitalMarkers: Set<String> = ["OLD", "XX", "XXX", "ALT", "ANCIEN", "VIEJO", "VECCHIA", "OUD"]
    /// Words in brackets after a value that make it an older password, or the current one.
    static let oldRemarks: Set<String> = [
        "old", "older", "previous", "former", "outdated", "expired", "alt", "alte", "altes", "ancien", "ancienne",
        "antiguo", "antigua", "vecchio", "vecchia", "oud", "oude", "antigo", "antiga",
    ]
    static let newRemarks: Set<String> = [
        "new", "current", "neu", "neues", "aktuell", "nouveau", "nouvel", "actuel", "nuevo", "nueva", "actual",
        "nuovo", "nuova", "attuale", "novo", "nova", "atual", "nieuw", "nieuwe", "huidig",
    ]
    /// Marks that may come between an old value and the connector word after it.
    static let softGaps: Set<Substring> = ["—", "–", "-", ",", ";"]
    /// Verbs between a connector word and the new value ("now it's", "adesso è", "jetzt ist").
    static let linkWords: Set<String> = [
        "is", "it's", "its", "it", "è", "e", "é", "ist", "es", "est", "c'est", "is:", "são", "esta", "está",
    ]
    /// Words saying the line tells a change of password.
    static let changeWords: Set<String> = [
        "changed", "change", "new", "now", "current", "updated", "reset", "neu", "neues", "geandert", "aktuell",
        "jetzt", "nouveau", "nouvel", "maintenant", "nuevo", "nueva", "cambiado", "ahora", "actual",
        "nuovo", "nuova", "cambiata", "adesso", "nieuw", "gewijzigd", "nu", "novo", "nova", "alterada", "agora",
    ]

    /// Takes the superseded values out of `tokens` and returns them, oldest first, with the
    /// remarks on the newest (`(current)`) that were taken out beside them.
    static func supersededValues(_ tokens: inout [NotesToken], in text: String) -> (old: [String], remarks: [String]) {
        let struck = tokens.contains(where: \.struck)
        let marked = tokens.contains { token in
            (token.parenthesised || token.marked)
                && (oldRemarks.contains(token.folded) || newRemarks.contains(token.folded))
        }
        guard tokens.count >= 3 || struck || marked else { return ([], []) }
        var old = [String]()
        var remarks = [String]()
        // "password  OLD  snowdrop08", "password  XX snowdrop2012 XX": a marker in capitals
        // beside a value, in a list whose legend says "OLD = dont use, XX = changed".
        if tokens.contains(where: { capitalMarkers.contains($0.text) }) {
            var index = 0
            while index < tokens.count {
                guard capitalMarkers.contains(tokens[index].text), !tokens[index].parenthesised else {
                    index += 1
                    continue
                }
                // (`paypal1  XX  ->  Pp!Hutton2017`: an arrow after the marker tells the change;
                // the marker goes, and the arrow is read below.)
                if let end = tokens[index].range?.upperBound,
                    let arrow = text[end...].split(separator: " ", maxSplits: 1).first, arrows.contains(arrow)
                {
                    remarks.append(tokens[index].text)
                    tokens.remove(at: index)
                    continue
                }
                let after = index + 1 < tokens.count && isValue(tokens[index + 1]) ? index + 1 : nil
                let before = index > 0 && isValue(tokens[index - 1]) ? index - 1 : nil
                guard let value = after ?? before else {
                    index += 1
                    continue
                }
                old.append(tokens[value].text)
                remarks.append(tokens[index].text)
                var range = min(index, value)...max(index, value)
                // (`XX snowdrop2012 XX`: crossed out on both sides.)
                if value == index + 1, value + 1 < tokens.count, tokens[value + 1].text == tokens[index].text {
                    range = index...(value + 1)
                }
                if range.upperBound + 1 < tokens.count { tokens[range.upperBound + 1].afterSeparator = true }
                tokens.removeSubrange(range)
                index = range.lowerBound
            }
            // (A label left with no value labels nothing: it would take the next line's.)
            if tokens.count == 1, NotesLabel.lookup(tokens[0].folded) != nil {
                remarks.insert(tokens[0].text, at: 0)
                tokens.removeAll()
            }
        }
        // "password now   Snowdrop!2019": a word for now between a password's label and its
        // value is a remark on it.
        if tokens.count >= 3,
            let now = tokens.indices.dropFirst().dropLast().first(where: { index in
                nowWords.contains(tokens[index].folded) && !tokens[index].marked
                    && NotesLabel.lookup(tokens[index - 1].folded)?.field == .password && isValue(tokens[index + 1])
            })
        {
            remarks.append(tokens[now].text)
            tokens.remove(at: now)
        }
        // Most lines hold no arrow (`>`, or a multi-byte one) and no connector word.
        guard
            struck || marked || text.utf8.contains(where: { $0 == 0x3E || $0 == 0xE2 })
                || tokens.contains(where: { connectorWords.contains($0.folded) })
        else { return (old, remarks) }
        var newMarked = false
        // `Networking1 (old) / Netw0rking#2 (new)`: a value marked old in brackets after it is
        // an older password; `(new)`, `(current)` after a value is a remark on it.
        // `vecchia: Gattina_88  nuova: Micio#Nero2023`, `old: x / new: y`: words for old and
        // new written as labels of the values after them.
        if marked {
            var index = 0
            while index + 1 < tokens.count {
                let word = tokens[index]
                guard word.marked, !word.parenthesised, isValue(tokens[index + 1]), !tokens[index + 1].parenthesised
                else {
                    index += 1
                    continue
                }
                // ("riot alt: sleepyowl420  pass: x": `alt` glued after a name that is no label,
                // before a login name in lower case, is the English alternate account. "Sparkasse
                // alt: Geheim123  Passwort: …", "GMX alt: Sommer2019", "… jetzt: x" are the
                // German old: a value written like a password, or a German word on the line.)
                let next = tokens[index + 1].text
                let alternate =
                    word.folded == "alt" && index > 0 && !word.afterSeparator
                    && NotesLabel.lookup(tokens[index - 1].folded) == nil
                    && next.first?.isLowercase == true && !NotesToken.isPasswordLike(next)
                    && !tokens.contains(where: { token in
                        newRemarks.contains(token.folded) || changeWords.contains(token.folded)
                            || connectorWords.contains(token.folded) || germanWords.contains(token.folded)
                    })
                if oldRemarks.contains(word.folded), !alternate {
                    old.append(tokens[index + 1].text)
                    remarks.append(word.text)
                    if index + 2 < tokens.count { tokens[index + 2].afterSeparator = true }
                    tokens.removeSubrange(index...(index + 1))
                } else if newRemarks.contains(word.folded) {
                    newMarked = true
                    remarks.append(word.text)
                    tokens[index + 1].afterSeparator = true
                    tokens.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
        if marked {
            var index = 0
            while index + 1 < tokens.count {
                let remark = tokens[index + 1]
                let alone =
                    remark.parenthesised && remark.bracket > 0
                    && (index + 2 == tokens.count || tokens[index + 2].bracket != remark.bracket)
                // (In brackets as written: `pw  // old` is a comment on the line, not on the value.)
                let bracketed =
                    remark.range.map { range in
                        text[..<range.lowerBound].last.map { "([{".contains($0) } ?? false
                    } ?? false
                guard alone, bracketed, isValue(tokens[index]), !tokens[index].parenthesised else {
                    index += 1
                    continue
                }
                if oldRemarks.contains(remark.folded) {
                    old.append(tokens[index].text)
                    remarks.append(remark.text)
                    if index + 2 < tokens.count { tokens[index + 2].afterSeparator = true }
                    tokens.removeSubrange(index...(index + 1))
                } else if newRemarks.contains(remark.folded) {
                    newMarked = true
                    remarks.append(remark.text)
                    tokens.remove(at: index + 1)
                    index += 1
                } else {
                    index += 1
                }
            }
        }
        // `~~Xero2022!~~ Ledger&Balance24`: struck out before a value that replaces it.
        // (`~~Stranger1~~ ~~Stranger2~~ Stranger3!`, `~~Galway2019~~ NOW: Claddagh!2024`: a run
        // struck out, then words saying the next one is new.)
        var index = 0
        while index < tokens.count {
            guard tokens[index].struck else {
                index += 1
                continue
            }
            var next = index
            while next < tokens.count, tokens[next].struck { next += 1 }
            var value = next
            while value < tokens.count, nowWords.contains(tokens[value].folded.trimmingCharacters(in: [":"])) {
                value += 1
            }
            if value < tokens.count, isValue(tokens[value]) {
                old += tokens[index..<next].map(\.text)
                remarks += tokens[next..<value].map(\.text)  // `NOW:` is kept, out of sight
                tokens[value].afterSeparator = tokens[index].afterSeparator
                tokens.removeSubrange(index..<value)
            } else {
                // Struck out with no value after it (`PAC ~~55120~~ new one 90871`): still an
                // old value when it has a value's shape, never read as one.
                let values = tokens[index..<next].filter { token in
                    (isValue(token) || token.text.count >= 4) && token.text.contains(where: \.isNumber)
                }
                if values.count == next - index {
                    old += values.map(\.text)
                    tokens.removeSubrange(index..<next)
                } else {
                    index = next
                }
            }
        }
        let changeNamed = newMarked || tokens.contains { changeWords.contains($0.folded) }
        // A connector word alone is no history ("upgraded iPhone12 to iPhone15"): the line
        // must name a change or a password.
        let passwordNamed = tokens.contains { NotesLabel.lookup($0.folded)?.field == .password }
        // Runs of values joined by arrows or connector words: all but the last are older.
        index = 0
        while index + 1 < tokens.count {
            let chain = run(from: index, in: tokens, text: text)
            guard chain.count >= 2 else {
                index += 1
                continue
            }
            // How the run was reached: an arrow opening the line's values is its separator
            // (`Zelle -> ana01 -> Pw!1` is a title, a login and a password), not a history.
            let arrowSeparated =
                index > 0 && gap(before: index, in: tokens, text: text).map { arrows.contains($0) } == true
            let connector = chain.connector
            // Two values joined by an arrow alone are a history only when the first could not
            // be a login name (`JSmith82 -> Pw!x9` may be one): a symbol or a dash in it.
            // ("Vecchia password: libero1979 — adesso è Posta-Libera-2024": a line naming a
            // password and its change, joined by a connector word, needs no symbol in the old one.)
            let strong =
                (NotesToken.isPasswordLike(tokens[index].text)
                    && (changeNamed || passwordNamed
                        || (!connector && (chain.count >= 3 || !isLoginName(tokens[index].text)))))
                || (connector && changeNamed && passwordNamed)
                // ("Fortnite2019 -> changed Fortn1te#2022": the arrow and the verb after it tell it,
                // on a line labelling no password: "gamer_owl2019 -> changed gamer_owl2020  pw x"
                // renamed the login.)
                || (chain.told && !passwordNamed)
            // (A run is judged whole: its tail is never judged again as a run of its own.)
            guard !arrowSeparated, strong || (changeNamed && chain.count >= 3) else {
                index = chain.last + 1
                continue
            }
            let last = chain.last
            old += chain.values.dropLast().map { tokens[$0].text }
            // The words joining them ("to", "now") are kept with the remarks.
            remarks += (index..<last).filter { !chain.values.contains($0) }.map { tokens[$0].text }
            // "(current)", "(neu)" after the newest value: a remark on it, never a login.
            if last + 1 < tokens.count, tokens[last + 1].parenthesised, changeWords.contains(tokens[last + 1].folded),
                last + 2 == tokens.count || !tokens[last + 2].parenthesised
            {
                remarks.append(tokens[last + 1].text)
                tokens.remove(at: last + 1)
            }
            tokens[last].afterSeparator = tokens[index].afterSeparator
            tokens.removeSubrange(index..<last)
            index += 1
        }
        return (old, remarks)
    }

    /// The words that told the change (`was`, `now`, `changed to`), once its older values are
    /// out: remarks, so the line reads as the record it is (`Gmail  Lagos2024!Dan`).
    static func tellingWordsRemoved(_ tokens: inout [NotesToken]) -> [String] {
        var removed = [String]()
        tokens.removeAll { token in
            let word = token.folded
            // (Lower-case only: "New York Times", "Now TV" are names.)
            guard !token.isTyped || token.shape == .word, token.text.first?.isLowercase == true,
                NotesSentence.pastWords.contains(word) || changeWords.contains(word) || connectorWords.contains(word)
                    || NotesSentence.changeVerbs.contains(word) || ["from", "von", "de", "da", "van"].contains(word)
            else { return false }
            removed.append(token.text)
            return true
        }
        return removed
    }

    /// Where the value replacing `tokens[index]` is (the next token after an arrow, or after a
    /// connector word), when both are values.
    /// (The last flag: words of change came after the arrow, `x -> changed y`.)
    private static func replacement(after index: Int, in tokens: [NotesToken], text: String) -> (Int, Bool, Bool)? {
        guard isValue(tokens[index]), !tokens[index].marked, !tokens[index].parenthesised else { return nil }
        if let between = gap(before: index + 1, in: tokens, text: text), arrows.contains(between) {
            // ("Luce&Gas!75 -> cambiata: Luce&Gas!76", "x → now y": words of change after the arrow.)
            var next = index + 1
            while next + 1 < tokens.count, next - index <= 2, !tokens[next].parenthesised,
                NotesSentence.changeVerbs.contains(tokens[next].folded) || changeWords.contains(tokens[next].folded)
            {
                next += 1
            }
            if isValue(tokens[next]), !tokens[next].parenthesised { return (next, false, next > index + 1) }
        }
        // ("x to y", "x — adesso è y", "x, now it's y": a dash or comma may come before the
        // connector word, and a verb or two after it.)
        // ("OldBird99, changed to NewX!2024": a verb of change may come before the connector.)
        var connector = index + 1
        while connector < tokens.count, connector - index <= 2,
            NotesSentence.changeVerbs.contains(tokens[connector].folded)
        {
            connector += 1
        }
        guard connector + 1 < tokens.count, connectorWords.contains(tokens[connector].folded),
            let before = gap(before: index + 1, in: tokens, text: text), before.isEmpty || softGaps.contains(before)
        else { return nil }
        var value = connector + 1
        while value + 1 < tokens.count, value - connector - 1 < 2, linkWords.contains(tokens[value].folded),
            gap(before: value, in: tokens, text: text) == ""
        {
            value += 1
        }
        if isValue(tokens[value]), !tokens[value].parenthesised, gap(before: value, in: tokens, text: text) == "" {
            return (value, true, false)
        }
        return nil
    }

    /// The values of the run starting at `index`, and whether a connector word joins any two.
    private static func run(from index: Int, in tokens: [NotesToken], text: String) -> (
        values: [Int], last: Int, count: Int, connector: Bool, told: Bool
    ) {
        var values = [index]
        var connector = false
        var told = false
        while let (next, word, verb) = replacement(after: values.last!, in: tokens, text: text) {
            values.append(next)
            connector = connector || word
            told = told || verb
        }
        return (values, values.last!, values.count, connector, told)
    }

    /// The separator written between `tokens[index - 1]` and `tokens[index]`, spaces trimmed.
    private static func gap(before index: Int, in tokens: [NotesToken], text: String) -> Substring? {
        guard index > 0, index < tokens.count, let end = tokens[index - 1].range?.upperBound,
            let start = tokens[index].range?.lowerBound, end <= start
        else { return nil }
        return Substring(String(text[end..<start]).trimmedWhitespace)
    }

    private static func isLoginName(_ text: String) -> Bool {
        text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2E || byte == 0x5F
        }
    }

    /// A value that can be a password: letters with digits or symbols, not an address.
    private static func isValue(_ token: NotesToken) -> Bool {
        token.shape != .url && token.shape != .email
            && (token.shape == .secret || NotesToken.isPasswordLike(token.text)) && token.text.utf8.count >= 4
    }
}
