import Foundation
import PropertyList
import VaultCrypto
import VaultTestKit

@testable import VaultFormat

/// Small vaults in temporary directories, with a deterministic random source so failures
/// replay exactly.
enum VaultFixtures {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-vault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func secure(_ text: String) -> SecureBytes { Array(text.utf8).withUnsafeBytes { SecureBytes(copying: $0) } }

    static let keyFileBytes = secure("0123456789abcdef0123456789abcdef")

    static func random(_ seed: UInt8 = 7) -> DeterministicRandom {
        DeterministicRandom(seed: Array(repeating: seed, count: 32))
    }

    static let records: [PropertyListValue] = [
        ["title": "mail", "username": "ana@example.com", "password": "correct horse"],
        ["title": "bank ✓", "notes": "PIN 1234\nsecond line", "port": 443],
    ]

    /// Records and one blob of `blob` bytes that do not compress (xorshift), so the blob
    /// is stored as it is and fills as many chunks as its length says.
    static func payload(blob: Int = 100) -> VaultPayload {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<blob).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return VaultPayload(
            records: records, blobs: [(id: Array(repeating: 0xAB, count: 16), source: DataBlob(Data(bytes)))])
    }

    /// A key-file vault (no KDF, so thousands of opens stay fast); records only by default,
    /// so it is a single small chunk.
    static func keyFileVault(
        in dir: URL, name: String = "small.coffer", payload: VaultPayload = VaultPayload(records: records),
        compress: Bool = true
    ) throws -> String {
        let path = dir.appendingPathComponent(name).path
        var options = SaveOptions()
        options.random = random()
        options.compressRecords = compress
        try VaultStore.create(
            at: path, payload: payload, slots: [(.keyFile(keyFileBytes), label: "laptop")], options: options)
        return path
    }

    /// `protected` (a header and its payload) followed by a fresh recovery trailer with
    /// `parity` blocks per group (none for 0): what a writer would append after forging
    /// a header of another length.
    static func withRecoveryTrailer(_ protected: [UInt8], parity: Int) -> [UInt8] {
        guard parity > 0 else { return protected }
        let headerLength = protected[12..<16].reversed().reduce(0) { $0 << 8 | Int($1) }  // u32, little-endian
        return try! TestKitGenerator.withTrailer(protected, headerLength: headerLength, parity: parity)
    }

    static func openClass(_ path: String, _ credentials: Credentials) -> VaultError.Kind? {
        openClass(bytes: try! [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), credentials)
    }

    static func openClass(bytes: [UInt8], _ credentials: Credentials) -> VaultError.Kind? {
        do {
            let file = try VaultFile(bytes: bytes)
            _ = try file.unlock(with: credentials).verifyEverything()
            return nil
        } catch let error as VaultError {
            return error.kind
        } catch {
            return nil
        }
    }
}
