import Foundation
import VaultCrypto

/// One compressed record group (spec/FORMAT.md §12.2) as a vault holds it, kept from a read
/// so that a save can write it again without encoding and compressing its records anew
/// (issue 12 §4: `add`, `edit` and `remove` on 100,000 items re-encoded and recompressed
/// every record; now only the groups whose records changed).
///
/// When read, its frame was decompressed within the limits and split into whole records; its
/// records are decoded only by whoever reads them (CofferKit decodes every record before it
/// reuses any group). Within the package only: a save trusts what it is given.
package struct StoredRecordGroup: Sendable {
    /// The records it holds, by record number in the vault it was read from.
    package let records: Range<Int>
    /// Its decompressed length in bytes.
    package let contentBytes: Int
    /// Below this much content (half what a writer puts in a group when it can), a group is
    /// small: a save remakes it with the changed records beside it.
    package static let smallContentBytes = RecordGroup.targetContentBytes / 2
    /// Its region item, `u32 length ‖ zstd frame` (secret: it is the records' plaintext,
    /// compressed; wiped when the last copy goes).
    let item: SecretBytes

    init(records: Range<Int>, contentBytes: Int, item: [UInt8]) {
        self.records = records
        self.contentBytes = contentBytes
        self.item = SecretBytes(item)
    }

    /// Bytes wiped when released.
    final class SecretBytes: @unchecked Sendable {  // never mutated but by deinit
        private(set) var bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        deinit { bytes.wipe() }
    }
}

/// A stored group a save writes again, as the records `records` of the new payload (which
/// must be exactly the records it holds, in order). The caller vouches that its records
/// decode (CofferKit reuses only groups whose records it decoded into the items it compares):
/// the save's verification checks that the group arrived byte for byte and does not decode
/// it again. Any later reader decodes it as usual.
package struct ReusedRecordGroup: Sendable {
    package let records: Range<Int>
    package let group: StoredRecordGroup

    package init(records: Range<Int>, group: StoredRecordGroup) {
        precondition(records.count == group.records.count)
        self.records = records
        self.group = group
    }
}
