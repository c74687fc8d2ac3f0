import Foundation
import VaultFormat
import VaultModel

/// The verdict of checking one vault file, as `coffer verify` reports it.
public struct VaultCheck: Sendable {
    public enum Level: String, Sendable {
        case structure = "structure and checksum"
        /// Keyless, of a 1.1 file: every byte checked against the recovery trailer's table.
        case checksums = "structure and every block's checksum; no key"
        case everything = "every chunk, record and item checked"
    }

    public enum Outcome: Sendable {
        case ok
        /// The file is not a sound vault (or the key does not open it).
        case failed(VaultError)
        /// The container is sound but its records break the item model (spec/MODEL.md).
        case modelFailure(ModelError)
        /// The file could not be read.
        case unreadable(String)
    }

    public let path: String
    public let level: Level
    public let outcome: Outcome
    /// In a vault with private collections, checked with a key: how many the key opened
    /// (each checked in full) of how many the vault holds.
    public var collections: (opened: Int, total: Int)?

    public var isOK: Bool {
        if case .ok = outcome { return true }
        return false
    }

    /// Checks one vault: its structure and checksum, and with `credentials` every chunk and
    /// record, and every record against the item model (spec/MODEL.md "Checking").
    public static func check(_ path: String, credentials: Credentials?, allowLargeKDFMemory: Bool = false)
        -> VaultCheck
    {
        var level: Level = credentials == nil ? .structure : .everything
        do {
            let file = try VaultFile(path: path, allowLargeKDFMemory: allowLargeKDFMemory)
            if credentials == nil, file.parity > 0 {
                level = .checksums
                try file.verifyRecoveryTrailer()
            }
            if let credentials {
                // The records are read and decoded once, into the model; then the chunks after
                // them. A container failure is reported before a model failure, as if the
                // container had been checked first (spec/MODEL.md "Checking").
                let vault = try file.unlock(with: credentials)
                var modelFailure: ModelError?
                do { _ = try VaultDocument(checking: vault) } catch let error as ModelError { modelFailure = error }
                _ = try vault.verifyAfterRecords()
                // Those the key opens, in full (the model check above read them already).
                let opened = try vault.openCollections().count
                if let modelFailure {
                    return VaultCheck(path: path, level: level, outcome: .modelFailure(modelFailure))
                }
                var check = VaultCheck(path: path, level: level, outcome: .ok)
                if let table = try vault.collectionTable() { check.collections = (opened, table.collections.count) }
                return check
            }
            return VaultCheck(path: path, level: level, outcome: .ok)
        } catch let error as VaultError {
            return VaultCheck(path: path, level: level, outcome: .failed(error))
        } catch {
            return VaultCheck(path: path, level: level, outcome: .unreadable("\(error)"))
        }
    }

    /// Checks every vault of `paths`, several at once on every core (each vault is
    /// independent); the results come back in the order of `paths`.
    public static func checkAll(_ paths: [String], credentials: Credentials?, allowLargeKDFMemory: Bool = false)
        -> [VaultCheck]
    {
        let collector = Collector(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            collector.set(i, check(paths[i], credentials: credentials, allowLargeKDFMemory: allowLargeKDFMemory))
        }
        return collector.results
    }

    private final class Collector: @unchecked Sendable {  // `slots` is guarded by `lock`
        private var slots: [VaultCheck?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ check: VaultCheck) {
            lock.lock()
            slots[i] = check
            lock.unlock()
        }
        var results: [VaultCheck] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { $0! }
        }
    }
}
