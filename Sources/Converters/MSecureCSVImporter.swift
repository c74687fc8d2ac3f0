import Foundation
import VaultModel

/// mSecure's CSV export, which has no header: `Title|id, Type, Folder, Notes`, then one
/// field per cell written `Label|kind|value` (`Website|2|https://…`, `Username|7|ana`,
/// `Password|8|…`). Labels are read like CSV headers (``CSVHeaderVocabulary``); credit
/// cards keep their number, code and expiry in details; other labelled values become custom
/// fields, concealed when the label or mSecure's password kind (8) says secret. Detected by
/// those labelled cells.
struct MSecureCSVImporter {
    static func importText(_ text: String, input: String, encoding: String) throws -> ImportResult {
        var report = ImportReport(input: input, format: "msecure-csv", encoding: encoding)
        var items = [VaultItem]()
        try CSVReader.forEachRow(text, input: input) { row in
            report.read += 1
            let f = row.fields
            guard f.count >= 3 else {
                report.skipped.append(.init(line: row.line, reason: "not an mSecure record (\(f.count) fields)"))
                return
            }
            var item = VaultItem(title: String(f[0].split(separator: "|", omittingEmptySubsequences: false)[0]))
            let type = f[1]
            if !f[2].isEmpty && f[2] != "Unassigned" { item.folder = [f[2]] }
            if f.count > 3, !f[3].isEmpty { item.notes = f[3].replacingOccurrences(of: "\\n", with: "\n") }
            if type == "Credit Card" { item.kind = .card }
            for cell in f.dropFirst(4) where !cell.isEmpty {
                guard let (label, kind, value) = labelled(cell) else {
                    item.notes = [item.notes, cell].compactMap { $0 }.joined(separator: "\n")
                    continue
                }
                guard !value.isEmpty else { continue }
                if item.kind == .card, let key = cardKeys[label.lowercased()] {
                    item.details[key] = .string(value)
                    continue
                }
                switch CSVHeaderVocabulary.meaning(of: label)?.field {
                case .username? where item.username == nil: item.username = value
                case .password? where item.password == nil: item.password = value
                case .url?: item.urls.append(value)
                case .totp? where item.totp == nil: item.totp = TOTP.itemValue(value, account: item.title)
                default:
                    let concealed = kind == "8" || CSVHeaderVocabulary.isSecret(label)
                    item.customFields.append(.init(name: label, value: value, concealed: concealed))
                }
            }
            if !type.isEmpty, !["Login", "Web Logins", "Credit Card"].contains(type) {
                item.customFields.insert(.init(name: "mSecure type", value: type), at: 0)
            }
            items.append(ManagerRecord.finish(item, report: &report))
        }
        return (items, report)
    }

    static let cardKeys = [
        "card number": "number", "security code": "code", "expiration date": "expiry", "name on card": "cardholder",
    ]

    /// `Label|kind|value` (the value may itself hold `|`).
    static func labelled(_ cell: String) -> (String, String, String)? {
        let parts = cell.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber) else {
            return nil
        }
        return (String(parts[0]), String(parts[1]), String(parts[2]))
    }

    /// At least half the rows hold a `Label|kind|value` cell after their fourth (notes hold none).
    static func looksLikeMSecure(_ text: String) -> Bool {
        guard let rows = CSVReader.leadingRows(text) else { return false }
        let sample = rows.prefix(50)
        let records = sample.filter { $0.fields.dropFirst(4).contains { Self.labelled($0) != nil } }.count
        return records > 0 && records * 2 >= sample.count
    }
}

extension MSecureCSVImporter: ImportFormat {
    var name: String { "msecure-csv" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        return Self.looksLikeMSecure(try source.text().text) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        var result = try Self.importText(decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
