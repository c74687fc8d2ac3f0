import Foundation
import VaultCrypto

/// Numeric codes like a phone's passcode: every digit uniform and independent, leading
/// zeros kept (a PIN is a string, not a number).
public struct PINGenerator: Sendable {
    public static let digitCounts = 4...64
    /// Below this many digits the code is easy to guess where tries are not limited; the
    /// CLI warns (4 digits: 10 000 codes).
    public static let recommendedDigits = 6

    public let digits: Int

    public init(digits: Int) throws {
        guard Self.digitCounts.contains(digits) else {
            throw CofferKitError(.invalidSettings, "a PIN has \(Self.digitCounts) digits, not \(digits)")
        }
        self.digits = digits
    }

    public var entropyBits: Double { Double(digits) * log2(10) }

    public func generate(random: RandomSource = SystemRandom.shared) -> String {
        String((0..<digits).map { _ in PasswordGenerator.digits[PasswordGenerator.uniform(below: 10, random)] })
    }
}
