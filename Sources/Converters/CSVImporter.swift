import Foundation
import PropertyList
import VaultModel

/// CSV exports of other managers and any CSV with a header: columns are mapped to item
/// fields through alias lists (case, space and punctuation insensitive), `--map` overrides,
/// and columns that map to nothing become custom fields — never dropped.
public struct CSVImporter {
    public enum Field: String, CaseIterable, Sendable {
        case title, username, password, url, notes, totp, folder, tags, favorite, kind, fields, created, modified
        case icon
    }

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

    /// Columns a dialect uses for something else than their header suggests (NordPass has
    /// both `username` and `email`, the latter for identities): kept as custom fields.
    static let dialectCustomColumns: [String: Set<String>] = [
        "nordpass-csv": [
            "email", "fullname", "phonenumber", "address1", "address2", "city", "country", "state", "zipcode",
        ]
    ]

    /// How a header's columns are read: the field each column holds, and the weaker columns
    /// naming a field another column holds (custom fields, or the field where the stronger
    /// column is empty).
    struct ColumnMapping {
        var fields = [Int: Field]()
        var weaker = [(column: Int, field: Field)]()
        /// Columns kept as custom fields that are masked (`PIN`, `Security answer`).
        var concealed = Set<Int>()
        /// Password Safe's `Group/Title` column: `Group.Sub.Title`.
        var groupTitle: Int?
    }

    public var overrides: [String: Field] = [:]

    /// Title lines a sheet may have above its header (a name, a date, blank rows).
    static let maximumPreambleLines = 10

    /// "lastpass export (jan 2024)" / "" / "url,username,password,…": a plain header (known
    /// names, three columns or more) under a few lines of one cell each — a table pasted
    /// under a line of text.
    static func headerAfterTitleLines(_ whole: String, input: String) -> Bool {
        // The first 16 KiB only: a 100 MB line is never scanned.
        let text = String(decoding: whole.utf8.prefix(16_384), as: UTF8.self)
        var start = text.startIndex
        for index in 0...maximumPreambleLines {
            guard start < text.endIndex else { return false }
            guard let end = text[start...].firstIndex(where: \.isNewline) else { return false }  // cut, or last
            let line = String(text[start..<end])
            start = text.index(after: end)
            guard let row = (try? CSVReader.rows(line, input: input))?.rows.first else { continue }  // blank
            if index > 0, row.fields.count >= 3, HeaderlessCSV.isHeader(row.fields),
                HeaderlessCSV.looksLikeHeaderRow(row.fields)
            {
                return true
            }
            if row.fields.count(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) > 1 { return false }
        }
        return false
    }

    public init(overrides: [String: Field] = [:]) { self.overrides = overrides }

    /// Imports `text` (already decoded). Throws for no header, duplicate mappings, bad CSV.
    public func importItems(_ text: String, input: String, encoding: String) throws -> (
        items: [VaultItem], report: ImportReport
    ) {
        var header: CSVReader.Row?
        var mapping = ColumnMapping()
        var dialect = "csv"
        var report = ImportReport(input: input, format: dialect, encoding: encoding)
        var items = [VaultItem]()
        var htmlEscapes = 0
        var preamble = 0
        let headerless = try headerlessColumns(text, input: input)
        let delimiter = CSVReader.detectDelimiter(text.utf8.prefix(65_536))
        if let headerless {
            let names = headerless.enumerated().map { $1?.rawValue ?? "column \($0 + 1)" }
            header = CSVReader.Row(line: 0, fields: names)
            for (column, field) in headerless.enumerated() {
                if let field { mapping.fields[column] = field } else { mapping.concealed.insert(column) }
            }
            report.format = "csv (no header)"
            report.warnings.append(
                "\(input): no header line; the columns were read by their values as "
                    + names.joined(separator: ", ") + "; name the columns to read them otherwise")
        }
        // "Amazon, ana@x.com, pw": a table typed by hand, a space after every comma — the
        // spaces are the writer's, not the values'.
        var spacedCells = false
        var tabLayout: TabAlignedTable.Layout?
        try CSVReader.forEachRow(text, input: input) { row in
            var row = row
            // "SITE<TAB><TAB>USER<TAB><TAB><TAB><TAB>PASS": a table lined up with tabs by hand;
            // each cell goes under the name it stands under on screen.
            if delimiter == "\t", headerless == nil, overrides.isEmpty {
                if header == nil, let layout = TabAlignedTable.layout(row.fields) {
                    tabLayout = layout
                    row.fields = layout.names
                } else if let layout = tabLayout, header != nil {
                    if TabAlignedTable.isUnderline(row.fields) {
                        report.read += 1
                        report.skipped.append(.init(line: row.line, reason: "the header's underline"))
                        return
                    }
                    row.fields = TabAlignedTable.aligned(row.fields, to: layout)
                }
            }
            if header == nil, headerless == nil, row.fields.count >= 2,
                row.fields.dropFirst().allSatisfy({ $0.hasPrefix(" ") && !$0.hasPrefix("  ") })
            {
                spacedCells = true
            }
            // (Only that one space: a value's own spaces stay.)
            if spacedCells { row.fields = row.fields.map { $0.hasPrefix(" ") ? String($0.dropFirst()) : $0 } }
            if let headerless {
                row.fields = HeaderlessTable.rejoined(
                    row.fields.map(HeaderlessTable.trimmed), columns: headerless, delimiter: delimiter)
            }
            // "Walmart<TAB><TAB>kevin.wong<TAB>pw": tabs typed twice to line up a column
            // are one gap, when the row is too wide by as many empty cells.
            if delimiter == "\t", let header, row.fields.count > header.fields.count {
                var excess = row.fields.count - header.fields.count
                while excess > 0, row.fields.last?.isEmpty == true {
                    row.fields.removeLast()
                    excess -= 1
                }
                if row.fields.count(where: \.isEmpty) >= excess {
                    row.fields = row.fields.filter { cell in
                        guard cell.isEmpty, excess > 0 else { return true }
                        excess -= 1
                        return false
                    }
                }
            }
            guard let header else {
                do {
                    // Under title lines, only a plain header: short names, two main fields.
                    if preamble > 0,
                        !HeaderlessCSV.isHeader(row.fields) || !HeaderlessCSV.looksLikeHeaderRow(row.fields)
                    {
                        throw ConverterError(
                            input: input, line: row.line, "no header under the lines above it (line \(row.line))")
                    }
                    (mapping, dialect) = try columnMapping(row, input: input)
                    if overrides.isEmpty {
                        CSVColumnEvidence.refine(
                            &mapping, header: row.fields, sample: Self.sampleRows(text, after: row.line, input: input))
                    }
                } catch {
                    // "PASSWORD LIST — Hendricks family,,,," / "Last updated: …" / ",,,,": a
                    // sheet's title lines above its header, one cell at most each; reported
                    // by line (never by text: a title may say anything).
                    // (A sheet pads them to its width: `Title,,,,`; a line of text has no commas.)
                    guard overrides.isEmpty, preamble < Self.maximumPreambleLines,
                        row.fields.count >= 2 || Self.headerAfterTitleLines(text, input: input),
                        row.fields.count(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) <= 1
                    else { throw error }
                    preamble += 1
                    report.read += 1
                    report.skipped.append(.init(line: row.line, reason: "a line above the header"))
                    return
                }
                header = row
                report.format = dialect
                return
            }
            report.read += 1
            // "# pinkod kortet: 4802" among the rows: a comment in the sheet, its first cell
            // alone. Kept out of sight (it may hold a secret, as this one does), never a title.
            if let comment = Self.comment(row) {
                var item = VaultItem(title: "Comment, line \(row.line)")
                item.kind = .secureNote
                item.customFields.append(
                    .init(name: NotesImporter.unrecognizedFieldName, value: comment, concealed: true))
                report.keptAsNotes += 1
                items.append(item)
                return
            }
            // "도어락 비번 0101*", "WiFi iptime pw x" under a sheet of three columns or more: a line
            // of words typed below the table, no delimiter in it, is a notes line, read as one.
            if overrides.isEmpty, header.fields.count >= 3, row.fields.count == 1,
                let item = Self.notesLine(row.fields[0], line: row.line, input: input)
            {
                if item.kind == .secureNote { report.keptAsNotes += 1 } else { report.imported += 1 }
                items.append(item)
                return
            }
            if let item = try makeItem(
                row, header: header, mapping: mapping, dialect: dialect, input: input, report: &report,
                htmlEscapes: &htmlEscapes)
            {
                items.append(item)
            }
        }
        guard header != nil else { throw ConverterError(input: input, "empty CSV: no header line") }
        if tabLayout != nil { TabAlignedTable.resolveTypedPasswords(&items) }
        if overrides.isEmpty, dialect == "csv" { Self.resolvePointedPasswords(&items) }

        if htmlEscapes > 0 {
            report.warnings.append(
                "\(input): \(htmlEscapes) values contain HTML escapes (&amp; …), as LastPass writes them; they were kept as written"
            )
        }
        return (items, report)
    }

    /// The text opens with a header Coffer recognizes, or one under a sheet's title lines.
    func hasKnownHeader(_ text: String, input: String) -> Bool {
        if Self.headerAfterTitleLines(text, input: input) { return true }
        let firstLine = text.prefix(4096).prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        guard let first = try? CSVReader.rows(String(firstLine), input: input).rows.first else { return false }
        return HeaderlessCSV.isHeader(first.fields) || (try? columnMapping(first, input: input)) != nil
    }

    /// The columns of a table without a header, read from its values (``HeaderlessTable``):
    /// only when no column is mapped by hand and the first row is values, not a header.
    func headerlessColumns(_ text: String, input: String) throws -> [Field?]? {
        guard overrides.isEmpty else { return nil }
        let firstLine = text.prefix(4096).prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        guard let first = try? CSVReader.rows(String(firstLine), input: input).rows.first,
            HeaderlessTable.startsWithValues(first.fields), (try? columnMapping(first, input: input)) == nil
        else { return nil }
        guard let sample = try? CSVReader.rows(String(text.prefix(65_536)), input: input).rows else { return nil }
        return HeaderlessTable.columns(sample.map(\.fields))
    }

    /// Up to ``CSVColumnEvidence/sampleRows`` rows after line `header`, from the first 64 KiB
    /// (cut at a line's end); none when that much does not parse.
    static func sampleRows(_ text: String, after header: Int, input: String) -> [[String]] {
        guard let rows = CSVReader.leadingRows(text) else { return [] }
        return rows.filter { $0.line > header }.prefix(CSVColumnEvidence.sampleRows).map(\.fields)
    }

    /// Header → field per column, and the dialect the header names. Two columns naming one
    /// field: the stronger holds it (``CSVHeaderVocabulary``); equally strong ones are an error.
    func columnMapping(_ header: CSVReader.Row, input: String) throws -> (ColumnMapping, String) {
        var mapping = ColumnMapping()
        let dialect = Self.dialect(of: header.fields)
        let customColumns = Self.dialectCustomColumns[dialect] ?? []
        var candidates = [Field: [(column: Int, strength: Int)]]()
        for (column, name) in header.fields.enumerated() {
            let key = Self.normalize(name)
            let meaning =
                overrides[key].map {
                    CSVHeaderVocabulary.Meaning(field: $0, strength: CSVHeaderVocabulary.mappedStrength)
                }
                ?? (customColumns.contains(key) ? nil : CSVHeaderVocabulary.meaning(of: name))
            if CSVHeaderVocabulary.isSecret(name) { mapping.concealed.insert(column) }
            guard let meaning else { continue }
            if key == "grouptitle" { mapping.groupTitle = column }
            candidates[meaning.field, default: []].append((column, meaning.strength))
        }
        // (In the columns' order, not the dictionary's, which changes from run to run: the same
        // file then gives the same custom fields in the same order, and the same error.)
        for (field, columns) in candidates.sorted(by: { $0.value[0].column < $1.value[0].column }) {
            // Field lists (`SecretData`, `CustomData`) are all read, whatever their number.
            if field == .fields {
                for column in columns { mapping.fields[column.column] = .fields }
                continue
            }
            // Strongest first; among weaker ones, the stronger fills an empty field first.
            let ranked = columns.sorted {
                $0.strength > $1.strength || ($0.strength == $1.strength && $0.column < $1.column)
            }
            // The same header twice (Buttercup's `!group_name`) is one column written twice: no clash.
            // (Two second columns, `secondary username` and `alternate email`: the first fills first.)
            if ranked.count > 1, ranked[0].strength == ranked[1].strength, ranked[0].strength > 0,
                Self.normalize(header.fields[ranked[0].column]) != Self.normalize(header.fields[ranked[1].column])
            {
                let (first, second) = (header.fields[ranked[0].column], header.fields[ranked[1].column])
                throw ConverterError(
                    input: input, line: header.line,
                    "columns \"\(first)\" and \"\(second)\" of the header (line \(header.line)) both name the "
                        + "\(field.rawValue), equally; map one of them to another field",
                    hint: .mapColumn(Self.normalize(second)))
            }
            mapping.fields[ranked[0].column] = field
            for weak in ranked.dropFirst() { mapping.weaker.append((weak.column, field)) }
        }
        // A row holding a URL or an e-mail address is values, not a header, whatever words
        // it also holds (`GitHub,ana,https://a.com,pw,n` named a column "pw").
        // (" ana@x.com" after a comma and a space too; "Pho&Banh2020" is a password, no name.)
        let holdsValues = overrides.isEmpty && header.fields.contains { HeaderlessCSV.isValue($0) }
        guard !holdsValues,
            mapping.fields.values.contains(where: { [.password, .username, .url, .title].contains($0) })
        else {
            throw ConverterError(
                input: input, line: header.line,
                "the first line is not a header Coffer recognizes (\(header.fields.prefix(6).joined(separator: ", "))); "
                    + "name the columns or force a format", hint: .mapColumnsOrChooseFormat)
        }
        return (mapping, dialect)
    }

    /// The one item the notes reader makes of a line of words (`text`, line `line` of the
    /// sheet); kept whole in a concealed note when it makes none or several.
    static func notesLine(_ text: String, line: Int, input: String) -> VaultItem? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // (Cheaply first — every row of a long one-column file asks: only a line with a word
        // that looks like a password or that labels something is read.)
        let words = trimmed.split(separator: " ")
        guard words.count >= 2, words.count <= 12,
            words.contains(where: { NotesToken.isPasswordLike($0) || NotesLabel.lookup(NotesLabel.fold($0)) != nil })
        else { return nil }
        let (records, _) = NotesImporter.importText(trimmed, input: input, encoding: "UTF-8")
        if records.count == 1, var item = records.first?.item {
            if item.title.hasPrefix("Note, line") { item.title = "Note, line \(line)" }
            return item
        }
        var item = VaultItem(title: "Note, line \(line)")
        item.kind = .secureNote
        item.customFields.append(.init(name: NotesImporter.unrecognizedFieldName, value: trimmed, concealed: true))
        return item
    }

    /// "zelfde als bol", "same as gmail" in a hand-made sheet's password column (never a
    /// manager's export, whose passwords are what they say): the password of the last row
    /// above titled so — its whole title, or its name before a dot or space (`Bol.com`) —
    /// with the phrase kept beside it, concealed; pointing at no such row, no password. Only a
    /// pointer word and a comparison word (`same as`, `zelfde als`): "see you later" is a
    /// passphrase. One pass, titles remembered as it goes.
    static func resolvePointedPasswords(_ items: inout [VaultItem]) {
        var passwords = [String: String]()  // folded title, and its first name, → last password
        for index in items.indices {
            // (``NotesRecordAssembler/pointedService(_:)`` asks the first word; the second compares.)
            if let phrase = items[index].password,
                let second = phrase.split(separator: " ").dropFirst().first,
                NotesRecordAssembler.comparisonWords.contains(NotesLabel.fold(second)),
                let source = NotesRecordAssembler.pointedService(phrase)
            {
                items[index].password = passwords[NotesLabel.fold(source)]
                items[index].customFields.append(.init(name: "password note", value: phrase, concealed: true))
            }
            guard let password = items[index].password else { continue }
            let title = NotesLabel.fold(items[index].title)
            passwords[title] = password
            if let name = title.split(whereSeparator: { $0 == "." || $0 == " " }).first {
                passwords[String(name)] = password
            }
        }
    }

    /// The text of a row that is a comment: its first cell alone filled, opening with `#` or
    /// `//` and a space (`#ff0000` or `#2` is a value).
    static func comment(_ row: CSVReader.Row) -> String? {
        guard let first = row.fields.first,
            row.fields.dropFirst().allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty })
        else { return nil }
        let text = first.trimmingCharacters(in: .whitespaces)
        return text.hasPrefix("# ") || text.hasPrefix("// ") || text.hasPrefix("## ") ? text : nil
    }

    /// One row's item, or nil (and a report entry) for an empty row.
    private func makeItem(
        _ row: CSVReader.Row, header: CSVReader.Row, mapping: ColumnMapping, dialect: String, input: String,
        report: inout ImportReport, htmlEscapes: inout Int
    ) throws -> VaultItem? {
        if row.fields.count > header.fields.count,
            row.fields[header.fields.count...].contains(where: { !$0.isEmpty })
        {
            report.warnings.append(
                "\(input):\(row.line): \(row.fields.count) fields for \(header.fields.count) columns; the extra fields are kept as concealed fields (\"column N\")"
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
                // Cells under no header are not understood: kept, but out of sight (masked, never searched).
                if !value.isEmpty {
                    item.customFields.append(.init(name: "column \(column + 1)", value: value, concealed: true))
                }
                continue
            }
            guard let field = mapping.fields[column] else {
                if !value.isEmpty, !mapping.weaker.contains(where: { $0.column == column }) {
                    item.customFields.append(
                        .init(name: header.fields[column], value: value, concealed: mapping.concealed.contains(column)))
                }
                continue
            }
            // A field-list column whose cell is no list ("x", no "name: value" line): the
            // column's own custom field.
            if field == .fields, !value.contains(":"), !value.hasPrefix("[") {
                item.customFields.append(
                    .init(
                        name: header.fields[column], value: value,
                        concealed: mapping.concealed.contains(column)
                            || CSVHeaderVocabulary.isSecret(header.fields[column])))
                continue
            }
            // "yes", "no", "yes - authy" under `2FA?`: a note about two-factor sign-in, no secret to
            // generate codes from (read as one, `no` was the base32 secret "NO").
            if field == .totp, !value.isEmpty, !Self.isTOTPSecret(value) {
                // Shown only when it answers yes or no (`yes - authy`); any other value may be a
                // seed in a form not read here (hex, `otpauth-migration://`).
                let answer = value.lowercased().split(whereSeparator: { !$0.isLetter }).first.map(String.init)
                let secret =
                    mapping.concealed.contains(column) || Self.secretLines([value[...]]).contains(true)
                    || !Self.yesOrNo.contains(answer ?? "")
                item.customFields.append(.init(name: header.fields[column], value: value, concealed: secret))
                continue
            }
            apply(value, to: field, of: &item, notes: &notes, input: input, line: row.line, report: &report)
        }
        // A weaker column fills its field where the stronger one is empty, else stays a custom field.
        for (column, field) in mapping.weaker {
            guard column < row.fields.count, case let value = row.fields[column], !value.isEmpty else { continue }
            if Self.isEmpty(field, of: item) {
                apply(value, to: field, of: &item, notes: &notes, input: input, line: row.line, report: &report)
            } else {
                item.customFields.append(
                    .init(name: header.fields[column], value: value, concealed: mapping.concealed.contains(column)))
            }
        }
        if !notes.isEmpty {
            item.notes = (item.notes.map { [$0] } ?? []).appending(contentsOf: notes).joined(separator: "\n")
        }
        if let column = mapping.groupTitle, mapping.fields[column] == .title, item.folder.isEmpty {
            let path = PasswordSafeXMLImporter.groupPath(item.title)
            if path.count > 1 {
                item.title = path.last ?? item.title
                item.folder = Array(path.dropLast())
            }
        }
        // "Site: Amazon" in a sheet without a name column: a site's name, not its address.
        if item.title.isEmpty, item.urls.count == 1, let site = item.urls.first,
            !site.contains(where: { $0 == "." || $0 == ":" || $0 == "/" })
        {
            item.title = site
            item.urls = []
        }
        // "null" (Blur, some scripts) in a name or address column is an empty cell.
        if item.title.lowercased() == "null" { item.title = "" }
        item.urls.removeAll { $0.lowercased() == "null" }
        Self.readSecureNote(&item)
        URLCredentials.takeOut(of: &item)
        if item.title.isEmpty { item.title = Self.fallbackTitle(for: item) }
        Self.concealSecretFields(of: &item)
        Self.concealSecretNoteLines(of: &item)
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
        case .icon:
            // A URL (or data: URI) is the item's icon; anything else (image bytes a plist
            // held) stays a custom field.
            if value.includes("://") || value.hasPrefix("data:image/") {
                item.icon = value
            } else {
                item.customFields.append(.init(name: "icon", value: value))
            }
        case .folder:
            // Coffer's own paths escape a slash in a name (`\/`, spec/MODEL.md); other
            // managers' paths split on either slash.
            // (Byte searches: Foundation's `contains` cost a tenth of reading a large sheet.)
            if value.includes("\\/") || value.includes("\\\\"), let path = try? FolderPath.parse(value) {
                item.folder = path
            } else {
                item.folder = value.split(whereSeparator: { $0 == "/" || $0 == "\\" }).map(String.init)
            }
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
            // NordPass: a JSON list of {label, type, value}.
            if let list = Self.jsonFieldList(value) {
                item.customFields += list
                return
            }
            // Bitwarden: one "name: value" per line. (Zoho's `SecretData`: "User Name:x" and
            // "Password:y" lines fill the item's own fields when its columns left them empty.)
            for fieldLine in value.split(whereSeparator: \.isNewline) {
                let parts = fieldLine.split(separator: ":", maxSplits: 1)
                if parts.count == 2 {
                    let name = String(parts[0]).trimmingCharacters(in: .whitespaces)
                    let fieldValue = parts[1].trimmingCharacters(in: .whitespaces)
                    if let main = CSVHeaderVocabulary.meaning(of: name)?.field, [.username, .password].contains(main),
                        Self.isEmpty(main, of: item), !fieldValue.isEmpty
                    {
                        apply(fieldValue, to: main, of: &item, notes: &notes, input: input, line: line, report: &report)
                    } else {
                        item.customFields.append(.init(name: name, value: fieldValue))
                    }
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

    /// LastPass's secure notes (URL `http://sn`): "NoteType:Wi-Fi Password" then "Key:Value"
    /// lines — its fields, secret ones concealed, a `Password` the item's password.
    static func readSecureNote(_ item: inout VaultItem) {
        guard item.urls == ["http://sn"] else { return }
        item.urls = []
        guard let notes = item.notes, notes.hasPrefix("NoteType:") else {
            if item.password == nil, item.username == nil { item.kind = .secureNote }
            return
        }
        var kept = [String]()
        for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex else {
                kept.append(String(line))
                continue
            }
            let key = String(line[..<colon])
            let value = String(line[line.index(after: colon)...])
            if key == "Notes" || key == "NoteType" || key == "Language" {
                if key == "Notes", !value.isEmpty { kept.append(value) }
                continue
            }
            if value.isEmpty { continue }
            if ["password", "passwort", "key"].contains(key.lowercased()), item.password == nil {
                item.password = value
            } else {
                item.customFields.append(.init(name: key, value: value, concealed: CSVHeaderVocabulary.isSecret(key)))
            }
        }
        item.notes = kept.contains { !$0.isEmpty } ? kept.joined(separator: "\n") : nil
        if item.password == nil, item.username == nil { item.kind = .secureNote }
    }

    /// Lines of a manager's notes that name a secret and give it (`Secure key PIN 60613`,
    /// `Recovery codes: 4821 9930`, `NIP cajero: 4093`, `Security answer: Cape Coast Castle`,
    /// `A: Biscuit` under `Security Q: first pet`), and lines holding a card number: moved to
    /// one concealed field, so the notes — shown and searched — never hold them.
    static func concealSecretNoteLines(of item: inout VaultItem) {
        guard let notes = item.notes else { return }
        let lines = notes.split(separator: "\n", omittingEmptySubsequences: false)
        // A note titled `Student ID #` or `Personalausweis`: its numbers are that secret.
        // (Asked only of a line giving a number.)
        let title = item.title
        let secrets = secretLines(
            lines,
            titled: CSVHeaderVocabulary.words(title).contains {
                $0 == "id" || secretNoteWords.contains($0) || CSVHeaderVocabulary.secretWords.contains($0)
            })
        guard secrets.contains(true) else { return }
        let secret = lines.indices.filter { secrets[$0] }.map { String(lines[$0]) }
        let plain = lines.indices.filter { !secrets[$0] }.map { String(lines[$0]) }
        item.customFields.append(.init(name: "Secret notes", value: secret.joined(separator: "\n"), concealed: true))
        item.notes = plain.contains { !$0.isEmpty } ? plain.joined(separator: "\n") : nil
    }

    /// First words answering whether two-factor sign-in is on (`yes - authy`, `no`, `sms`).
    static let yesOrNo: Set<String> = [
        "yes", "no", "y", "n", "true", "false", "on", "off", "ja", "nein", "oui", "non", "si", "sí", "nee", "sim",
        "não", "nao", "none", "sms", "app", "authy",
    ]

    /// An `otpauth://` URI, or a base32 secret of 16 characters or more (spaces and dashes
    /// between groups allowed): what a TOTP column holds when it holds a secret.
    static func isTOTPSecret(_ value: String) -> Bool {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("otpauth://") || trimmed.lowercased().hasPrefix("steam://") { return true }
        let compact = trimmed.filter { $0 != " " && $0 != "-" }.uppercased()
        return compact.count >= 16
            && compact.allSatisfy { ("A"..."Z").contains($0) || ("2"..."7").contains($0) || $0 == "=" }
    }

    /// Which of `lines` name a secret and give it, or hold a card number (`titled`: the
    /// record's title names the secret, so a number is enough).
    static func secretLines(_ lines: [Substring], titled: @autoclosure () -> Bool = false) -> [Bool] {
        func asks(_ words: [String]) -> Bool { words.contains { questionWords.contains($0) } }
        var titleNamesSecret: Bool?
        return lines.indices.map { index in
            let line = lines[index]
            let ascii = line.utf8.allSatisfy { $0 < 0x80 }
            let digits = ascii ? line.utf8.count { $0 >= 0x30 && $0 <= 0x39 } : line.count(where: \.isNumber)
            let colon = line.utf8.contains(0x3A)
            // (Standard-library searches, and only when a mark's byte is there: this is asked of
            // every notes line and field.)
            let marked =
                line.utf8.contains { $0 == 0x3D || $0 == 0x3E || $0 == 0xE2 }
                && (NotesToken.utf8Offset(of: " = ", in: line) != nil
                    || NotesToken.utf8Offset(of: "->", in: line) != nil
                    || NotesToken.utf8Offset(of: "→", in: line) != nil)
            // Every rule wants a digit, a colon or an answer's mark: most notes lines (every
            // row of a 100,000-row export asks) are passed over without taking them apart.
            // (A value with a digit needs four digits, or a word of four characters holding one.)
            guard digits >= 4 || colon || marked || (digits > 0 && line.utf8.count >= 4) else { return false }
            let words = CSVHeaderVocabulary.words(String(line))
            let valued =
                digits >= 4
                || line.split(separator: " ").contains { token in token.contains(where: \.isNumber) && token.count >= 4
                }
            let named =
                words.contains { secretNoteWords.contains($0) || CSVHeaderVocabulary.secretWords.contains($0) }
                || (valued
                    && {
                        titleNamesSecret = titleNamesSecret ?? titled()
                        return titleNamesSecret!
                    }())
            // An answer or a phrase is words: its label is enough, with a value after it.
            // (`A: Biscuit` answers the line before when that one asks.)
            let afterColon = line.split(separator: ":", maxSplits: 1).dropFirst().first
            let answered =
                (words.contains(where: answerWords.contains)
                    || (words.first == "a" && index > 0
                        && asks(CSVHeaderVocabulary.words(String(lines[index - 1])))))
                && afterColon.map { !$0.allSatisfy(\.isWhitespace) } == true
            // `security q: fav teacher = Mrs. Alvarez`: a question with its answer after it.
            let answeredInline = marked && asks(words)
            return (named && valued) || answered || answeredInline || (colon && namesSecretBeforeColon(line))
                || (digits >= 12 && NotesToken.hasCardNumber(line))
        }
    }

    /// `oud ww: Sprinter1`, `공인인증서 비번: cert!minji2021`, `herstelcode: 4829`: the words
    /// before the line's first colon end in a password or secret label (in any language the
    /// notes reader knows), and a value follows.
    static func namesSecretBeforeColon(_ line: Substring) -> Bool {
        guard let colon = line.prefix(41).firstIndex(of: ":"),
            !line[line.index(after: colon)...].allSatisfy(\.isWhitespace)
        else { return false }
        var words = NotesLabel.fold(line[..<colon]).split(separator: " ")
        // ("Security Q: first pet": a question is not its answer; ``secretLines`` reads those.)
        guard let last = words.last, !questionWords.contains(String(last)) else { return false }
        // "card PINs: truck1 1128, truck2 1129": a plural names the same secrets.
        if last.count > 3, last.hasSuffix("s"), NotesLabel.lookup(String(last)) == nil {
            words[words.count - 1] = last.dropLast()
        }
        return (1...min(3, words.count)).contains { count in
            guard let label = NotesLabel.lookup(words.suffix(count).joined(separator: " ")) else { return false }
            // ("pregunta de seguridad: …" asks; its answer is read by ``secretLines``.)
            let asks =
                CSVHeaderVocabulary.words(label.name).contains(where: questionWords.contains)
                || ["question", "vraag", "pregunta", "domanda", "pergunta", "frage"].contains(
                    where: label.name.contains)
            return !asks && (label.field == .password || label.field == .secret)
        }
    }

    /// Words naming a secret number or code in notes, besides the header vocabulary's secret words.
    static let secretNoteWords: Set<String> = [
        "code", "codes", "password", "passcode", "pw", "pwd", "mdp", "passwort", "senha", "contrasena", "nip", "kode",
        "kod", "koodi", "combo", "combination", "combinaison", "kombination", "safe", "digicode", "medicare", "pps",
        "ppsn", "steuer", "steuerid", "nino", "bsn", "pesel", "dni", "nie", "cpf", "cvv", "pruefziffer", "prufziffer",
        "비밀번호", "暗証番号", "密码", "пароль", "пин", "dowod", "dowodu", "ausweis", "ausweisnummer",
        "personalausweis", "reisepass", "passnummer", "identite", "identidad", "identita", "paspoort", "pasaporte",
    ]

    /// Words naming a security question (its answer follows it, or is on the next line).
    static let questionWords: Set<String> = [
        "q", "question", "frage", "sicherheitsfrage", "pregunta", "domanda", "vraag", "pergunta", "pytanie",
    ]

    /// Words labelling an answer or a phrase: secret whatever its value looks like.
    static let answerWords: Set<String> = [
        "answer", "antwort", "respuesta", "reponse", "risposta", "resposta", "antwoord", "seed", "mnemonic",
        "phrase", "passphrase", "sakerhetsfraga", "sikkerhedssporgsmal", "sikkerhetssporsmal", "sicherheitsfrage",
        "beveiligingsvraag", "turvakysymys", "pytanie",
    ]

    /// `[{"label": "PIN", "type": "hidden", "value": "1234"}]` (NordPass's `custom_fields`):
    /// its fields, hidden ones concealed; nil for anything else.
    static func jsonFieldList(_ value: String) -> [VaultItem.CustomField]? {
        guard value.first == "[", value.utf8.count <= 1 << 20,
            let list = try? JSONSerialization.jsonObject(with: Data(value.utf8)) as? [[String: Any]]
        else { return nil }
        return list.compactMap { entry in
            guard let name = (entry["label"] ?? entry["name"]) as? String,
                let fieldValue = entry["value"].map({ "\($0)" })
            else { return nil }
            let type = ((entry["type"] as? String) ?? "").lowercased()
            return .init(name: name, value: fieldValue, concealed: ["hidden", "password", "secret"].contains(type))
        }
    }

    /// A custom field is concealed when its name says it is secret (`PIN`, `Recovery code`),
    /// when it holds the item's password (RoboForm's `RfFieldsV2`), or when it is a field list
    /// marked hidden or password (NordPass's `custom_fields` JSON).
    static func concealSecretFields(of item: inout VaultItem) {
        for index in item.customFields.indices where !item.customFields[index].concealed {
            let field = item.customFields[index]
            let folded = field.value.lowercased()
            if CSVHeaderVocabulary.isSecret(field.name)
                || (item.password.map { $0.count >= 4 && field.value.contains($0) } ?? false)
                // A card number, or a line naming a secret and giving it (`Combination: 38-12-27`).
                || secretLines(field.value.split(separator: "\n", omittingEmptySubsequences: false)).contains(true)
                || (folded.hasPrefix("[") || folded.hasPrefix("{"))
                    && (folded.contains("\"hidden\"") || folded.contains("\"password\"")
                        || folded.contains("\"secret\""))
            {
                item.customFields[index].concealed = true
            }
        }
    }

    /// Whether `field` of `item` holds nothing yet.
    static func isEmpty(_ field: Field, of item: VaultItem) -> Bool {
        switch field {
        case .title: item.title.isEmpty
        case .username: item.username == nil
        case .password: item.password == nil
        case .url: item.urls.isEmpty
        case .notes: item.notes == nil
        case .totp: item.totp == nil
        case .folder: item.folder.isEmpty
        case .tags: item.tags.isEmpty
        case .created: item.created == nil
        case .modified: item.modified == nil
        case .icon: item.icon == nil
        case .favorite, .kind, .fields: false
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

    /// A table: a known header, or most lines with the same number of fields — under a first
    /// row that reads as a header, or over rows whose columns read as logins by their values.
    /// (A chat log, `[12/03, 19:02] Mum: what's the wifi`, has one comma a line: no table.)
    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        let text = try source.text().text
        guard Importer.looksLikeCSV(text) else { return nil }
        let firstLine = text.prefix(4096).prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        guard let first = try? CSVReader.rows(String(firstLine), input: source.name).rows.first else { return .medium }
        if Self.headerAfterTitleLines(text, input: source.name) { return .medium }
        if !overrides.isEmpty || !source.columnMap.isEmpty || HeaderlessCSV.isHeader(first.fields)
            || (try? columnMapping(first, input: source.name)) != nil
            || (try? headerlessColumns(text, input: source.name)) != nil
        {
            return .medium
        }
        // Only a narrow table of long cells is text cut at its commas; a wide one is a table
        // Coffer cannot read, refused with its hint.
        // ("--- Arbeit ---" over "SAP: Benutzer X, PW: y": one cell is no header row.)
        return (first.fields.count >= 2 && HeaderlessCSV.looksLikeHeaderRow(first.fields)) || first.fields.count >= 3
            ? .medium : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        let importer = CSVImporter(overrides: overrides.merging(source.columnMap) { $1 })
        var result = try importer.importItems(decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
