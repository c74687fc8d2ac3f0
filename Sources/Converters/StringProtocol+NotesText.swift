import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// The text without the spaces and tabs around it: what
    /// `trimmingCharacters(in: .whitespaces)` returns, without asking Foundation when the
    /// first and last bytes are ASCII and neither a space nor a tab (most notes lines and
    /// words — this runs many times on each line).
    var trimmedWhitespace: String {
        guard let first = utf8.first, let last = utf8.last else { return "" }
        if first < 0x80, last < 0x80, first != 0x20, first != 0x09, last != 0x20, last != 0x09 {
            return String(self)
        }
        return trimmingCharacters(in: .whitespaces)
    }
}

extension StringProtocol {
    /// Whether `needle` stands in the text as whole characters: Foundation's `contains(_:)`
    /// without its Unicode search, which costs more and which the ASCII marks asked about
    /// (`://`, ` - `, `](`) never need. A match a combining mark follows (`- \u{301}`) is part of
    /// another character, as Foundation reads it: not a match. (Unlike Foundation, a needle of
    /// one character does not match its canonical equivalents: `;` is not U+037E.)
    func includes(_ needle: String) -> Bool {
        var rest = Substring(self)
        while let offset = NotesToken.utf8Offset(of: needle, in: rest) {
            let end = rest.utf8.index(rest.utf8.startIndex, offsetBy: offset + needle.utf8.count)
            guard let next = rest.utf8[end...].first, next >= 0xCC,
                let scalar = String(rest[end...].unicodeScalars.prefix(1)).unicodeScalars.first,
                scalar.properties.isGraphemeExtend
            else { return true }
            // (On past the match's first scalar: it starts one, as the needle does.)
            let start = rest.utf8.index(rest.utf8.startIndex, offsetBy: offset)
            rest = rest[rest.unicodeScalars.index(after: start)...]
        }
        return false
    }
}

extension String {
    /// The text with its no-break, narrow and figure spaces (U+00A0, U+202F, U+2007) made
    /// spaces: pasted from a web page or a word processor (`Staff\u{A0}email`), they are spaces
    /// as typed, in a title that is searched and in a name another line points at (never in a
    /// value: a password may hold one).
    var plainSpaced: String {
        guard utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 }) else { return self }
        return String(
            String.UnicodeScalarView(unicodeScalars.map { [0xA0, 0x202F, 0x2007].contains($0.value) ? " " : $0 }))
    }

    /// Where `needle` first stands, byte for byte (Foundation's `range(of:)` costs more on every
    /// line). The needle must open and close with whole characters (the change log's ASCII
    /// separators do), so the range falls on character boundaries.
    func firstByteRange(of needle: String) -> Range<String.Index>? {
        guard let offset = NotesToken.utf8Offset(of: needle, in: self) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: offset)
        return start..<utf8.index(start, offsetBy: needle.utf8.count)
    }
}
