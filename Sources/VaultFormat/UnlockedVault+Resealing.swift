extension UnlockedVault {
    /// Records in memory and blobs streamed from this vault, for writing a new generation.
    public func payloadForResealing() throws -> VaultPayload {
        let index = try readIndex()
        return VaultPayload(
            records: try readRecords(),
            blobs: index.blobs.map { (id: $0.id, source: VaultBlobSource(vault: self, blob: $0)) })
    }
}
