import Foundation
import VaultModel

/// What ``ItemQuery/select(_:in:where:)`` needs of an item to find it by name: a whole
/// ``VaultItem``, or an ``ItemName`` read from a few record keys.
public protocol NamedItem {
    var id: UUID { get }
    var title: String { get }
    var folder: [String] { get }
    var trashed: Date? { get }
}

extension VaultItem: NamedItem {}
extension ItemName: NamedItem {}
