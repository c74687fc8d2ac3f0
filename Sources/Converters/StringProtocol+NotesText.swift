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
