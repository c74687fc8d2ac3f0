extension UnlockedVault {
    /// Records in memory and blobs streamed from this vault, for writing a new generation.
    public func payloadForResealing() throws -> VaultPayload {
        let index = try readIndex()
        // What the blob sources never read must still be what verify accepts, or a save
        // would launder damage: an empty blob's chunk (its source is never read) and padding.
        for blob in index.blobs where blob.length == 0 { try readBlob(blob) { _ in } }
        try checkPadding(index.contentEnd..<chunkCount)
        return VaultPayload(
            records: try readRecords(),
            blobs: index.blobs.map { (id: $0.id, source: VaultBlobSource(vault: self, blob: $0)) })
    }
}
