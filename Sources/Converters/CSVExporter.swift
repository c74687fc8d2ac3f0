import Foundation
import VaultModel

/// CSV in the dialects other managers import, with a warning for everything a dialect
/// cannot carry (so a person knows what stays behind).
public enum CSVExporter {
    public enum Dialect: String, CaseIterable, Sendable {
        case keepassxc, chrome, bitwarden
    }

    /// What each dialect cannot hold; an item holding one of them is counted in the warning.
    static func lost(in dialect: Dialect) -> [ExportLosses.Feature] {
        switch dialect {
        case .keepassxc:
            [
                .folderSlashes, .extraURLs, .customFields, .tags, .favorites, .passwordHistory, .attachments,
                .keychain, .icons, .details,
            ]
        case .chrome:
            [
                .folders, .totp, .customFields, .extraURLs, .tags, .favorites, .passwordHistory, .attachments,
                .keychain, .icons,
            ]
        case .bitwarden:
            [
                .folderSlashes, .tags, .passwordHistory, .attachments, .concealedFlags, .multilineFields, .keychain,
                .icons, .details, .notePasswords,
            ]
        }
    }

    /// The CSV, and one warning naming what it could not hold (none when nothing was lost).
    /// Trashed items are left out (no dialect marks one) and counted.
    public static func export(_ document: VaultDocument, dialect: Dialect) -> (bytes: [UInt8], warnings: [String]) {
        var rows = [[String]]()
        var losses = ExportLosses(target: "\(dialect.rawValue) CSV")
        let items = document.items.filter { $0.trashed == nil }
        losses.add(.trash, items: document.items.count - items.count)
        switch dialect {
        case .keepassxc:
            rows.append([
                "Group", "Title", "Username", "Password", "URL", "Notes", "TOTP", "Icon", "Last Modified", "Created",
            ])
            for item in items {
                rows.append([
                    FolderPath.format(["Root"] + item.folder), item.title, item.username ?? "",
                    item.password ?? "",
                    item.urls.first ?? "", item.notes ?? "", item.totp ?? "", "0", item.modified.map(iso) ?? "",
                    item.created.map(iso) ?? "",
                ])
                losses.check(item, cannotHold: lost(in: dialect))
            }
        case .chrome:
            rows.append(["name", "url", "username", "password", "note"])
            for item in items where item.kind == .login {
                rows.append([
                    item.title, item.urls.first ?? "", item.username ?? "", item.password ?? "", item.notes ?? "",
                ])
                losses.check(item, cannotHold: lost(in: dialect))
            }
            losses.add(.nonLogins, items: items.filter { $0.kind != .login }.count)
        case .bitwarden:
            rows.append([
                "folder", "favorite", "type", "name", "notes", "fields", "reprompt", "login_uri", "login_username",
                "login_password", "login_totp",
            ])
            for item in items {
                let fields = item.customFields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
                rows.append([
                    FolderPath.format(item.folder), item.favorite ? "1" : "",
                    item.kind == .secureNote ? "note" : "login", item.title,
                    item.notes ?? "", fields, "", item.urls.joined(separator: ","), item.username ?? "",
                    item.password ?? "", item.totp ?? "",
                ])
                losses.check(item, cannotHold: lost(in: dialect))
            }
        }
        // Written as bytes in one buffer: joining strings row by row was most of exporting
        // 100,000 items.
        var bytes = [UInt8]()
        bytes.reserveCapacity(rows.reduce(0) { $0 + $1.reduce($1.count + 1) { $0 + $1.utf8.count } })
        for row in rows {
            for (i, field) in row.enumerated() {
                if i > 0 { bytes.append(UInt8(ascii: ",")) }
                appendQuoted(field, to: &bytes)
            }
            bytes.append(contentsOf: [0x0D, 0x0A])
        }
        return (bytes, losses.warning.map { [$0] } ?? [])
    }

    /// A field as RFC 4180 writes it: in quotes, inner quotes doubled, when it holds a comma,
    /// a quote or a line break (CR or LF, so a CRLF inside a field is quoted too), or starts or
    /// ends with a space (which readers trim); otherwise as it is.
    static func appendQuoted(_ field: String, to bytes: inout [UInt8]) {
        let utf8 = field.utf8
        let needsQuotes =
            utf8.first == 0x20 || utf8.last == 0x20
            || utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    static func iso(_ date: Date) -> String { ISODates.string(date) }
}
