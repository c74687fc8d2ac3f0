import Foundation
import PropertyList
import VaultModel

/// Dashlane's JSON export (`{"AUTHENTIFIANT": [...], "EMAIL": [...], ...}`): credentials
/// become logins; every other section's entries are kept as secure notes with their fields
/// as custom fields, so nothing is dropped, concealed unless plainly descriptive.
struct DashlaneJSONImporter {
    /// Fields of the other sections shown in clear: names, dates and places. Every other
    /// one (card numbers, security codes, ID, passport and social-security numbers, any key
    /// Dashlane adds later) is concealed.
    static let visibleKeys: Set<String> = [
        "type", "bank", "owner", "ownername", "name", "fullname", "firstname", "lastname", "country", "state",
        "city", "zipcode", "address", "addressname", "street", "email", "phone", "phonenumber", "expiredate",
        "expirationdate", "expiremonth", "expireyear", "issuedate", "issuenumberdate", "deliverydate", "color",
        "localeformat", "creationdatetime", "usernamedatetime", "lastbackuptime",
    ]

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
                            // Card numbers, codes, ID and passport numbers stay concealed; only
                            // plainly descriptive fields are shown.
                            let shown = Self.visibleKeys.contains(key.lowercased())
                            item.customFields.append(.init(name: key, value: s, concealed: !shown))
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

extension DashlaneJSONImporter: ForeignJSONFormat {
    var name: String { "dashlane-json" }
    var expectation: String? { "an object with an \"AUTHENTIFIANT\" list" }
}
