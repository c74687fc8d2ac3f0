import Foundation

/// Computes a recovery trailer (spec/FORMAT.md §11): parity blocks, checksum table and
/// footer for the protected bytes of a file, group by group, so memory stays at one
/// group's blocks (at most 32 × 64 KiB) whatever the vault weighs.
package enum RecoveryTrailer {
    /// The parity blocks of one group from its data blocks (each zero-padded to the block
    /// size), row by row.
    static func parity(of blocks: [[UInt8]], rows: Int, blockBytes: Int) -> [[UInt8]] {
        (0..<rows).map { row in
            var parity = [UInt8](repeating: 0, count: blockBytes)
            parity.withUnsafeMutableBytes { target in
                for (position, block) in blocks.enumerated() {
                    block.withUnsafeBytes {
                        ErasureCode.accumulate(
                            $0, times: ErasureCode.coefficient(row: row, position: position), into: target)
                    }
                }
            }
            return parity
        }
    }

    /// Reads group `group`'s data blocks from `file`: each padded to the block size, and
    /// the checksum of each as it lies in the file.
    static func readGroup(_ group: Int, of layout: RecoveryLayout, from file: FileBytes) throws -> (
        blocks: [[UInt8]], checksums: [[UInt8]]
    ) {
        var blocks = [[UInt8]]()
        var checksums = [[UInt8]]()
        for i in layout.blocks(inGroup: group) {
            let range = layout.range(ofBlock: i)
            var block = try file.read(range)
            checksums.append(block.withUnsafeBytes { RecoveryLayout.checksum($0) })
            if block.count < layout.blockBytes {
                block += [UInt8](repeating: 0, count: layout.blockBytes - block.count)
            }
            blocks.append(block)
        }
        return (blocks, checksums)
    }

    /// The trailer for the first `layout.protectedLength` bytes of `file`: parity blocks,
    /// table and footer, written through `write` in file order.
    package static func write(
        for layout: RecoveryLayout, from file: FileBytes, to write: ([UInt8]) throws -> Void
    ) throws {
        var dataChecksums = [[UInt8]](repeating: [], count: layout.blockCount)
        var parityChecksums = [[UInt8]]()
        // Groups are independent: a batch of them on every core, written in order.
        let batch = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var group = 0
        while group < layout.groupCount {
            let count = min(batch, layout.groupCount - group)
            let results = LockedValue([Int: Result<([[UInt8]], [[UInt8]]), Error>]())
            let first = group
            DispatchQueue.concurrentPerform(iterations: count) { k in
                let result = Result {
                    let (blocks, checksums) = try readGroup(first + k, of: layout, from: file)
                    return (parity(of: blocks, rows: layout.parity, blockBytes: layout.blockBytes), checksums)
                }
                results.withLock { $0[k] = result }
            }
            for k in 0..<count {
                let (parity, checksums) = try results.withLock { $0[k]! }.get()
                for (j, i) in layout.blocks(inGroup: first + k).enumerated() { dataChecksums[i] = checksums[j] }
                for block in parity {
                    try write(block)
                    parityChecksums.append(block.withUnsafeBytes { RecoveryLayout.checksum($0) })
                }
            }
            group += count
        }
        try write(table(data: dataChecksums, parity: parityChecksums))
        try write(RecoveryFooter(layout).encode())
    }

    /// The checksum table's bytes: data entries, parity entries, then its own checksum.
    static func table(data: [[UInt8]], parity: [[UInt8]]) -> [UInt8] {
        var table = (data + parity).flatMap { $0 }
        table += table.withUnsafeBytes { RecoveryLayout.checksum($0) }
        return table
    }
}
