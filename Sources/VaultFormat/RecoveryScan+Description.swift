extension RecoveryScan {
    /// One line per finding, in file order, with byte ranges counted from the file's start.
    package var findings: [String] { describe(withRanges: true) }

    /// ``findings`` without byte ranges, for an error that carries the first one itself.
    package var shortFindings: [String] { describe(withRanges: false) }

    func describe(withRanges: Bool) -> [String] {
        func bytes(_ range: Range<Int>) -> String {
            withRanges ? ", bytes \(range.lowerBound)..<\(range.upperBound)" : ""
        }
        func only(_ range: Range<Int>) -> String {
            withRanges ? " (bytes \(range.lowerBound)..<\(range.upperBound))" : ""
        }
        var lines = [String]()
        for i in damagedBlocks {
            let range = layout.range(ofBlock: i)
            let what = layout.chunks(ofBlock: i).map { chunks in
                chunks.count == 1 ? "chunk \(chunks.lowerBound)" : "chunks \(chunks.lowerBound)…\(chunks.upperBound)"
            }
            let part =
                range.lowerBound < layout.headerLength ? ("the header" + (what.map { " and \($0)" } ?? "")) : what!
            lines.append(
                "block \(i) (\(part)\(bytes(range))) does not match its checksum")
        }
        for parity in damagedParity.sorted(by: { ($0.group, $0.row) < ($1.group, $1.row) }) {
            let range = layout.range(ofParity: parity.row, group: parity.group)
            lines.append(
                "parity block \(parity.row) of group \(parity.group)\(only(range)) does not match its checksum"
            )
        }
        if !tableIntact {
            lines.append(
                "the checksum table\(only(layout.tableOffset..<layout.footerOffset)) does not match its own checksum"
            )
        }
        for group in inconsistentGroups {
            lines.append("group \(group)'s parity is not the parity of its blocks")
        }
        if !footerIntact {
            lines.append("the recovery footer\(only(layout.footerOffset..<layout.fileLength)) is damaged")
        }
        return lines
    }

    /// The first finding's byte range, for an error.
    package var firstDamagedRange: Range<Int>? {
        if let i = damagedBlocks.first { return layout.range(ofBlock: i) }
        if let parity = damagedParity.min(by: { ($0.group, $0.row) < ($1.group, $1.row) }) {
            return layout.range(ofParity: parity.row, group: parity.group)
        }
        if !tableIntact || !inconsistentGroups.isEmpty { return layout.tableOffset..<layout.footerOffset }
        if !footerIntact { return layout.footerOffset..<layout.fileLength }
        return nil
    }
}
