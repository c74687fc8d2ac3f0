import Foundation
import TestSupport
import Testing
import VaultCrypto

@testable import VaultFormat

/// Keyslot rules of spec/FORMAT.md §3: labels, the total KDF cost of a file, which slot
/// opens when several could, `--slot`, and the generation of a keys-only rewrite.
@Suite(.chunkEngineFromEnvironment) struct KeySlotRulesTests {
    /// A key-file vault in memory and its keys, so tests can write any header over its payload.
    struct Base {
        var bytes: [UInt8]
        var file: VaultFile
        var keys: VaultKeys
        var payload: [UInt8] { Array(bytes[file.headerLength..<file.headerLength + Int(file.header.payloadLength)]) }

        init() throws {
            let dir = try VaultFixtures.directory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = try VaultFixtures.keyFileVault(in: dir)
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            file = try VaultFile(bytes: bytes)
            keys = try file.unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes])).keys
        }

        /// The same payload under a header with `slots`, MACed with the real file key.
        func with(slots: [KeySlot]) -> [UInt8] {
            var header = file.header
            header.slots = slots
            return VaultFixtures.withRecoveryTrailer(header.encode(macKey: keys.macKey) + payload, parity: file.parity)
        }

        func slot(label: String, fileKey: SecureBytes? = nil, kdf: KDFParameters? = nil) throws -> KeySlot {
            let recipe: SlotRecipe =
                kdf.map { .passphrase(VaultFixtures.secure("pw"), $0) } ?? .keyFile(VaultFixtures.keyFileBytes)
            return try KeySlotCrypto.makeSlot(
                recipe, label: label, fileKey: fileKey ?? keys.fileKey, random: VaultFixtures.random())
        }

        /// A passphrase slot with any KDF cost, made without running it (random wrap).
        func unrunnableSlot(_ kdf: KDFParameters) -> KeySlot {
            KeySlot(
                kind: .passphrase(salt: Array(repeating: 1, count: 16), kdf: kdf), label: "heavy",
                nonce: Array(repeating: 2, count: 24), wrappedKey: Array(repeating: 3, count: 48))
        }
    }

    // MARK: Labels

    @Test func writersRefuseLongOrControlLabelsBeforeAnyKDF() throws {
        let base = try Base()
        for label in [String(repeating: "x", count: 300), String(repeating: "é", count: 50), "a\u{1}b", "a\u{85}b"] {
            #expect(KeySlot.writableLabelProblem(label) != nil, "\(label.debugDescription)")
            // A passphrase recipe at the maximum cost would take minutes if the KDF ran first.
            #expect(throws: VaultError.self) {
                try KeySlotCrypto.makeSlot(
                    .passphrase(VaultFixtures.secure("pw"), KDFParameters(operations: 16, memoryKiB: 4_194_304)),
                    label: label, fileKey: base.keys.fileKey, random: VaultFixtures.random())
            }
        }
        for label in [String(repeating: "x", count: 64), "evil\u{202E}gnp.exe", "Ana ✓", ""] {
            #expect(KeySlot.writableLabelProblem(label) == nil, "\(label.debugDescription)")
        }
    }

    @Test func encodingAnOverlongLabelNeverTrapsAndReadersRefuseIt() throws {
        let base = try Base()
        var slot = try base.slot(label: "ok")
        for length in [65, 255, 300, 1000] {
            slot.label = String(repeating: "x", count: length)
            let bytes = base.with(slots: [slot])
            #expect(throws: VaultError(.headerCorrupted, "")) { try VaultFile(bytes: bytes) }
        }
    }

    @Test func bidiAndC1LabelsAreValidInTheFileAndEscapedWhenPrinted() throws {
        let base = try Base()
        let label = "a\u{202E}b\u{85}c\u{2066}d\u{200B}e\\"
        // Writers refuse the C1 control; a file may still hold it (the wrap is not checked here).
        var slot = try base.slot(label: "x")
        slot.label = label
        let file = try VaultFile(bytes: base.with(slots: [slot]))
        #expect(file.header.slots[0].label == label)
        #expect(KeySlot.printable(label) == "a\\u{202E}b\\u{85}c\\u{2066}d\\u{200B}e\\\\")
        #expect(KeySlot.printable("Ana ✓ 🔑") == "Ana ✓ 🔑")
    }

    // MARK: Total KDF cost

    @Test func totalKDFCostIsAFilePropertyCheckedBeforeAnyKDF() throws {
        let base = try Base()
        let keyFileSlot = try base.slot(label: "laptop")
        let maximal = KDFParameters(operations: 16, memoryKiB: 4_194_304)
        // 32 slots at the per-slot maximum: about 25 minutes of Argon2id for any open before.
        let hostile = base.with(slots: Array(repeating: base.unrunnableSlot(maximal), count: 32))
        for allowLarge in [true, false] {
            #expect(throws: VaultError(.kdfBounds, "")) {
                try VaultFile(bytes: hostile, allowLargeKDFMemory: allowLarge)
            }
        }
        do {
            _ = try VaultFile(bytes: hostile, allowLargeKDFMemory: true)
        } catch let error as VaultError {
            #expect(error.message.contains("2048 GiB × passes") && error.message.contains("at most 64"), "\(error)")
        }
        // Exactly at the limit: one slot at the per-slot maximum still opens (by key file).
        let atLimit = base.with(slots: [keyFileSlot, base.unrunnableSlot(maximal)])
        let opened = try VaultFile(bytes: atLimit, allowLargeKDFMemory: true)
            .unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        #expect(opened.slotIndex == 0)
        // One more cheap passphrase slot crosses it, even when the key is a key file.
        let over = base.with(slots: [keyFileSlot, base.unrunnableSlot(maximal), base.unrunnableSlot(.minimum)])
        #expect(throws: VaultError(.kdfBounds, "")) { try VaultFile(bytes: over, allowLargeKDFMemory: true) }
    }

    @Test func totalKDFCostLimitArithmetic() throws {
        #expect(FormatLimits.kdfTotalCostKiBPasses == 67_108_864)
        try KDFParameters.validateTotal([KDFParameters(operations: 16, memoryKiB: 4_194_304)])
        try KDFParameters.validateTotal(Array(repeating: .sensitive, count: 16))
        try KDFParameters.validateTotal(Array(repeating: .moderate, count: 32))
        #expect(throws: VaultError(.kdfBounds, "")) {
            try KDFParameters.validateTotal(Array(repeating: .sensitive, count: 17))
        }
        #expect(throws: VaultError(.kdfBounds, "")) {
            try KDFParameters.validateTotal([KDFParameters(operations: 16, memoryKiB: 4_194_304), .minimum])
        }
    }

    @Test func writersRefuseSlotsWhoseTotalIsOverTheLimit() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let vault = try VaultFile(path: path).unlock(with: Credentials(keyFiles: [VaultFixtures.keyFileBytes]))
        let heavy = try Base().unrunnableSlot(KDFParameters(operations: 16, memoryKiB: 4_194_304))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: VaultError(.kdfBounds, "")) {
            try VaultStore.replaceSlots(of: vault, with: vault.file.header.slots + [heavy, heavy])
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    // MARK: Several slots, --slot

    @Test func theFirstSlotWhoseKeyVerifiesTheMACIsUsed() throws {
        let base = try Base()
        let wrongKey = VaultFixtures.random(9).secureBytes(FormatLimits.fileKeyBytes)
        let wrong = try base.slot(label: "forged", fileKey: wrongKey)
        let right = try base.slot(label: "laptop")
        let credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])
        // Before: the first slot that unwrapped decided, so this was an hmac failure.
        let opened = try VaultFile(bytes: base.with(slots: [wrong, right])).unlock(with: credentials)
        #expect(opened.slotIndex == 1)
        _ = try opened.verifyEverything()
        #expect(try VaultFile(bytes: base.with(slots: [right, wrong])).unlock(with: credentials).slotIndex == 0)
        // Some slot unwrapped, none verified: hmac failure. None unwrapped: no match.
        #expect(throws: VaultError(.headerAuthentication, "")) {
            try VaultFile(bytes: base.with(slots: [wrong, wrong])).unlock(with: credentials)
        }
        #expect(throws: VaultError(.noMatch, "")) {
            try VaultFile(bytes: base.with(slots: [wrong, right])).unlock(
                with: Credentials(keyFiles: [VaultFixtures.secure("another key file, 16+ bytes")]))
        }
    }

    @Test func slotLabelRestrictsWhichSlotsAreTried() throws {
        let base = try Base()
        let wrongKey = VaultFixtures.random(9).secureBytes(FormatLimits.fileKeyBytes)
        let file = try VaultFile(
            bytes: base.with(slots: [try base.slot(label: "a", fileKey: wrongKey), try base.slot(label: "b")]))
        var credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])
        credentials.slotLabel = "b"
        #expect(try file.unlock(with: credentials).slotIndex == 1)
        credentials.slotLabel = "a"
        #expect(throws: VaultError(.headerAuthentication, "")) { try file.unlock(with: credentials) }
        credentials.slotLabel = "nobody"
        #expect(throws: VaultError(.noMatch, "")) { try file.unlock(with: credentials) }
    }

    // MARK: Generation

    @Test func keysOnlyRewritesBumpTheGenerationAndStillVerify() throws {
        let dir = try VaultFixtures.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try VaultFixtures.keyFileVault(in: dir)
        let credentials = Credentials(keyFiles: [VaultFixtures.keyFileBytes])
        var vault = try VaultFile(path: path).unlock(with: credentials)
        let records = try vault.readRecords()
        #expect(vault.file.header.generation == 1)
        let extra = try KeySlotCrypto.makeSlot(
            .keyFile(VaultFixtures.secure("a second key file of 16+ bytes")), label: "backup",
            fileKey: vault.keys.fileKey, random: SystemRandom.shared)
        try VaultStore.replaceSlots(of: vault, with: vault.file.header.slots + [extra])
        vault = try VaultFile(path: path).unlock(with: credentials)
        #expect(vault.file.header.generation == 2 && vault.file.header.slots.count == 2)
        _ = try vault.verifyEverything()
        #expect(try vault.readRecords() == records)
        try VaultStore.replaceSlots(of: vault, with: [vault.file.header.slots[0]])
        vault = try VaultFile(path: path).unlock(with: credentials)
        #expect(vault.file.header.generation == 3 && vault.file.header.slots.count == 1)
        _ = try vault.verifyEverything()
    }

    // MARK: RAM

    @Test func memoryCeilingReadsCgroupLimits() {
        let gib: UInt64 = 1 << 30
        func files(_ table: [String: String]) -> (String) -> String? { { table[$0] } }
        // cgroup v2: the process's group and its ancestors; "max" is no limit.
        let v2 = files([
            "/proc/self/cgroup": "0::/user.slice/app\n", "/sys/fs/cgroup/user.slice/app/memory.max": "max\n",
            "/sys/fs/cgroup/user.slice/memory.max": "\(2 * gib)\n", "/sys/fs/cgroup/memory.max": "max",
        ])
        #expect(MachineMemory.available(physical: 64 * gib, readFile: v2) == 2 * gib)
        // cgroup v1 inside a container: the group's path is not mounted, the root is.
        let v1 = files([
            "/proc/self/cgroup": "4:memory:/process_api/abc\n1:cpu:/\n0::/\n",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes": "\(gib)\n",
        ])
        #expect(MachineMemory.available(physical: 64 * gib, readFile: v1) == gib)
        // v1's "no limit" is a huge number; a limit above physical memory changes nothing.
        let unlimited = files([
            "/proc/self/cgroup": "4:memory:/\n", "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712",
        ])
        #expect(MachineMemory.available(physical: 8 * gib, readFile: unlimited) == 8 * gib)
        #expect(MachineMemory.available(physical: 8 * gib, readFile: files([:])) == 8 * gib)
        #expect(FormatLimits.kdfMemoryCeilingKiB <= ProcessInfo.processInfo.physicalMemory / 2 / 1024)
    }
}
