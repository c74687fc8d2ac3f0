import Foundation
import PropertyList

extension VaultItem {
    /// Reads item record `number` (1 or more) of a vault.
    public init(record value: PropertyListValue, number: Int) throws {
        guard case .dictionary(let d) = value else {
            throw ModelError(record: number, key: "", "an item record is not a dictionary")
        }
        try self.init(plist: d, record: number)
    }

    /// Reads an item from its record. Type errors name the key; unknown keys are kept.
    public init(plist: PropertyListDictionary, record: Int? = nil) throws {
        var f = PlistFields(plist, record: record)
        let idText = try f.requiredString("id")
        guard let id = UUID(recordString: idText) else {
            throw ModelError(record: record, key: "id", "\"\(idText)\" is not a UUID")
        }
        self.init(id: id, kind: Kind(name: try f.string("kind") ?? "login"), title: try f.string("title") ?? "")
        username = try f.string("username")
        password = try f.string("password")
        urls = try f.strings("urls")
        totp = try f.string("totp")
        notes = try f.string("notes")
        customFields = try f.dictionaries("fields").map { d in
            var g = PlistFields(d, record: record)
            return CustomField(
                name: try g.string("name") ?? "", value: try g.string("value") ?? "",
                concealed: try g.bool("concealed") ?? false)
        }
        tags = try f.strings("tags")
        folder = try f.strings("folder")
        favorite = try f.bool("favorite") ?? false
        let icon = try f.string("icon")
        var keychain: KeychainAttributes? = nil
        if let k = try f.dictionary("keychain") {
            var g = PlistFields(k, record: record)
            var attributes = KeychainAttributes(itemClass: try g.string("class") ?? "genp")
            attributes.service = try g.string("service")
            attributes.account = try g.string("account")
            attributes.server = try g.string("server")
            attributes.protocol = try g.string("protocol")
            attributes.port = try g.integer("port")
            attributes.path = try g.string("path")
            attributes.authenticationType = try g.string("authenticationType")
            attributes.securityDomain = try g.string("securityDomain")
            attributes.label = try g.string("label")
            attributes.comment = try g.string("comment")
            keychain = attributes
        }
        created = try f.date("created")
        modified = try f.date("modified")
        let lastUsed = try f.date("lastUsed")
        let trashed = try f.date("trashed")
        passwordHistory = try f.dictionaries("history").map { d in
            var g = PlistFields(d, record: record)
            return HistoryEntry(password: try g.string("password") ?? "", date: try g.date("date"))
        }
        attachments = try f.dictionaries("attachments").map { d in
            var g = PlistFields(d, record: record)
            guard let blob = try g.data("blob"), blob.count == 16 else {
                throw ModelError(record: record, key: "attachments", "an attachment needs a 16-byte blob reference")
            }
            let content = try g.data("data")
            if let content, let size = try g.integer("size"), size != content.count {
                throw ModelError(
                    record: record, key: "attachments", "size \(size) but \(content.count) bytes of data")
            }
            return Attachment(
                name: try g.string("name") ?? "", mediaType: try g.string("mediaType") ?? "application/octet-stream",
                size: try content?.count ?? (g.integer("size") ?? 0), blob: blob, content: content)
        }
        let details = try f.dictionary("details") ?? PropertyListDictionary()
        setRareFields(
            icon: icon, keychain: keychain, lastUsed: lastUsed, trashed: trashed, details: details, unknown: f.unknown)
    }

    /// The item's record: known keys in a fixed order, then unknown keys as they were.
    public var plist: PropertyListDictionary {
        var b = PlistBuilder()
        b.set("id", id.recordString)
        b.set("kind", kind.name)
        b.set("title", title)
        b.set("username", username)
        b.set("password", password)
        b.set("urls", urls)
        b.set("totp", totp)
        b.set("notes", notes)
        b.set(
            "fields",
            customFields.map { field in
                var c = PlistBuilder()
                c.set("name", field.name)
                c.set("value", field.value)
                c.set("concealed", field.concealed)
                return c.dictionary
            })
        b.set("tags", tags)
        b.set("folder", folder)
        b.set("favorite", favorite)
        b.set("icon", icon)
        if let keychain {
            var k = PlistBuilder()
            k.set("class", keychain.itemClass)
            k.set("service", keychain.service)
            k.set("account", keychain.account)
            k.set("server", keychain.server)
            k.set("protocol", keychain.protocol)
            k.set("port", keychain.port)
            k.set("path", keychain.path)
            k.set("authenticationType", keychain.authenticationType)
            k.set("securityDomain", keychain.securityDomain)
            k.set("label", keychain.label)
            k.set("comment", keychain.comment)
            b.dictionary["keychain"] = .dictionary(k.dictionary)
        }
        b.set("created", created)
        b.set("modified", modified)
        b.set("lastUsed", lastUsed)
        b.set("trashed", trashed)
        b.set(
            "history",
            passwordHistory.map { entry in
                var h = PlistBuilder()
                h.set("password", entry.password)
                h.set("date", entry.date)
                return h.dictionary
            })
        b.set(
            "attachments",
            attachments.map { a in
                var h = PlistBuilder()
                h.set("name", a.name)
                h.set("mediaType", a.mediaType)
                h.set("size", a.size)
                h.dictionary["blob"] = .data(a.blob)
                if let content = a.content { h.dictionary["data"] = .data(content) }
                return h.dictionary
            })
        b.set("details", details)
        b.merge(unknown)
        return b.dictionary
    }

    /// Whether reading `plist` (``init(plist:record:)``) keeps everything in it. Unknown keys
    /// of the record itself are kept (``unknown``); unknown keys inside an entry of `fields`,
    /// `history` or `attachments`, or inside `keychain`, are not, so saving such an item
    /// writes less than it read.
    public static func readingKeepsEverything(in plist: PropertyListDictionary) -> Bool {
        func known(_ value: PropertyListValue?, _ keys: Set<String>) -> Bool {
            switch value {
            case nil: true
            case .dictionary(let d)?: d.keys.allSatisfy(keys.contains)
            case .array(let entries)?:
                entries.allSatisfy {
                    guard case .dictionary(let d) = $0 else { return true }  // reading refuses it
                    return d.keys.allSatisfy(keys.contains)
                }
            default: true
            }
        }
        return known(plist["fields"], NestedKeys.field) && known(plist["history"], NestedKeys.history)
            && known(plist["attachments"], NestedKeys.attachment) && known(plist["keychain"], NestedKeys.keychain)
    }

    /// The keys ``init(plist:record:)`` reads inside nested dictionaries.
    private enum NestedKeys {
        static let field: Set = ["name", "value", "concealed"]
        static let history: Set = ["password", "date"]
        static let attachment: Set = ["name", "mediaType", "size", "blob", "data"]
        static let keychain: Set = [
            "class", "service", "account", "server", "protocol", "port", "path", "authenticationType",
            "securityDomain", "label", "comment",
        ]
    }
}
