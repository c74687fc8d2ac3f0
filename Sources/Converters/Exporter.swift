import Foundation
import PropertyList
import VaultModel

/// Lossless exports in Coffer's own schema (spec/JSON.md): `{"coffer": 1, "vault": {…},
/// "items": […]}` with item records exactly as stored, in JSON (with the tagged-object
/// mapping of spec/PLIST.md §5), XML plist (DTD-valid) or binary plist.
public enum Exporter {
    public enum Format: String, CaseIterable, Sendable {
        case json
        case xmlPlist = "xml-plist"
        case binaryPlist = "binary-plist"
        case keepassXML = "keepass-xml"
    }

    public static func value(of document: VaultDocument) -> PropertyListValue {
        let records = document.records
        var d = PropertyListDictionary()
        d["coffer"] = 1
        d["vault"] = records[0]
        d["items"] = .array(Array(records.dropFirst()))
        return .dictionary(d)
    }

    public static func export(_ document: VaultDocument, as format: Format) throws -> [UInt8] {
        let value = value(of: document)
        switch format {
        case .json: return try JSONPropertyList.encode(value)
        case .xmlPlist: return try XMLPropertyList.encode(value)
        case .binaryPlist: return try BinaryPropertyList.encode(value)
        case .keepassXML: return try KeePassXMLExporter.export(document).bytes
        }
    }
}
