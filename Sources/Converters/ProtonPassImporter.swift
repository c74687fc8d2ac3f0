import Foundation
import PropertyList
import VaultModel

/// Proton Pass JSON (`data.json` inside the export ZIP): `{"encrypted": false, "vaults":
/// {ID: {"name", "items": [{"data": {"type", "metadata": {"name", "note"}, "extraFields",
/// "content": {…}}, "state", "pinned", "aliasEmail", "createTime", "modifyTime"}]}}}`.
/// Vault names become folders; trashed items (state 2) are imported into a `Trash`
/// folder below their vault, as nothing may disappear silently; extra fields are custom
/// fields (hidden → concealed, totp → the item's TOTP when it has none).
struct ProtonPassImporter {
    static func matches(_ value: PropertyListValue) -> Bool {
        guard let root = value.dictionaryValue, root["vaults"]?.dictionaryValue != nil else { return false }
        return root["encrypted"] != nil || root["userId"] != nil || root["version"] != nil
    }

    static func importValue(_ value: PropertyListValue, input: String) throws -> (
        items: [VaultItem], report: ImportReport
    ) {
        let root = value.dictionaryValue!
        if root["encrypted"] == true {
            throw ConverterError(
                input: input,
                "an encrypted Proton Pass export (PGP); export again without encryption, or decrypt it with "
                    + "`gpg --decrypt` first, then import the data.json it holds")
        }
        var report = ImportReport(input: input, format: "protonpass-json", encoding: "UTF-8")
        var items = [VaultItem]()
        for (_, vault) in root["vaults"]!.dictionaryValue! {
            let vaultName = vault.dictionaryValue?["name"]?.stringValue ?? ""
            for entry in vault.dictionaryValue?["items"]?.arrayValue ?? [] {
                report.read += 1
                guard let d = entry.dictionaryValue, let data = d["data"]?.dictionaryValue else {
                    report.skipped.append(.init(line: report.read, reason: "item \(report.read) has no data object"))
                    continue
                }
                var item = makeItem(d, data: data)
                item.folder = vaultName.isEmpty ? [] : [vaultName]
                if d["state"] == 2 { item.folder.append("Trash") }
                if item.kind == .secureNote { report.keptAsNotes += 1 } else { report.imported += 1 }
                items.append(item)
            }
        }
        return (items, report)
    }

    static func makeItem(_ d: PropertyListDictionary, data: PropertyListDictionary) -> VaultItem {
        func text(_ value: PropertyListValue?) -> String? { value?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        let metadata = data["metadata"]?.dictionaryValue ?? [:]
        let content = data["content"]?.dictionaryValue ?? [:]
        var item = VaultItem(title: text(metadata["name"]) ?? "")
        item.notes = text(metadata["note"])
        item.favorite = d["pinned"] == true
        item.created = epoch(d["createTime"])
        item.modified = epoch(d["modifyTime"])
        switch data["type"]?.stringValue ?? "login" {
        case "login":
            // Content format 5 and later split the e-mail from the username.
            let email = text(content["itemEmail"])
            item.username = text(content["itemUsername"]) ?? text(content["username"]) ?? email
            if let email, email != item.username { item.customFields.append(.init(name: "email", value: email)) }
            item.password = text(content["password"])
            item.urls = (content["urls"]?.arrayValue ?? []).compactMap(text)
            if let totp = text(content["totpUri"]) {
                item.totp = TOTP.itemValue(totp, account: item.title)
            }
        case "note":
            item.kind = .secureNote
        case "alias":
            item.username = text(d["aliasEmail"])
            item.customFields.append(.init(name: "type", value: "alias"))
        case "creditCard":
            item.kind = .card
            for (from, to) in [
                ("cardholderName", "cardholder"), ("number", "number"), ("verificationNumber", "code"),
                ("cardType", "brand"),
            ] {
                if let value = content[from], value != .string(""), value != 0 { item.details[to] = value }
            }
            if let expiry = text(content["expirationDate"]) { item.details["expiry"] = .string(expiry) }
            if let pin = text(content["pin"]) {
                item.customFields.append(.init(name: "PIN", value: pin, concealed: true))
            }
        case "identity":
            item.kind = .identity
            for (key, value) in content {
                guard let value = text(value) else { continue }
                switch key {
                case "firstName", "lastName", "email", "company": item.details[key] = .string(value)
                case "phoneNumber": item.details["phone"] = .string(value)
                case "streetAddress": item.details["address"] = .string(value)
                default: item.customFields.append(.init(name: key, value: value))
                }
            }
        case let other:
            item.kind = .other(other)
            for (key, value) in content {
                if let value = text(value) { item.customFields.append(.init(name: key, value: value)) }
            }
        }
        for field in data["extraFields"]?.arrayValue ?? [] {
            guard let f = field.dictionaryValue, let value = text(f["data"]?.dictionaryValue?["content"]) else {
                continue
            }
            let name = text(f["fieldName"]) ?? "field"
            switch f["type"]?.stringValue {
            case "totp" where item.totp == nil:
                item.totp = TOTP.itemValue(value, account: item.title)
            case "hidden", "totp": item.customFields.append(.init(name: name, value: value, concealed: true))
            default: item.customFields.append(.init(name: name, value: value))
            }
        }
        if item.title.isEmpty { item.title = item.urls.first ?? item.username ?? "Proton Pass item" }
        return item
    }

    /// Proton Pass writes Unix seconds.
    static func epoch(_ value: PropertyListValue?) -> Date? {
        switch value {
        case .integer(let i)?: i.int64Value.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        case .real(let r)?: Date(timeIntervalSince1970: r)
        default: nil
        }
    }
}

extension ProtonPassImporter: ForeignJSONFormat {
    var name: String { "protonpass-json" }
    var expectation: String? { "a Proton Pass data.json: an object with \"vaults\"" }
}
