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
            for (key, value) in content.sorted(by: { $0.key < $1.key }) {
                if let fields = value.arrayValue {
                    item.customFields += extraFields(fields)  // extraPersonalDetails, extraSections…
                    continue
                }
                guard let value = text(value) else { continue }
                switch key {
                case "firstName", "lastName", "email", "company": item.details[key] = .string(value)
                case "phoneNumber": item.details["phone"] = .string(value)
                case "streetAddress": item.details["address"] = .string(value)
                default:
                    // socialSecurityNumber, passportNumber, licenseNumber are secrets.
                    let concealed = identitySecrets.contains(key) || CSVHeaderVocabulary.isSecret(key)
                    item.customFields.append(.init(name: key, value: value, concealed: concealed))
                }
            }
        case "sshKey":
            // The private key lives in details (spec/MODEL.md): `show` masks it, search never reads it.
            item.kind = .sshKey
            for (from, to) in [
                ("privateKey", "privateKey"), ("publicKey", "publicKey"), ("fingerprint", "fingerprint"),
            ] {
                if let value = text(content[from]) { item.details[to] = .string(value) }
            }
            item.customFields += otherContent(content, except: ["privateKey", "publicKey", "fingerprint"])
        case "wifi":
            // The network's password is the item's password: masked, never searched.
            item.kind = .other("wifi")
            item.password = text(content["password"])
            if let ssid = text(content["ssid"]) { item.customFields.append(.init(name: "SSID", value: ssid)) }
            item.customFields += otherContent(content, except: ["password", "ssid"])
        case let other:
            item.kind = .other(other)
            item.customFields += otherContent(content, except: [])
        }
        for field in data["extraFields"]?.arrayValue ?? [] {
            guard let f = field.dictionaryValue, let value = text(f["data"]?.dictionaryValue?["content"]) else {
                continue
            }
            if f["type"]?.stringValue == "totp", item.totp == nil {
                item.totp = TOTP.itemValue(value, account: item.title)
            } else {
                item.customFields += extraFields([field])
            }
        }
        if item.title.isEmpty { item.title = item.urls.first ?? item.username ?? "Proton Pass item" }
        return item
    }

    /// Identity content that is a secret of its own.
    static let identitySecrets: Set<String> = ["socialSecurityNumber", "passportNumber", "licenseNumber", "taxNumber"]

    /// Proton Pass's custom fields (`{"fieldName", "type", "data": {"content"}}`): hidden
    /// and TOTP ones concealed, and any whose name says it is secret.
    static func extraFields(_ fields: [PropertyListValue]) -> [VaultItem.CustomField] {
        fields.compactMap { field in
            guard let f = field.dictionaryValue, let value = f["data"]?.dictionaryValue?["content"]?.stringValue,
                !value.isEmpty
            else { return nil }
            let name = f["fieldName"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "field"
            let concealed = ["hidden", "totp"].contains(f["type"]?.stringValue) || CSVHeaderVocabulary.isSecret(name)
            return .init(name: name, value: value, concealed: concealed)
        }
    }

    /// Content keys of a kind Coffer has no fields for: custom fields, concealed when the
    /// key says secret (`password`, `privateKey`, `pin`); lists of fields are read as such.
    static func otherContent(_ content: PropertyListDictionary, except: Set<String>) -> [VaultItem.CustomField] {
        var fields = [VaultItem.CustomField]()
        for (key, value) in content.sorted(by: { $0.key < $1.key }) where !except.contains(key) {
            if let list = value.arrayValue {
                fields += extraFields(list)
            } else if let text = BitwardenImporter.text(value), !text.isEmpty {
                fields.append(.init(name: key, value: text, concealed: CSVHeaderVocabulary.isSecret(key)))
            }
        }
        return fields
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
