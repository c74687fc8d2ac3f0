/// Bounds on the work one import may do beyond reading its file (``InputLimit`` bounds
/// that), so a small hostile export cannot take the memory or time of a large one. The
/// values are documented in README.md; tests pass smaller ones.
public struct ImportLimits: Sendable, Equatable {
    /// The most bytes all compressed attachments of one import (KeePass `Meta/Binaries`)
    /// may inflate to together: 512 MiB.
    public var inflatedBytes: Int
    /// The most bytes one compressed attachment may inflate to per byte of compressed data
    /// consumed so far (1000, gzip's own maximum being about 1032), checked once it passes
    /// ``ratioCheckedAbove`` bytes: a gzip bomb is refused after a few MiB of work.
    public var inflationRatio: Int
    /// Inflated size below which the ratio is not checked (1 MiB): small, very regular
    /// attachments stay importable.
    public var ratioCheckedAbove: Int
    /// The most bytes the KeePass attachments that refer to `Meta/Binaries` may add up to,
    /// counting a binary once per entry that refers to it (each becomes its own blob):
    /// 1 GiB. Without it, one large binary named by 100,000 short references is a vault
    /// 100,000 times its size.
    public var referencedBytes: Int
    /// The deepest nesting of KeePass groups (folders): 256.
    public var groupDepth: Int
    /// The most entries a ZIP export (a Google Keep Takeout) may list: 200,000.
    public var archiveEntries: Int
    /// The most bytes one ZIP entry that is read may inflate to: 64 MiB.
    public var archiveEntryBytes: Int
    /// The most bytes the ZIP entries read from one export may inflate to together: 256 MiB
    /// (the ``InputLimit/importFile`` bound on a file given directly). The ratio checks of
    /// ``inflationRatio`` and ``ratioCheckedAbove`` apply to each entry too.
    public var archiveBytes: Int

    public init(
        inflatedBytes: Int, inflationRatio: Int, ratioCheckedAbove: Int, referencedBytes: Int, groupDepth: Int,
        archiveEntries: Int = 200_000, archiveEntryBytes: Int = 64 << 20, archiveBytes: Int = 256 << 20
    ) {
        self.inflatedBytes = inflatedBytes
        self.inflationRatio = inflationRatio
        self.ratioCheckedAbove = ratioCheckedAbove
        self.referencedBytes = referencedBytes
        self.groupDepth = groupDepth
        self.archiveEntries = archiveEntries
        self.archiveEntryBytes = archiveEntryBytes
        self.archiveBytes = archiveBytes
    }

    /// The limits `coffer import` and `convert` apply.
    public static let standard = ImportLimits(
        inflatedBytes: 512 << 20, inflationRatio: 1000, ratioCheckedAbove: 1 << 20, referencedBytes: 1 << 30,
        groupDepth: 256)
}
