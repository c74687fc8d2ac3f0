import Foundation
import PropertyList
import VaultModel

/// Lists of SecItem attribute dictionaries, as `SecItemCopyMatching` returns them with
/// `kSecReturnAttributes` and `kSecReturnData` and apps or scripts save them: each row has
/// `class` (`genp`, `inet`, …) and the four-character attribute keys (`svce`, `acct`,
/// `srvr`, `ptcl`, `port`, `path`, `atyp`, `sdmn`, `labl`, `icmt`, …), the secret in
/// `v_Data`. They map as `security dump-keychain` blocks do (``AppleKeychainImporter``),
/// keychain attributes kept (spec/MODEL.md); keys that map to nothing are reported.
enum KeychainItemRows {
    /// Keys the mapping reads (besides `class` and `v_Data`).
    static let known: Set<String> = [
        "svce", "acct", "srvr", "ptcl", "port", "path", "atyp", "sdmn", "labl", "icmt", "desc", "gena", "cdat",
        "mdat", "type",
    ]

    /// The Security framework's item classes (`kSecClass` values as SecItem dictionaries
    /// write them): passwords, certificates, keys, identities.
    static let classes: Set<String> = ["genp", "inet", "cert", "keys", "idnt"]

    /// Whether `rows` are SecItem dictionaries: every row has one of ``classes`` as `class`,
    /// and a secret or a service, account or server.
    static func matches(_ rows: [PropertyListDictionary]) -> Bool {
        rows.allSatisfy { row in
            guard case .string(let itemClass)? = row["class"], classes.contains(itemClass) else { return false }
            return ["v_Data", "svce", "acct", "srvr"].contains { row[$0] != nil }
        }
    }

    static func importRows(_ rows: [PropertyListDictionary], input: String, format: PropertyListFormat) -> (
        items: [VaultItem], report: ImportReport
    ) {
        var report = ImportReport(input: input, format: "plist-\(format.rawValue)-keychain-items", encoding: "UTF-8")
        var items = [VaultItem]()
        var ignored = Set<String>()
        for (i, row) in rows.enumerated() {
            var block = AppleKeychainImporter.Block(line: i + 1)
            block.itemClass = row["class"]?.stringValue ?? ""
            for (key, value) in row where known.contains(key) {
                guard let bytes = bytes(of: value) else {
                    ignored.insert(key)
                    continue
                }
                // The dump names the label by its number; the mapping reads it so.
                block.attributes[key == "labl" ? "0x00000007" : key] = bytes
            }
            if let data = row["v_Data"] { block.data = bytes(of: data) }
            for key in row.keys where !known.contains(key) && key != "class" && key != "v_Data" { ignored.insert(key) }
            report.read += 1
            guard block.itemClass == "genp" || block.itemClass == "inet" else {
                report.skipped.append(
                    .init(
                        line: i + 1,
                        reason: "item \(i): class \(block.itemClass) is a key or certificate, not a password item"))
                continue
            }
            let item = AppleKeychainImporter.makeItem(block, input: input, report: &report)
            if item.kind == .secureNote { report.keptAsNotes += 1 } else { report.imported += 1 }
            items.append(item)
        }
        if !ignored.isEmpty {
            report.warnings.append(
                "\(input): keychain attributes not imported (no place in an item): \(ignored.sorted().joined(separator: ", "))"
            )
        }
        return (items, report)
    }

    /// A value as the dump would print its bytes: text as UTF-8, an integer in decimal, a
    /// date as the keychain's `YYYYMMDDhhmmssZ`.
    static func bytes(of value: PropertyListValue) -> [UInt8]? {
        switch value {
        case .string(let s): Array(s.utf8)
        case .data(let d): Array(d)
        case .integer(let i): i.int64Value.map { Array(String($0).utf8) }
        case .bool(let b): Array((b ? "1" : "0").utf8)
        case .date(let date): Array(timedate(date).utf8)
        default: nil
        }
    }

    static func timedate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d%02d%02d%02d%02d%02dZ", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0,
            c.second ?? 0)
    }
}
