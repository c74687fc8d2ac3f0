import Foundation
import VaultFormat
import VaultModel

/// Adding, finding, extracting and removing an item's attachments without ever holding one
/// in memory: a new attachment's bytes stream from its file into the payload being sealed
/// (a ``FileBlob``), and an extracted one streams out of the vault a batch of chunks at a
/// time (``UnlockedVault/readBlob(id:to:)``).
public enum VaultAttachments {
    /// A file to attach: the name it gets and where its bytes are read from.
    public struct NewFile: Sendable {
        public var name: String
        public var source: any BlobSource
        public var mediaType: String

        public init(name: String, source: any BlobSource, mediaType: String? = nil) {
            self.name = name
            self.source = source
            self.mediaType = mediaType ?? VaultItem.Attachment.mediaType(forName: name)
        }
    }

    /// One attachment and the item that holds it, for listings.
    public struct Entry: Sendable {
        public var item: VaultItem
        public var attachment: VaultItem.Attachment
    }

    /// Opens `path` for attaching: a regular file (a FIFO or device would never end, a
    /// directory has no bytes), read later piece by piece.
    public static func openFile(_ path: String) throws -> FileBlob {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CofferKitError(.fileSystem, "\(path): cannot read: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw CofferKitError(.fileSystem, "\(path): not a regular file; only files can be attached")
        }
        do {
            return try FileBlob(path: path)
        } catch {
            throw CofferKitError(.fileSystem, "\(path): cannot read: \(String(cString: strerror(errno)))")
        }
    }

    /// The name an attachment gets from a file path: its last component.
    public static func name(forPath path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    /// Adds `files` to the item at `index`, each with a fresh blob id; returns the blobs the
    /// save must stream (pass them with the vault's previous blobs to
    /// ``VaultContent/payload(for:previous:)``). A name the item already uses, an empty
    /// name or the same name twice is refused before anything changes.
    public static func add(_ files: [NewFile], toItem index: Int, in document: inout VaultDocument, at date: Date)
        throws -> [(id: [UInt8], source: any BlobSource)]
    {
        var item = document.items[index]
        var blobs = [(id: [UInt8], source: any BlobSource)]()
        for file in files {
            guard !file.name.isEmpty else {
                throw CofferKitError(.invalidAttachment, "an attachment's name cannot be empty")
            }
            guard !item.attachments.contains(where: { $0.name == file.name }) else {
                throw CofferKitError(
                    .invalidAttachment,
                    "\"\(item.title)\" already has an attachment named \"\(file.name)\" "
                        + "(remove it first, or give the new one another name)")
            }
            let id = Data(UUID.randomV4().uuidBytes)
            item.attachments.append(
                VaultItem.Attachment(name: file.name, mediaType: file.mediaType, size: file.source.length, blob: id))
            blobs.append((Array(id), file.source))
        }
        item.modified = date
        document.items[index] = item
        return blobs
    }

    /// The attachment of `item` named `name` (exactly; else the one name that matches
    /// ignoring case), or an error that lists the names it has.
    public static func find(_ name: String, in item: VaultItem) throws -> VaultItem.Attachment {
        if let exact = item.attachments.first(where: { $0.name == name }) { return exact }
        let folded = item.attachments.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        if folded.count == 1 { return folded[0] }
        let names = item.attachments.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw CofferKitError(
            .noSuchAttachment,
            "\"\(item.title)\" has no attachment named \"\(name)\""
                + (names.isEmpty ? " (it has none)" : " (it has \(names))"))
    }

    /// Removes the attachment named `name` from the item at `index`; the next save drops
    /// its blob.
    @discardableResult
    public static func remove(_ name: String, fromItem index: Int, in document: inout VaultDocument, at date: Date)
        throws -> VaultItem.Attachment
    {
        let attachment = try find(name, in: document.items[index])
        document.items[index].attachments.removeAll { $0.name == attachment.name }
        document.items[index].modified = date
        return attachment
    }

    /// Streams the attachment's bytes out of `vault` to `sink`, a batch of chunks at a time.
    /// Every chunk is authenticated before `sink` sees it; a blob that is shorter or longer
    /// than the attachment says fails.
    public static func extract(
        _ attachment: VaultItem.Attachment, from vault: UnlockedVault,
        to sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        // An item of a private collection carries its bytes (its collection holds them, read
        // whole); only the default collection's attachments are blobs of the vault.
        if let content = attachment.content {
            guard content.count == attachment.size else {
                throw CofferKitError(
                    .missingBlob,
                    "attachment \"\(attachment.name)\" says \(attachment.size) bytes; its collection holds \(content.count)"
                )
            }
            try content.withUnsafeBytes { try sink($0) }
            return
        }
        var written = 0
        try vault.readBlob(id: Array(attachment.blob)) { bytes in
            written += bytes.count
            try sink(bytes)
        }
        guard written == attachment.size else {
            throw CofferKitError(
                .missingBlob,
                "attachment \"\(attachment.name)\" says \(attachment.size) bytes; its blob holds \(written)")
        }
    }

    /// Every attachment of `items` (the document's order), for `attach list`.
    public static func entries(of items: [VaultItem]) -> [Entry] {
        items.flatMap { item in item.attachments.map { Entry(item: item, attachment: $0) } }
    }
}
