import Foundation

/// Moves a document between its two shapes: in a vault, each attachment's bytes are a
/// container blob named by the attachment's 16-byte `blob` id; outside one (exports,
/// imports not yet saved), the bytes travel in the attachment's `content`.
public enum VaultContent {
    /// The payload that saves `document`: item records without attachment bytes, a blob
    /// for every attachment — from its `content` when loaded, else streamed from `previous`
    /// (the vault being rewritten). Blobs no attachment names any more are dropped. An
    /// attachment whose id is already taken by other bytes (the same export imported twice
    /// with `--duplicates keep`) gets a fresh id, so `document` is updated in place.
    public static func payload(for document: inout VaultDocument, previous: VaultPayload? = nil) throws
        -> VaultPayload
    {
        try refusePartial(document)
        return try payloadOfWholeOrStubs(for: &document, previous: previous)
    }

    /// ``payload(for:previous:)`` for a document that may hold stubs: the caller has made sure
    /// that no stub is encoded (``VaultDocument/loadWholeOutside(_:from:)``).
    static func payloadOfWholeOrStubs(for document: inout VaultDocument, previous: VaultPayload?) throws
        -> VaultPayload
    {
        // Private items saved here would land in the default collection, which everyone reads.
        guard document.collections.isEmpty, !document.items.contains(where: { $0.collection != nil }) else {
            throw CofferKitError(
                .collection, "a vault with private collections is saved only over its previous generation")
        }
        var existing = [Data: any BlobSource]()
        for blob in previous?.blobs ?? [] { existing[Data(blob.id)] = blob.source }
        var blobs = [(id: [UInt8], source: any BlobSource)]()
        var placed = [Data: Data?]()  // blob id → the content placed under it (nil: streamed from previous)
        for i in document.items.indices {
            for j in document.items[i].attachments.indices {
                var attachment = document.items[i].attachments[j]
                if let content = attachment.content {
                    if let taken = placed[attachment.blob] {
                        if taken == content { continue }  // the same bytes twice: one blob
                        attachment.blob = Data(UUID.randomV4().uuidBytes)
                    }
                    placed[attachment.blob] = content
                    blobs.append((Array(attachment.blob), DataBlob(content)))
                    attachment.size = content.count
                    document.items[i].attachments[j] = attachment
                } else if placed[attachment.blob] == nil {
                    guard let source = existing[attachment.blob] else {
                        throw CofferKitError(
                            .missingBlob,
                            "item \"\(document.items[i].title)\": attachment \"\(attachment.name)\" names a blob "
                                + "that is neither in the vault nor loaded")
                    }
                    placed[attachment.blob] = .some(nil)
                    blobs.append((Array(attachment.blob), source))
                }
            }
        }
        for i in document.items.indices {
            for j in document.items[i].attachments.indices { document.items[i].attachments[j].content = nil }
        }
        return VaultPayload(recordSource: document.recordSource, blobs: blobs)
    }

    /// Reads the document of `vault` with every attachment's bytes loaded into `content`,
    /// as exports need them.
    public static func documentWithAttachments(of vault: UnlockedVault) throws -> VaultDocument {
        var document = try VaultDocument(checking: vault)
        for i in document.items.indices {
            for j in document.items[i].attachments.indices where document.items[i].attachments[j].content == nil {
                let attachment = document.items[i].attachments[j]
                var bytes = Data()
                try vault.readBlob(id: Array(attachment.blob)) { bytes.append(contentsOf: $0) }
                document.items[i].attachments[j].content = bytes
            }
        }
        return document
    }

    /// A document whose items hold only some keys would save without the rest: every
    /// password, note and date of every item lost.
    static func refusePartial(_ document: VaultDocument) throws {
        guard let keys = document.partialItemKeys else { return }
        let held = keys.isEmpty ? "it holds only some items" : "items hold \(keys.joined(separator: ", "))"
        throw CofferKitError(.partialDocument, "this document was read for showing only (\(held)); it cannot be saved")
    }
}
