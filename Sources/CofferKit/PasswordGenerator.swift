import Foundation

/// Random passwords from the vault's generator settings: every character drawn uniformly
/// (rejection sampling over the system CSPRNG, no modulo bias) from the chosen classes,
/// with at least one character of each class — what sites' rules ask for. Redrawing the
/// whole password until that holds keeps the result uniform over all such passwords.
public struct PasswordGenerator {
    public static let lowercase = Array("abcdefghijklmnopqrstuvwxyz")
    public static let uppercase = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    public static let digits = Array("0123456789")
    /// ASCII punctuation without the space, quotes and backslash, which break shells and CSV.
    public static let symbols = Array("!#$%&()*+,-./:;<=>?@[]^_{|}~")
    /// Characters that look alike in many fonts.
    public static let ambiguous = Set("Il1O0o|")
    public static let lengths = 4...1024

    public let settings: GeneratorSettings
    /// The character classes in use, after removing ambiguous characters if asked.
    public let classes: [[Character]]

    public init(_ settings: GeneratorSettings) throws {
        guard Self.lengths.contains(settings.length) else {
            throw CofferKitError(.invalidSettings, "password length must be \(Self.lengths), not \(settings.length)")
        }
        var classes = [Self.lowercase, Self.uppercase]
        if settings.digits { classes.append(Self.digits) }
        if settings.symbols { classes.append(Self.symbols) }
        if settings.excludeAmbiguous { classes = classes.map { $0.filter { !Self.ambiguous.contains($0) } } }
        self.settings = settings
        self.classes = classes
    }

    public var alphabet: [Character] { classes.flatMap { $0 } }

    /// log2 of the number of passwords this can produce, ignoring the one-of-each-class
    /// rule (which removes a small fraction of them).
    public var entropyBits: Double { Double(settings.length) * log2(Double(alphabet.count)) }

    public func generate(random: RandomSource = SystemRandom.shared) -> String {
        let alphabet = alphabet
        while true {
            let password = (0..<settings.length).map { _ in alphabet[Self.uniform(below: alphabet.count, random)] }
            if classes.allSatisfy({ c in password.contains { c.contains($0) } }) { return String(password) }
        }
    }

    /// A uniform integer in 0..<bound: 32-bit draws above the largest multiple of `bound`
    /// are rejected.
    static func uniform(below bound: Int, _ random: RandomSource) -> Int {
        let limit = UInt64(UInt32.max) + 1 - (UInt64(UInt32.max) + 1) % UInt64(bound)
        while true {
            let draw = random.bytes(4).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if draw < limit { return Int(draw % UInt64(bound)) }
        }
    }
}
