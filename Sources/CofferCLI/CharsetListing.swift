import ArgumentParser
import CofferKit
import Foundation

/// How `list` can group its table.
enum ListGrouping: String, ExpressibleByArgument, CaseIterable {
    /// By ``PasswordCharset``: letters only, with digits, with symbols, with both.
    case charset
}

/// `list --group-by charset`: the four sections of ``PasswordCharset``, then the items
/// without a password, apart. Each section is `list`'s table; no password is printed.
enum CharsetListing {
    static let noPassword = "no-password"

    /// `list`'s order: folder, then title, ignoring case.
    static func order(_ a: VaultItem, _ b: VaultItem) -> Bool {
        (a.folder.joined(separator: "/").lowercased(), a.title.lowercased())
            < (b.folder.joined(separator: "/").lowercased(), b.title.lowercased())
    }

    static func print(_ items: [VaultItem], json: Bool) throws {
        let sections: [(key: String, title: String, items: [VaultItem])] =
            PasswordCharset.allCases.map { charset in
                (charset.rawValue, charset.title, items.filter { PasswordCharset(password: $0.password) == charset })
            } + [(noPassword, "Without a password", items.filter { PasswordCharset(password: $0.password) == nil })]
        if json {
            let object: [[String: Any]] = sections.map { section in
                [
                    "section": section.key,
                    "items": section.items.sorted(by: order).map { item in
                        [
                            "id": item.id.recordString, "kind": item.kind.name, "title": item.title,
                            "username": item.username ?? "", "folder": item.folder,
                        ] as [String: Any]
                    },
                ]
            }
            let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
            CofferCLI.print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
            return
        }
        for (i, section) in sections.enumerated() {
            if i > 0 { CofferCLI.print("") }
            CofferCLI.print("\(section.title) (\(section.items.count))")
            if !section.items.isEmpty { try ItemTable.print(section.items, json: false) }
        }
    }
}
