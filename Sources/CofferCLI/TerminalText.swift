/// Text for a terminal: every scalar a terminal would act on rather than show — controls
/// (escape sequences, carriage returns, bells), format characters (bidi overrides and
/// isolates) and line or paragraph separators — written as `\u{…}`. Item titles, usernames
/// and notes come from imported files and paths from anyone who can name a file; printed
/// raw, they could retitle the terminal, clear the screen or reorder a line.
enum TerminalText {
    /// `text` made safe to print; `multiline` keeps line feeds and tabs (notes, messages).
    static func safe(_ text: String, multiline: Bool = true) -> String {
        // Most text is printable ASCII: one pass over its bytes settles it.
        var copy = text  // withUTF8 wants a variable; a copy shares the storage
        let printable = copy.withUTF8 { utf8 in
            utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F || multiline && ($0 == 0x0A || $0 == 0x09) }
        }
        if printable { return text }
        guard text.unicodeScalars.contains(where: { acts($0, multiline: multiline) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if acts(scalar, multiline: multiline) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func acts(_ scalar: Unicode.Scalar, multiline: Bool) -> Bool {
        // ASCII first, without the Unicode tables: C0 and DEL act, nothing else does.
        if scalar.value < 0x80 {
            if multiline, scalar == "\n" || scalar == "\t" { return false }
            return scalar.value < 0x20 || scalar.value == 0x7F
        }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}

/// Everything this program prints goes through ``TerminalText`` (this shadows the standard
/// library's `print` in the module). Data meant for a pipe — an export to `-o -`, `show
/// --field` into a pipe — is written with `FileHandle` or `Swift.print` instead.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(TerminalText.safe(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
}
