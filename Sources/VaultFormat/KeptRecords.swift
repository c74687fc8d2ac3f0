import Foundation

/// The records region of an opened vault, read and checked once and kept for a while: for a
/// change that reads a few fields of every item first and then a few items whole
/// (``UnlockedVault/withRecords(_:)`` reads and checks the region again each time). Its
/// decrypted bytes are wiped when the last reference goes.
public final class KeptRecords: @unchecked Sendable {  // `region` is mutated only by deinit
    private var region: RecordsRegion
    private let vault: UnlockedVault

    init(region: RecordsRegion, vault: UnlockedVault) {
        self.region = region
        self.vault = vault
    }

    deinit { region.wipe() }

    /// Lends the records to `body` (the view must not outlive it).
    public func withRecords<R>(_ body: (RecordsView) throws -> R) rethrows -> R {
        try body(RecordsView(region: region, vault: vault))
    }
}

extension UnlockedVault {
    /// Reads and checks the records region once, as ``withRecords(_:)`` does, and keeps it.
    public func keptRecords() throws -> KeptRecords {
        KeptRecords(region: try readRecordsRegion(), vault: self)
    }
}
