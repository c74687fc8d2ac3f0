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
    /// Whether `needle` stands in the text, byte for byte: Foundation's `contains(_:)`
    /// compares by Unicode canonical equivalence, which costs more and which the ASCII marks
    /// asked about (`://`, ` - `, `](`) never need.
    func includes(_ needle: String) -> Bool {
        NotesToken.utf8Offset(of: needle, in: self) != nil
    }
}
