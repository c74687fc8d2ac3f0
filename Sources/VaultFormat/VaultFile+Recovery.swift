extension VaultFile {
    /// Checks the recovery trailer completely (footer, table, every block's checksum, the
    /// parity itself). Keyless, this is how `verify` finds damaged chunks without a key;
    /// keyed, it is the last step of verifying a 1.1 file. Damage anywhere in it is a
    /// *payload failure*, even when only the trailer is hit and the items are intact — the
    /// file is not what its writer wrote — and the message says whether a repair (which
    /// needs no key) restores it.
    public func verifyRecoveryTrailer() throws {
        guard let layout = recovery else { return }
        let scan = try RecoveryScan.scan(bytes, layout: layout, verifyParity: true)
        guard !scan.isClean else { return }
        let verdict =
            !scan.isRepairable
            ? "beyond what the recovery data can restore"
            : scan.damagedBlocks.isEmpty
                ? "only the recovery data is hit; the items are intact" : "repairable without a key"
        let firstChunk = scan.damagedBlocks.first.flatMap { layout.chunks(ofBlock: $0)?.lowerBound }
        throw VaultError(
            .payloadDamaged, scan.shortFindings.joined(separator: "; ") + " (\(verdict))",
            byteRange: scan.firstDamagedRange, chunk: firstChunk)
    }
}
