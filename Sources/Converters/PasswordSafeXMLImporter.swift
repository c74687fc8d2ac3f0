import Foundation
import VaultModel

/// Password Safe's XML export (`File > Export To > XML Format`): `<passwordsafe
/// delimiter="»">` holding `<entry>` elements with `group` (dot-separated path), `title`,
/// `username`, `password`, `url`, `email`, `notes` (lines joined by the delimiter),
/// `ctimex`/`pmtimex`/`rmtimex` dates and `pwhistory` old passwords. Other elements
/// become custom fields.
struct PasswordSafeXMLImporter {
    static let known: Set<String> = [
        "group", "title", "username", "password", "url", "notes", "ctimex", "pmtimex", "rmtimex", "pwhistory", "uuid",
        "atimex", "xtimex",
    ]

    static func importBytes(_ bytes: [UInt8], input: String, limits: ImportLimits) throws -> ImportResult {
        let root = try XMLNode.parse(
            bytes, input: input, expected: "a Password Safe XML export", attributes: ["delimiter"], limits: limits)
        let delimiter = root.attributes["delimiter"].flatMap { $0.isEmpty ? nil : $0 }
        var report = ImportReport(input: input, format: "pwsafe-xml", encoding: "UTF-8")
        var items = [VaultItem]()
        for entry in root.all("entry") {
            report.read += 1
            var item = VaultItem(title: entry.value("title") ?? "")
            item.folder = entry.value("group").map(Self.groupPath) ?? []
            item.username = entry.value("username")
            item.password = entry.value("password")
            item.urls = entry.value("url").map { [$0] } ?? []
            item.notes = entry.value("notes").map { note in
                delimiter.map { note.replacingOccurrences(of: $0, with: "\n") } ?? note
            }
            item.created = entry.value("ctimex").flatMap(ISODates.parse)
            item.modified = (entry.value("rmtimex") ?? entry.value("pmtimex")).flatMap(ISODates.parse)
            for old in entry.first("pwhistory")?.first("history_entries")?.all("history_entry") ?? [] {
                if let password = old.value("oldpassword") {
                    item.passwordHistory.append(
                        .init(password: password, date: old.value("changedx").flatMap(ISODates.parse)))
                }
            }
            for other in entry.children where !known.contains(other.name) && !other.text.isEmpty {
                item.customFields.append(
                    .init(name: other.name, value: other.text, concealed: CSVHeaderVocabulary.isSecret(other.name)))
            }
            items.append(ManagerRecord.finish(item, report: &report))
        }
        return (items, report)
    }

    /// `Emails.WS` → `["Emails", "WS"]`; Password Safe writes a dot inside a name as `\.`.
    static func groupPath(_ group: String) -> [String] {
        var parts = [String]()
        var current = ""
        var escaped = false
        for character in group {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "." {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.filter { !$0.isEmpty }
    }
}

extension PasswordSafeXMLImporter: ImportFormat {
    var name: String { "pwsafe-xml" }
    var aliases: [String] { ["passwordsafe-xml"] }
    var syntaxes: Set<ImportSource.Syntax> { [.xml] }
    var expectation: String? { "a Password Safe XML export, starting with <passwordsafe>" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        source.syntax == .xml && XMLHead.contains("<passwordsafe", in: source.bytes) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        try Self.importBytes(source.bytes, input: source.name, limits: source.limits)
    }
}
