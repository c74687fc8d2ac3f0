import Foundation
import PropertyList
import VaultModel

/// Psono's JSON export: `{"folders": [{"name", "folders", "items"}], "items": [{"type":
/// "website_password", "name", "website_password_title", "…_url", "…_username",
/// "…_password", "…_notes", "custom_fields": […]}]}`. Each item's fields are prefixed with
/// its type (`application_password_`, `bookmark_`, `note_`, `totp_`, `credit_card_`…): the
/// suffix says which field it is; others become custom fields (concealed when secret).
struct PsonoImporter {
    static func matches(_ value: PropertyListValue) -> Bool {
        guard let root = value.dictionaryValue, root["folders"] != nil || root["items"] != nil else { return false }
        return firstItem(root, depth: 0).map { item in
            guard let type = item["type"]?.stringValue else { return false }
            return item.keys.contains { $0.hasPrefix(type + "_") }
        } ?? false
    }

    private static func firstItem(_ folder: PropertyListDictionary, depth: Int) -> PropertyListDictionary? {
        if let item = folder["items"]?.arrayValue?.first?.dictionaryValue { return item }
        guard depth < 32 else { return nil }
        for sub in folder["folders"]?.arrayValue ?? [] {
            if let d = sub.dictionaryValue, let item = firstItem(d, depth: depth + 1) { return item }
        }
        return nil
    }

    static let skipped: Set<String> = ["url_filter", "auto_submit"]

    static func importValue(_ value: PropertyListValue, input: String) throws -> ImportResult {
        var report = ImportReport(input: input, format: "psono-json", encoding: "UTF-8")
        var items = [VaultItem]()
        func walk(_ folder: PropertyListDictionary, path: [String], depth: Int) throws {
            guard depth <= ImportLimits.standard.groupDepth else {
                throw ConverterError(
                    .tooDeep, input: input, "folders nested deeper than \(ImportLimits.standard.groupDepth)")
            }
            for element in folder["items"]?.arrayValue ?? [] {
                report.read += 1
                guard let entry = element.dictionaryValue else {
                    report.skipped.append(.init(line: report.read, reason: "item \(report.read) is not an object"))
                    continue
                }
                var item = makeItem(entry)
                item.folder = path
                items.append(ManagerRecord.finish(item, report: &report))
            }
            for sub in folder["folders"]?.arrayValue ?? [] {
                guard let d = sub.dictionaryValue else { continue }
                try walk(d, path: path + [d["name"]?.stringValue ?? ""].filter { !$0.isEmpty }, depth: depth + 1)
            }
        }
        try walk(value.dictionaryValue ?? [:], path: [], depth: 0)
        return (items, report)
    }

    static func makeItem(_ entry: PropertyListDictionary) -> VaultItem {
        let type = entry["type"]?.stringValue ?? ""
        var item = VaultItem(title: entry["name"]?.stringValue ?? "")
        switch type {
        case "note": item.kind = .secureNote
        case "credit_card": item.kind = .card
        default: break
        }
        for (key, value) in entry.sorted(by: { $0.key < $1.key }) where key.hasPrefix(type + "_") {
            let suffix = String(key.dropFirst(type.count + 1))
            guard !skipped.contains(suffix), let text = BitwardenImporter.text(value), !text.isEmpty else { continue }
            switch suffix {
            case "title": if item.title.isEmpty { item.title = text }
            case "username", "user": item.username = text
            case "password": item.password = text
            case "url": item.urls.append(text)
            case "notes": item.notes = text
            case "code" where type == "totp", "totp_code": item.totp = TOTP.itemValue(text, account: item.title)
            case "number" where type == "credit_card": item.details["number"] = .string(text)
            case "cvc" where type == "credit_card": item.details["code"] = .string(text)
            case "name" where type == "credit_card": item.details["cardholder"] = .string(text)
            default:
                item.customFields.append(
                    .init(name: suffix, value: text, concealed: CSVHeaderVocabulary.isSecret(suffix)))
            }
        }
        for field in entry["custom_fields"]?.arrayValue ?? [] {
            guard let f = field.dictionaryValue, let name = f["name"]?.stringValue,
                let text = BitwardenImporter.text(f["value"]), !text.isEmpty
            else { continue }
            let concealed = f["type"]?.stringValue == "password" || CSVHeaderVocabulary.isSecret(name)
            item.customFields.append(.init(name: name, value: text, concealed: concealed))
        }
        if item.title.isEmpty, let url = item.urls.first { item.title = url }
        return item
    }
}

extension PsonoImporter: ForeignJSONFormat {
    var name: String { "psono-json" }
    var expectation: String? { "a Psono JSON export: an object with \"folders\" and \"items\" of typed secrets" }
}
