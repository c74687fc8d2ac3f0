import Foundation
import PropertyList

/// What names an item, and no more: its id, title, folder and whether it is in the trash.
/// Read from the few record keys that hold them (``recordKeys``), so a command that looks
/// one item up by name decodes every record's name but only that item whole.
public struct ItemName: Sendable, Hashable {
    public var id: UUID
    public var title: String
    public var folder: [String]
    public var trashed: Date?

    /// The record keys ``init(entries:record:)`` reads.
    public static let recordKeys = ["id", "title", "folder", "trashed"]

    public init(id: UUID, title: String, folder: [String] = [], trashed: Date? = nil) {
        self.id = id
        self.title = title
        self.folder = folder
        self.trashed = trashed
    }

    /// The name of `item`.
    public init(_ item: VaultItem) {
        self.init(id: item.id, title: item.title, folder: item.folder, trashed: item.trashed)
    }

    /// Reads item record `record`'s entries under ``recordKeys`` (nil: the record is not a
    /// dictionary), with the checks ``VaultItem/init(plist:record:)`` makes on those keys.
    public init(entries: PropertyListDictionary?, record: Int) throws {
        guard let entries else { throw ModelError(record: record, key: "", "an item record is not a dictionary") }
        var f = PlistFields(entries, record: record)
        let idText = try f.requiredString("id")
        guard let id = UUID(recordString: idText) else {
            throw ModelError(record: record, key: "id", "\"\(idText)\" is not a UUID")
        }
        self.init(
            id: id, title: try f.string("title") ?? "", folder: try f.strings("folder"), trashed: try f.date("trashed"))
    }
}
