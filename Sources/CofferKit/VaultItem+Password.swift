import Foundation
import VaultModel

extension VaultItem {
    /// Sets a new password; the replaced one, when there was one, is appended to the
    /// history with `date` (oldest first, the order KeePass keeps and Coffer's KeePass
    /// export writes). Returns whether the password changed: the same password again
    /// changes nothing and adds no history.
    @discardableResult
    public mutating func replacePassword(with new: String, at date: Date) -> Bool {
        guard new != password else { return false }
        if let old = password, !old.isEmpty {
            passwordHistory.append(HistoryEntry(password: old, date: date))
        }
        password = new
        return true
    }
}
