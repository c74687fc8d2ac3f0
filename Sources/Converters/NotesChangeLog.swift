/// A line of a password change log: a service first, then how its password changed.
///
///     LinkedIn — changed to Networking#Pivot23 (old: linkedin2016)
///     Dropbox — ana@x.org — was Dropbox123, now Box.Of.Drops.88
///     Adobe — ana@x.org — changed again!! now Kerning&Leading7. Prev: Kerning&Leading6
///     Dribbble — username mreyes, reset to Shot.Of.The.Day4 (old one was dribbble2019)
///     Amazon — changed 8/30, new: Prime-Day-Deals!23, old was Prime-Day-Deals!22
///
/// Such a line is rewritten as `service — login — new value`: the newest value is the
/// password, the older ones are set aside as superseded, and the other words are kept out of
/// sight. Only a line that opens with a service's name before a separator: prose about a
/// change (`old pw was x, changed to y`) names no service and stays as it is.
enum NotesChangeLog {
    struct Rewritten {
        var text: String
        var superseded: [String]
        var remarks: [String]
    }

    /// Words (lower case) after which the new value comes; `changed to`, `reset to`.
    static let newMarkers: [[String]] = [
        ["changed", "to"], ["reset", "to"], ["updated", "to"], ["set", "to"], ["now"], ["new"], ["new", "pw"],
        ["new", "password"], ["geandert", "auf"], ["geändert", "auf"], ["neu"], ["jetzt"], ["cambiado", "a"],
        ["cambiada", "a"], ["nueva"], ["nuevo"], ["ahora"], ["nouveau"], ["maintenant"], ["change", "en"],
        ["changé", "en"], ["nuova"], ["nuovo"], ["adesso"], ["nova"], ["novo"], ["agora"], ["nieuw"], ["nu"],
    ]
    /// Words after which an older value comes; `old one was`, `prev:`.
    static let oldMarkers: [[String]] = [
        ["old", "one", "was"], ["old", "was"], ["old"], ["was"], ["prev"], ["previous"], ["previously"],
        ["formerly"], ["alt"], ["vorher"], ["antes"], ["anterior"], ["ancien"], ["avant"], ["vecchia"],
        ["prima"], ["oud"], ["antiga"],
    ]

    static func rewrite(_ written: String) -> Rewritten? {
        // Most lines tell no change: a test on bytes for the marker words first (this runs on
        // every line of a notes list).
        guard Self.mayTellAChange(written.utf8) else { return nil }
        // "2023-03-04  LinkedIn — …": the log's date, kept out of sight with the other words.
        var text = written
        var date: String?
        if let first = written.first, first.isNumber || first.isUppercase,
            let end = NotesDateEntry.dateLength(written[...]),
            written[end...].hasPrefix("  ")
                || written[end...].hasPrefix("\t")
        {
            date = String(written[..<end])
            text = String(written[end...].drop { $0 == " " || $0 == "\t" })
        }
        guard
            let separator = [" — ", " – ", " - ", " | ", ": "].compactMap({ text.firstByteRange(of: $0) })
                .min(by: { $0.lowerBound < $1.lowerBound })
        else { return nil }
        var service = text[..<separator.lowerBound].trimmedWhitespace
        var serviceWords = service.split(separator: " ")
        // "Instagram anasouza.art - antiga: x / nova: y": a handle after the name is the login.
        var handle: String?
        if serviceWords.count >= 2, let last = serviceWords.last, last.first?.isLetter == true,
            last.allSatisfy({ $0.isLetter || $0.isNumber || "._-@".contains($0) }),
            last.contains(where: { "._@".contains($0) || $0.isNumber }), !Self.isMarker(last)
        {
            handle = String(last)
            serviceWords.removeLast()
            service = serviceWords.joined(separator: " ")
        }
        guard (1...4).contains(serviceWords.count), service.first?.isLetter == true,
            !serviceWords.contains(where: { NotesToken.isPasswordLike($0) || Self.isMarker($0) })
        else { return nil }
        let words = text[separator.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" })
        var used = Set<Int>()
        var newValue: String?
        var old = [String]()
        var login = handle
        var index = 0
        while index < words.count {
            let folded = words[index...].prefix(3).map { Self.bare($0).lowercased() }
            if let marker = newMarkers.filter({ folded.starts(with: $0) }).max(by: { $0.count < $1.count }),
                index + marker.count < words.count, case let value = Self.value(words[index + marker.count]),
                Self.isNewValue(value)
            {
                if let previous = newValue { old.append(previous) }
                // "OldBird99, changed to NewX!2024": a value just before the change is the old one.
                if index > 0, !used.contains(index - 1), case let before = Self.value(words[index - 1]),
                    NotesToken.isPasswordLike(before), !NotesToken.isEmail(before), before != login,
                    // (`again!!`: a word and its emphasis.)
                    !before.reversed().drop(while: { "!?.".contains($0) }).allSatisfy(\.isLetter)
                {
                    old.append(before)
                    used.insert(index - 1)
                }
                newValue = value
                used.formUnion(index...(index + marker.count))
                index += marker.count + 1
                continue
            }
            if let marker = oldMarkers.filter({ folded.starts(with: $0) }).max(by: { $0.count < $1.count }),
                index + marker.count < words.count, case let value = Self.value(words[index + marker.count]),
                NotesToken.isPasswordLike(value) || value.contains(where: \.isNumber)
            {
                old.append(value)
                used.formUnion(index...(index + marker.count))
                index += marker.count + 1
                continue
            }
            let word = Self.value(words[index])
            if login == nil, NotesToken.isEmail(word) {
                login = word
                used.insert(index)
            } else if login == nil, ["username", "user", "login"].contains(Self.bare(words[index]).lowercased()),
                index + 1 < words.count
            {
                login = Self.value(words[index + 1])
                used.formUnion(index...(index + 1))
                index += 2
                continue
            }
            index += 1
        }
        guard let newValue, !old.contains(newValue) else { return nil }
        let kept =
            (date.map { [$0] } ?? [])
            + words.indices.filter { !used.contains($0) }.map { String(words[$0]) }
            .filter { word in !["—", "–", "-", "|", ","].contains(word) }
        return Rewritten(
            text: ([service] + (login.map { [$0] } ?? []) + [newValue]).joined(separator: " — "),
            superseded: old, remarks: kept.isEmpty ? [] : [kept.joined(separator: " ")])
    }

    /// Whether `bytes` hold, in any case, a stem of the marker words (`chan`, `now`, `neu`…).
    static func mayTellAChange(_ bytes: String.UTF8View) -> Bool {
        var last: UInt32 = 0  // the last four bytes read, lower-cased, the newest lowest
        for byte in bytes {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            last = last << 8 | UInt32(lower)
            // (Compared one by one: fifteen integer tests cost less than hashing every byte.)
            if threeByteStems.contains(last & 0xFF_FFFF) || fourByteStems.contains(last) { return true }
        }
        return false
    }

    private static func packed(_ stem: String) -> UInt32 { stem.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
    private static let threeByteStems: [UInt32] = ["now", "new", "neu", "upd"].map(packed)
    private static let fourByteStems: [UInt32] =
        ["chan", "rese", "nuev", "nouv", "ahor", "jetz", "nuov", "agor", "nova", "novo", "nieu"].map(packed)

    /// A value after a word saying it is the new one: a password's shape, or a word of six
    /// characters or more with a mark or a capital inside it (`Aquarela_e_Nanquim`).
    private static func isNewValue(_ value: String) -> Bool {
        if NotesToken.isPasswordLike(value) { return true }
        guard value.count >= 6, !NotesToken.isEmail(value) else { return false }
        return value.dropFirst().contains { $0.isUppercase || "_-.!#$%&*+=?@".contains($0) }
    }

    /// A word that opens a marker (`vecchia: x  nuova: y` names no service).
    private static func isMarker(_ word: Substring) -> Bool {
        markerFirstWords.contains(bare(word).lowercased())
    }

    private static let markerFirstWords = Set(
        ["changed", "reset", "current", "aktuell"] + (newMarkers + oldMarkers).compactMap(\.first))

    /// A word without the marks around it that are no part of a value: `(old:`, `now:`.
    private static func bare(_ word: Substring) -> Substring {
        var word = word.drop { "([".contains($0) }
        while let last = word.last, ":,;)].!".contains(last) { word = word.dropLast() }
        return word
    }

    /// A value as written before a mark ending its phrase: `Kerning&Leading7.` before the
    /// next sentence, `linkedin2016)` in brackets, `Dropbox123,` before the next clause.
    private static func value(_ word: Substring) -> String {
        var word = word.drop { "([".contains($0) }
        while let last = word.last, ",;)]".contains(last) { word = word.dropLast() }
        if word.last == ".", word.dropLast().last?.isLetter == false || word.dropLast().last?.isNumber == true {
            word = word.dropLast()
        }
        return String(word)
    }
}
