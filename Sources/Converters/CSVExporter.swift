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
        var (parts, warnings) = exportParts(document, dialect: dialect)
        var bytes = [UInt8]()
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for i in parts.indices {  // each part let go once copied
            bytes += parts[i]
            parts[i] = []
        }
        return (bytes, warnings)
    }

    /// ``export(_:dialect:)`` as consecutive pieces of the CSV, for a writer that writes them
    /// one after another (joined, they and the whole were a third of an export's memory).
    public static func exportParts(_ document: VaultDocument, dialect: Dialect) -> (
        parts: [[UInt8]], warnings: [String]
    ) {
        var stream = Stream(dialect: dialect)
        return ([stream.header] + stream.rows(document.items), stream.warnings)
    }

    /// The CSV of items that come a batch at a time (a vault read a group of records after
    /// another, never held whole): ``header``, then each batch's ``rows(_:)`` in order. What
    /// it leaves out and cannot hold is counted over every batch (``warnings``).
    public struct Stream {
        public let dialect: Dialect
        private var losses: ExportLosses

        public init(dialect: Dialect) {
            self.dialect = dialect
            losses = ExportLosses(target: "\(dialect.rawValue) CSV")
        }

        /// The header line.
        public var header: [UInt8] {
            var bytes = [UInt8]()
            appendRow(CSVExporter.header(dialect), to: &bytes)
            return bytes
        }

        /// The rows of `items` as consecutive pieces: trashed items left out (no dialect marks
        /// one) and counted, as are items the dialect cannot hold.
        public mutating func rows(_ all: [VaultItem]) -> [[UInt8]] {
            // The items written, by index: a filtered copy of 100,000 items was a quarter of
            // the export's memory.
            let live = all.indices.filter { all[$0].trashed == nil }
            losses.add(.trash, items: all.count - live.count)
            let written = dialect == .chrome ? live.filter { all[$0].kind == .login } : live
            losses.add(.nonLogins, items: live.count - written.count)
            let lost = lost(in: dialect)
            for i in written { losses.check(all[i], cannotHold: lost) }
            // Rows are made and written on every core, a slice of rows into each buffer: at
            // 100,000 items this was most of `export` on one core.
            let dialect = dialect
            let slices = written.count < 4096 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4
            return ParallelMap.map(slices, serialBelow: 2) { slice in
                let range = written.count * slice / slices..<written.count * (slice + 1) / slices
                var bytes = [UInt8]()
                // Room for the slice at once (a buffer doubling as it went held up to twice it).
                bytes.reserveCapacity(range.reduce(0) { $0 + estimatedRowBytes(all[written[$1]]) })
                for i in range { appendRow(row(all[written[i]], dialect: dialect), to: &bytes) }
                return bytes
            }
        }

        /// One warning naming what the CSV could not hold (none when nothing was lost).
        public var warnings: [String] { losses.warning.map { [$0] } ?? [] }
    }

    private static func header(_ dialect: Dialect) -> [String] {
        switch dialect {
        case .keepassxc:
            ["Group", "Title", "Username", "Password", "URL", "Notes", "TOTP", "Icon", "Last Modified", "Created"]
        case .chrome: ["name", "url", "username", "password", "note"]
        case .bitwarden:
            [
                "folder", "favorite", "type", "name", "notes", "fields", "reprompt", "login_uri", "login_username",
                "login_password", "login_totp",
            ]
        }
    }

    private static func row(_ item: VaultItem, dialect: Dialect) -> [String] {
        switch dialect {
        case .keepassxc:
            [
                FolderPath.format(["Root"] + item.folder), item.title, item.username ?? "", item.password ?? "",
                item.urls.first ?? "", item.notes ?? "", item.totp ?? "", "0", item.modified.map(iso) ?? "",
                item.created.map(iso) ?? "",
            ]
        case .chrome:
            [item.title, item.urls.first ?? "", item.username ?? "", item.password ?? "", item.notes ?? ""]
        case .bitwarden:
            [
                FolderPath.format(item.folder), item.favorite ? "1" : "", item.kind == .secureNote ? "note" : "login",
                item.title, item.notes ?? "",
                item.customFields.map { "\($0.name): \($0.value)" }.joined(separator: "\n"),
                "", item.urls.joined(separator: ","), item.username ?? "", item.password ?? "", item.totp ?? "",
            ]
        }
    }

    /// About the bytes an item's row takes (its text, and room for separators, quotes and
    /// dates).
    private static func estimatedRowBytes(_ item: VaultItem) -> Int {
        item.title.utf8.count + (item.username?.utf8.count ?? 0) + (item.password?.utf8.count ?? 0)
            + (item.urls.first?.utf8.count ?? 0) + (item.notes?.utf8.count ?? 0) + (item.totp?.utf8.count ?? 0)
            + item.folder.reduce(0) { $0 + $1.utf8.count + 1 } + (item.created == nil ? 0 : 25)
            + (item.modified == nil ? 0 : 25) + 24
    }

    /// One CSV line, CRLF-terminated, written as bytes.
    private static func appendRow(_ row: [String], to bytes: inout [UInt8]) {
        for (i, field) in row.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(field, to: &bytes)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
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
