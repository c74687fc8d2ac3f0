import Foundation
import VaultCrypto

/// The steps of a save, in order; tests inject a failure after any of them.
public enum SaveStep: String, CaseIterable, Sendable {
    case writeTemporary, syncTemporary, verifyTemporary, keepBackup, rename, syncDirectory
}

public struct SaveOptions: Sendable {
    /// Keep the previous generation as `NAME.bak`.
    public var keepBackup = false
    public var random: RandomSource = SystemRandom.shared
    /// Called after each step; throwing simulates a crash or I/O failure there.
    public var afterStep: (@Sendable (SaveStep) throws -> Void)? = nil

    public init(keepBackup: Bool = false, random: RandomSource = SystemRandom.shared) {
        self.keepBackup = keepBackup
        self.random = random
    }
}

/// Creating and saving vault files without ever losing data: a temporary file in the same
/// directory (0600), fsync, re-opened and fully verified, renamed over the old file, then
/// the directory fsynced. A failure at any step leaves the old file byte-identical.
public enum VaultStore {
    /// Creates a new vault with a fresh random file key and the given slots.
    @discardableResult
    public static func create(
        at path: String, payload: VaultPayload = VaultPayload(), slots recipes: [(SlotRecipe, label: String)],
        options: SaveOptions = SaveOptions()
    ) throws -> VaultKeys {
        guard !FileManager.default.fileExists(atPath: path) else { throw VaultIOError("\(path): already exists") }
        guard (FormatLimits.minimumSlots...FormatLimits.maximumSlots).contains(recipes.count) else {
            throw VaultIOError("a vault needs 1…\(FormatLimits.maximumSlots) keyslots")
        }
        let keys = VaultKeys(fileKey: options.random.secureBytes(FormatLimits.fileKeyBytes))
        let slots = try recipes.map {
            try KeySlotCrypto.makeSlot($0.0, label: $0.label, fileKey: keys.fileKey, random: options.random)
        }
        let lock = try VaultLock(vaultPath: path)
        defer { withExtendedLifetime(lock) {} }
        try write(
            path: path, keys: keys, slots: slots, extensions: [], generation: 1, payload: payload, options: options)
        return keys
    }

    /// Saves a new generation of an existing vault. The caller holds the lock for the whole
    /// read-modify-write (``VaultLock``).
    public static func save(
        _ payload: VaultPayload, over vault: UnlockedVault, slots: [KeySlot]? = nil, keys: VaultKeys? = nil,
        options: SaveOptions = SaveOptions()
    ) throws {
        let header = vault.file.header
        try write(
            path: vault.file.path, keys: keys ?? vault.keys, slots: slots ?? header.slots,
            extensions: header.extensions,
            generation: header.generation + 1, payload: payload, options: options)
    }

    /// Makes a slot for an open vault's file key (for `keys add`).
    public static func makeSlot(
        _ recipe: SlotRecipe, label: String, keys: VaultKeys, random: RandomSource = SystemRandom.shared
    )
        throws -> KeySlot
    {
        try KeySlotCrypto.makeSlot(recipe, label: label, fileKey: keys.fileKey, random: random)
    }

    static func write(
        path: String, keys: VaultKeys, slots: [KeySlot], extensions: [VaultHeader.Extension], generation: UInt64,
        payload: VaultPayload, options: SaveOptions
    ) throws {
        let sealer = VaultSealer(
            keys: keys, slots: slots, extensions: extensions, generation: generation, random: options.random)
        try writeAtomically(path: path, keys: keys, options: options) { output in
            _ = try sealer.seal(payload, to: output)
        }
    }

    /// The save protocol shared by every writer: temporary file (0600) in the same
    /// directory, fsync, re-open and verify every chunk and record with `keys`, optional
    /// `.bak`, rename, directory fsync. `afterStep` can fail any step in tests.
    static func writeAtomically(
        path: String, keys: VaultKeys, options: SaveOptions, _ body: (FileOutput) throws -> Void
    ) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let fd = mkstemp(&template)  // created 0600
        guard fd >= 0 else {
            throw VaultIOError("\(directory): cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { Foundation.close(fd) }
            try body(FileOutput(descriptor: fd, path: temporary))
            try options.afterStep?(.writeTemporary)
            guard fsync(fd) == 0 else {
                throw VaultIOError("\(temporary): fsync failed: \(String(cString: strerror(errno)))")
            }
            try options.afterStep?(.syncTemporary)
        }
        // Re-open and verify everything before the old file is touched.
        let written = try VaultFile(path: temporary, allowLargeKDFMemory: true)
        guard keys.authenticates(written.parsed) else {
            throw VaultIOError("\(temporary): written header does not verify")
        }
        _ = try UnlockedVault(file: written, keys: keys, slotIndex: 0).verifyEverything()
        try options.afterStep?(.verifyTemporary)
        if options.keepBackup, FileManager.default.fileExists(atPath: path) {
            let backup = path + ".bak"
            unlink(backup)
            guard link(path, backup) == 0 else {
                throw VaultIOError("\(backup): cannot keep backup: \(String(cString: strerror(errno)))")
            }
            try options.afterStep?(.keepBackup)
        }
        guard rename(temporary, path) == 0 else {
            throw VaultIOError("\(path): rename failed: \(String(cString: strerror(errno)))")
        }
        renamed = true
        try options.afterStep?(.rename)
        let dirfd = Foundation.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            defer { Foundation.close(dirfd) }
            guard fsync(dirfd) == 0 else { throw VaultIOError("\(directory): fsync failed") }
        }
        try options.afterStep?(.syncDirectory)
    }
}

extension VaultStore {
    /// Seals a new vault straight to a file descriptor (a pipe, stdout, /dev/null): no
    /// temporary file and no verification — for streaming and benchmarks, not for saving.
    public static func stream(
        _ payload: VaultPayload, slots recipes: [(SlotRecipe, label: String)], to descriptor: Int32,
        random: RandomSource = SystemRandom.shared
    ) throws {
        let keys = VaultKeys(fileKey: random.secureBytes(FormatLimits.fileKeyBytes))
        let slots = try recipes.map {
            try KeySlotCrypto.makeSlot($0.0, label: $0.label, fileKey: keys.fileKey, random: random)
        }
        let sealer = VaultSealer(keys: keys, slots: slots, extensions: [], generation: 1, random: random)
        _ = try sealer.seal(payload, to: FileOutput(descriptor: descriptor, path: "fd \(descriptor)"))
    }
}
