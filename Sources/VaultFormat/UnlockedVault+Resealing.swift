extension UnlockedVault {
    /// Records in memory and blobs streamed from this vault, for writing a new generation.
    public func payloadForResealing() throws -> VaultPayload {
        let records = try readRecords()  // reads the records region once; the index comes with it
        var payload = VaultPayload(records: records, blobs: try blobsForResealing())
        payload.collections = try readIndex().collections
        return payload
    }

    /// This vault's blobs as sources that stream from it, for a save whose records come from
    /// elsewhere (an edited document): the records region is not read again when its index
    /// is already known. What the sources never read must still be what verify accepts, or a
    /// save would launder damage: an empty blob's chunk (its source is never read), a
    /// compressed blob's frame (a save copies it as stored, §12.5: it is decompressed here,
    /// one at a time, and the content dropped) and padding are checked here.
    public func blobsForResealing() throws -> [(id: [UInt8], source: any BlobSource)] {
        let index = try readIndex()
        for blob in index.blobs where blob.length == 0 || blob.zstdLength != nil { try readBlob(blob) { _ in } }
        try checkPadding(index.contentEnd..<chunkCount)
        return index.blobs.map { (id: $0.id, source: VaultBlobSource(vault: self, blob: $0)) }
    }
}
