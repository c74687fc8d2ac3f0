import Foundation
import PropertyList
import VaultModel

/// Plists and Coffer's JSON: a Coffer export (`{"coffer": 1, "items": […]}`), a list of
/// keychain items (SecItem attribute dictionaries, ``KeychainItemRows``), or an array of
/// dictionaries (directly or under one key, like a UserDefaults `accounts` array) whose keys
/// go through the same aliases as CSV columns.
struct PlistImporter: ImportFormat {
    var name: String { "plist" }
    var aliases: [String] { ["coffer-json"] }
    var syntaxes: Set<ImportSource.Syntax> { [.json, .xml, .binaryPlist] }
    var expectation: String? { "a property list (XML, binary or JSON) that is a Coffer export or a list of accounts" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        let value: PropertyListValue
        switch source.syntax {
        case .text, .zip: return nil
        case .json:
            // JSON's syntax errors are reported as such; JSON that parses but maps to no
            // property list (a null) is simply not one.
            _ = try source.foreignJSON()
            guard let parsed = try? source.propertyList() else { return nil }
            value = parsed.value
        case .xml, .binaryPlist:
            value = try source.propertyList().value
        }
        if Self.isCofferExport(value) { return .high }
        guard let (rows, _) = Self.accountRows(in: value) else { return nil }
        // JSON objects are everywhere (chat exports, app data): a list of them is accounts
        // only with a password among its keys; any other is read as text (JSONTextImporter).
        if source.syntax == .json, !KeychainItemRows.matches(rows),
            !rows.prefix(100).contains(where: { row in
                row.keys.contains { CSVHeaderVocabulary.meaning(of: $0)?.field == .password }
            })
        {
            return nil
        }
        return .medium
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let (value, format) = try source.propertyList()
        return try Self.importValue(value, input: source.name, format: format)
    }

    static func isCofferExport(_ value: PropertyListValue) -> Bool {
        if case .dictionary(let d) = value, d["coffer"] != nil, case .array? = d["items"] { return true }
        return false
    }

    /// The dictionaries of a list of accounts (the array itself, or the one array of
    /// dictionaries in a dictionary), and the top-level keys left out; nil when there are none.
    static func accountRows(in value: PropertyListValue) -> (rows: [PropertyListDictionary], ignored: [String])? {
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
        guard let rows, !rows.isEmpty else { return nil }
        return (rows, ignoredKeys)
    }

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
                do {
                    items.append(try VaultItem(plist: item, record: i + 1))
                } catch let error as ModelError {
                    throw ConverterError(.invalidData, input: input, "not a valid Coffer export: \(error)")
                }
                report.imported += 1
            }
            return (items, report)
        }
        guard let (rows, ignoredKeys) = Self.accountRows(in: value) else {
            throw ConverterError(input: input, "a plist that is not a list of accounts")
        }
        if KeychainItemRows.matches(rows) {
            var result = KeychainItemRows.importRows(rows, input: input, format: format)
            if !ignoredKeys.isEmpty {
                result.report.warnings.append(
                    "\(input): top-level keys not imported (not accounts): \(ignoredKeys.joined(separator: ", "))")
            }
            return result
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
