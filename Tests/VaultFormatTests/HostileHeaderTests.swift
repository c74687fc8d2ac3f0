import Foundation
import TestSupport
import Testing
import VaultCrypto

@testable import VaultFormat

/// Headers an attacker controls completely (valid checksum, hostile fields): refused before
/// any KDF runs, and quickly.
@Suite(.chunkEngineFromEnvironment) struct HostileHeaderTests {
    /// A passphrase vault's header with the KDF fields of slot 0 replaced and the prefix
    /// check and checksum recomputed, as an attacker would.
    static func header(operations: UInt32, memoryKiB: UInt32) throws -> [UInt8] {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("kdf.coffer").path
        var options = SaveOptions()
        options.random = VaultFixtures.random()
        try VaultStore.create(
            at: path, slots: [(.passphrase(VaultFixtures.secure("pw"), .minimum), label: "")], options: options)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Slot 0 starts at the fixed header's end: type, label length 0, salt 16, ops, memory.
        let ops = FormatLimits.fixedHeaderBytes + 2 + 16
        withUnsafeBytes(of: operations.littleEndian) { bytes.replaceSubrange(ops..<ops + 4, with: $0) }
        withUnsafeBytes(of: memoryKiB.littleEndian) { bytes.replaceSubrange(ops + 4..<ops + 8, with: $0) }
        let headerLength = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
        return resealChecksum(bytes, headerLength: headerLength)
    }

    static func resealChecksum(_ bytes: [UInt8], headerLength: Int) -> [UInt8] {
        var bytes = bytes
        let checksumAt = headerLength - 64
        bytes.replaceSubrange(checksumAt..<checksumAt + 32, with: BLAKE2b.hash(Array(bytes[..<checksumAt])))
        return bytes
    }

    @Test func hostileKDFParametersAreRefusedBeforeAnyKDF() throws {
        let cases: [(UInt32, UInt32)] = [
            (UInt32.max, 8_192), (17, 8_192), (0, 8_192), (1, UInt32.max), (1, 8_191), (UInt32.max, UInt32.max),
        ]
        for (ops, memory) in cases {
            // Unchanged length, so the original header length still applies.
            let bytes: [UInt8]
            do {
                bytes = try Self.header(operations: ops, memoryKiB: memory)
            } catch let error as VaultError where error.kind == .kdfBounds {
                Issue.record("fixture could not be built: \(error)")
                continue
            }
            let clock = ContinuousClock()
            var caught: VaultError?
            let elapsed = clock.measure {
                do {
                    let file = try VaultFile(bytes: bytes)
                    _ = try file.unlock(with: Credentials(passphrase: VaultFixtures.secure("pw")))
                } catch let error as VaultError {
                    caught = error
                } catch {}
            }
            #expect(caught?.kind == .kdfBounds, "ops \(ops), memory \(memory) KiB")
            // Not a timing assertion: a refusal that ran Argon2id would take seconds to hours;
            // this records how long the refusal took for the log.
            print("ops \(ops), memory \(memory) KiB refused in \(elapsed)")
        }
    }

    @Test func validateAppliesTheRAMCeiling() {
        // A machine with 2 GiB of RAM has a 1 GiB ceiling: the 4 GiB maximum is refused unless overridden.
        let huge = KDFParameters(operations: 1, memoryKiB: FormatLimits.kdfMemoryKiB.upperBound)
        #expect(throws: VaultError(.kdfBounds, "")) { try huge.validate(ceilingKiB: 1 << 20) }
        #expect(throws: Never.self) { try huge.validate(allowLargeMemory: true, ceilingKiB: 1 << 20) }
        #expect(throws: Never.self) { try KDFParameters.interactive.validate(ceilingKiB: 1 << 20) }
        #expect(throws: Never.self) { try KDFParameters.moderate.validate() }
    }

    @Test func unknownCriticalExtensionIsRefusedAndNonCriticalKept() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let file = try VaultFile(path: path)
        let vault = try file.unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        for (type, expected) in [(UInt16(0x0042), VaultError.Kind?.none), (0x8042, .unsupportedVersion)] {
            var header = file.header
            header.extensions = [.init(type: type, data: [1, 2, 3])]
            let bytes = header.encode(macKey: vault.keys.macKey)
            do {
                let parsed = try VaultHeader.parse(bytes)
                #expect(expected == nil)
                #expect(parsed.header.extensions == header.extensions)
                #expect(parsed.header.encode(macKey: vault.keys.macKey) == bytes)
            } catch let error as VaultError {
                #expect(error.kind == expected)
            }
        }
    }
}
