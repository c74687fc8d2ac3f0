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
        guard months.contains(head.lowercased().trimmingCharacters(in: ["."])), words.count >= 2, isDay(words[1])
        else { return nil }
        return words.count >= 3 && isYear(words[2]) ? words[2].endIndex : words[1].endIndex
    }
}
