import Foundation
import PropertyList
import TestSupport
import Testing
import VaultCrypto

@testable import VaultFormat

@Suite(.chunkEngineFromEnvironment) struct VaultRoundTripTests {
    @Test func recordsAndBlobsRoundTripWithEverySlotKind() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let identity = X25519.generate(random: VaultFixtures.random(9))
        let path = dir.appendingPathComponent("v.coffer").path
        let bigBlob = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let payload = VaultPayload(
            records: VaultFixtures.records,
            blobs: [
                (id: Array(repeating: 1, count: 16), source: DataBlob(bigBlob)),
                (id: Array(repeating: 2, count: 16), source: DataBlob(Data())),
            ])
        try VaultStore.create(
            at: path, payload: payload,
            slots: [
                (.passphrase(VaultFixtures.secure("hunter2"), .minimum), label: "ana"),
                (.keyFile(VaultFixtures.keyFileBytes), label: "usb key"),
                (.recipient(identity.publicKey), label: "recovery"),
            ])
        let file = try VaultFile(path: path)
        #expect(file.header.slots.map(\.label) == ["ana", "usb key", "recovery"])
        #expect(file.header.generation == 1)
        for credentials in [
            Credentials(passphrase: VaultFixtures.secure("hunter2")),
            Credentials(keyFiles: [VaultFixtures.keyFileBytes]),
            Credentials(identities: [identity.secret]),
        ] {
            let vault = try file.unlock(with: credentials)
            #expect(try vault.readRecords() == VaultFixtures.records)
            var read = Data()
            try vault.readBlob(id: Array(repeating: 1, count: 16)) { read.append(contentsOf: $0) }
            #expect(read == bigBlob)
            #expect(try vault.verifyEverything().blobBytes == bigBlob.count)
        }
        #expect(throws: VaultError(.noMatch, "")) {
            try file.unlock(with: Credentials(passphrase: VaultFixtures.secure("hunter3")))
        }
        #expect(throws: VaultError(.noMatch, "")) { try file.unlock(with: Credentials()) }
    }

    @Test func emptyVaultIsOneChunk() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir, payload: VaultPayload())
        let file = try VaultFile(path: path)
        let vault = try file.unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        #expect(try vault.readRecords().isEmpty)
        #expect(file.chunkCount == 1)
    }

    @Test func headerParsesToTheSameBytes() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try VaultFile(path: try VaultFixtures.keyFileVault(in: dir))
        let vault = try file.unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        #expect(file.header.encode(macKey: vault.keys.macKey) == file.parsed.bytes)
    }

    @Test func savesIncrementTheGenerationAndUseFreshSalts() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])
        let first = try VaultFile(path: path)
        let lock = try VaultLock(vaultPath: path)
        try VaultStore.save(
            VaultPayload(records: [["title": "only"]]), over: try first.unlock(with: credentials),
            options: SaveOptions(keepBackup: true))
        withExtendedLifetime(lock) {}
        let second = try VaultFile(path: path)
        #expect(second.header.generation == 2)
        #expect(second.header.payloadSalt != first.header.payloadSalt)
        #expect(try second.unlock(with: credentials).readRecords() == [["title": "only"]])
        #expect(try VaultFile(path: path + ".bak").header.generation == 1)
    }

    @Test func secondWriterIsToldWhoHoldsTheLock() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("locked.coffer").path
        let lock = try VaultLock(vaultPath: path)
        // flock is per open file description, so a second open in this process conflicts too.
        do {
            _ = try VaultLock(vaultPath: path)
            Issue.record("second lock succeeded")
        } catch let error as VaultError {
            #expect(error.kind == .locked && error.description.contains("locked by PID \(getpid())"))
        }
        withExtendedLifetime(lock) {}
    }

    @Test func padmeBoundsTheLeak() {
        #expect(padme(0) == 0)
        #expect(padme(1) == 1)
        #expect(padme(9) == 10)
        #expect(padme(1000) == 1024)
        for length in [100, 5000, 70_000, 1_000_000, 123_456_789] {
            let padded = padme(length)
            #expect(padded >= length && Double(padded - length) <= 0.12 * Double(length) + 1)
        }
    }

    /// A blob source that must be read from one thread: the sealer composes its chunks in order.
    struct SerialBlob: BlobSource {
        let inner: DataBlob
        var length: Int { inner.length }
        func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
            try inner.read(into: buffer, at: offset)
        }
    }

    @Test func blobChunksComposedOnEveryCoreEqualThoseComposedInOrder() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // 3 MB crosses sealing batches (32 chunks); the small and empty blobs end regions mid-batch.
        let blobs = [
            Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }), Data([1, 2, 3]), Data(),
            Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0) }),
        ]
        func sealed(concurrent: Bool) throws -> Data {
            let payload = VaultPayload(
                records: VaultFixtures.records,
                blobs: blobs.enumerated().map { n, data in
                    let source: any BlobSource = concurrent ? DataBlob(data) : SerialBlob(inner: DataBlob(data))
                    return (id: Array(repeating: UInt8(n + 1), count: 16), source: source)
                })
            let path = dir.appendingPathComponent(concurrent ? "parallel" : "serial").path
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            defer { close(fd) }
            try VaultStore.stream(
                payload, slots: [(.keyFile(VaultFixtures.keyFileBytes), label: "")], to: fd,
                random: VaultFixtures.random(3))
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let parallel = try sealed(concurrent: true)
        #expect(parallel == (try sealed(concurrent: false)))
        let vault = try VaultFile(bytes: [UInt8](parallel)).unlock(
            with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        for (n, data) in blobs.enumerated() {
            var read = Data()
            try vault.readBlob(id: Array(repeating: UInt8(n + 1), count: 16)) { read.append(contentsOf: $0) }
            #expect(read == data)
        }
    }
}
