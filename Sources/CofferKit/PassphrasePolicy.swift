import VaultCrypto

/// How strong a new vault passphrase must be, by ``PasswordStrength`` (zxcvbn). The vault
/// file can be copied and attacked offline, slowed only by Argon2id: under
/// ``refuseBelowBits`` a passphrase falls to a guesser's first dictionaries (`hunter2`,
/// `Winter2019!`), so `create`, `keys add`, `rekey` and `import -o` refuse it unless told
/// `--weak`; under ``warnBelowBits`` (KeePassXC's "good") they warn.
public enum PassphrasePolicy {
    public static let refuseBelowBits = 40.0
    public static let warnBelowBits = 75.0

    public enum Verdict: Equatable, Sendable {
        case strong
        /// Allowed with a warning.
        case weak(bits: Double)
        /// Refused unless the person insists.
        case tooWeak(bits: Double)
    }

    public static func verdict(bits: Double) -> Verdict {
        bits < refuseBelowBits ? .tooWeak(bits: bits) : bits < warnBelowBits ? .weak(bits: bits) : .strong
    }

    public static func verdict(for passphrase: SecureBytes) -> Verdict {
        verdict(bits: passphrase.withBytes { PasswordStrength(utf8: $0).bits })
    }
}
