import VaultFormat

/// The named Argon2id settings a new passphrase slot can use.
public enum KDFPreset: String, CaseIterable, Sendable {
    case interactive, moderate, sensitive

    public var parameters: KDFParameters {
        switch self {
        case .interactive: .interactive
        case .moderate: .moderate
        case .sensitive: .sensitive
        }
    }
}
