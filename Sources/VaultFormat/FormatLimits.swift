import Foundation

/// Every constant of the v1 format, named and documented in spec/FORMAT.md.
public enum FormatLimits {
    /// "COFFER", SUB, LF: the SUB and LF catch text-mode transfers, as PNG's magic does.
    public static let magic: [UInt8] = [0x43, 0x4F, 0x46, 0x46, 0x45, 0x52, 0x1A, 0x0A]
    public static let majorVersion: UInt16 = 1
    public static let minorVersion: UInt16 = 0
    /// The minor version of a file that uses a 1.1 feature (the recovery trailer).
    public static let minorVersionWith11Features: UInt16 = 1
    /// Critical extension 0x8011: a recovery trailer follows the payload (§11).
    public static let recoveryExtensionType: UInt16 = 0x8011
    /// Critical extension 0x8012: records are stored as zstd-compressed groups (§12).
    public static let compressionExtensionType: UInt16 = 0x8012
    /// Critical extension 0x8013: the vault holds private collections (§13).
    public static let collectionsExtensionType: UInt16 = 0x8013
    /// Private collections one vault may hold (besides the default collection).
    public static let maximumCollections = 64
    /// The most plaintext one sealed collection may hold: it is read into memory whole.
    public static let maximumCollectionPlaintextBytes = 1 << 28
    /// The most a payload index may take (writers refuse more; it holds every sealed
    /// collection, and its length prefix is a u32).
    public static let maximumIndexBytes = 1 << 30
    /// Parity blocks per group of 16 that a new vault gets (`--parity N` chooses others).
    public static let defaultParity = 1

    /// The prefix every version keeps: magic, major, minor, header length, prefix check.
    public static let prefixBytes = 20
    /// Bytes of the fixed part before the keyslots.
    public static let fixedHeaderBytes = 72
    public static let checksumBytes = 32
    public static let macBytes = 32
    /// No header is larger: 32 slots and 16 extensions of 4 KiB fit well within it.
    public static let maximumHeaderBytes = 1 << 17

    public static let minimumSlots = 1
    public static let maximumSlots = 32
    public static let maximumLabelBytes = 64
    public static let maximumExtensions = 16
    public static let maximumExtensionBytes = 4096
    /// Extension types with this bit set must be understood by a reader, or it refuses.
    public static let criticalExtensionBit: UInt16 = 0x8000

    /// Cipher 1: ChaCha20-Poly1305-IETF in 64 KiB STREAM chunks.
    public static let cipherChaCha20Poly1305Stream: UInt8 = 1
    public static let chunkPlaintextBytes = 65_536
    public static let chunkTagBytes = 16
    public static var chunkCiphertextBytes: Int { chunkPlaintextBytes + chunkTagBytes }
    /// The frame header at the start of every chunk's plaintext (kind, reserved, continuation).
    public static let frameHeaderBytes = 8
    public static var chunkBodyBytes: Int { chunkPlaintextBytes - frameHeaderBytes }

    public static let saltBytes = 16
    public static let payloadSaltBytes = 32
    public static let fileKeyBytes = 32
    public static let slotNonceBytes = 24
    public static let wrappedKeyBytes = 48

    // MARK: KDF bounds (Argon2id)

    /// Passes: 1…16. More than 16 buys little over memory and is a denial-of-service lever.
    public static let kdfOperations: ClosedRange<UInt32> = 1...16
    /// Memory in KiB: 8 MiB … 4 GiB.
    public static let kdfMemoryKiB: ClosedRange<UInt32> = 8_192...4_194_304
    /// The most Argon2id work one file may ask of a reader: Σ passes × memory KiB over all its
    /// passphrase slots. Equal to one slot at the per-slot maximum (16 passes × 4 GiB), so
    /// every single slot within bounds stays legal, while 32 such slots (32 times the work,
    /// about 25 minutes for any open, right key or wrong) are refused before any KDF runs.
    /// It still admits 16 slots at the sensitive preset (4 × 1 GiB) or 32 at moderate.
    public static let kdfTotalCostKiBPasses: UInt64 = 16 * 4_194_304
    /// Without an explicit override a reader refuses KDF memory above half the memory this
    /// process may use: physical memory, or less under a cgroup limit (``MachineMemory``).
    /// A local policy of `coffer`, not a property of the file (spec/FORMAT.md §3).
    public static var kdfMemoryCeilingKiB: UInt64 {
        MachineMemory.availableBytes / 2 / 1024
    }

    /// Subkey ids and context for `crypto_kdf_derive_from_key` over the file key.
    static let subkeyContext = "CofferV1"
    static let headerMACSubkeyID: UInt64 = 1
    static let payloadSubkeyID: UInt64 = 2
}

/// Argon2id cost: passes and memory.
public struct KDFParameters: Equatable, Sendable, CustomStringConvertible {
    public var operations: UInt32
    public var memoryKiB: UInt32

    public init(operations: UInt32, memoryKiB: UInt32) {
        self.operations = operations
        self.memoryKiB = memoryKiB
    }

    /// libsodium's presets, within the format's bounds. `moderate` is the default (about a
    /// second on a 2-core machine).
    public static let interactive = KDFParameters(operations: 2, memoryKiB: 65_536)
    public static let moderate = KDFParameters(operations: 3, memoryKiB: 262_144)
    public static let sensitive = KDFParameters(operations: 4, memoryKiB: 1_048_576)
    /// The cheapest legal setting; used by the test kit so vectors open quickly.
    public static let minimum = KDFParameters(operations: 1, memoryKiB: 8_192)

    public static func preset(named name: String) -> KDFParameters? {
        switch name {
        case "interactive": .interactive
        case "moderate": .moderate
        case "sensitive": .sensitive
        default: nil
        }
    }

    public var description: String { "Argon2id, \(operations) passes, \(memoryKiB / 1024) MiB" }

    /// This slot's share of ``FormatLimits/kdfTotalCostKiBPasses``: passes × memory in KiB.
    public var costKiBPasses: UInt64 { UInt64(operations) * UInt64(memoryKiB) }

    /// Checks the total over a file's passphrase slots (spec/FORMAT.md §3), after each slot
    /// passed its own bounds: a property of the file, the same for every reader and key.
    public static func validateTotal(_ slots: [KDFParameters]) throws {
        let total = slots.reduce(UInt64(0)) { $0 + $1.costKiBPasses }
        let limit = FormatLimits.kdfTotalCostKiBPasses
        guard total <= limit else {
            throw VaultError(
                .kdfBounds,
                "the \(slots.count) passphrase slots together ask for \(total / 1_048_576) GiB × passes of Argon2id "
                    + "(\(total) KiB × passes); one file may ask for at most \(limit / 1_048_576) GiB × passes "
                    + "(\(limit))")
        }
    }

    /// Checks the format's bounds (and the RAM ceiling unless `allowLargeMemory`).
    /// `ceilingKiB` is the machine's RAM ceiling; tests pass a small one to cross it.
    public func validate(allowLargeMemory: Bool = false, ceilingKiB: UInt64 = FormatLimits.kdfMemoryCeilingKiB) throws {
        guard FormatLimits.kdfOperations.contains(operations) else {
            throw VaultError(.kdfBounds, "Argon2id passes \(operations) outside \(FormatLimits.kdfOperations)")
        }
        guard FormatLimits.kdfMemoryKiB.contains(memoryKiB) else {
            throw VaultError(
                .kdfBounds,
                "Argon2id memory \(memoryKiB) KiB outside \(FormatLimits.kdfMemoryKiB.lowerBound)…"
                    + "\(FormatLimits.kdfMemoryKiB.upperBound) KiB")
        }
        guard allowLargeMemory || UInt64(memoryKiB) <= ceilingKiB else {
            throw VaultError(
                .kdfBounds,
                "Argon2id memory \(memoryKiB / 1024) MiB is more than half of the memory this process may use "
                    + "(\(ceilingKiB / 1024) MiB: physical memory or its cgroup limit; "
                    + "opening it anyway must be allowed explicitly)")
        }
    }
}
