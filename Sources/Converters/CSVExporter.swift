import Foundation
import VaultModel

/// CSV in the dialects other managers import, with a warning for everything a dialect
/// cannot carry (so a person knows what stays behind).
public enum CSVExporter {
    public enum Dialect: String, CaseIterable, Sendable {
        case keepassxc, chrome, bitwarden
    }

    public static func export(_ document: VaultDocument, dialect: Dialect) -> (bytes: [UInt8], warnings: [String]) {
        var rows = [[String]]()
        var lost = [String: Int]()
        func note(_ what: String, _ present: Bool) { if present { lost[what, default: 0] += 1 } }
        switch dialect {
        case .keepassxc:
            rows.append([
                "Group", "Title", "Username", "Password", "URL", "Notes", "TOTP", "Icon", "Last Modified", "Created",
            ])
            for item in document.items {
                rows.append([
                    (["Root"] + item.folder).joined(separator: "/"), item.title, item.username ?? "",
                    item.password ?? "",
                    item.urls.first ?? "", item.notes ?? "", item.totp ?? "", "0", item.modified.map(iso) ?? "",
                    item.created.map(iso) ?? "",
                ])
                note("extra URLs", item.urls.count > 1)
                note("custom fields", !item.customFields.isEmpty)
                note("password history", !item.passwordHistory.isEmpty)
                note("tags", !item.tags.isEmpty)
                note("attachments", !item.attachments.isEmpty)
            }
        case .chrome:
            rows.append(["name", "url", "username", "password", "note"])
            for item in document.items where item.kind == .login {
                rows.append([
                    item.title, item.urls.first ?? "", item.username ?? "", item.password ?? "", item.notes ?? "",
                ])
                note("folders", !item.folder.isEmpty)
                note("TOTP", item.totp != nil)
                note("custom fields", !item.customFields.isEmpty)
                note("extra URLs", item.urls.count > 1)
                note("password history", !item.passwordHistory.isEmpty)
                note("attachments", !item.attachments.isEmpty)
            }
            let others = document.items.filter { $0.kind != .login }.count
            if others > 0 { lost["non-login items (notes, cards…)"] = others }
        case .bitwarden:
            rows.append([
                "folder", "favorite", "type", "name", "notes", "fields", "reprompt", "login_uri", "login_username",
                "login_password", "login_totp",
            ])
            for item in document.items {
                let fields = item.customFields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                rows.append([
                    item.folder.joined(separator: "/"), item.favorite ? "1" : "",
                    item.kind == .secureNote ? "note" : "login", item.title,
                    item.notes ?? "", fields, "", item.urls.joined(separator: ","), item.username ?? "",
                    item.password ?? "", item.totp ?? "",
                ])
                note("password history", !item.passwordHistory.isEmpty)
                note("attachments", !item.attachments.isEmpty)
                note("concealed flags of custom fields", item.customFields.contains(where: \.concealed))
                note(
                    "custom field values with line breaks",
                    item.customFields.contains { $0.value.contains(where: \.isNewline) })
            }
        }
        let text = rows.map { $0.map(quote).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
        let warnings = lost.sorted { $0.key < $1.key }.map {
            "\(dialect.rawValue) CSV cannot carry \($0.key) (\($0.value) item(s))"
        }
        return (Array(text.utf8), warnings)
    }

    static func quote(_ field: String) -> String {
        guard
            field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) || field.hasPrefix(" ")
                || field.hasSuffix(" ")
        else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func iso(_ date: Date) -> String { ISODates.string(date) }
}
