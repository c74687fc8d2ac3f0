import Foundation
import PropertyList
import VaultModel

/// Keeper's JSON export: `{"shared_folders": […], "records": [{"title", "login",
/// "password", "login_url", "notes", "$type", "custom_fields": {…}, "folders": [{"folder"}
/// or {"shared_folder", "folder"}]}]}`. Folder paths use `\`; custom fields are keyed
/// `$type:label` or by name: a one-time code becomes the item's TOTP, others custom fields
/// (concealed when they name a secret: `$pinCode`, `$secret`, `$keyPair`…).
struct KeeperJSONImporter {
    static func matches(_ value: PropertyListValue) -> Bool {
        guard let root = value.dictionaryValue, let records = root["records"]?.arrayValue else { return false }
        guard let first = records.first?.dictionaryValue else { return root["shared_folders"] != nil }
        return first["title"] != nil || first["$type"] != nil || first["uid"] != nil
    }

    static func importValue(_ value: PropertyListValue, input: String) throws -> ImportResult {
        var report = ImportReport(input: input, format: "keeper-json", encoding: "UTF-8")
        var items = [VaultItem]()
        for (index, element) in (value.dictionaryValue?["records"]?.arrayValue ?? []).enumerated() {
            report.read += 1
            guard let record = element.dictionaryValue else {
                report.skipped.append(.init(line: index + 1, reason: "record \(index + 1) is not an object"))
                continue
            }
            func text(_ key: String) -> String? {
                BitwardenImporter.text(record[key]).flatMap { $0.isEmpty ? nil : $0 }
            }
            var item = VaultItem(title: text("title") ?? "")
            item.username = text("login")
            item.password = text("password")
            item.urls = text("login_url").map { [$0] } ?? []
            item.notes = text("notes")
            if let modified = record["last_modified"], case .integer(let i) = modified, let seconds = i.int64Value {
                item.modified = Date(
                    timeIntervalSince1970: TimeInterval(seconds > 100_000_000_000 ? seconds / 1000 : seconds))
            }
            if let folder = record["folders"]?.arrayValue?.first?.dictionaryValue {
                let parts = [folder["shared_folder"]?.stringValue, folder["folder"]?.stringValue].compactMap { $0 }
                item.folder = parts.flatMap { $0.split(separator: "\\").map(String.init) }
            }
            switch text("$type") {
            case "encryptedNotes"?: item.kind = .secureNote
            case "bankCard"?: item.kind = .card
            case "sshKeys"?: item.kind = .sshKey
            default: break
            }
            for (key, value) in (record["custom_fields"]?.dictionaryValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                addCustomField(key, value, to: &item)
            }
            items.append(ManagerRecord.finish(item, report: &report))
        }
        return (items, report)
    }

    /// `$oneTimeCode:label` → TOTP; nested values (`$paymentCard`, `$keyPair`) → one field
    /// per leaf, named `label.key`.
    static func addCustomField(_ key: String, _ value: PropertyListValue, to item: inout VaultItem) {
        var type = ""
        var label = key
        if key.hasPrefix("$") {
            let parts = key.dropFirst().split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            type = String(parts[0])
            label = parts.count > 1 && !parts[1].isEmpty ? String(parts[1]) : type
        }
        switch value {
        case .dictionary(let d):
            for (sub, v) in d.sorted(by: { $0.key < $1.key }) { addCustomField("\(label).\(sub)", v, to: &item) }
        case .array(let list):
            for v in list { addCustomField(key, v, to: &item) }
        default:
            guard let text = BitwardenImporter.text(value), !text.isEmpty else { return }
            if type == "oneTimeCode" || text.lowercased().hasPrefix("otpauth://"), item.totp == nil {
                item.totp = TOTP.itemValue(text, account: item.title)
                return
            }
            if item.kind == .sshKey, label.hasSuffix("privateKey") {
                item.details["privateKey"] = .string(text)
                return
            }
            let concealed = CSVHeaderVocabulary.isSecret(type) || CSVHeaderVocabulary.isSecret(label)
            item.customFields.append(.init(name: label, value: text, concealed: concealed))
        }
    }
}

extension KeeperJSONImporter: ForeignJSONFormat {
    var name: String { "keeper-json" }
    var expectation: String? { "a Keeper JSON export: an object with \"records\"" }
}
