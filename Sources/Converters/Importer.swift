import Foundation
import PropertyList
import VaultModel

/// Entry point of imports: detects the format from content (never the file name) and
/// dispatches. Formats so far: CSV with a header (every manager's CSV dialect, generic
/// sheets), Coffer's own JSON export, plists that are Coffer exports or arrays of
/// dictionaries (UserDefaults-style `accounts` lists, Keychain dumps).
public enum Importer {
    public static func importFile(
        _ bytes: [UInt8], input: String, format: String? = nil, map: [String: CSVImporter.Field] = [:]
    )
        throws -> (items: [VaultItem], report: ImportReport)
    {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            throw ConverterError(
                input: input,
                "a ZIP archive (Proton Pass, Dashlane and 1Password pack their exports this way); unzip it and "
                    + "import the file inside (Proton Pass: \"Proton Pass/data.json\")")
        }
        if bytes.starts(with: Array("-----BEGIN PGP MESSAGE-----".utf8)) {
            throw ConverterError(
                input: input, "a PGP-encrypted export; decrypt it with `gpg --decrypt` first, then import the result")
        }
        let detected = PropertyListFormat.detect(bytes)
        // Other managers' JSON, decoded once for every JSON importer that may claim it.
        let foreignJSON = detected == .json ? try? JSONPropertyList.decodeForeign(bytes) : nil
        if let value = foreignJSON {
            if format == nil || format == "bitwarden-json" || format == "json", BitwardenImporter.matches(value) {
                return try BitwardenImporter.importValue(value, input: input)
            }
            if format == nil || format == "protonpass-json" || format == "json", ProtonPassImporter.matches(value) {
                return try ProtonPassImporter.importValue(value, input: input)
            }
            if format == nil || format == "dashlane-json" || format == "json", DashlaneJSONImporter.matches(value) {
                return DashlaneJSONImporter.importValue(value, input: input)
            }
            if format == nil || format == "enpass-json" || format == "json", EnpassImporter.matches(value) {
                return EnpassImporter.importValue(value, input: input)
            }
        }
        if format == "dashlane-csv" {
            // Dashlane writes no header: title, url, username, password, note.
            let decoded = try TextDecoding.decode(bytes, input: input)
            var result = try CSVImporter().importItems(
                "title,url,username,password,notes\n" + decoded.text, input: input, encoding: decoded.encoding)
            result.report.format = "dashlane-csv"
            result.report.warnings = decoded.warnings + result.report.warnings
            return result
        }
        if format == nil || format == "keepass-xml", KeePassXMLImporter.matches(bytes) {
            return try KeePassXMLImporter.importBytes(bytes, input: input)
        }
        if format == nil || format == "plist" || format == "coffer-json" || format == "json", let detected {
            if let result = try? PlistImporter.importValue(
                PropertyListCoding.decode(bytes).value, input: input, format: detected)
            {
                return result
            }
        }
        if let format, let expected = Self.structuredFormats[format] {
            throw ConverterError(input: input, "the format \(format) was forced, but this file is not one: \(expected)")
        }
        guard format == nil || ["csv", "notes", "apple-keychain"].contains(format!) || format!.hasSuffix("-csv") else {
            throw ConverterError(
                input: input,
                "format \(format!) is not supported yet; supported: csv (any dialect with a header), dashlane-csv, notes, "
                    + "apple-keychain, bitwarden-json, protonpass-json, dashlane-json, enpass-json, keepass-xml, coffer json/plist"
            )
        }
        if format == nil, let structured = detected, structured != .json || foreignJSON != nil {
            throw ConverterError(
                input: input,
                "a \(structured.rawValue) document Coffer does not recognize as an export (supported: Bitwarden JSON, "
                    + "KeePass XML, Coffer exports, plist/JSON lists of accounts); force a format to read it as one",
                hint: .chooseFormat)
        }
        let decoded = try TextDecoding.decode(bytes, input: input)
        let head = String(decoded.text.prefix(4096))
        if format == "apple-keychain" || (format == nil && AppleKeychainImporter.matches(head[...])) {
            var result = try AppleKeychainImporter.importText(
                decoded.text, input: input, encoding: decoded.encoding)
            result.report.warnings = decoded.warnings + result.report.warnings
            return result
        }
        if format == "notes" || (format == nil && !looksLikeCSV(decoded.text)) {
            var (records, report) = NotesImporter.importText(decoded.text, input: input, encoding: decoded.encoding)
            report.warnings = decoded.warnings + report.warnings
            report.records = records.map {
                .init(
                    lines: $0.firstLine == $0.lastLine ? "\($0.firstLine)" : "\($0.firstLine)-\($0.lastLine)",
                    confidence: $0.confidence, title: $0.item.title)
            }
            return (records.map(\.item), report)
        }
        var result = try CSVImporter(overrides: map).importItems(decoded.text, input: input, encoding: decoded.encoding)
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}

extension Importer {
    /// Formats recognized by their structure, with what their files look like, for the
    /// error when one is forced on a file that is not one.
    static let structuredFormats: [String: String] = [
        "keepass-xml": "a KeePass XML export starts with <KeePassFile> (KeePassX: <database>)",
        "bitwarden-json": "a Bitwarden JSON export is an object with \"items\" (and \"encrypted\": false)",
        "protonpass-json": "a Proton Pass data.json is an object with \"vaults\"",
        "dashlane-json": "a Dashlane JSON export is an object with an \"AUTHENTIFIANT\" list",
        "enpass-json": "an Enpass JSON export is an object with \"items\" that have \"fields\" and \"category\"",
        "plist": "a property list (XML, binary or JSON) that is a Coffer export or a list of accounts",
        "json": "a JSON export Coffer knows (Bitwarden, Proton Pass, Dashlane, Enpass, Coffer's own)",
        "coffer-json": "a Coffer JSON export is an object with \"coffer\" and \"items\"",
    ]

    /// Most lines carry the same non-zero number of delimiters (outside quotes): a table,
    /// not a notes list. A table without a recognized header is an error, never a guess.
    static func looksLikeCSV(_ text: String) -> Bool {
        // A first line that is a header Coffer knows (two or more of title, username,
        // password, URL) is a table, however long the rows under it.
        let firstLine = text.prefix(4096).prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        if let (_, header) = try? CSVReader.rows(String(firstLine), input: ""), let fields = header.first?.fields,
            Set(fields.compactMap { CSVImporter.aliases[CSVImporter.normalize($0)] }).intersection([
                .title, .username, .password, .url,
            ]).count >= 2
        {
            return true
        }
        guard let (_, rows) = try? CSVReader.rows(String(text.prefix(65_536)), input: "") else {
            return true  // an unterminated quote: let the CSV reader report it with its line
        }
        let counts = rows.prefix(50).map(\.fields.count)
        guard counts.count >= 2 else { return false }
        // The most common field count, so a stray line (Dashlane's "empty entry") does not hide a table.
        let histogram = Dictionary(counts.map { ($0, 1) }, uniquingKeysWith: +)
        guard let (mode, frequency) = histogram.max(by: { $0.value < $1.value }), mode > 1 else { return false }
        return Double(frequency) >= 0.7 * Double(counts.count)
    }
}

/// Plists and Coffer's JSON: a Coffer export (`{"coffer": 1, "items": […]}`) or an array of
/// dictionaries (directly or under one key, like a UserDefaults `accounts` array) whose keys
/// go through the same aliases as CSV columns.
enum PlistImporter {
    static func importValue(_ value: PropertyListValue, input: String, format: PropertyListFormat) throws -> (
        items: [VaultItem], report: ImportReport
    ) {
        if case .dictionary(let d) = value, d["coffer"] != nil, case .array(let records)? = d["items"] {
            var report = ImportReport(input: input, format: "coffer-\(format.rawValue)", encoding: "UTF-8")
            var items = [VaultItem]()
            for (i, record) in records.enumerated() {
                report.read += 1
                guard case .dictionary(let item) = record else {
                    report.skipped.append(.init(line: i + 1, reason: "item \(i) is not a dictionary"))
                    continue
                }
                items.append(try VaultItem(plist: item, record: i + 1))
                report.imported += 1
            }
            return (items, report)
        }
        var rows: [PropertyListDictionary]?
        var ignoredKeys = [String]()
        if case .array(let a) = value { rows = a.compactMap(\.dictionaryValue) }
        if case .dictionary(let d) = value {
            // The one array of dictionaries in it (a UserDefaults-style `accounts` list).
            let lists = d.entries.filter { entry in
                if case .array(let a) = entry.value { return !a.isEmpty && a.allSatisfy { $0.dictionaryValue != nil } }
                return false
            }
            if lists.count == 1 {
                rows = lists[0].value.arrayValue!.compactMap(\.dictionaryValue)
                ignoredKeys = d.keys.filter { $0 != lists[0].key }
            }
        }
        guard let rows, !rows.isEmpty else {
            throw ConverterError(input: input, "a plist that is not a list of accounts")
        }
        // Same aliases as CSV columns: turn the dictionaries into a CSV-like table.
        var columns = [String]()
        for row in rows { for key in row.keys where !columns.contains(key) { columns.append(key) } }
        var csv = columns.map(quote).joined(separator: ",") + "\n"
        for row in rows {
            csv +=
                columns.map { key -> String in
                    switch row[key] {
                    case .string(let s)?: quote(s)
                    case .integer(let i)?: quote(i.description)
                    case .bool(let b)?: quote(b ? "true" : "false")
                    case .real(let r)?: quote(r.description)
                    case .date(let date)?: quote(ISODates.string(date))
                    case .data(let data)?: quote(String(data: data, encoding: .utf8) ?? data.base64EncodedString())
                    default: ""
                    }
                }.joined(separator: ",") + "\n"
        }
        var result = try CSVImporter().importItems(csv, input: input, encoding: "UTF-8")
        result.report.format = "plist-\(format.rawValue)-list"
        if !ignoredKeys.isEmpty {
            result.report.warnings.append(
                "\(input): top-level keys not imported (not accounts): \(ignoredKeys.joined(separator: ", "))")
        }
        return result
    }

    static func quote(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
