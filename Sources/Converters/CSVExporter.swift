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
    /// another, never held whole): ``header``, then each batch's ``rows(_:)`` in order, or
    /// rows made apart (``CSVExporter/rows(_:dialect:)``, on any thread) and ``add(_:)``ed in
    /// order. What it leaves out and cannot hold is counted over every batch (``warnings``).
    public struct Stream {
        public let dialect: Dialect
        /// Whether trashed items, always left out, are named in ``warnings`` (false for a
        /// caller that names them itself).
        public let warnsOfTrash: Bool
        private var losses: ExportLosses

        public init(dialect: Dialect, warnsOfTrash: Bool = true) {
            self.dialect = dialect
            self.warnsOfTrash = warnsOfTrash
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
        public mutating func rows(_ items: [VaultItem]) -> [[UInt8]] {
            // Rows are made on every core, a slice of items into each buffer: at 100,000
            // items this was most of `export` on one core.
            let dialect = dialect
            let slices = items.count < 4096 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 4
            let made = ParallelMap.map(slices, serialBelow: 2) { slice in
                CSVExporter.rows(
                    items[items.count * slice / slices..<items.count * (slice + 1) / slices], dialect: dialect)
            }
            return made.map { add($0) }
        }

        /// Counts what `rows` left out and returns its bytes, the next piece of the CSV.
        public mutating func add(_ rows: Rows) -> [UInt8] {
            losses.add(rows.losses)
            if warnsOfTrash { losses.add(.trash, items: rows.trashed) }
            return rows.bytes
        }

        /// One warning naming what the CSV could not hold (none when nothing was lost).
        public var warnings: [String] { losses.warning.map { [$0] } ?? [] }
    }

    /// Rows of a run of items, made apart from a ``Stream`` (on any thread) and added to it in
    /// order (``Stream/add(_:)``), with what they could not hold.
    public struct Rows: Sendable {
        public let bytes: [UInt8]
        /// Trashed items, left out (no dialect marks one).
        public let trashed: Int
        fileprivate let losses: ExportLosses
    }

    /// The rows of `items` in `dialect`: trashed items left out and counted, the rest written
    /// and checked against what the dialect cannot hold (chrome: logins only).
    public static func rows(_ items: ArraySlice<VaultItem>, dialect: Dialect) -> Rows {
        var losses = ExportLosses(target: "\(dialect.rawValue) CSV")
        let lost = lost(in: dialect)
        var trashed = 0
        var bytes = [UInt8]()
        // Items are read in place, through their addresses: a loop over them, or their
        // subscript, copied each (a retain and a release of every field, a fifth of the rows).
        items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            // Room for the rows at once (a buffer doubling as it went held up to twice them).
            bytes.reserveCapacity((0..<items.count).reduce(0) { $0 + estimatedRowBytes(base + $1) })
            for item in (0..<items.count).lazy.map({ base + $0 }) {
                if item.pointee.trashed != nil {
                    trashed += 1
                    continue
                }
                if dialect == .chrome, item.pointee.kind != .login {
                    losses.add(.nonLogins)
                    continue
                }
                losses.check(item, cannotHold: lost)
                appendRow(of: item, dialect: dialect, to: &bytes)
            }
        }
        return Rows(bytes: bytes, trashed: trashed, losses: losses)
    }

    /// ``rows(_:dialect:)`` of every item of `items`.
    public static func rows(_ items: [VaultItem], dialect: Dialect) -> Rows { rows(items[...], dialect: dialect) }

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

    /// The row of the item at `item`, CRLF-terminated, written field by field from the item in
    /// place (a row of strings first, or the item passed by value, was copied and released).
    private static func appendRow(of item: UnsafePointer<VaultItem>, dialect: Dialect, to bytes: inout [UInt8]) {
        func field(_ text: String, first: Bool = false) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(text, to: &bytes)
        }
        switch dialect {
        case .keepassxc:
            appendQuoted(
                item.pointee.folder.isEmpty ? nil : FolderPath.format(item.pointee.folder), after: "Root", to: &bytes)
            field(item.pointee.title)
            field(item.pointee.username ?? "")
            field(item.pointee.password ?? "")
            field(item.pointee.urls.first ?? "")
            field(item.pointee.notes ?? "")
            field(item.pointee.totp ?? "")
            field("0")
            field(item.pointee.modified.map(iso) ?? "")
            field(item.pointee.created.map(iso) ?? "")
        case .chrome:
            field(item.pointee.title, first: true)
            field(item.pointee.urls.first ?? "")
            field(item.pointee.username ?? "")
            field(item.pointee.password ?? "")
            field(item.pointee.notes ?? "")
        case .bitwarden:
            field(FolderPath.format(item.pointee.folder), first: true)
            field(item.pointee.favorite ? "1" : "")
            field(item.pointee.kind == .secureNote ? "note" : "login")
            field(item.pointee.title)
            field(item.pointee.notes ?? "")
            field(item.pointee.customFields.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))
            field("")
            field(item.pointee.urls.joined(separator: ","))
            field(item.pointee.username ?? "")
            field(item.pointee.password ?? "")
            field(item.pointee.totp ?? "")
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// About the bytes an item's row takes (its text, and room for separators, quotes and
    /// dates).
    private static func estimatedRowBytes(_ item: UnsafePointer<VaultItem>) -> Int {
        item.pointee.title.utf8.count + (item.pointee.username?.utf8.count ?? 0)
            + (item.pointee.password?.utf8.count ?? 0)
            + (item.pointee.urls.first?.utf8.count ?? 0) + (item.pointee.notes?.utf8.count ?? 0)
            + (item.pointee.totp?.utf8.count ?? 0)
            + item.pointee.folder.reduce(0) { $0 + $1.utf8.count + 1 } + (item.pointee.created == nil ? 0 : 25)
            + (item.pointee.modified == nil ? 0 : 25) + 24
    }

    /// One CSV line, CRLF-terminated, written as bytes.
    private static func appendRow(_ row: [String], to bytes: inout [UInt8]) {
        for (i, field) in row.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            appendQuoted(field, to: &bytes)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// The field `prefix` + `/` + `path` (`prefix` alone when `path` is nil; a folder of one
    /// empty name is `prefix/`), quoted as ``appendQuoted(_:to:)`` quotes it, without joining
    /// the two first: `prefix` is a word that needs no quotes and starts with no space.
    static func appendQuoted(_ path: String?, after prefix: StaticString, to bytes: inout [UInt8]) {
        let prefixBytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        guard var path else { return bytes.append(contentsOf: prefixBytes) }
        path.withUTF8 { utf8 in
            let needsQuotes =
                utf8.last == 0x20
                || utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
            if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
            bytes.append(contentsOf: prefixBytes)
            bytes.append(UInt8(ascii: "/"))
            for byte in utf8 {
                if needsQuotes, byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
        }
    }

    /// A field as RFC 4180 writes it: in quotes, inner quotes doubled, when it holds a comma,
    /// a quote or a line break (CR or LF, so a CRLF inside a field is quoted too), or starts or
    /// ends with a space (which readers trim); otherwise as it is.
    static func appendQuoted(_ field: String, to bytes: inout [UInt8]) {
        var field = field
        field.withUTF8 { utf8 in
            var needsQuotes = utf8.first == 0x20 || utf8.last == 0x20
            if !needsQuotes {
                for byte in utf8
                where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
                    needsQuotes = true
                    break
                }
            }
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
    }

    static func iso(_ date: Date) -> String { ISODates.string(date) }
}
