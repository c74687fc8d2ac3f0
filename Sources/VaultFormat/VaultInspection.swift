import Foundation
import PropertyList

/// What `coffer inspect` shows: everything readable without a key (never a secret), plus
/// counts and sizes when a key opened the vault.
public struct VaultInspection: Codable, Sendable {
    public struct Slot: Codable, Sendable {
        public var index: Int
        public var type: String
        public var label: String
        public var kdf: String?
        public var kdfOperations: UInt32?
        public var kdfMemoryKiB: UInt32?
    }

    public struct Contents: Codable, Sendable {
        public var records: Int
        public var recordBytes: Int
        /// With compressed records: what their groups take in the payload (nil otherwise).
        public var compressedRecordBytes: Int?
        public var blobs: Int
        public var blobBytes: Int
        /// With compressed blobs (§12.5): what the blobs take in the payload, frames for
        /// those stored compressed (nil when none is).
        public var storedBlobBytes: Int?
        /// Plaintext that is neither record nor blob bytes: frames, index, length prefixes, padding.
        public var overheadBytes: Int
        public var openedWithSlot: Int
        /// In a vault with private collections: how many this key opens, of how many, and the
        /// records (items) in those it opens.
        public var collectionsOpened: Int?
        public var collections: Int?
        public var collectionRecords: Int?
    }

    public var path: String
    public var version: String
    public var cipher: String
    public var headerBytes: Int
    public var fileBytes: Int
    public var chunkCount: Int
    public var chunkBytes: Int
    public var payloadBytes: Int
    public var generation: UInt64
    public var padding: String
    public var checksum: String
    public var slots: [Slot]
    public var extensions: [String]
    /// The recovery trailer (1.1), keylessly: its shape and cost; nil without one.
    public var recovery: String?
    public var contents: Contents?

    public init(file: VaultFile, unlocked: UnlockedVault? = nil) throws {
        let header = file.header
        path = file.path
        version = "\(FormatLimits.majorVersion).\(header.minorVersion)"
        cipher = "ChaCha20-Poly1305-IETF STREAM"
        headerBytes = file.headerLength
        fileBytes = file.fileLength
        chunkCount = file.chunkCount
        chunkBytes = FormatLimits.chunkPlaintextBytes
        payloadBytes = Int(header.payloadLength)
        generation = header.generation
        padding = "Padmé"
        checksum = "ok"  // parsing refuses a file whose checksum fails
        slots = header.slots.enumerated().map { index, slot in
            var s = Slot(index: index, type: slot.kind.name, label: slot.label)
            if case .passphrase(_, let kdf) = slot.kind {
                s.kdf = "Argon2id"
                s.kdfOperations = kdf.operations
                s.kdfMemoryKiB = kdf.memoryKiB
            }
            return s
        }
        extensions = header.extensions.map {
            let name =
                switch $0.type {
                case FormatLimits.recoveryExtensionType: " recovery trailer"
                case FormatLimits.compressionExtensionType: " compressed records (zstd)"
                case FormatLimits.collectionsExtensionType: " private collections"
                default: ""
                }
            return "0x" + String($0.type, radix: 16) + name + ($0.isCritical ? " (critical)" : "")
                + ", \($0.data.count) bytes"
        }
        recovery = file.recovery.map { layout in
            let percent = Double(layout.trailerLength) * 100 / Double(layout.protectedLength)
            return
                "\(layout.trailerLength) bytes (\(String(format: "%.1f", percent)) %): parity \(layout.parity) per group, "
                + "\(layout.groupCount) group(s) of up to 16 blocks of \(layout.blockBytes) bytes"
        }
        if let unlocked {
            let index = try unlocked.readIndex()
            // The records' own encodings, measured where they lie: inspect reports sizes and
            // leaves checking every record to `verify`.
            let (recordCount, recordBytes, compressed) = try unlocked.withRecords {
                ($0.count, $0.encodedBytes, $0.compressedBytes)
            }
            let blobBytes = index.blobs.reduce(0) { $0 + $1.length }
            let storedBlobBytes = index.blobs.reduce(0) { $0 + $1.storedLength }
            let plaintext = file.geometry.plaintextLength
            contents = Contents(
                records: recordCount, recordBytes: recordBytes, compressedRecordBytes: compressed,
                blobs: index.blobs.count, blobBytes: blobBytes,
                storedBlobBytes: index.blobs.contains { $0.zstdLength != nil } ? storedBlobBytes : nil,
                overheadBytes: plaintext - (compressed ?? recordBytes) - storedBlobBytes,
                openedWithSlot: unlocked.slotIndex)
            if let table = index.collections {
                let opened = try unlocked.openCollections()
                contents?.collections = table.collections.count
                contents?.collectionsOpened = opened.count
                contents?.collectionRecords = opened.reduce(0) { $0 + $1.contents.records.count }
            }
        }
    }
}
