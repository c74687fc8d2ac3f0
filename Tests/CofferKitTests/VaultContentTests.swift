import CofferKit
import Foundation
import Testing

/// A document's attachments between their two shapes: bytes in `content` ⇄ container blobs.
@Suite struct VaultContentTests {
    static func item(_ title: String, _ attachments: [VaultItem.Attachment]) -> VaultItem {
        var item = VaultItem(title: title)
        item.attachments = attachments
        return item
    }

    @Test func loadedBytesBecomeBlobsAndRecordsLoseThem() throws {
        let blobID = Data(repeating: 7, count: 16)
        var first = VaultItem.Attachment(name: "a.txt", content: Data("one".utf8))
        first.blob = blobID
        var clash = VaultItem.Attachment(name: "b.txt", content: Data("two".utf8))
        clash.blob = blobID  // the same id, other bytes: must get its own blob
        var same = VaultItem.Attachment(name: "c.txt", content: Data("one".utf8))
        same.blob = blobID  // the same id, same bytes: shares the blob
        var document = VaultDocument(items: [Self.item("x", [first, clash]), Self.item("y", [same])])
        let payload = try VaultContent.payload(for: &document)
        #expect(payload.blobs.count == 2)
        #expect(document.items[0].attachments[1].blob != blobID)
        #expect(document.items[1].attachments[0].blob == blobID)
        #expect(document.items.allSatisfy { $0.attachments.allSatisfy { $0.content == nil } })
        let records = try VaultDocument(records: payload.allRecords())
        #expect(records.items.flatMap(\.attachments).map(\.size) == [3, 3, 3])
    }

    @Test func unloadedAttachmentsStreamFromThePreviousVaultAndOrphansAreDropped() throws {
        let kept = [UInt8](repeating: 1, count: 16)
        let orphan = [UInt8](repeating: 2, count: 16)
        let previous = VaultPayload(
            records: [], blobs: [(kept, DataBlob(Data("kept".utf8))), (orphan, DataBlob(Data("gone".utf8)))])
        let attachment = VaultItem.Attachment(name: "k", mediaType: "text/plain", size: 4, blob: Data(kept))
        var document = VaultDocument(items: [Self.item("x", [attachment])])
        let payload = try VaultContent.payload(for: &document, previous: previous)
        #expect(payload.blobs.map(\.id) == [kept])

        var missing = VaultDocument(items: [Self.item("x", [attachment])])
        #expect(throws: CofferKitError.self) { try VaultContent.payload(for: &missing) }
    }
}
