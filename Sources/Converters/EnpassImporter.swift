import Foundation
import PropertyList
import VaultModel

/// Enpass JSON (`{"folders": [...], "items": [{"title", "category", "fields": [...]}]}`):
/// fields by type (username, email, password, url, totp); every other non-empty field is a
/// custom field, concealed when Enpass marks it sensitive; folders by their parent chain.
struct EnpassImporter {
    static func matches(_ value: PropertyListValue) -> Bool {
        guard let items = value.dictionaryValue?["items"]?.arrayValue, let first = items.first?.dictionaryValue else {
            return false
        }
        return first["fields"]?.arrayValue != nil && first["category"] != nil
    }

    static func importValue(_ value: PropertyListValue, input: String) -> (items: [VaultItem], report: ImportReport) {
        let root = value.dictionaryValue!
        var folders = [String: (title: String, parent: String)]()
        for folder in root["folders"]?.arrayValue ?? [] {
            guard let f = folder.dictionaryValue, let id = f["uuid"]?.stringValue else { continue }
            folders[id] = (f["title"]?.stringValue ?? "", f["parent_uuid"]?.stringValue ?? "")
        }
        func path(_ id: String) -> [String] {
            var parts = [String]()
            var current = id
            while let folder = folders[current], parts.count < 32 {
                parts.insert(folder.title, at: 0)
                current = folder.parent
            }
            return parts
        }
        var report = ImportReport(input: input, format: "enpass-json", encoding: "UTF-8")
        var items = [VaultItem]()
        for entry in root["items"]?.arrayValue ?? [] {
            report.read += 1
            guard let d = entry.dictionaryValue else {
                report.skipped.append(.init(line: report.read, reason: "item is not an object"))
                continue
            }
            var item = VaultItem(title: d["title"]?.stringValue ?? "")
            item.notes = d["note"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            item.favorite = d["favorite"] == 1
            if let folder = d["folders"]?.arrayValue?.first?.stringValue { item.folder = path(folder) }
            for field in d["fields"]?.arrayValue ?? [] {
                guard let f = field.dictionaryValue, let value = f["value"]?.stringValue, !value.isEmpty else {
                    continue
                }
                let type = f["type"]?.stringValue ?? ""
                let label = f["label"]?.stringValue ?? type
                switch type {
                case "username" where item.username == nil: item.username = value
                case "email" where item.username == nil: item.username = value
                case "password" where item.password == nil: item.password = value
                case "url": item.urls.append(value)
                case "totp":
                    item.totp = TOTP.itemValue(value, account: item.title)
                case "section": continue
                default: item.customFields.append(.init(name: label, value: value, concealed: f["sensitive"] == 1))
                }
            }
            if d["category"]?.stringValue == "note"
                || (item.password == nil && item.username == nil && item.urls.isEmpty)
            {
                item.kind = .secureNote
                report.keptAsNotes += 1
            } else {
                report.imported += 1
            }
            items.append(item)
        }
        return (items, report)
    }
}

extension EnpassImporter: ForeignJSONFormat {
    var name: String { "enpass-json" }
    var expectation: String? { "an object with \"items\" that have \"fields\" and \"category\"" }
}
