/// The one error type of VaultModel: a record that cannot be read as an item names the
/// record, the key and what was expected.
public struct ModelError: Error, Equatable, Sendable, CustomStringConvertible {
    public var record: Int?
    public var key: String
    public var reason: String

    public init(record: Int? = nil, key: String, _ reason: String) {
        self.record = record
        self.key = key
        self.reason = reason
    }

    public var description: String {
        (record.map { "record \($0), " } ?? "") + "key \"\(key)\": \(reason)"
    }
}

/// A value kept but flagged: validation never drops what a person wrote.
public struct ValidationIssue: Equatable, Sendable, CustomStringConvertible {
    public var itemID: String
    public var field: String
    public var reason: String
    public var description: String { "item \(itemID), \(field): \(reason)" }
}
