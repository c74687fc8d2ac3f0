import VaultCrypto

/// Where the recovery trailer's parts lie (spec/FORMAT.md §11.2), computed from the header
/// length, the payload length and the parity count alone, so a file whose header is
/// damaged is still understood from its footer.
///
/// The protected bytes (the header and the payload, `0 ..< D`) are cut into blocks of `B`
/// bytes, the header's blocks from offset 0 and the payload's from the header's end, so
/// with `B` = one sealed chunk every chunk is exactly one block. Block `i` belongs to group
/// `i mod g`: groups interleave, so a run of up to `g` consecutive damaged blocks costs each
/// group one block.
package struct RecoveryLayout: Equatable, Sendable {
    package static let maximumGroupBlocks = ErasureCode.maximumDataBlocks
    package static let parityRange = 1...ErasureCode.maximumParityBlocks
    package static let checksumBytes = 8
    package static let footerBytes = 32
    /// Small vaults are cut into at most 16 blocks of a multiple of this, so even a vault
    /// of one chunk has parity over 16 blocks (one flipped bit anywhere is repaired).
    package static let blockGranule = 64

    package let headerLength: Int
    package let payloadLength: Int
    package let parity: Int
    package let blockBytes: Int
    package let headerBlocks: Int
    package let blockCount: Int
    package let groupCount: Int

    package var protectedLength: Int { headerLength + payloadLength }

    package init?(headerLength: Int, payloadLength: Int, parity: Int) {
        guard headerLength > 0, payloadLength > 0, Self.parityRange.contains(parity) else { return nil }
        self.headerLength = headerLength
        self.payloadLength = payloadLength
        self.parity = parity
        let chunk = FormatLimits.chunkCiphertextBytes
        var block: Int
        if payloadLength > Self.maximumGroupBlocks * chunk {
            block = chunk
        } else {
            let total = headerLength + payloadLength
            let perBlock = (total + Self.maximumGroupBlocks - 1) / Self.maximumGroupBlocks
            block = max(Self.blockGranule, (perBlock + Self.blockGranule - 1) / Self.blockGranule * Self.blockGranule)
            while Self.ceil(headerLength, block) + Self.ceil(payloadLength, block) > Self.maximumGroupBlocks {
                block += Self.blockGranule
            }
        }
        blockBytes = block
        headerBlocks = Self.ceil(headerLength, block)
        blockCount = headerBlocks + Self.ceil(payloadLength, block)
        groupCount = Self.ceil(blockCount, Self.maximumGroupBlocks)
    }

    static func ceil(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

    /// The file bytes of data block `i` (the last header block and the last payload block
    /// can be short; for parity they count as zero-padded to `blockBytes`).
    package func range(ofBlock i: Int) -> Range<Int> {
        if i < headerBlocks {
            return i * blockBytes..<min((i + 1) * blockBytes, headerLength)
        }
        let start = headerLength + (i - headerBlocks) * blockBytes
        return start..<min(start + blockBytes, protectedLength)
    }

    package func group(ofBlock i: Int) -> Int { i % groupCount }
    /// The block's position in its group: its column of the erasure code.
    package func position(ofBlock i: Int) -> Int { i / groupCount }
    package func blocks(inGroup group: Int) -> [Int] { Array(stride(from: group, to: blockCount, by: groupCount)) }

    package var parityOffset: Int { protectedLength }
    package var parityBlockCount: Int { groupCount * parity }
    package func range(ofParity row: Int, group: Int) -> Range<Int> {
        let start = parityOffset + (group * parity + row) * blockBytes
        return start..<start + blockBytes
    }

    /// The checksum table: one entry per data block, then one per parity block (group by
    /// group, rows in order), then the table's own checksum.
    package var tableOffset: Int { parityOffset + parityBlockCount * blockBytes }
    package var tableEntries: Int { blockCount + parityBlockCount }
    package var tableLength: Int { (tableEntries + 1) * Self.checksumBytes }
    package var footerOffset: Int { tableOffset + tableLength }
    package var fileLength: Int { footerOffset + Self.footerBytes }
    package var trailerLength: Int { fileLength - protectedLength }

    /// What block a file offset in the protected bytes lies in.
    package func block(containing offset: Int) -> Int {
        offset < headerLength ? offset / blockBytes : headerBlocks + (offset - headerLength) / blockBytes
    }

    /// The sealed chunks a data block overlaps (none for a header block).
    package func chunks(ofBlock i: Int) -> ClosedRange<Int>? {
        let range = self.range(ofBlock: i)
        guard range.upperBound > headerLength else { return nil }
        let chunk = FormatLimits.chunkCiphertextBytes
        let first = (max(range.lowerBound, headerLength) - headerLength) / chunk
        return first...((range.upperBound - 1 - headerLength) / chunk)
    }

    /// Checksum of a block as it lies in the file: the first 8 bytes of BLAKE2b-256.
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        Array(BLAKE2b.hash([bytes]).prefix(checksumBytes))
    }
}
