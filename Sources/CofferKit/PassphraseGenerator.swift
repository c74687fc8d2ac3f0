import Foundation
import VaultCrypto

/// Diceware passphrases: words drawn uniformly and independently from the EFF large word
/// list (``EFFWordList``) by the one random source, so each word adds log2(7776) ≈ 12.9
/// bits whatever the attacker knows about the method.
public struct PassphraseGenerator: Sendable {
    public static let wordCounts = 3...64
    public static let defaultWords = 6
    public static let defaultSeparator = "-"

    public let words: Int
    public let separator: String
    public let list: [String]

    public init(words: Int = defaultWords, separator: String = defaultSeparator, list: [String] = EFFWordList.words)
        throws
    {
        guard Self.wordCounts.contains(words) else {
            throw CofferKitError(.invalidSettings, "a passphrase has \(Self.wordCounts) words, not \(words)")
        }
        guard !separator.contains(where: { $0.isNewline }) else {
            throw CofferKitError(.invalidSettings, "the word separator cannot contain a line break")
        }
        guard list.count >= 2 else { throw CofferKitError(.invalidSettings, "the word list is empty") }
        self.words = words
        self.separator = separator
        self.list = list
    }

    /// log2 of the number of passphrases: words × log2(list size).
    public var entropyBits: Double { Double(words) * log2(Double(list.count)) }

    public func generate(random: RandomSource = SystemRandom.shared) -> String {
        (0..<words).map { _ in list[PasswordGenerator.uniform(below: list.count, random)] }
            .joined(separator: separator)
    }
}
