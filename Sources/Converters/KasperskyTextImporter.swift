import Foundation
import VaultModel

/// Kaspersky Password Manager's text export: sections `Websites`, `Applications` and
/// `Notes`, each a run of blocks separated by `---` lines, each block `Label: value` lines
/// (`Website name`, `Website URL`, `Login name`, `Login`, `Password`, `Comment`;
/// `Application`; `Name`, `Text`). A `Comment` or `Text` runs on over the following lines
/// until the next label or the block's end. Other labels become custom fields (concealed
/// when they name a secret). Detected by its `Website URL:` or `Application:` labels and
/// `---` separators.
struct KasperskyTextImporter {
    static let titleLabels: Set<String> = ["website name", "application", "name"]
    static let sections: Set<String> = ["websites", "applications", "notes", "documents", "addresses", "bank cards"]
    /// Labels whose value may run over several lines.
    static let multiline: Set<String> = ["comment", "text"]
    static let labels: Set<String> = [
        "website name", "website url", "login name", "login", "password", "comment", "application", "name", "text",
    ]

    static func importText(_ text: String, input: String, encoding: String) -> ImportResult {
        var report = ImportReport(input: input, format: "kaspersky-txt", encoding: encoding)
        var items = [VaultItem]()
        var block = [(label: String, value: String, line: Int)]()
        var section = ""
        func flush() {
            defer { block = [] }
            guard !block.isEmpty else { return }
            report.read += 1
            var item = VaultItem(title: "")
            if section == "notes" { item.kind = .secureNote }
            for (label, value, _) in block {
                let key = label.lowercased()
                let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { continue }
                switch key {
                case _ where titleLabels.contains(key) && item.title.isEmpty: item.title = trimmed
                case "website url": item.urls.append(trimmed)
                case "login": item.username = trimmed
                case "password": item.password = trimmed
                case "comment", "text": item.notes = trimmed
                default:
                    item.customFields.append(
                        .init(name: label, value: trimmed, concealed: CSVHeaderVocabulary.isSecret(label)))
                }
            }
            items.append(ManagerRecord.finish(item, report: &report))
        }
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let line = String(rawLine)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "---" {
                flush()
                continue
            }
            if block.isEmpty, sections.contains(trimmed.lowercased()) {
                section = trimmed.lowercased()
                continue
            }
            if let colon = line.firstIndex(of: ":") {
                let label = line[..<colon].trimmingCharacters(in: .whitespaces)
                let afterColon = line[line.index(after: colon)...]
                // Another label of the block (not a URL, not a line of a running comment).
                let otherLabel =
                    !label.isEmpty && label.count <= 40 && !label.contains("/") && !afterColon.hasPrefix("//")
                    && block.last.map { !multiline.contains($0.label.lowercased()) } == true
                if labels.contains(label.lowercased()) || otherLabel {
                    var value = String(line[line.index(after: colon)...])
                    if value.hasPrefix(" ") { value.removeFirst() }
                    block.append((label, value, lineNumber))
                    continue
                }
            }
            if let last = block.last, multiline.contains(last.label.lowercased()) {
                block[block.count - 1].value += "\n" + line
            } else if !trimmed.isEmpty {
                // A line that is no label: kept in the block's notes, never dropped.
                block.append(("Comment", line, lineNumber))
            }
        }
        flush()
        return (items, report)
    }

    static func looksLikeKaspersky(_ text: String) -> Bool {
        let head = text.prefix(65_536)
        let hasSeparator = head.contains("\n---\n") || head.contains("\r\n---\r\n")
        return hasSeparator && (head.contains("Website URL:") || head.contains("Application:"))
            && (head.contains("\nLogin:") || head.contains("\nPassword:"))
    }
}

extension KasperskyTextImporter: ImportFormat {
    var name: String { "kaspersky-txt" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        return Self.looksLikeKaspersky(try source.text().text) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        var result = Self.importText(decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
