import Foundation
import PropertyList
import TestSupport
import Testing
import VaultTestKit

@testable import VaultFormat

/// Format 1.1's compressed blobs (spec/FORMAT.md §12.5): a blob is stored as a zstd frame
/// only where that makes it smaller, reads back whole, and a save copies a stored frame.
@Suite(.chunkEngineFromEnvironment) struct BlobCompressionTests {
    static let text = Array(String(repeating: "Account recovery codes: 1234-5678 abcd-efgh\n", count: 5000).utf8)
    static let textID = [UInt8](repeating: 1, count: 16)
    static let noiseID = [UInt8](repeating: 2, count: 16)
    static let smallID = [UInt8](repeating: 3, count: 16)

    static func noise(_ count: Int) -> [UInt8] {
        var state: UInt64 = 88_172_645_463_325_252
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 32)
        }
    }

    static func payload() -> VaultPayload {
        VaultPayload(
            records: VaultFixtures.records,
            blobs: [
                (textID, DataBlob(Data(text))), (noiseID, DataBlob(Data(noise(100_000)))),
                (smallID, DataBlob(Data(repeating: 0, count: 200))),
            ])
    }

    static func open(_ path: String) throws -> UnlockedVault {
        try VaultFile(path: path).unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
    }

    static func contents(_ vault: UnlockedVault, _ id: [UInt8]) throws -> [UInt8] {
        var bytes = [UInt8]()
        try vault.readBlob(id: id) { bytes.append(contentsOf: $0) }
        return bytes
    }

    @Test func aBlobIsStoredCompressedOnlyWhereThatPays() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir, payload: Self.payload())
        let vault = try Self.open(path)
        let index = try vault.readIndex()
        // The text shrinks to a frame; noise and a blob under 256 bytes are kept as they are.
        let text = try #require(index.blobs.first { $0.id == Self.textID })
        #expect(text.length == Self.text.count && (text.zstdLength ?? .max) < Self.text.count / 20)
        #expect(index.blobs.filter { $0.id != Self.textID }.allSatisfy { $0.zstdLength == nil })
        #expect(try Self.contents(vault, Self.textID) == Self.text)
        #expect(try Self.contents(vault, Self.noiseID) == Self.noise(100_000))
        #expect(try vault.verifyEverything().blobBytes == Self.text.count + 100_000 + 200)

        // Without compression (a 1.0 file) every blob is stored as it is. Each blob region
        // takes whole chunks: the text's four became one.
        let plainPath = try VaultFixtures.keyFileVault(
            in: dir, name: "plain.coffer", payload: Self.payload(), compress: false)
        let plain = try Self.open(plainPath)
        #expect(try VaultFile(path: path).chunkCount + 3 == plain.file.chunkCount)
        #expect(try plain.readIndex().blobs.allSatisfy { $0.zstdLength == nil })
        #expect(try Self.contents(plain, Self.textID) == Self.text)
    }

    @Test func aSaveCopiesAStoredFrameAndAPlainSaveDecompressesIt() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir, payload: Self.payload())
        let first = try Self.open(path)
        let frame = try #require(try first.readIndex().blobs.first { $0.id == Self.textID }?.zstdLength)
        // The vault's own source offers its frame; its content reads as the blob.
        let source = try #require(try first.blobsForResealing().first { $0.id == Self.textID }?.source)
        #expect(source.length == Self.text.count && source.storedFrame?.length == frame)
        var options = SaveOptions()
        options.random = VaultFixtures.random(3)
        try VaultStore.save(
            VaultPayload(records: [["title": "edited"]], blobs: try first.blobsForResealing()), over: first,
            options: options)
        let second = try Self.open(path)
        #expect(try second.readIndex().blobs.first { $0.id == Self.textID }?.zstdLength == frame)
        #expect(try Self.contents(second, Self.textID) == Self.text)
        // Saved without compression, the frame's content is what is written.
        options.compressRecords = false
        try VaultStore.save(
            VaultPayload(records: [["title": "plain"]], blobs: try second.blobsForResealing()), over: second,
            options: options)
        let third = try Self.open(path)
        #expect(try third.readIndex().blobs.allSatisfy { $0.zstdLength == nil })
        #expect(try Self.contents(third, Self.textID) == Self.text)
    }

    @Test func theWriterTriesOnlyBlobsItMayStoreCompressed() throws {
        #expect(BlobCompression.maximumBlobBytes == 16 << 20 && BlobCompression.minimumBlobBytes == 256)
        #expect(try BlobCompression.frame(of: DataBlob(Data(repeating: 0, count: 255))) == nil)
        #expect(try BlobCompression.frame(of: DataBlob(Data(repeating: 0, count: 256))) != nil)
        #expect(try BlobCompression.frame(of: DataBlob(Data(repeating: 0, count: 16 << 20 + 1))) == nil)
        // A large blob whose first 256 KiB do not shrink is not compressed at all, even if the
        // rest would: sampling saves compressing photos and archives whole.
        let mixed = Self.noise(BlobCompression.sampleBytes) + [UInt8](repeating: 0, count: 1 << 20)
        #expect(try BlobCompression.frame(of: DataBlob(Data(mixed))) == nil)
        #expect(BlobCompression.pays(96, for: 100) && !BlobCompression.pays(97, for: 100))
    }

    /// A save copies a stored frame without decompressing it, so the frames are checked when
    /// the sources are made: a frame that holds less than its blob, or declares another size,
    /// is refused there, and by every read, before anything is decompressed.
    @Test func aFrameThatDoesNotDecodeIsNeverCarriedIntoASave() throws {
        let vectors = try TestKitGenerator.vectors()
        for name in ["payload_compressed_blob_short", "payload_compressed_blob_bomb"] {
            let vector = try #require(vectors.first { $0.name == name })
            let vault = try VaultFile(bytes: vector.bytes).unlock(with: vector.credentials)
            #expect(throws: VaultError.self, "\(name)") { try vault.blobsForResealing() }
            let id = try vault.readIndex().blobs[0].id
            #expect(throws: VaultError.self, "\(name)") { try vault.readBlob(id: id) { _ in } }
        }
        // The window a frame asks for is read from its header: libzstd's one-shot decoder
        // would not apply the limit.
        let content = [UInt8](repeating: 1, count: 100)
        let wide = TestKitGenerator.frame(content, window: 15 << 3)
        #expect(wide.withUnsafeBytes { Zstd.windowSize($0) } == 1 << 25)
        #expect(throws: Zstd.Refusal.self) { try wide.withUnsafeBytes { try Zstd.decompress($0, limit: 100) } }
        let fits = TestKitGenerator.frame(content, window: 14 << 3)
        #expect(try fits.withUnsafeBytes { try Zstd.decompress($0, limit: 100) } == content)
    }
}
