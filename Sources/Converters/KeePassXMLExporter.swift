import Foundation
import PropertyList
import VaultModel

/// KeePass 2 XML that `keepassxc-cli import` accepts: groups from folder paths, the
/// standard strings (Title, UserName, Password, URL, Notes), TOTP as `otp`, custom fields as
/// extra strings, tags, times, password history. Passwords and concealed fields carry
/// `ProtectInMemory="True"` (the plaintext-export spelling; `Protected` would mean the
/// value is encrypted with the database's inner stream key). Attachments are written inline
/// (`Entry/Binary` with a base64 `Value`), which KeePass 2 and KeePassXC both read; an
/// attachment whose bytes were not loaded, or a second one with the same name (KeePass keys
/// attachments by name), is renamed or reported, never silently lost. Trashed items go to
/// KeePass's recycle bin (a "Recycle Bin" group named by `Meta/RecycleBinUUID`, below which
/// they keep their folder path; `LocationChanged` is the date they were trashed; imported
/// back, they are trashed as of the import). Keychain
/// attributes are strings `keychain.NAME` and an icon URL the string `coffer.icon`, which
/// the importer maps back. Favorites and card, identity and SSH key details are reported.
public enum KeePassXMLExporter {
    final class GroupNode {
        var name: String
        /// Unique per group (its path from the root); the group's UUID is derived from it.
        let key: String
        var children: [GroupNode] = []
        var items: [VaultItem] = []
        init(name: String, key: String) {
            self.name = name
            self.key = key
        }

        func child(_ name: String) -> GroupNode {
            if let existing = children.first(where: { $0.name == name && $0.key != GroupNode.binKey }) {
                return existing
            }
            let node = GroupNode(name: name, key: key + "\u{0}" + name)
            children.append(node)
            return node
        }

        static let binKey = "\u{0}coffer recycle bin"
    }

    /// What KeePass XML cannot hold.
    static let lost: [ExportLosses.Feature] = [.favorites, .details]

    public static func export(_ document: VaultDocument) throws -> (bytes: [UInt8], warnings: [String]) {
        let root = GroupNode(name: "Root", key: "Root")  // KeePassXC's name for the root group
        for path in document.folders {
            var node = root
            for part in path { node = node.child(part) }
        }
        var warnings = [String]()
        var losses = ExportLosses(target: "KeePass XML")
        var bin: GroupNode?
        for item in document.items {
            var node = root
            if item.trashed != nil {
                node = bin ?? GroupNode(name: "Recycle Bin", key: GroupNode.binKey)
                if bin == nil { root.children.append(node) }
                bin = node
            }
            for part in item.folder { node = node.child(part) }
            losses.check(item, cannotHold: lost)
            node.items.append(item)
            for attachment in item.attachments where attachment.content == nil {
                warnings.append("\(item.title): attachment \"\(attachment.name)\" has no bytes loaded; not written")
            }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<KeePassFile>\n"
        out +=
            "\t<Meta>\n\t\t<Generator>Coffer</Generator>\n\t\t<DatabaseName>\(try escape(document.name))</DatabaseName>\n"
        out += "\t\t<MemoryProtection>\n\t\t\t<ProtectPassword>True</ProtectPassword>\n\t\t</MemoryProtection>\n"
        if let bin {
            out += "\t\t<RecycleBinEnabled>True</RecycleBinEnabled>\n"
            out += "\t\t<RecycleBinUUID>\(uuid(for: bin.key))</RecycleBinUUID>\n"
        }
        out += "\t</Meta>\n"
        out += "\t<Root>\n"
        try write(root, into: &out, indent: 2, warnings: &warnings)
        out += "\t</Root>\n</KeePassFile>\n"
        if let warning = losses.warning { warnings.append(warning) }
        return (Array(out.utf8), warnings)
    }

    private static func write(_ group: GroupNode, into out: inout String, indent: Int, warnings: inout [String])
        throws
    {
        let t = String(repeating: "\t", count: indent)
        out +=
            "\(t)<Group>\n\(t)\t<UUID>\(uuid(for: group.key))</UUID>\n\(t)\t<Name>\(try escape(group.name))</Name>\n"
        for item in group.items {
            try write(item, into: &out, indent: indent + 1, history: true, warnings: &warnings)
        }
        for child in group.children { try write(child, into: &out, indent: indent + 1, warnings: &warnings) }
        out += "\(t)</Group>\n"
    }

    private static func write(
        _ item: VaultItem, into out: inout String, indent: Int, history: Bool, warnings: inout [String]
    ) throws {
        let t = String(repeating: "\t", count: indent)
        out +=
            "\(t)<Entry>\n\(t)\t<UUID>\(Data(withUnsafeBytes(of: item.id.uuid) { Array($0) }).base64EncodedString())</UUID>\n"
        if !item.tags.isEmpty { out += "\(t)\t<Tags>\(try escape(item.tags.joined(separator: ";")))</Tags>\n" }
        out += "\(t)\t<Times>\n"
        for (name, date) in [
            ("CreationTime", item.created), ("LastModificationTime", item.modified), ("LastAccessTime", item.lastUsed),
        ] {
            if let date { out += "\(t)\t\t<\(name)>\(ISODates.string(date))</\(name)>\n" }
        }
        if let trashed = item.trashed {
            out += "\(t)\t\t<LocationChanged>\(ISODates.string(trashed))</LocationChanged>\n"
        }
        out += "\(t)\t</Times>\n"
        func string(_ key: String, _ value: String?, protect: Bool = false) throws {
            guard let value else { return }
            let attribute = protect ? " ProtectInMemory=\"True\"" : ""
            out +=
                "\(t)\t<String>\n\(t)\t\t<Key>\(try escape(key))</Key>\n\(t)\t\t<Value\(attribute)>\(try escape(value))</Value>\n\(t)\t</String>\n"
        }
        try string("Title", item.title)
        try string("UserName", item.username ?? "")
        try string("Password", item.password ?? "", protect: true)
        try string("URL", item.urls.first ?? "")
        try string("Notes", item.notes ?? "")
        try string("otp", item.totp, protect: true)
        for (i, url) in item.urls.dropFirst().enumerated() { try string("URL \(i + 2)", url) }
        for field in item.customFields
        where !["Title", "UserName", "Password", "URL", "Notes", "otp"].contains(field.name) {
            try string(field.name, field.value, protect: field.concealed)
        }
        for (name, value) in item.keychain?.entries ?? [] { try string("keychain." + name, value) }
        try string("coffer.icon", item.icon)
        var names = Set<String>()
        for attachment in item.attachments {
            guard let content = attachment.content else { continue }
            var name = attachment.name
            var n = 2
            while names.contains(name) {
                name = "\(attachment.name) (\(n))"
                n += 1
            }
            if name != attachment.name {
                warnings.append("\(item.title): a second attachment \"\(attachment.name)\" is written as \"\(name)\"")
            }
            names.insert(name)
            out += "\(t)\t<Binary>\n\(t)\t\t<Key>\(try escape(name))</Key>\n"
            out += "\(t)\t\t<Value>\(content.base64EncodedString())</Value>\n\(t)\t</Binary>\n"
        }
        if history, !item.passwordHistory.isEmpty {
            out += "\(t)\t<History>\n"
            for old in item.passwordHistory {
                var previous = item
                previous.password = old.password
                previous.modified = old.date
                previous.passwordHistory = []
                previous.attachments = []
                try write(previous, into: &out, indent: indent + 2, history: false, warnings: &warnings)
            }
            out += "\(t)\t</History>\n"
        }
        out += "\(t)</Entry>\n"
    }

    /// XML 1.0 text: `&`, `<`, `>`, `"` escaped; control characters other than tab, LF and CR
    /// cannot be written, so they are refused rather than dropped.
    static func escape(_ text: String) throws -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\r": out += "&#13;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                throw ConverterError(
                    input: "keepass-xml",
                    "a value contains the control character U+\(String(format: "%04X", scalar.value)), which XML 1.0 cannot hold"
                )
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func uuid(for name: String) -> String {
        let digest = Array(name.utf8).reduce(into: [UInt8](repeating: 0, count: 16)) { acc, byte in
            for i in 0..<16 { acc[i] = acc[i] &* 31 &+ byte &+ UInt8(i) }
        }
        return Data(digest).base64EncodedString()
    }
}
