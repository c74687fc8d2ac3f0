/// Which kinds of characters a password mixes, for `list --group-by charset`: the four
/// sections people sort a password list into. Digits are 0–9 and other decimal digits;
/// symbols are everything that is neither a letter nor a digit (punctuation, spaces,
/// emoji). A password of digits only is "with digits"; one of symbols only "with symbols".
public enum PasswordCharset: String, CaseIterable, Sendable {
    case lettersOnly = "letters-only"
    case withDigits = "with-digits"
    case withSymbols = "with-symbols"
    case withDigitsAndSymbols = "with-digits-and-symbols"

    /// nil for a missing or empty password.
    public init?(password: String?) {
        guard let password, !password.isEmpty else { return nil }
        let digits = password.contains(where: Self.isDigit)
        let symbols = password.contains { !$0.isLetter && !Self.isDigit($0) }
        switch (digits, symbols) {
        case (false, false): self = .lettersOnly
        case (true, false): self = .withDigits
        case (false, true): self = .withSymbols
        case (true, true): self = .withDigitsAndSymbols
        }
    }

    static func isDigit(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { $0.properties.numericType == .decimal }
    }

    /// The section heading.
    public var title: String {
        switch self {
        case .lettersOnly: "Letters only"
        case .withDigits: "With digits"
        case .withSymbols: "With symbols"
        case .withDigitsAndSymbols: "With digits and symbols"
        }
    }
}
