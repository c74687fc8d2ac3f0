import Foundation
import PropertyList
import VaultModel

/// CSV exports of other managers and any CSV with a header: columns are mapped to item
/// fields through alias lists (case, space and punctuation insensitive), `--map` overrides,
/// and columns that map to nothing become custom fields — never dropped.
public struct CSVImporter {
    public enum Field: String, CaseIterable, Sendable {
        case title, username, password, url, notes, totp, folder, tags, favorite, kind, fields, created, modified
    }

    /// Normalized header name → field. Covers Chrome, Firefox, Safari/Apple Passwords,
    /// Bitwarden, 1Password 8, LastPass, KeePassXC, KeePass 1.x/2.x, NordPass, Dashlane,
    /// Proton Pass and generic sheets.
    static let aliases: [String: Field] = {
        var table = [String: Field]()
        let lists: [(Field, [String])] = [
            (
                .title,
                [
                    "title", "name", "account", "entry", "service", "site", "site name", "website name", "item name",
                    "label",
                    "description",
                ]
            ),
            (
                .username,
                [
                    "username", "user", "login", "login name", "login username", "user name", "email", "e-mail",
                    "account name",
                    "userid", "user id", "identifiant",
                ]
            ),
            (
                .password,
                ["password", "pass", "pwd", "login password", "passwort", "mot de passe", "contraseña", "secret"]
            ),
            (.url, ["url", "uri", "web site", "website", "login uri", "address", "link", "domain", "origin"]),
            (.notes, ["notes", "note", "comments", "comment", "extra", "remarks", "memo"]),
            (.totp, ["totp", "otp", "otpauth", "login totp", "one-time password", "2fa", "mfa", "authenticator"]),
            (.folder, ["folder", "group", "grouping", "category", "path", "vault", "collection"]),
            (.tags, ["tags", "labels"]),
            (.favorite, ["favorite", "favourite", "fav", "starred"]),
            (.kind, ["type", "item type"]),
            (.fields, ["fields", "custom fields"]),
            (.created, ["created", "time created", "creation time", "created at", "create time"]),
            (
                .modified,
                [
                    "last modified", "modified", "time password changed", "updated at", "modification time",
                    "modify time",
                ]
            ),
        ]
        for (field, names) in lists { for name in names { table[normalize(name)] = field } }
        return table
    }()

    /// Case, spaces and punctuation do not matter: "Login Name" = "login_name" = "LoginName".
    public static func normalize(_ header: String) -> String {
        String(header.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }

    /// Recognizable dialects, by their header, for the report.
    static func dialect(of headers: [String]) -> String {
        let set = Set(headers.map(normalize))
        if set.isSuperset(of: ["folder", "favorite", "type", "name", "loginuri", "loginpassword"]) {
            return "bitwarden-csv"
        }
        if set.isSuperset(of: ["url", "username", "password", "httprealm", "formactionorigin"]) {
            return "firefox-csv"
        }
        if set.isSuperset(of: ["url", "username", "password", "extra", "name", "grouping"]) { return "lastpass-csv" }
        if set.isSuperset(of: ["title", "url", "username", "password", "otpauth", "favorite", "archived"]) {
            return "1password8-csv"
        }
        if set.isSuperset(of: ["group", "title", "username", "password", "url", "notes"]) { return "keepassxc-csv" }
        if set.isSuperset(of: ["account", "loginname", "password", "website", "comments"]) { return "keepass-csv" }
        if set.isSuperset(of: ["name", "url", "username", "password", "cardholdername"]) { return "nordpass-csv" }
        if set.isSuperset(of: ["type", "name", "url", "username", "password", "note", "totp", "createtime"]) {
            return "protonpass-csv"
        }
        if set.isSuperset(of: ["title", "url", "username", "password", "notes", "otpauth"]) {
            return "apple-passwords-csv"
        }
        if set == ["name", "url", "username", "password"] || set == ["name", "url", "username", "password", "note"] {
            return "chrome-csv"
        }
        return "csv"
    }

    /// Columns a dialect uses for something else than their alias suggests (NordPass has
    /// both `username` and `email`, the latter for identities): kept as custom fields.
    static let dialectCustomColumns: [String: Set<String>] = [
        "nordpass-csv": [
            "email", "fullname", "phonenumber", "address1", "address2", "city", "country", "state", "zipcode",
        ],
        // Proton Pass 1.18+ has `email` beside `username`; the e-mail fills an empty username.
        "protonpass-csv": ["email"],
    ]

    public var overrides: [String: Field] = [:]

    public init(overrides: [String: Field] = [:]) { self.overrides = overrides }

    /// Imports `text` (already decoded). Throws for no header, duplicate mappings, bad CSV.
    public func importItems(_ text: String, input: String, encoding: String) throws -> (
        items: [VaultItem], report: ImportReport
    ) {
        var header: CSVReader.Row?
        var mapping = [Int: Field]()
        var dialect = "csv"
        var report = ImportReport(input: input, format: dialect, encoding: encoding)
        var items = [VaultItem]()
        var htmlEscapes = 0
        try CSVReader.forEachRow(text, input: input) { row in
            guard let header else {
                header = row
                (mapping, dialect) = try columnMapping(row, input: input)
                report.format = dialect
                return
            }
            report.read += 1
            if let item = try makeItem(
                row, header: header, mapping: mapping, dialect: dialect, input: input, report: &report,
                htmlEscapes: &htmlEscapes)
            {
                items.append(item)
            }
        }
        guard header != nil else { throw ConverterError(input: input, "empty CSV: no header line") }

        if htmlEscapes > 0 {
            report.warnings.append(
                "\(input): \(htmlEscapes) values contain HTML escapes (&amp; …), as LastPass writes them; they were kept as written"
            )
        }
        return (items, report)
    }

    /// Header → field per column, and the dialect the header names.
    private func columnMapping(_ header: CSVReader.Row, input: String) throws -> ([Int: Field], String) {
        var mapping = [Int: Field]()
        let dialect = Self.dialect(of: header.fields)
        let customColumns = Self.dialectCustomColumns[dialect] ?? []
        var seen = [Field: String]()
        for (column, name) in header.fields.enumerated() {
            let key = Self.normalize(name)
            guard let field = overrides[key] ?? (customColumns.contains(key) ? nil : Self.aliases[key]) else {
                continue
            }
            if let other = seen[field] {
                throw ConverterError(
                    input: input, line: header.line,
                    "columns \"\(other)\" and \"\(name)\" both map to \(field.rawValue); map one of them to another field",
                    hint: .mapColumn(Self.normalize(name)))
            }
            seen[field] = name
            mapping[column] = field
        }
        guard mapping.values.contains(where: { [.password, .username, .url, .title].contains($0) }) else {
            throw ConverterError(
                input: input, line: header.line,
                "the first line is not a header Coffer recognizes (\(header.fields.prefix(6).joined(separator: ", "))); "
                    + "name the columns or force a format", hint: .mapColumnsOrChooseFormat)
        }
        return (mapping, dialect)
    }

    /// One row's item, or nil (and a report entry) for an empty row.
    private func makeItem(
        _ row: CSVReader.Row, header: CSVReader.Row, mapping: [Int: Field], dialect: String, input: String,
        report: inout ImportReport, htmlEscapes: inout Int
    ) throws -> VaultItem? {
        if row.fields.count > header.fields.count,
            row.fields[header.fields.count...].contains(where: { !$0.isEmpty })
        {
            report.warnings.append(
                "\(input):\(row.line): \(row.fields.count) fields for \(header.fields.count) columns; extra fields kept in notes"
            )
        }
        var item = VaultItem(title: "")
        var notes = [String]()
        for (column, value) in row.fields.enumerated() {
            if value.utf8.contains(UInt8(ascii: "&")),
                value.range(of: "&amp;|&lt;|&gt;|&quot;|&#", options: .regularExpression) != nil
            {
                htmlEscapes += 1
            }
            guard column < header.fields.count else {
                if !value.isEmpty { notes.append(value) }
                continue
            }
            guard let field = mapping[column] else {
                if !value.isEmpty { item.customFields.append(.init(name: header.fields[column], value: value)) }
                continue
            }
            apply(value, to: field, of: &item, notes: &notes, input: input, line: row.line, report: &report)
        }
        if !notes.isEmpty {
            item.notes = (item.notes.map { [$0] } ?? []).appending(contentsOf: notes).joined(separator: "\n")
        }
        if dialect == "protonpass-csv", item.username == nil,
            let email = item.customFields.firstIndex(where: { $0.name == "email" })
        {
            item.username = item.customFields.remove(at: email).value
        }
        if item.title.isEmpty { item.title = Self.fallbackTitle(for: item) }
        let hasSecret = item.password != nil || item.username != nil || !item.urls.isEmpty || item.totp != nil
        let hasText = item.notes != nil || !item.customFields.isEmpty || !item.title.isEmpty
        if !hasSecret && !hasText {
            report.skipped.append(.init(line: row.line, reason: "empty row"))
            return nil
        }
        if !hasSecret {
            if item.kind == .login { item.kind = .secureNote }
            report.keptAsNotes += 1
        } else {
            report.imported += 1
        }
        return item
    }

    private func apply(
        _ value: String, to field: Field, of item: inout VaultItem, notes: inout [String], input: String, line: Int,
        report: inout ImportReport
    ) {
        guard !value.isEmpty else { return }
        switch field {
        case .title: item.title = value
        case .username: item.username = value
        case .password: item.password = value
        case .url: item.urls.append(contentsOf: Self.splitURLs(value))
        case .notes: item.notes = value
        case .totp:
            item.totp = TOTP.itemValue(value, account: item.title)
        case .folder:
            item.folder = value.split(whereSeparator: { $0 == "/" || $0 == "\\" }).map(String.init)
            if item.folder.first == "Root" { item.folder.removeFirst() }  // KeePassXC's root group
        case .tags:
            item.tags = value.split(whereSeparator: { $0 == "," || $0 == ";" }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        case .favorite: item.favorite = ["1", "true", "yes", "x", "*"].contains(value.lowercased())
        case .kind:
            switch value.lowercased() {
            case "note", "securenote", "secure note", "2": item.kind = .secureNote
            case "card", "creditcard", "3": item.kind = .card
            case "identity", "4": item.kind = .identity
            default: break
            }
        case .fields:
            // Bitwarden: one "name: value" per line.
            for fieldLine in value.split(whereSeparator: \.isNewline) {
                let parts = fieldLine.split(separator: ":", maxSplits: 1)
                if parts.count == 2 {
                    item.customFields.append(
                        .init(name: String(parts[0]), value: parts[1].trimmingCharacters(in: .whitespaces)))
                } else {
                    notes.append(String(fieldLine))
                }
            }
        case .created, .modified:
            if let date = Self.parseDate(value) {
                if field == .created { item.created = date } else { item.modified = date }
            } else {
                item.customFields.append(.init(name: field.rawValue, value: value))
                report.warnings.append(
                    "\(input):\(line): \(field.rawValue) \"\(value)\" is not a date Coffer reads; kept as a field")
            }
        }
    }

    /// One URL per line; a line of several URLs joined by commas (Proton Pass) is split
    /// only when every part has a scheme, so a URL containing a comma stays whole.
    static func splitURLs(_ value: String) -> [String] {
        // Almost every cell is one URL: no Character walk, no Foundation trimming.
        if !value.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == 0x0A || $0 == 0x0D }) { return [value] }
        return value.split(whereSeparator: \.isNewline).flatMap { line -> [String] in
            let parts = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count > 1 && parts.allSatisfy({ $0.contains("://") }) ? parts : [String(line)]
        }
    }

    /// ISO 8601, or Unix time in seconds or milliseconds (Firefox).
    static func parseDate(_ text: String) -> Date? {
        if let number = Double(text) { return Date(timeIntervalSince1970: number > 1e11 ? number / 1000 : number) }
        return ISODates.parse(text)
    }

    /// A title from what the row has: the URL's host, else the username.
    static func fallbackTitle(for item: VaultItem) -> String {
        if let url = item.urls.first {
            return URLComponents(string: url)?.host ?? url
        }
        return item.username ?? ""
    }
}

extension Array {
    fileprivate func appending(contentsOf other: [Element]) -> [Element] { self + other }
}

extension CSVImporter: ImportFormat {
    var name: String { "csv" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    /// A table: a known header, or most lines with the same number of fields.
    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        return Importer.looksLikeCSV(try source.text().text) ? .medium : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        let importer = CSVImporter(overrides: overrides.merging(source.columnMap) { $1 })
        var result = try importer.importItems(decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
