import Foundation

/// Keyless checking and repair of a vault's recovery trailer (spec/FORMAT.md §11.4–11.5).
/// Nothing here needs or trusts a key: a damaged block is rebuilt from its group's parity
/// only when the result matches the block's checksum, and a repaired file must still pass
/// the header MAC and every AEAD tag when opened, so a repair never makes a tampered file
/// open.
public enum VaultRepair {
    /// Finds a file's trailer from its header, or from its footer when the header is damaged.
    static func locate(_ file: FileBytes) throws -> (layout: RecoveryLayout, headerIntact: Bool) {
        var headerFailure: Error
        do {
            let prefix = try file.read(0..<min(FormatLimits.prefixBytes, file.length))
            let length = try VaultHeader.headerLength(prefix: prefix, fileLength: file.length)
            let parsed = try VaultHeader.parse(try file.read(0..<length), allowLargeKDFMemory: true)
            guard parsed.header.hasRecoveryTrailer else {
                throw VaultError(
                    .invalidArgument,
                    "\(file.path) has no recovery trailer (a 1.0 file, or one written without parity): there is nothing to repair it from; salvage recovers its intact items, and saving it with a key adds a trailer"
                )
            }
            switch try RecoveryLayout.locate(
                headerLength: length, payloadLength: Int(parsed.header.payloadLength), in: file)
            {
            case .found(let layout, _): return (layout, true)
            case .wrongLength(let expected):
                throw VaultError(
                    file.length < expected ? .truncated : .trailingData,
                    "\(file.path): the header and recovery trailer announce \(expected) bytes; the file has \(file.length) (a repair restores damaged bytes, not missing or added ones)",
                    byteRange: min(expected, file.length)..<max(expected, file.length))
            }
        } catch let error as VaultError where error.kind == .invalidArgument || error.kind == .truncated {
            throw error
        } catch {
            headerFailure = error
        }
        let footerRange = max(0, file.length - RecoveryLayout.footerBytes)..<file.length
        guard let footer = RecoveryFooter.parse(try file.read(footerRange)), let layout = footer.layout,
            layout.fileLength == file.length
        else {
            throw VaultError(
                .headerCorrupted,
                "\(file.path): the header is damaged (\(headerFailure)) and there is no valid recovery footer at the end of the file to repair it from"
            )
        }
        return (layout, false)
    }

    /// Checks `path` without a key. Throws for a file with no trailer or one that cannot
    /// be located; otherwise reports what is damaged.
    public static func check(path: String) throws -> RecoveryStatus {
        try check(FileBytes(path: path))
    }

    public static func check(bytes: [UInt8], name: String = "<memory>") throws -> RecoveryStatus {
        try check(FileBytes(bytes: bytes, name: name))
    }

    static func check(_ file: FileBytes) throws -> RecoveryStatus {
        let (layout, headerIntact) = try locate(file)
        return RecoveryStatus(
            scan: try RecoveryScan.scan(file, layout: layout, verifyParity: true), headerIntact: headerIntact)
    }

    /// The data blocks a repair rebuilds, each checked against its checksum. Throws when a
    /// group lost more blocks than it has intact parity, or a rebuilt block does not match.
    /// With `partial`, the groups that can be rebuilt are and the others are left as they
    /// are (for salvage, which then loses only what lies in them).
    static func rebuiltBlocks(_ file: FileBytes, _ scan: RecoveryScan, partial: Bool = false) throws -> [Int: [UInt8]] {
        let layout = scan.layout
        let lost = Set(scan.unrepairableGroups)
        guard scan.isRepairable || (partial && (scan.tableIntact || scan.damagedBlocks.isEmpty)) else {
            throw VaultError(
                .payloadDamaged,
                "\(file.path): the damage is beyond the recovery data: "
                    + scan.findings.joined(separator: "; "),
                byteRange: scan.firstDamagedRange)
        }
        var rebuilt = [Int: [UInt8]]()
        for (group, damaged) in scan.damageByGroup.sorted(by: { $0.key < $1.key }) where !lost.contains(group) {
            let rows = Array(scan.intactRows(ofGroup: group).prefix(damaged.count))
            var syndromes = try rows.map { try file.read(layout.range(ofParity: $0, group: group)) }
            let erased = damaged.map(layout.position(ofBlock:))
            for i in layout.blocks(inGroup: group) where !damaged.contains(i) {
                let block = try file.read(layout.range(ofBlock: i), paddedTo: layout.blockBytes)
                for (j, row) in rows.enumerated() {
                    syndromes[j].withUnsafeMutableBytes { target in
                        block.withUnsafeBytes {
                            ErasureCode.accumulate(
                                $0, times: ErasureCode.coefficient(row: row, position: layout.position(ofBlock: i)),
                                into: target)
                        }
                    }
                }
            }
            guard let blocks = ErasureCode.solve(erased: erased, rows: rows, syndromes: syndromes) else {
                throw VaultError(.payloadDamaged, "\(file.path): group \(group) cannot be solved")
            }
            for (k, i) in damaged.enumerated() {
                let block = Array(blocks[k].prefix(layout.range(ofBlock: i).count))
                guard block.withUnsafeBytes({ RecoveryLayout.checksum($0) })[...] == scan.storedChecksum(entry: i)
                else {
                    if partial { continue }
                    throw VaultError(
                        .payloadDamaged,
                        "\(file.path): block \(i) rebuilt from parity does not match its checksum: the file holds more damage than the checksums show, or its recovery data was altered; nothing repaired",
                        byteRange: layout.range(ofBlock: i))
                }
                rebuilt[i] = block
            }
        }
        return rebuilt
    }

    /// `path` repaired in memory (the file is left alone); nil when it is intact.
    public static func repaired(path: String, partial: Bool = false) throws -> [UInt8]? {
        let file = try FileBytes(path: path)
        return try repaired(bytes: file.read(0..<file.length), name: path, partial: partial)
    }

    /// The repaired file in memory (for salvage and tests): nil when it is intact. With
    /// `partial`, every group that can be rebuilt is, and the rest is left damaged.
    public static func repaired(bytes: [UInt8], name: String = "<memory>", partial: Bool = false) throws -> [UInt8]? {
        let file = FileBytes(bytes: bytes, name: name)
        let (layout, _) = try locate(file)
        let scan = try RecoveryScan.scan(file, layout: layout, verifyParity: true)
        guard !scan.isClean else { return nil }
        var repaired = Array(bytes.prefix(layout.protectedLength))
        let rebuilt = try rebuiltBlocks(file, scan, partial: partial)
        if partial, rebuilt.isEmpty { return nil }
        for (i, block) in rebuilt {
            repaired.replaceSubrange(layout.range(ofBlock: i), with: block)
        }
        if partial, !scan.isRepairable { return repaired + bytes[layout.protectedLength...] }
        let output = MemoryOutput()
        try RecoveryTrailer.write(for: layout, from: FileBytes(bytes: repaired), to: output.write)
        return repaired + output.bytes
    }
}

extension VaultRepair {
    public struct Report: Sendable {
        /// What the check before the repair found.
        public let before: RecoveryStatus
        /// Data blocks rebuilt from parity.
        public let rebuiltBlocks: Int
        /// The file written, or nil when nothing needed writing.
        public let written: String?
        public let parity: Int
    }

    /// Repairs `path` without a key: in place (under the vault's lock, through the same
    /// temporary-file, verify and rename steps as a save, the damaged file kept as
    /// `NAME.bak`) or into a new file `output`, which must not exist. `parity` rewrites the
    /// trailer with another parity count. A file that cannot be repaired is left as it was.
    public static func repair(
        path: String, output: String? = nil, parity: Int? = nil, options: SaveOptions = SaveOptions()
    ) throws -> Report {
        var options = options
        let lock: VaultLock
        if let output {
            lock = try VaultStore.lockForCreating(output)
        } else {
            lock = try VaultLock.held(for: try VaultPath.resolve(path).path) ?? VaultLock(vaultPath: path)
            options.keepBackup = true
        }
        options.lock = lock
        let file = try FileBytes(path: path)
        let (layout, headerIntact) = try locate(file)
        let scan = try RecoveryScan.scan(file, layout: layout, verifyParity: true)
        let status = RecoveryStatus(scan: scan, headerIntact: headerIntact)
        let newParity = parity ?? layout.parity
        guard
            let target = RecoveryLayout(
                headerLength: layout.headerLength, payloadLength: layout.payloadLength, parity: newParity)
        else {
            throw VaultError(
                .invalidArgument,
                "parity \(newParity): a recovery trailer has 1…\(RecoveryLayout.parityRange.upperBound) parity blocks per group"
            )
        }
        if scan.isClean, target == layout, output == nil {
            return Report(before: status, rebuiltBlocks: 0, written: nil, parity: newParity)
        }
        let rebuilt = try rebuiltBlocks(file, scan)
        let destination = output ?? path
        try VaultStore.writeAtomically(
            path: destination, options: options, exclusive: output != nil, verify: verifyWithoutKey
        ) { out in
            var offset = 0
            let piece = 1 << 20
            while offset < layout.protectedLength {
                let range = offset..<min(offset + piece, layout.protectedLength)
                var bytes = try file.read(range)
                for (i, block) in rebuilt {
                    let blockRange = layout.range(ofBlock: i).clamped(to: range)
                    guard !blockRange.isEmpty else { continue }
                    let start = blockRange.lowerBound - layout.range(ofBlock: i).lowerBound
                    bytes.replaceSubrange(
                        (blockRange.lowerBound - offset)..<(blockRange.upperBound - offset),
                        with: block[start..<start + blockRange.count])
                }
                try out.write(bytes)
                offset = range.upperBound
            }
            let written = FileBytes(descriptor: out.descriptor, path: out.path, length: layout.protectedLength)
            try RecoveryTrailer.write(for: target, from: written, to: out.write)
        }
        withExtendedLifetime(lock) {}
        return Report(before: status, rebuiltBlocks: rebuilt.count, written: destination, parity: newParity)
    }

    /// A repaired file must open as far as a keyless reader can take it (header, lengths)
    /// and its trailer must be whole and consistent.
    static func verifyWithoutKey(_ path: String) throws {
        let file = try VaultFile(path: path, allowLargeKDFMemory: true)
        guard file.recovery != nil else {
            throw VaultError(.fileSystem, "\(path): the repaired file has no recovery trailer")
        }
        try file.verifyRecoveryTrailer()
    }
}
