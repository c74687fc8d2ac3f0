extension VaultFile {
    /// Checks the recovery trailer completely (footer, table, every block's checksum, the
    /// parity itself): the last step of verifying a 1.1 file. Damage there is a *payload
    /// failure* although the items are intact — the file is not what its writer wrote —
    /// and a repair rewrites it without a key.
    package func verifyRecoveryTrailer() throws {
        guard let layout = recovery else { return }
        let scan = try RecoveryScan.scan(bytes, layout: layout, verifyParity: true)
        guard !scan.isClean else { return }
        throw VaultError(
            .payloadDamaged,
            "recovery trailer: " + scan.findings.joined(separator: "; ")
                + " (the items are intact; a repair rebuilds the trailer without a key)",
            byteRange: scan.firstDamagedRange)
    }
}
