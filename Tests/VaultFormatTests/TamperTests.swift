import Foundation
import TestSupport
import Testing
import VaultCrypto

@testable import VaultFormat

/// Every single-bit flip and every truncation of a small vault is refused with the class
/// its position implies — never a wrong passphrase for damage, never damage for a wrong key.
@Suite(.chunkEngineFromEnvironment) struct TamperTests {
    static func expectedKind(forFlipAt offset: Int, headerLength: Int) -> VaultError.Kind {
        switch offset {
        case 0..<8: .notCofferFile
        case 8..<FormatLimits.prefixBytes: .headerCorrupted  // version, length, prefix check
        case ..<(headerLength - FormatLimits.macBytes): .headerCorrupted  // body and checksum
        case ..<headerLength: .headerAuthentication  // the MAC itself
        default: .payloadDamaged
        }
    }

    @Test func everyBitFlipIsClassified() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let headerLength = try VaultFile(path: path).headerLength
        let credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])
        #expect(VaultFixtures.openClass(path, credentials) == nil)
        var misclassified = [String]()
        for offset in original.indices {
            for bit in 0..<8 {
                var bytes = original
                bytes[offset] ^= 1 << bit
                let kind = VaultFixtures.openClass(bytes: bytes, credentials)
                let expected = Self.expectedKind(forFlipAt: offset, headerLength: headerLength)
                if kind != expected {
                    misclassified.append(
                        "byte \(offset) bit \(bit): \(kind.map(\.rawValue) ?? "accepted"), expected \(expected.rawValue)"
                    )
                }
            }
        }
        #expect(misclassified.isEmpty, "\(misclassified.count) of \(original.count * 8): \(misclassified.prefix(10))")
    }

    @Test func everyTruncationIsTruncated() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])
        var wrong = [String]()
        for length in 0..<original.count {
            let kind = VaultFixtures.openClass(bytes: Array(original.prefix(length)), credentials)
            if kind != .truncated { wrong.append("\(length): \(kind.map(\.rawValue) ?? "accepted")") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(VaultFixtures.openClass(bytes: original + [0], credentials) == .trailingData)
    }

    @Test func wrongKeyIsNoMatchNotDamage() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let wrong = Credentials(keyFiles: [VaultFixtures.secure("not the key file at all.........")])
        #expect(VaultFixtures.openClass(path, wrong) == .noMatch)
    }

    @Test func failedOpenWritesNoPlaintext() throws {
        // A damaged chunk releases nothing: the reader never returns bytes of a chunk whose tag failed.
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[try VaultFile(path: path).recovery!.protectedLength - 20] ^= 1
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        #expect(throws: VaultError(.payloadDamaged, "")) { try vault.chunk(vault.chunkCount - 1) }
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(before == ["small.coffer", "small.coffer.lock"])
    }
}
