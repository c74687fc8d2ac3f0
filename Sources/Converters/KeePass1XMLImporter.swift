import Foundation
import VaultModel

/// KeePass 1.x XML (`File > Export To > XML`): `<pwlist>` of `<pwentry>` elements with
/// `<group tree="Parent\Child">Name</group>`, `title`, `username`, `url`, `password`,
/// `notes` (line breaks as `<br />`), `uuid`, `image`, `creationtime`, `lastmodtime`,
/// `lastaccesstime` and `<expiretime expires="true|false">`. Other elements become custom
/// fields; KeePass's own "Meta-Info" entries (its settings, not accounts) are kept as notes.
struct KeePass1XMLImporter {
    static let known: Set<String> = [
        "group", "title", "username", "url", "password", "notes", "uuid", "image", "creationtime", "lastmodtime",
        "lastaccesstime", "expiretime",
    ]

    static func importBytes(_ bytes: [UInt8], input: String, limits: ImportLimits) throws -> ImportResult {
        let root = try XMLNode.parse(
            bytes, input: input, expected: "a KeePass 1.x XML export", attributes: ["tree", "expires"], limits: limits)
        var report = ImportReport(input: input, format: "keepass1-xml", encoding: "UTF-8")
        var items = [VaultItem]()
        for entry in root.all("pwentry") {
            report.read += 1
            var item = VaultItem(title: entry.value("title") ?? "")
            if let group = entry.first("group") {
                let tree = group.attributes["tree"].map { $0.split(separator: "\\").map(String.init) } ?? []
                item.folder = (tree + [group.text]).filter { !$0.isEmpty }
            }
            item.username = entry.value("username")
            item.password = entry.value("password")
            item.urls = entry.value("url").map { [$0] } ?? []
            item.notes = entry.value("notes")
            item.created = entry.value("creationtime").flatMap(ISODates.parse)
            item.modified = entry.value("lastmodtime").flatMap(ISODates.parse)
            if let expiry = entry.first("expiretime"), expiry.attributes["expires"]?.lowercased() == "true" {
                item.customFields.append(.init(name: "expires", value: expiry.text))
            }
            for other in entry.children where !known.contains(other.name) && !other.text.isEmpty {
                item.customFields.append(
                    .init(name: other.name, value: other.text, concealed: CSVHeaderVocabulary.isSecret(other.name)))
            }
            items.append(ManagerRecord.finish(item, report: &report))
        }
        return (items, report)
    }
}

extension KeePass1XMLImporter: ImportFormat {
    var name: String { "keepass1-xml" }
    var syntaxes: Set<ImportSource.Syntax> { [.xml] }
    var expectation: String? { "a KeePass 1.x XML export, starting with <pwlist>" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        source.syntax == .xml && XMLHead.contains("<pwlist", in: source.bytes) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        try Self.importBytes(source.bytes, input: source.name, limits: source.limits)
    }
}
