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
    /// The lock the caller took for its read-modify-write. Without it a save uses the lock
    /// this process holds on the vault, or takes one for the write.
    public var lock: VaultLock? = nil
    /// Parity blocks per group of the recovery trailer (spec/FORMAT.md §11); 0 writes none.
    /// Nil keeps the vault's own count (``FormatLimits/defaultParity`` for a new vault or
    /// one without a trailer).
    public var parity: Int? = nil
    /// Store the records as zstd-compressed groups (format 1.1, spec/FORMAT.md §12).
    public var compressRecords = true

    public init(keepBackup: Bool = false, random: RandomSource = SystemRandom.shared) {
        self.keepBackup = keepBackup
        self.random = random
    }
}

/// Creating and saving vault files without ever losing data: a temporary file in the same
/// directory (0600), fsync, re-opened and fully verified, renamed over the old file, then
/// the directory fsynced. A failure at any step leaves the old file byte-identical.
public enum VaultStore {
    /// Creates a new vault with a fresh random file key and the given slots, exclusively:
    /// of several concurrent creators exactly one succeeds and the others are told the file
    /// already exists (the new file is published with link(2), which never replaces a file).
    @discardableResult
    public static func create(
        at path: String, payload: VaultPayload = VaultPayload(), slots recipes: [(SlotRecipe, label: String)],
        options: SaveOptions = SaveOptions()
    ) throws -> VaultKeys {
        guard (FormatLimits.minimumSlots...FormatLimits.maximumSlots).contains(recipes.count) else {
            throw VaultError(.fileSystem, "a vault needs 1…\(FormatLimits.maximumSlots) keyslots")
        }
        let keys = VaultKeys(fileKey: options.random.secureBytes(FormatLimits.fileKeyBytes))
        let made = try recipes.map {
            try KeySlotCrypto.makeSlotWithMember($0.0, label: $0.label, fileKey: keys.fileKey, random: options.random)
        }
        // Several slots: their member keys are recorded (§13.4), so collections can be shared
        // with any of them later without its owner saving first.
        var payload = payload
        if made.count > 1, payload.collections == nil {
            payload.collections = CollectionTable(members: made.map(\.member))
        }
        let lock = try lockForCreating(path)
        defer { withExtendedLifetime(lock) {} }
        try write(
            path: path, keys: keys, slots: made.map(\.slot), extensions: [], generation: 1, payload: payload,
            options: options, exclusive: true)
        return keys
    }

    /// How long a creator waits for another creator's lock before saying it is locked.
    static let creatorPatience: TimeInterval = 30

    /// The lock for creating `path`: while another process holds it (most likely creating
    /// the same file), waits, and reports "already exists" as soon as the file appears.
    static func lockForCreating(_ path: String) throws -> VaultLock {
        let deadline = Date().addingTimeInterval(creatorPatience)
        while true {
            let target = try VaultPath.resolve(path)
            guard !target.exists else { throw VaultError(.fileSystem, "\(path): already exists") }
            do {
                let lock = try VaultLock(resolvedVaultPath: target.path)
                guard !FileManager.default.fileExists(atPath: target.path) else {
                    throw VaultError(.fileSystem, "\(path): already exists")
                }
                return lock
            } catch let error as VaultError where error.kind == .locked && Date() < deadline {
                usleep(20_000)
            }
        }
    }

    /// Saves a new generation of an existing vault. The caller holds the lock for the whole
    /// read-modify-write (``VaultLock``).
    public static func save(
        _ payload: VaultPayload, over vault: UnlockedVault, slots: [KeySlot]? = nil, keys: VaultKeys? = nil,
        options: SaveOptions = SaveOptions()
    ) throws {
        let header = vault.file.header
        // Saving without the table would drop every private collection (they are in it).
        guard payload.collections != nil || !header.hasCollections else {
            throw VaultError(
                .invalidArgument,
                "the vault holds private collections; a payload that saves it must carry its collection table")
        }
        try write(
            path: vault.file.path, keys: keys ?? vault.keys, slots: slots ?? header.slots,
            extensions: header.extensions,
            generation: header.generation + 1, payload: payload, options: options, parity: vault.file.parityToKeep)
    }

    /// Makes a slot for an open vault's file key, with its member key (§13.2).
    public static func makeSlotWithMember(
        _ recipe: SlotRecipe, label: String, keys: VaultKeys, random: RandomSource = SystemRandom.shared
    ) throws -> (slot: KeySlot, member: [UInt8]) {
        try KeySlotCrypto.makeSlotWithMember(recipe, label: label, fileKey: keys.fileKey, random: random)
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
        payload: VaultPayload, options: SaveOptions, exclusive: Bool = false, parity oldParity: Int? = nil
    ) throws {
        let parity = options.parity ?? oldParity ?? FormatLimits.defaultParity
        guard parity == 0 || RecoveryLayout.parityRange.contains(parity) else {
            throw VaultError(
                .invalidArgument,
                "parity \(parity): a vault has 0 (no recovery trailer) or 1…\(RecoveryLayout.parityRange.upperBound) parity blocks per group"
            )
        }
        let managed = [
            FormatLimits.recoveryExtensionType, FormatLimits.compressionExtensionType,
            FormatLimits.collectionsExtensionType,
        ]
        var extensions = extensions.filter { !managed.contains($0.type) }
        if parity > 0 { extensions.append(VaultHeader.recoveryExtension) }
        if payload.collections != nil { extensions.append(VaultHeader.collectionsExtension) }
        if options.compressRecords { extensions.append(VaultHeader.compressionExtension) }
        let sealer = VaultSealer(
            keys: keys, slots: slots, extensions: extensions, generation: generation, random: options.random)
        do {
            // The groups written again as they were hold records this process decoded when it
            // read them: the verification checks they arrived byte for byte, and decodes the rest.
            let reused = options.compressRecords ? payload.recordSource?.reused ?? [] : []
            let verify = keyed(keys, knownGroups: reused.map { $0.group.item.bytes })
            try writeAtomically(path: path, options: options, exclusive: exclusive, verify: verify) { output in
                let parsed = try sealer.seal(payload, to: output)
                guard parity > 0 else { return }
                let layout = RecoveryLayout(
                    headerLength: parsed.bytes.count, payloadLength: Int(parsed.header.payloadLength), parity: parity)!
                let written = FileBytes(
                    descriptor: output.descriptor, path: output.path, length: layout.protectedLength)
                try RecoveryTrailer.write(for: layout, from: written, to: output.write)
            }
        } catch is RecordGroup.TooLarge {
            // Records a compressed region cannot hold are written uncompressed (a 1.0 region).
            if payload.recordSource?.makesOnlyOutsideReused == true {
                throw VaultPayload.PartRecordsCannotBeWrittenUncompressed()
            }
            var plain = options
            plain.compressRecords = false
            try write(
                path: path, keys: keys, slots: slots, extensions: extensions, generation: generation,
                payload: payload, options: plain, exclusive: exclusive, parity: oldParity)
        }
    }

    /// The verification of a keyed save: the header MAC, then every chunk, record and (for
    /// 1.1) the recovery trailer.
    /// `knownGroups`: compressed record groups (their region items), in the order written,
    /// whose records are known to decode; where the written file holds the next of them byte
    /// for byte, its records are not decoded
    /// again (everything else is checked as ``UnlockedVault/verifyEverything()`` checks it).
    static func keyed(_ keys: VaultKeys, knownGroups: [[UInt8]] = []) -> (String) throws -> Void {
        { temporary in
            let written = try VaultFile(path: temporary, allowLargeKDFMemory: true)
            guard keys.authenticates(written.parsed) else {
                throw VaultError(.fileSystem, "\(temporary): written header does not verify")
            }
            let vault = UnlockedVault(file: written, keys: keys, slotIndex: 0)
            vault.knownRecordGroups.value = knownGroups
            _ = try vault.verifyEverything()
        }
    }

    /// Hard-links the current file as `NAME.bak`. An old backup (file or link) is removed
    /// first, never written through. (No staging name: a leftover second link would count
    /// as a hard link and block the next save.)
    static func keepBackup(of destination: String) throws {
        let backup = destination + ".bak"
        unlink(backup)
        guard link(destination, backup) == 0 else {
            throw VaultError(.fileSystem, "\(backup): cannot keep backup: \(String(cString: strerror(errno)))")
        }
    }

    /// The save protocol shared by every writer (spec/FORMAT.md §7): under the vault's lock
    /// (taken here when this process does not hold it), stale temporaries removed, a
    /// temporary file in the vault's directory given the old file's owner and mode (0600
    /// for a new one), fsync, re-open and verify every chunk and record with `keys`,
    /// optional `.bak`, rename over the file a symlink names (or link(2) when `exclusive`),
    /// directory fsync. `afterStep` can fail any step in tests.
    static func writeAtomically(
        path: String, options: SaveOptions, exclusive: Bool = false, verify: (String) throws -> Void,
        _ body: (FileOutput) throws -> Void
    ) throws {
        let target = try VaultPath.resolve(path)
        if exclusive, target.exists { throw VaultError(.fileSystem, "\(path): already exists") }
        let lock = try options.lock ?? VaultLock.held(for: target.path) ?? VaultLock(resolvedVaultPath: target.path)
        guard lock.vaultPath == target.path else {
            throw VaultError(.fileSystem, "\(path): the lock given is for \(lock.vaultPath)")
        }
        let destination = target.path
        let url = URL(fileURLWithPath: destination)
        let directory = url.deletingLastPathComponent().path
        var old = stat()
        let replacing = !exclusive && lstat(destination, &old) == 0
        if replacing { try refuseHardLinks(destination, old) }
        removeStaleTemporaries(of: destination)
        guard let (fd, temporary) = OutputFile.temporaryFile(beside: destination) else {
            throw VaultError(
                .fileSystem, "\(directory): cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        var published = false
        defer {
            if !published { unlink(temporary) }
        }
        do {
            defer { Foundation.close(fd) }
            try body(FileOutput(descriptor: fd, path: temporary))
            try options.afterStep?(.writeTemporary)
            try keepOwnerAndMode(of: replacing ? old : nil, on: fd, path: destination)
            guard fsync(fd) == 0 else {
                throw VaultError(.fileSystem, "\(temporary): fsync failed: \(String(cString: strerror(errno)))")
            }
            try options.afterStep?(.syncTemporary)
        }
        // Re-open and verify everything before the old file is touched.
        try verify(temporary)
        try options.afterStep?(.verifyTemporary)
        try lock.publishing {
            // The backup only once publishing is certain (the lock checked): a save refused
            // here must not have replaced the previous backup either.
            if options.keepBackup, replacing {
                try keepBackup(of: destination)
                try options.afterStep?(.keepBackup)
            }
            if exclusive {
                // link(2) fails with EEXIST instead of replacing a file that appeared meanwhile.
                guard link(temporary, destination) == 0 else {
                    let failure = errno
                    throw VaultError(
                        .fileSystem,
                        failure == EEXIST
                            ? "\(path): already exists"
                            : "\(path): cannot create: \(String(cString: strerror(failure)))")
                }
                unlink(temporary)
            } else {
                guard rename(temporary, destination) == 0 else {
                    throw VaultError(
                        .fileSystem, "\(destination): rename failed: \(String(cString: strerror(errno)))")
                }
            }
            published = true
        }
        try options.afterStep?(.rename)
        let dirfd = Foundation.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirfd >= 0 {
            defer { Foundation.close(dirfd) }
            guard fsync(dirfd) == 0 else { throw VaultError(.fileSystem, "\(directory): fsync failed") }
        }
        try options.afterStep?(.syncDirectory)
    }

    /// A save replaces the file by rename, which would leave every other hard link with
    /// the old generation: refused, except for our own `NAME.bak` (a save interrupted
    /// between keeping the backup and the rename leaves that link).
    static func refuseHardLinks(_ path: String, _ info: stat) throws {
        guard info.st_nlink > 1 else { return }
        var backup = stat()
        if info.st_nlink == 2, lstat(path + ".bak", &backup) == 0, backup.st_dev == info.st_dev,
            backup.st_ino == info.st_ino
        {
            return
        }
        throw VaultError(
            .fileSystem,
            "\(path): the vault has \(info.st_nlink) hard links; a save would update only this name and leave the others with the old generation. Not saved: give it a single name (cp it to a new file) first"
        )
    }

    /// Gives the temporary the old file's owner and permission bits (0600 for a new
    /// vault), so a save never widens, narrows or takes over a vault.
    static func keepOwnerAndMode(of old: stat?, on fd: Int32, path: String) throws {
        guard let old else {
            guard fchmod(fd, 0o600) == 0 else {
                throw VaultError(.fileSystem, "\(path): cannot set mode 0600: \(String(cString: strerror(errno)))")
            }
            return
        }
        var mine = stat()
        guard fstat(fd, &mine) == 0 else { throw VaultError(.fileSystem, "\(path): cannot stat the temporary file") }
        if mine.st_uid != old.st_uid || mine.st_gid != old.st_gid {
            guard fchown(fd, old.st_uid, old.st_gid) == 0 else {
                throw VaultError(
                    .fileSystem,
                    "\(path): cannot keep its owner \(old.st_uid):\(old.st_gid) (\(String(cString: strerror(errno)))); not saved"
                )
            }
        }
        // After fchown, which clears set-id bits.
        guard fchmod(fd, old.st_mode & 0o7777) == 0 else {
            throw VaultError(.fileSystem, "\(path): cannot keep its mode: \(String(cString: strerror(errno)))")
        }
    }

    /// Removes `.NAME.tmp-XXXXXX` files left by writers that died (SIGKILL, power loss).
    /// Called under the vault's lock, and temporaries are only made under it, so every one
    /// found is stale.
    static func removeStaleTemporaries(of path: String) {
        for stale in OutputFile.temporaries(of: path) {
            var info = stat()
            guard lstat(stale, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(stale)
        }
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
