import Foundation
import VaultModel

extension VaultItem {
    /// A copy under a new id and title, as `pass cp` copies an entry to a new name: every
    /// field, the password history and the attachments (which share the original's blobs;
    /// a blob stays while any item names it). Created and modified are `date`.
    public func copy(title: String, at date: Date) -> VaultItem {
        var copy = self
        copy.id = .randomV4()
        copy.title = title
        copy.created = date
        copy.modified = date
        return copy
    }
}
