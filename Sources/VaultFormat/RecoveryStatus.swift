/// What a keyless check of a 1.1 file's recovery trailer found, for `verify` and `repair`
/// to print: the trailer's shape, each finding, and whether a repair can undo it.
public struct RecoveryStatus: Sendable {
    public let parity: Int
    public let blockBytes: Int
    public let blockCount: Int
    public let groupCount: Int
    public let trailerBytes: Int
    public let fileBytes: Int
    /// Whether the header parsed (when it did not, the footer described the file).
    public let headerIntact: Bool
    /// One line per damaged part, with its byte range; empty when the file is intact.
    public let findings: [String]
    /// Whether a repair restores everything.
    public let isRepairable: Bool
    /// The chunks a repair cannot restore (their groups lost more blocks than parity).
    public let lostChunks: [Int]
    /// Whether the header lies in a group a repair cannot restore.
    public let headerLost: Bool

    public var isClean: Bool { findings.isEmpty }

    init(scan: RecoveryScan, headerIntact: Bool) {
        let layout = scan.layout
        parity = layout.parity
        blockBytes = layout.blockBytes
        blockCount = layout.blockCount
        groupCount = layout.groupCount
        trailerBytes = layout.trailerLength
        fileBytes = layout.fileLength
        self.headerIntact = headerIntact
        findings = scan.findings
        isRepairable = scan.isRepairable
        let lost = Set(scan.unrepairableGroups)
        let lostBlocks = scan.damagedBlocks.filter { lost.contains(layout.group(ofBlock: $0)) }
        lostChunks = Array(Set(lostBlocks.flatMap { layout.chunks(ofBlock: $0).map(Array.init) ?? [] })).sorted()
        headerLost =
            lostBlocks.contains { $0 < layout.headerBlocks }
            || (!scan.tableIntact && !scan.inconsistentGroups.isEmpty)
    }

    /// The trailer's share of the file, in percent.
    public var overheadPercent: Double { Double(trailerBytes) * 100 / Double(fileBytes - trailerBytes) }
}
