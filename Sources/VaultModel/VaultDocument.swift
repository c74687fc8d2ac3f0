import Foundation
import PropertyList

/// Password-generator settings, persisted so the next `generate` restores them.
public struct GeneratorSettings: Equatable, Sendable {
    public var length = 20
    public var digits = true
    public var symbols = true
    public var excludeAmbiguous = true
    /// Item passwords shorter than this draw a warning at add and edit.
    public var minimumLength = GeneratorSettings.defaultMinimumLength

    public static let defaultMinimumLength = 8

    public init() {}
}

/// A whole vault's content: vault-level settings and the items. Record 0 of the container
/// holds the settings (`"schema"`, `"name"`, `"folders"`, `"generator"`, `"tombstones"`,
/// `"tombstoneRetentionDays"`); every other record
/// is one item (spec/MODEL.md).
public struct VaultDocument: Equatable, Sendable {
    public static let schemaVersion = 1
    /// Bitwarden's retention: trashed items older than this are deleted for good.
    public static let defaultTrashRetentionDays = 30

    public var schema = VaultDocument.schemaVersion
    public var name: String = ""
    /// Folder paths, each outermost first, including empty folders.
    public var folders: [[String]] = []
    public var generator = GeneratorSettings()
    /// Days a trashed item is kept before a save deletes it; 0 keeps it until `trash empty`.
    public var trashRetentionDays = VaultDocument.defaultTrashRetentionDays
    public var items: [VaultItem] = []
    /// Removed items' ids and dates, sorted by id, at most one per id (spec/MODEL.md).
    public var tombstones: [Tombstone] = []
    /// How long a tombstone is kept, in days (``Tombstone/retentionDaysRange``).
    public var tombstoneRetentionDays = Tombstone.defaultRetentionDays
    /// Unknown keys of the settings record, preserved.
    public var unknown = PropertyListDictionary()
    /// The vault's private collections (format 1.1), readable or not; empty for a vault
    /// without any. Not part of the settings record: the container stores them.
    public var collections: [VaultCollection] = []
    /// The record keys its items were read from when only some were, or none when it holds
    /// only some of the items (a document for showing, never for saving: a save refuses it);
    /// nil when every item was read whole.
    package var partialItemKeys: [String]? = nil

    public init(name: String = "", items: [VaultItem] = []) {
        self.name = name
        self.items = items
    }

    /// The container records: settings first, then one per item.
    public var records: [PropertyListValue] { [settingsRecord] + items.map { .dictionary($0.plist) } }

    /// Record 0: the vault-level settings.
    public var settingsRecord: PropertyListValue {
        var b = PlistBuilder()
        b.set("schema", schema)
        b.set("name", name)
        if !folders.isEmpty { b.dictionary["folders"] = .array(folders.map { .array($0.map { .string($0) }) }) }
        var g = PlistBuilder()
        g.set("length", generator.length)
        g.set("digits", generator.digits, omitIfFalse: false)
        g.set("symbols", generator.symbols, omitIfFalse: false)
        g.set("excludeAmbiguous", generator.excludeAmbiguous, omitIfFalse: false)
        // Written only when changed, so vaults that never set it keep their bytes.
        if generator.minimumLength != GeneratorSettings.defaultMinimumLength {
            g.set("minimumLength", generator.minimumLength)
        }
        b.dictionary["generator"] = .dictionary(g.dictionary)
        if !tombstones.isEmpty {
            b.set(
                "tombstones",
                tombstones.map {
                    var t = PlistBuilder()
                    t.set("id", $0.id.recordString)
                    t.set("deleted", $0.deleted)
                    return t.dictionary
                })
        }
        if tombstoneRetentionDays != Tombstone.defaultRetentionDays {
            b.set("tombstoneRetentionDays", tombstoneRetentionDays)
        }
        if trashRetentionDays != Self.defaultTrashRetentionDays { b.set("trashRetentionDays", trashRetentionDays) }
        b.merge(unknown)
        return .dictionary(b.dictionary)
    }

    public init(records: [PropertyListValue]) throws {
        guard let first = records.first else {
            self.init()
            return
        }
        try self.init(settingsRecord: first)
        items = try records.dropFirst().enumerated().map { offset, record in
            try VaultItem(record: record, number: offset + 1)
        }
    }

    /// A document with record 0's settings and no items yet: what a reader that decodes the
    /// item records itself (on every core, say) starts from.
    public init(settingsRecord first: PropertyListValue) throws {
        guard case .dictionary(let settings) = first else {
            throw ModelError(record: 0, key: "", "the settings record is not a dictionary")
        }
        var f = PlistFields(settings, record: 0)
        schema = try f.integer("schema") ?? 1
        guard schema <= Self.schemaVersion else {
            throw ModelError(
                record: 0, key: "schema", "schema \(schema) is newer than this version (\(Self.schemaVersion))")
        }
        name = try f.string("name") ?? ""
        if let value = f.take("folders") {
            guard case .array(let paths) = value else { throw f.mismatch("folders", "an array of paths", value) }
            folders = try paths.map { path in
                guard case .array(let parts) = path else { throw f.mismatch("folders", "an array of paths", path) }
                return try parts.map {
                    guard case .string(let s) = $0 else { throw f.mismatch("folders", "strings", $0) }
                    return s
                }
            }
        }
        if let g = try f.dictionary("generator") {
            var h = PlistFields(g, record: 0)
            generator.length = try h.integer("length") ?? generator.length
            generator.digits = try h.bool("digits") ?? generator.digits
            generator.symbols = try h.bool("symbols") ?? generator.symbols
            generator.excludeAmbiguous = try h.bool("excludeAmbiguous") ?? generator.excludeAmbiguous
            generator.minimumLength = try h.integer("minimumLength") ?? generator.minimumLength
        }
        tombstones = try Self.tombstones(try f.dictionaries("tombstones"))
        if let days = try f.integer("tombstoneRetentionDays") {
            guard Tombstone.retentionDaysRange.contains(days) else {
                throw ModelError(
                    record: 0, key: "tombstoneRetentionDays",
                    "\(days) days is outside \(Tombstone.retentionDaysRange.lowerBound)…\(Tombstone.retentionDaysRange.upperBound)"
                )
            }
            tombstoneRetentionDays = days
        }
        trashRetentionDays = try f.integer("trashRetentionDays") ?? Self.defaultTrashRetentionDays
        guard trashRetentionDays >= 0 else {
            throw ModelError(record: 0, key: "trashRetentionDays", "\(trashRetentionDays) days is negative")
        }
        unknown = f.unknown
    }

    /// Record 0's tombstones: each needs a UUID `id` and a `deleted` date; of several with one
    /// id the latest is kept (a deletion is a deletion; its latest date is the one that counts).
    static func tombstones(_ entries: [PropertyListDictionary]) throws -> [Tombstone] {
        var latest = [UUID: Date]()
        for entry in entries {
            var g = PlistFields(entry, record: 0)
            let idText = try g.string("id")
            guard let idText, let id = UUID(recordString: idText) else {
                throw ModelError(record: 0, key: "tombstones", "a tombstone's id \"\(idText ?? "")\" is not a UUID")
            }
            guard let deleted = try g.date("deleted") else {
                throw ModelError(record: 0, key: "tombstones", "the tombstone of \(idText) has no deleted date")
            }
            latest[id] = max(latest[id] ?? deleted, deleted)
        }
        return latest.map { Tombstone(id: $0.key, deleted: $0.value) }.sorted { $0.id.uuidString < $1.id.uuidString }
    }

    public func validationIssues() -> [ValidationIssue] { items.flatMap { $0.validationIssues() } }
}
