import Foundation
import VaultModel

/// Sticky Password's XML export: `<root><Database>` with `<Logins>` (`<Login ID Name
/// Password>`: a username and its password), `<Accounts>` (`<Account Name Link Comments
/// ParentID>` holding `<LoginLinks><Login SourceLoginID>` references, one item per linked
/// login) and `<Groups>` (`<Group ID Name ParentID>`, nested by ParentID). Comments write
/// line breaks as `/n`. A login no account links to is still imported; an account without
/// logins becomes a note.
struct StickyPasswordImporter {
    static func importBytes(_ bytes: [UInt8], input: String, limits: ImportLimits) throws -> ImportResult {
        let root = try XMLNode.parse(
            bytes, input: input, expected: "a Sticky Password XML export",
            attributes: ["ID", "Name", "Password", "Link", "Comments", "ParentID", "SourceLoginID"], limits: limits)
        let database = root.name == "Database" ? root : root.first("Database") ?? root
        var logins = [String: XMLNode]()
        for login in database.first("Logins")?.all("Login") ?? [] {
            if let id = login.attributes["ID"] { logins[id] = login }
        }
        var groups = [String: (name: String, parent: String?)]()
        for group in database.first("Groups")?.all("Group") ?? [] {
            if let id = group.attributes["ID"] {
                groups[id] = (group.attributes["Name"] ?? "", group.attributes["ParentID"])
            }
        }
        func path(_ id: String?) -> [String] {
            var names = [String]()
            var current = id
            var seen = Set<String>()  // a ParentID loop ends the path, never the import
            while let key = current, let group = groups[key], seen.insert(key).inserted, names.count < limits.groupDepth
            {
                if !group.name.isEmpty { names.insert(group.name, at: 0) }
                current = group.parent
            }
            return names
        }
        var report = ImportReport(input: input, format: "stickypassword-xml", encoding: "UTF-8")
        var items = [VaultItem]()
        var linked = Set<String>()
        for account in database.first("Accounts")?.all("Account") ?? [] {
            var base = VaultItem(title: account.attributes["Name"] ?? "")
            base.urls = account.attributes["Link"].flatMap { $0.isEmpty ? nil : [$0] } ?? []
            base.notes = account.attributes["Comments"].flatMap {
                $0.isEmpty ? nil : $0.replacingOccurrences(of: "/n", with: "\n")
            }
            base.folder = path(account.attributes["ParentID"])
            let references =
                account.first("LoginLinks")?.all("Login").compactMap { $0.attributes["SourceLoginID"] } ?? []
            if references.isEmpty {
                report.read += 1
                items.append(ManagerRecord.finish(base, report: &report))
            }
            for reference in references {
                report.read += 1
                var item = base
                item.id = .randomV4()
                linked.insert(reference)
                if let login = logins[reference] {
                    item.username = login.attributes["Name"].flatMap { $0.isEmpty ? nil : $0 }
                    item.password = login.attributes["Password"].flatMap { $0.isEmpty ? nil : $0 }
                } else {
                    report.warnings.append(
                        "\(input): account \"\(base.title)\" names login \(reference), which the export does not hold")
                }
                items.append(ManagerRecord.finish(item, report: &report))
            }
        }
        for (id, login) in logins.sorted(by: { $0.key < $1.key }) where !linked.contains(id) {
            report.read += 1
            var item = VaultItem(title: "")
            item.username = login.attributes["Name"].flatMap { $0.isEmpty ? nil : $0 }
            item.password = login.attributes["Password"].flatMap { $0.isEmpty ? nil : $0 }
            items.append(ManagerRecord.finish(item, report: &report))
        }
        return (items, report)
    }
}

extension StickyPasswordImporter: ImportFormat {
    var name: String { "stickypassword-xml" }
    var aliases: [String] { ["sticky-xml"] }
    var syntaxes: Set<ImportSource.Syntax> { [.xml] }
    var expectation: String? { "a Sticky Password XML export: <root><Database> with <Logins> and <Accounts>" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .xml else { return nil }
        let head = String(decoding: source.bytes.prefix(4096), as: UTF8.self)
        return head.contains("<Database") && (head.contains("<Logins") || head.contains("<Accounts")) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        try Self.importBytes(source.bytes, input: source.name, limits: source.limits)
    }
}
