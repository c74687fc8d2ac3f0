import Foundation

/// The records region of an opened vault, read and checked once and kept for a while: for a
/// change that reads a few fields of every item first and then a few items whole
/// (``UnlockedVault/withRecords(_:)`` reads and checks the region again each time). Its
/// decrypted bytes are wiped when the last reference goes.
///
/// It does not hold the vault it was read from (a vault keeps what its reader keeps, and
/// the two would keep each other, never wiped): each use names the vault.
public final class KeptRecords: @unchecked Sendable {  // `region` is mutated only by deinit
    private var region: RecordsRegion

    init(region: RecordsRegion) {
        self.region = region
    }

    deinit { region.wipe() }

    /// Lends the records to `body` (the view must not outlive it); `vault` is the vault they
    /// were read from.
    public func withRecords<R>(of vault: UnlockedVault, _ body: (RecordsView) throws -> R) rethrows -> R {
        try body(RecordsView(region: region, vault: vault))
    }
}

extension UnlockedVault {
    /// Reads and checks the records region once, as ``withRecords(_:)`` does, and keeps it.
    public func keptRecords() throws -> KeptRecords {
        KeptRecords(region: try readRecordsRegion())
    }
}
