import Foundation
import VaultModel

/// Enpass's CSV export: each row is a title, then the item's fields as name, value pairs in
/// the item's own order (`Username`, `atanaka`, `Email`, `a@x.jp`, `Password`, `pw`,
/// `Website`, `https://…`, `PIN`, `9033`), then the note when the row's cell count leaves
/// one over. Written with the header `"Title","Field","Value","Field","Value",…,"Note"` or
/// none. Detected by that header, or by rows whose second and fourth cells name fields.
///
/// Field names are read with the CSV header vocabulary: the first username, password and
/// TOTP fill the item's own; an e-mail fills the username when none is given; every other
/// field (a second website, `PIN`, `Passport number`) is a custom field, concealed when its
/// name says it is secret.
struct EnpassCSVImporter {
    static func importText(_ text: String, input: String, encoding: String) throws -> ImportResult {
        var report = ImportReport(input: input, format: "enpass-csv", encoding: encoding)
        var items = [VaultItem]()
        try CSVReader.forEachRow(text, input: input) { row in
            if isHeader(row.fields) { return }
            report.read += 1
            guard let title = row.fields.first, row.fields.contains(where: { !$0.isEmpty }) else {
                report.skipped.append(.init(line: row.line, reason: "empty row"))
                return
            }
            var item = VaultItem(title: title.trimmingCharacters(in: .whitespaces))
            var rest = Array(row.fields.dropFirst())
            if rest.count % 2 == 1, let note = rest.popLast(), !note.isEmpty { item.notes = note }
            var email: String?
            for pair in stride(from: 0, to: rest.count, by: 2) {
                let (name, value) = (rest[pair].trimmingCharacters(in: .whitespaces), rest[pair + 1])
                guard !value.isEmpty else { continue }
                let meaning = CSVHeaderVocabulary.meaning(of: name)
                switch meaning?.field {
                case .username where meaning!.strength <= 1 && email == nil:
                    email = value  // an e-mail: the login only when no username is given
                case .username where item.username == nil: item.username = value
                case .password where item.password == nil: item.password = value
                case .url: item.urls.append(value)
                case .totp where item.totp == nil: item.totp = TOTP.itemValue(value, account: item.title)
                case .notes where item.notes == nil: item.notes = value
                default:
                    item.customFields.append(
                        .init(name: name, value: value, concealed: CSVHeaderVocabulary.isSecret(name)))
                }
            }
            if let email {
                if item.username == nil {
                    item.username = email
                } else if item.username != email {
                    item.customFields.insert(.init(name: "Email", value: email), at: 0)
                }
            }
            items.append(ManagerRecord.finish(item, report: &report))
        }
        return (items, report)
    }

    /// `Title, Field, Value, Field, Value, …[, Note]`.
    static func isHeader(_ fields: [String]) -> Bool {
        let names = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard names.count >= 3, names[0] == "title", names[1] == "field", names[2] == "value" else { return false }
        return names.dropFirst().allSatisfy {
            ["field", "value", "note", "notes", ""].contains($0) || $0.hasPrefix("...")
        }
    }

    /// The header, or (with none) most rows naming a login's fields in their second and
    /// fourth cells (`Username`, `Email`, `Password`, `Website`).
    static func looksLikeEnpass(_ text: String) -> Bool {
        // (The header alone first: Enpass quotes every cell, and a long export's sample may not parse.)
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        if let header = try? CSVReader.rows(String(firstLine), input: "").rows.first, isHeader(header.fields) {
            return true
        }
        guard let rows = CSVReader.leadingRows(text), rows.first != nil else { return false }
        let sample = rows.prefix(50).filter { $0.fields.contains { !$0.isEmpty } }
        let named = sample.filter { row in
            row.fields.count >= 5 && fieldNames.contains(row.fields[1].lowercased())
                && fieldNames.contains(row.fields[3].lowercased())
        }
        return sample.count >= 2 && named.count * 10 >= sample.count * 6
    }

    /// Field names Enpass writes for logins and the other kinds it exports.
    private static let fieldNames: Set<String> = [
        "username", "email", "e-mail", "password", "website", "url", "login", "phone", "totp", "type", "full name",
        "number", "cardholder", "card number", "ssid", "note", "security question", "pin",
    ]
}

extension EnpassCSVImporter: ImportFormat {
    var name: String { "enpass-csv" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        return Self.looksLikeEnpass(try source.text().text) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        var result = try Self.importText(decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
