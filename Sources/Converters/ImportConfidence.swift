/// How sure an ``ImportFormat`` is that a file is one of its own. The most confident format
/// reads the file; on a tie, the one registered first in ``Importer/formats``.
enum ImportConfidence: Int, Comparable, Sendable {
    /// Text that is nothing more specific (the notes importer's fallback).
    case low
    /// A generic shape (a CSV table, a plist list of accounts).
    case medium
    /// The format's own markers (Bitwarden's `items` with `type`, `<KeePassFile>`): detection stops here.
    case high

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
