import Foundation
import PropertyList
import VaultModel

/// Bitwarden's unencrypted JSON export (`{"encrypted": false, "folders": […], "items": […]}`).
/// Encrypted exports are refused with a message saying how to get a readable one.
struct BitwardenImporter {
    /// A top-level `items` array whose entries have a `name` and an integer `type` (Enpass
    /// and others also have `folders` and `items`, with other shapes).
    static func matches(_ value: PropertyListValue) -> Bool {
        guard let d = value.dictionaryValue, case .array(let items)? = d["items"] else { return false }
        if d["encrypted"] == true { return true }
        guard let first = items.first?.dictionaryValue else { return d["encrypted"] != nil }
        if case .integer? = first["type"], first["name"] != nil { return true }
        return false
    }

    static func importValue(_ value: PropertyListValue, input: String) throws -> (
        items: [VaultItem], report: ImportReport
    ) {
        let d = value.dictionaryValue!
        if d["encrypted"] == true || d["encKeyValidation_DO_NOT_EDIT"] != nil {
            throw ConverterError(
                input: input,
                "this is an encrypted Bitwarden export; Coffer cannot decrypt it. Export again choosing “.json” (not “.json (Encrypted)”) or “.csv”"
            )
        }
        var folders = [String: [String]]()
        for folder in d["folders"]?.arrayValue ?? [] {
            guard let f = folder.dictionaryValue, let id = f["id"]?.stringValue, let name = f["name"]?.stringValue
            else { continue }
            folders[id] = name.split(separator: "/").map(String.init)
        }
        var report = ImportReport(input: input, format: "bitwarden-json", encoding: "UTF-8")
        var items = [VaultItem]()
        for (index, element) in (d["items"]?.arrayValue ?? []).enumerated() {
            report.read += 1
            guard let entry = element.dictionaryValue else {
                report.skipped.append(.init(line: index + 1, reason: "item \(index) is not an object"))
                continue
            }
            var item = VaultItem(title: entry["name"]?.stringValue ?? "")
            item.notes = entry["notes"]?.stringValue
            item.favorite = entry["favorite"] == true
            if let folder = entry["folderId"]?.stringValue { item.folder = folders[folder] ?? [] }
            item.created = date(entry["creationDate"])
            item.modified = date(entry["revisionDate"])
            for field in entry["fields"]?.arrayValue ?? [] {
                guard let f = field.dictionaryValue else { continue }
                item.customFields.append(
                    .init(name: f["name"]?.stringValue ?? "", value: text(f["value"]) ?? "", concealed: f["type"] == 1))
            }
            for old in entry["passwordHistory"]?.arrayValue ?? [] {
                guard let h = old.dictionaryValue, let password = h["password"]?.stringValue else { continue }
                item.passwordHistory.append(.init(password: password, date: date(h["lastUsedDate"])))
            }
            switch entry["type"] {
            case 2: item.kind = .secureNote
            case 3:
                item.kind = .card
                item.details = details(
                    entry["card"],
                    [
                        ("cardholderName", "cardholder"), ("brand", "brand"), ("number", "number"), ("code", "code"),
                    ])
                if let card = entry["card"]?.dictionaryValue, let month = text(card["expMonth"]),
                    let year = text(card["expYear"])
                {
                    item.details["expiry"] = .string("\(year)-\(month.count == 1 ? "0" + month : month)")
                }
            case 4:
                item.kind = .identity
                let keys = [
                    ("firstName", "firstName"), ("lastName", "lastName"), ("email", "email"), ("phone", "phone"),
                    ("company", "company"), ("address1", "address"), ("username", "username"),
                ]
                item.details = details(entry["identity"], keys)
                // The rest (ssn, passportNumber, licenseNumber, address2…) as custom fields, secrets concealed.
                let mapped = Set(keys.map(\.0))
                for (key, value) in (entry["identity"]?.dictionaryValue ?? [:]).sorted(by: { $0.key < $1.key })
                where !mapped.contains(key) {
                    guard let value = text(value), !value.isEmpty else { continue }
                    let concealed = ["ssn", "passportNumber", "licenseNumber"].contains(key)
                    item.customFields.append(.init(name: key, value: value, concealed: concealed))
                }
            case 5:
                // An SSH key: the private key lives in details (spec/MODEL.md), masked by `show`, never searched.
                item.kind = .sshKey
                item.details = details(
                    entry["sshKey"],
                    [("privateKey", "privateKey"), ("publicKey", "publicKey"), ("keyFingerprint", "fingerprint")])
            case 1, nil:
                let login = entry["login"]?.dictionaryValue
                item.username = login?["username"]?.stringValue
                item.password = login?["password"]?.stringValue
                item.urls = (login?["uris"]?.arrayValue ?? []).compactMap { $0.dictionaryValue?["uri"]?.stringValue }
                if let totp = login?["totp"]?.stringValue {
                    item.totp = TOTP.itemValue(totp, account: item.title)
                }
            case let other:
                // A type this version does not know: kept, its name, notes and fields with it.
                item.kind = .other("bitwarden-type-\(other.flatMap(text) ?? "?")")
                report.warnings.append(
                    "\(input): item \(index + 1) (\(item.title)) has a Bitwarden type Coffer does not know; "
                        + "its name, notes and custom fields were kept")
            }
            if item.kind == .secureNote { report.keptAsNotes += 1 } else { report.imported += 1 }
            items.append(item)
        }
        return (items, report)
    }

    static func text(_ value: PropertyListValue?) -> String? {
        switch value {
        case .string(let s)?: s
        case .integer(let i)?: i.description
        case .bool(let b)?: b ? "true" : "false"
        default: nil
        }
    }

    static func date(_ value: PropertyListValue?) -> Date? {
        guard let s = value?.stringValue else { return nil }
        return ISODates.parse(s)
    }

    static func details(_ value: PropertyListValue?, _ keys: [(String, String)]) -> PropertyListDictionary {
        var out = PropertyListDictionary()
        guard let d = value?.dictionaryValue else { return out }
        for (from, to) in keys { if let v = text(d[from]) { out[to] = .string(v) } }
        return out
    }
}

extension BitwardenImporter: ForeignJSONFormat {
    var name: String { "bitwarden-json" }
    var expectation: String? { "an object with \"items\" (and \"encrypted\": false)" }
}
