/// The most bytes ``InputFile`` reads from one input, and what kind of input it bounds (for
/// the error: "FILE: larger than the 256 MiB limit for imports").
///
/// Every input is read whole, so without a bound `coffer import /dev/zero` (or a pipe that
/// never ends) reads until memory runs out. The values are documented in README.md.
public struct InputLimit: Sendable, Equatable {
    public var bytes: Int
    /// What the limit is for, as the error names it ("imports").
    public var purpose: String

    public init(bytes: Int, purpose: String) {
        self.bytes = bytes
        self.purpose = purpose
    }

    /// An export, keychain dump or notes list given to `import` or `convert`: 256 MiB, about
    /// 460,000 KeePass XML entries or 2.4 million CSV rows (split larger exports).
    public static let importFile = InputLimit(bytes: 256 << 20, purpose: "imports")

    /// A property list given to `plist convert` or `plist print`: 256 MiB.
    public static let propertyList = InputLimit(bytes: 256 << 20, purpose: "property lists")

    /// Any other input read whole (key, identity and passphrase files): 256 MiB.
    public static let otherInput = InputLimit(bytes: 256 << 20, purpose: "inputs")

    /// "256 MiB", or the exact byte count when it is not a whole number of MiB.
    public var size: String { Self.size(bytes) }

    /// `bytes` as the limits are written: "1 GiB", "256 MiB", else "1000 bytes".
    static func size(_ bytes: Int) -> String {
        if bytes > 0, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        return bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
