import CofferKit
import Foundation
import PropertyList

/// How `coffer show` prints an item: one "label  value" line per field that is set.
enum ItemView {
    static let mask = "••••••••"
    /// Details that are secrets: card numbers and codes, SSH private keys (spec/MODEL.md "details").
    static let secretDetails: Set<String> = ["number", "code", "privateKey"]

    static func value(of field: String, in item: VaultItem) -> String? {
        switch field.lowercased() {
        case "title": item.title
        case "username": item.username
        case "password": item.password
        case "url": item.urls.first
        case "urls": item.urls.isEmpty ? nil : item.urls.joined(separator: "\n")
        case "totp": item.totp
        case "notes": item.notes
        default: item.customFields.first { $0.name.caseInsensitiveCompare(field) == .orderedSame }?.value
        }
    }

    static func render(_ item: VaultItem, reveal: Bool, collection: String? = nil) -> String {
        var lines = [(String, String)]()
        func add(_ label: String, _ value: String?) {
            guard let value, !value.isEmpty else { return }
            lines.append((label, value))
        }
        func secret(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            return reveal ? value : mask
        }
        add("title", item.title)
        add("kind", item.kind.name)
        add("id", item.id.recordString)
        add("folder", FolderPath.format(item.folder))
        add("collection", collection)
        add("trashed", item.trashed.map(date))
        add("username", item.username)
        add("password", secret(item.password))
        for url in item.urls { add("url", url) }
        add("totp", secret(item.totp))
        add("tags", item.tags.joined(separator: ", "))
        for field in item.customFields {
            add(field.name, field.concealed ? secret(field.value) : field.value)
        }
        for entry in item.details.sortedEntries() {
            guard case .string(let text) = entry.value else { continue }
            let secretDetail = secretDetails.contains(entry.key)
            add(entry.key, secretDetail ? secret(text) : text)
        }
        add("icon", item.icon)
        // Keychain attributes (spec/MODEL.md) name where the secret is used; none is secret.
        for (name, value) in item.keychain?.entries ?? [] { add("keychain " + name, value) }
        for attachment in item.attachments {
            add("attachment", "\(attachment.name) (\(attachment.size) bytes, \(attachment.mediaType))")
        }
        if !item.passwordHistory.isEmpty {
            if reveal {
                for entry in item.passwordHistory {
                    add("old password", entry.password + (entry.date.map { "  (until \(date($0)))" } ?? ""))
                }
            } else {
                add("history", "\(item.passwordHistory.count) earlier password(s)")
            }
        }
        add("created", item.created.map(date))
        add("modified", item.modified.map(date))
        var text = ""
        let width = lines.map(\.0.count).max() ?? 0
        for (label, value) in lines {
            let indented = value.replacingOccurrences(
                of: "\n", with: "\n" + String(repeating: " ", count: width + 2))
            text += label.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + indented + "\n"
        }
        if let notes = item.notes, !notes.isEmpty { text += "\n" + notes + (notes.hasSuffix("\n") ? "" : "\n") }
        if !reveal, item.password != nil || item.totp != nil || item.customFields.contains(where: \.concealed) {
            text += "\n(secrets masked; --reveal shows them)\n"
        }
        return text
    }

    static func date(_ date: Date) -> String {
        ISO8601Fraction.string(date) ?? "\(date.timeIntervalSinceReferenceDate) s after 2001"
    }
}
