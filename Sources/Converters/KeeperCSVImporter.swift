import Foundation
import VaultModel

/// Keeper's CSV export, which has no header: `Folder, Title, Login, Password, Website
/// Address, Notes, Shared Folder`, then custom fields as name, value pairs. Detected by its
/// shape: no header, six or more fields a row, and a URL in the fifth column. A custom field
/// holding an `otpauth://` URI becomes the item's TOTP; secret-named ones are concealed.
struct KeeperCSVImporter {
    static func importText(_ text: String, input: String, encoding: String) throws -> ImportResult {
        var report = ImportReport(input: input, format: "keeper-csv", encoding: encoding)
        var items = [VaultItem]()
        try CSVReader.forEachRow(text, input: input) { row in
            report.read += 1
            let f = row.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            guard f.count >= 5, f.contains(where: { !$0.isEmpty }) else {
                report.skipped.append(.init(line: row.line, reason: "\(f.count) fields; a Keeper row has at least 6"))
                return
            }
            func cell(_ i: Int) -> String? { i < f.count && !f[i].isEmpty ? f[i] : nil }
            var item = VaultItem(title: cell(1) ?? "")
            item.folder = cell(0).map { $0.split(separator: "\\").map(String.init) } ?? []
            item.username = cell(2)
            item.password = cell(3)
            item.urls = cell(4).map { [$0] } ?? []
            item.notes = row.fields.count > 5 && !row.fields[5].isEmpty ? row.fields[5] : nil
            if let shared = cell(6) { item.customFields.append(.init(name: "Shared Folder", value: shared)) }
            var i = 7
            while i < f.count {
                let name = f[i]
                let value = i + 1 < row.fields.count ? row.fields[i + 1] : ""
                i += 2
                guard !value.isEmpty else { continue }
                if value.lowercased().hasPrefix("otpauth://"), item.totp == nil {
                    item.totp = TOTP.itemValue(value, account: item.title)
                } else {
                    item.customFields.append(
                        .init(name: name, value: value, concealed: CSVHeaderVocabulary.isSecret(name)))
                }
            }
            items.append(ManagerRecord.finish(item, report: &report))
        }
        return (items, report)
    }

    /// Rows of six or more fields under no header, most with a URL (or nothing) in the
    /// fifth column and at least one URL there.
    static func looksLikeKeeper(_ text: String) -> Bool {
        guard let rows = CSVReader.leadingRows(text), let first = rows.first else { return false }
        if HeaderlessCSV.isHeader(first.fields) { return false }
        let sample = rows.prefix(50)
        guard sample.filter({ $0.fields.count >= 6 }).count * 10 >= sample.count * 9 else { return false }
        let fifth = sample.compactMap { $0.fields.count > 4 && !$0.fields[4].isEmpty ? $0.fields[4] : nil }
        let urls = fifth.filter(HeaderlessCSV.looksLikeURL).count
        return urls > 0 && urls * 10 >= fifth.count * 8
            && !sample.contains { $0.fields.count > 1 && HeaderlessCSV.looksLikeURL($0.fields[1]) }
    }
}

extension KeeperCSVImporter: ImportFormat {
    var name: String { "keeper-csv" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        return Self.looksLikeKeeper(try source.text().text) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        var result = try Self.importText(decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
