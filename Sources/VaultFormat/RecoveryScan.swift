import Foundation

/// What a keyless look at a file's recovery trailer finds (spec/FORMAT.md §11.4): which
/// data blocks (so which chunks, or the header) and which parity blocks are damaged, and
/// whether each damaged group can be rebuilt. Needs no key and trusts nothing: it finds
/// damage, never proves authenticity (that stays the MAC's and the AEAD tags' job).
package struct RecoveryScan: Sendable {
    package struct ParityBlock: Hashable, Sendable {
        package var group: Int
        package var row: Int
    }

    package let layout: RecoveryLayout
    package var footerIntact = true
    package var tableIntact = true
    /// Data blocks whose checksum does not match the table.
    package var damagedBlocks = [Int]()
    package var damagedParity = Set<ParityBlock>()
    /// Groups whose stored parity is not the parity of their data, though every checksum
    /// matches (looked for with `verifyParity`, in groups without damage).
    package var inconsistentGroups = [Int]()
    /// The table, as stored (valid only when ``tableIntact``).
    var table: [UInt8] = []

    package var isClean: Bool {
        footerIntact && tableIntact && damagedBlocks.isEmpty && damagedParity.isEmpty && inconsistentGroups.isEmpty
    }

    /// Damaged data blocks per group.
    package var damageByGroup: [Int: [Int]] { Dictionary(grouping: damagedBlocks, by: layout.group(ofBlock:)) }

    /// Groups with more damaged data blocks than intact parity blocks: lost to repair.
    package var unrepairableGroups: [Int] {
        damageByGroup.compactMap { group, blocks in
            intactRows(ofGroup: group).count < blocks.count ? group : nil
        }.sorted()
    }

    /// Whether every damaged block can be rebuilt. With the table damaged, no block can be
    /// named damaged: the data is repairable (the table rebuilt) only when every group's
    /// parity is still the parity of its data. Otherwise some data is damaged where no
    /// checksum can say, and rewriting the trailer from it would lose the parity that could
    /// still rebuild it once the table is restored (spec/FORMAT.md §11.5 step 2).
    package var isRepairable: Bool {
        (tableIntact || (damagedBlocks.isEmpty && inconsistentGroups.isEmpty)) && unrepairableGroups.isEmpty
    }

    package func intactRows(ofGroup group: Int) -> [Int] {
        (0..<layout.parity).filter { !damagedParity.contains(ParityBlock(group: group, row: $0)) }
    }

    func storedChecksum(entry: Int) -> ArraySlice<UInt8> {
        let size = RecoveryLayout.checksumBytes
        return table[entry * size..<(entry + 1) * size]
    }

    /// Scans `file`: the footer, the table's own checksum, then every block against it.
    /// When the table is damaged the checksums cannot be trusted, so the parity is
    /// recomputed from the data instead: if it matches, the data is intact.
    package static func scan(_ file: FileBytes, layout: RecoveryLayout, verifyParity: Bool) throws -> RecoveryScan {
        var scan = RecoveryScan(layout: layout)
        let footerStart = layout.footerOffset
        scan.footerIntact =
            RecoveryFooter.parse(try file.read(footerStart..<footerStart + RecoveryLayout.footerBytes))
            == RecoveryFooter(layout)
        let table = try file.read(layout.tableOffset..<layout.footerOffset)
        let entries = table.dropLast(RecoveryLayout.checksumBytes)
        scan.tableIntact =
            Array(entries).withUnsafeBytes { RecoveryLayout.checksum($0) }
            == Array(table.suffix(RecoveryLayout.checksumBytes))
        scan.table = table
        guard scan.tableIntact else {
            scan.inconsistentGroups = try inconsistentGroups(file, layout)
            return scan
        }
        // One pass per group, groups on every core: each block read once, its checksum
        // compared, and the parity recomputed while the group's blocks are in memory.
        let findings = LockedValue([Int: GroupFindings]())
        let failure = FirstFailure()
        let snapshot = scan
        DispatchQueue.concurrentPerform(iterations: layout.groupCount) { group in
            do {
                let found = try snapshot.scanGroup(group, of: file, verifyParity: verifyParity)
                findings.withLock { $0[group] = found }
            } catch {
                failure.record(error, at: group)
            }
        }
        if let error = failure.error { throw error }
        for group in 0..<layout.groupCount {
            let found = findings.value[group]!
            scan.damagedBlocks += found.damagedBlocks
            for row in found.damagedRows { scan.damagedParity.insert(ParityBlock(group: group, row: row)) }
            if found.inconsistent { scan.inconsistentGroups.append(group) }
        }
        scan.damagedBlocks.sort()
        return scan
    }

    struct GroupFindings: Sendable {
        var damagedBlocks: [Int] = []
        var damagedRows: [Int] = []
        var inconsistent = false
    }

    /// One group against the table: its data blocks, its parity blocks, and (when none is
    /// damaged and `verifyParity`) the parity recomputed from the data.
    func scanGroup(_ group: Int, of file: FileBytes, verifyParity: Bool) throws -> GroupFindings {
        var found = GroupFindings()
        let (blocks, checksums) = try RecoveryTrailer.readGroup(group, of: layout, from: file)
        for (k, i) in layout.blocks(inGroup: group).enumerated() where checksums[k][...] != storedChecksum(entry: i) {
            found.damagedBlocks.append(i)
        }
        var stored = [[UInt8]]()
        for row in 0..<layout.parity {
            let block = try file.read(layout.range(ofParity: row, group: group))
            let entry = layout.blockCount + group * layout.parity + row
            if block.withUnsafeBytes({ RecoveryLayout.checksum($0) })[...] != storedChecksum(entry: entry) {
                found.damagedRows.append(row)
            }
            stored.append(block)
        }
        if verifyParity, found.damagedBlocks.isEmpty, found.damagedRows.isEmpty {
            found.inconsistent =
                RecoveryTrailer.parity(of: blocks, rows: layout.parity, blockBytes: layout.blockBytes) != stored
        }
        return found
    }

    /// Groups whose stored parity differs from the parity of their data.
    static func inconsistentGroups(_ file: FileBytes, _ layout: RecoveryLayout) throws -> [Int] {
        try (0..<layout.groupCount).filter { group in
            let (blocks, _) = try RecoveryTrailer.readGroup(group, of: layout, from: file)
            let parity = RecoveryTrailer.parity(of: blocks, rows: layout.parity, blockBytes: layout.blockBytes)
            return try (0..<layout.parity).contains { row in
                try file.read(layout.range(ofParity: row, group: group)) != parity[row]
            }
        }
    }
}
