/// A journal entry's opening date and the mark after it: `Mar 3 2024 — `, `Apr 18 — `,
/// `2024-03-05: `, `05/03/2024 - `, `3 March 2024 | `. The entry after it is read as a line
/// of its own; the date is kept with its record, out of sight, like a chat message's time.
/// (A date followed by two spaces, `2020-02-11  amazon changed -> x`, opens a change line
/// and is left to it.)
enum NotesDateEntry {
    static func split(_ text: Substring) -> (Substring, Substring)? {
        guard let first = text.first, first.isNumber || monthInitials.contains(first) else { return nil }
        var rest = text[...]
        guard let dateEnd = dateLength(rest) else { return nil }
        rest = rest[dateEnd...]
        for mark in [" — ", " – ", " - ", ": ", " | ", " -- "] where rest.hasPrefix(mark) {
            let entry = rest.dropFirst(mark.count).drop { $0 == " " }
            // (An entry of words: `Mar 3 — 14:00` or a lone value is no entry.)
            guard entry.split(separator: " ").count >= 2 else { return nil }
            return (text[..<entry.startIndex], entry)
        }
        return nil
    }

    /// "Tuesday, March 9, 2021", "Mar 3 2024", "2024-03-05": a line that is a date and
    /// nothing more (OneNote heads each page with its date and time), never a title and a
    /// password.
    static func isWholeDate(_ text: String) -> Bool {
        // (Asked of many lines: short ones opening with a digit or a capital only.)
        guard text.utf8.count <= 40, let head = text.utf8.first,
            (0x30...0x39).contains(head) || (0x41...0x5A).contains(head)
        else { return false }
        // (A capital opens a date only as a weekday's or month's name: `Tuesday,`, `Mar 3`.)
        if head >= 0x41 {
            let word = text.utf8.prefix { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
            guard (3...9).contains(word.count), case let name = String(decoding: word.map { $0 | 0x20 }, as: UTF8.self),
                weekdays.contains(name) || months.contains(name)
            else { return false }
        }
        // (Trimmed as `.whitespaces` trims: tabs and space separators, nothing else.)
        let blank = { (character: Character) in
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        var rest = text.drop(while: blank)
        while let last = rest.last, blank(last) { rest = rest.dropLast() }
        if let comma = rest.firstIndex(of: ","), weekdays.contains(rest[..<comma].lowercased()) {
            rest = rest[rest.index(after: comma)...].drop { $0 == " " }
        }
        while let last = rest.last, ".,".contains(last) { rest = rest.dropLast() }
        guard let first = rest.first, first.isNumber || monthInitials.contains(first),
            let end = dateLength(rest)
        else { return false }
        return end == rest.endIndex
    }

    /// "2:14 PM", "14:02": a time of day alone on a line.
    static func isTime(_ text: String) -> Bool {
        guard text.utf8.count <= 12, text.utf8.contains(0x3A),
            text.utf8.first.map({ (0x30...0x39).contains($0) }) == true
        else { return false }
        var rest = text.trimmedWhitespace[...]
        for suffix in ["am", "pm", "a.m.", "p.m."] where rest.lowercased().hasSuffix(suffix) {
            rest = rest.dropLast(suffix.count)
            while rest.last == " " { rest = rest.dropLast() }
            break
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        return (2...3).contains(parts.count) && (1...2).contains(parts[0].count)
            && parts.dropFirst().allSatisfy { $0.count == 2 }
            && parts.allSatisfy { $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    private static let weekdays: Set<String> = [
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "mon", "tue", "tues", "wed",
        "thu", "thur", "thurs", "fri", "sat", "sun",
    ]

    private static let monthInitials: Set<Character> = ["J", "F", "M", "A", "S", "O", "N", "D"]
    private static let months: Set<String> = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "january",
        "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
    ]

    /// Where the date at the start of `text` ends, or nil.
    static func dateLength(_ text: Substring) -> Substring.Index? {
        let words = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard let head = words.first else { return nil }
        func isDay(_ word: Substring) -> Bool {
            let digits = word.hasSuffix(",") ? word.dropLast() : word
            return (1...2).contains(digits.count) && digits.allSatisfy(\.isNumber)
        }
        func isYear(_ word: Substring) -> Bool { word.count == 4 && word.allSatisfy(\.isNumber) }
        // `2024-03-05`, `05/03/2024`, `5.3.2024`: one word of digits and separators.
        if head.first?.isNumber == true {
            let parts = head.split(whereSeparator: { "-/.".contains($0) })
            if parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isNumber) && (1...4).contains($0.count) }),
                head.count >= 6
            {
                return head.endIndex
            }
            // `3 March 2024`, `3 Mar`.
            if isDay(head), words.count >= 2,
                months.contains(String(words[1]).lowercased().trimmingCharacters(in: ["."]))
            {
                return words.count >= 3 && isYear(words[2]) ? words[2].endIndex : words[1].endIndex
            }
            return nil
        }
        // `Mar 3 2024`, `March 3, 2024`, `Apr 18`.
        guard (3...10).contains(head.utf8.count), months.contains(head.lowercased().trimmingCharacters(in: ["."])),
            words.count >= 2, isDay(words[1])
        else { return nil }
        return words.count >= 3 && isYear(words[2]) ? words[2].endIndex : words[1].endIndex
    }
}
