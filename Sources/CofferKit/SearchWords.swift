import Foundation

/// The words of a search, prepared once and matched against many items (``ItemQuery``'s
/// rule: every word occurs in the item's searchable text, ignoring case and diacritics).
///
/// Foundation's case- and diacritic-insensitive search cost most of a search over 100,000
/// items. Where both a word and a line of the item are ASCII, no diacritic can be involved and
/// ignoring case is ASCII's, so the bytes are compared directly; anything else goes through
/// Foundation as before. Lines are searched one at a time: a word without a line break
/// cannot match across the line break that joins them.
public struct SearchWords: Sendable {
    private struct Word: Sendable {
        let text: String
        /// Lowercased bytes, for the ASCII path; nil when the word is not ASCII or holds a
        /// line break.
        let ascii: [UInt8]?
    }

    private let words: [Word]

    /// Indices of the `items` that `candidate` accepts and that hold every word, in order;
    /// matched on every core (items are independent) when there are many.
    public func indices(in items: [VaultItem], where candidate: @Sendable (VaultItem) -> Bool) -> [Int] {
        let slices = items.count < 4096 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4
        return ParallelMap.map(slices, serialBelow: 2) { slice in
            (items.count * slice / slices..<items.count * (slice + 1) / slices).filter {
                candidate(items[$0]) && match(items[$0])
            }
        }.flatMap { $0 }
    }

    public init(_ words: [String]) {
        self.words = words.map { word in
            let bytes = Array(word.utf8)
            let plain = bytes.allSatisfy { $0 < 0x80 && $0 != 0x0A && $0 != 0x0D }
            return Word(text: word, ascii: plain ? bytes.map(ItemQuery.asciiLower) : nil)
        }
    }

    public func match(_ item: VaultItem) -> Bool {
        guard !words.isEmpty else { return true }
        let parts = ItemQuery.searchableParts(item)
        if words.contains(where: { $0.ascii == nil }) {
            let haystack = parts.joined(separator: "\n")
            return words.allSatisfy { haystack.range(of: $0.text, options: Self.options) != nil }
        }
        return words.allSatisfy { word in parts.contains { Self.occurs(word, in: $0) } }
    }

    private static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    private static func occurs(_ word: Word, in part: String) -> Bool {
        var part = part
        return part.withUTF8 { text in
            guard let needle = word.ascii, text.allSatisfy({ $0 < 0x80 }) else {
                return String(decoding: text, as: UTF8.self).range(of: word.text, options: options) != nil
            }
            guard !needle.isEmpty else { return false }  // as Foundation: "" is found nowhere
            guard needle.count <= text.count else { return false }
            let first = needle[0]
            outer: for start in 0...(text.count - needle.count) where ItemQuery.asciiLower(text[start]) == first {
                for k in 1..<needle.count where ItemQuery.asciiLower(text[start + k]) != needle[k] { continue outer }
                return true
            }
            return false
        }
    }
}
