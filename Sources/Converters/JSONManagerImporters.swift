import Foundation
import PropertyList
import VaultModel

/// Dashlane's JSON export (`{"AUTHENTIFIANT": [...], "EMAIL": [...], ...}`): credentials
/// become logins; every other section's entries are kept as secure notes with their fields
/// as custom fields, so nothing is dropped.
enum DashlaneJSONImporter {
    static func matches(_ value: PropertyListValue) -> Bool {
        value.dictionaryValue?["AUTHENTIFIANT"]?.arrayValue != nil
    }

    static func importValue(_ value: PropertyListValue, input: String) -> (items: [VaultItem], report: ImportReport) {
        var report = ImportReport(input: input, format: "dashlane-json", encoding: "UTF-8")
        var items = [VaultItem]()
        for (section, entries) in value.dictionaryValue! {
            for entry in entries.arrayValue ?? [] {
                report.read += 1
                guard let d = entry.dictionaryValue else {
                    report.skipped.append(.init(line: report.read, reason: "\(section) entry is not an object"))
                    continue
                }
                let text = { (key: String) -> String? in d[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
                var item = VaultItem(title: text("title") ?? text("name") ?? text("domain") ?? section.lowercased())
                if section == "AUTHENTIFIANT" {
                    item.username = text("login") ?? text("email")
                    item.password = text("password")
                    item.urls = text("domain").map { [$0] } ?? []
                    item.notes = text("note")
                    if let email = text("email"), item.username != email {
                        item.customFields.append(.init(name: "email", value: email))
                    }
                    if let second = text("secondaryLogin") {
                        item.customFields.append(.init(name: "secondary login", value: second))
                    }
                    report.imported += 1
                } else {
                    item.kind = .secureNote
                    for (key, field) in d where !["title", "name"].contains(key) {
                        if let s = field.stringValue, !s.isEmpty {
                            item.customFields.append(.init(name: key, value: s))
                        }
                    }
                    item.notes = "Dashlane \(section.lowercased()) entry"
                    report.keptAsNotes += 1
                }
                items.append(item)
            }
        }
        return (items, report)
    }
}

/// Enpass JSON (`{"folders": [...], "items": [{"title", "category", "fields": [...]}]}`):
/// fields by type (username, email, password, url, totp); every other non-empty field is a
/// custom field, concealed when Enpass marks it sensitive; folders by their parent chain.
enum EnpassImporter {
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
