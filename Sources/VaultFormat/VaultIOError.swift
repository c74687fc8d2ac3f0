/// A file-system failure (not a property of the vault's bytes).
public struct VaultIOError: Error, CustomStringConvertible, Sendable {
    public let description: String
    package init(_ description: String) { self.description = description }
}
