import Foundation
import PropertyList

/// Password-generator settings, persisted so the next `generate` restores them.
public struct GeneratorSettings: Equatable, Sendable {
    public var length = 20
    public var digits = true
    public var symbols = true
    public var excludeAmbiguous = true

    public init() {}
}

/// A whole vault's content: vault-level settings and the items. Record 0 of the container
/// holds the settings (`"schema"`, `"name"`, `"folders"`, `"generator"`); every other record
/// is one item (spec/MODEL.md).
public struct VaultDocument: Equatable, Sendable {
    public static let schemaVersion = 1

    public var schema = VaultDocument.schemaVersion
    public var name: String = ""
    /// Folder paths, each outermost first, including empty folders.
    public var folders: [[String]] = []
    public var generator = GeneratorSettings()
    public var items: [VaultItem] = []
    /// Unknown keys of the settings record, preserved.
    public var unknown = PropertyListDictionary()

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
        b.dictionary["generator"] = .dictionary(g.dictionary)
        b.merge(unknown)
        return .dictionary(b.dictionary)
    }

    public init(records: [PropertyListValue]) throws {
        guard let first = records.first else { return }
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
        }
        unknown = f.unknown
        items = try records.dropFirst().enumerated().map { offset, record in
            guard case .dictionary(let d) = record else {
                throw ModelError(record: offset + 1, key: "", "an item record is not a dictionary")
            }
            return try VaultItem(plist: d, record: offset + 1)
        }
    }

    public func validationIssues() -> [ValidationIssue] { items.flatMap { $0.validationIssues() } }
}
