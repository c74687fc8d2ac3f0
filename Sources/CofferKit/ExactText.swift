import Foundation
import PropertyList
import VaultModel

/// Byte-for-byte comparison of what two items (or records) hold, for ``RecordReuse``. Swift's
/// `==` on strings is Unicode canonical equivalence: "é" typed as one character equals "e"
/// followed by a combining accent. Two such items are equal, but their records are not the
/// same bytes, and a save must write the text the document holds.
enum ExactText {
    static func same(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }

    static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let x?, let y?): same(x, y)
        default: false
        }
    }

    static func same(_ a: [String], _ b: [String]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
    }

    /// Values equal and every string and key the same bytes, entries in the same order.
    static func same(_ a: PropertyListValue, _ b: PropertyListValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): same(x, y)
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (.dictionary(let x), .dictionary(let y)): same(x, y)
        default: a == b
        }
    }

    static func same(_ a: PropertyListDictionary, _ b: PropertyListDictionary) -> Bool {
        a.count == b.count
            && zip(a.entries, b.entries).allSatisfy { same($0.key, $1.key) && same($0.value, $1.value) }
    }

    /// For two items already equal (`==`): whether every piece of text in them is the same bytes.
    static func same(_ a: VaultItem, _ b: VaultItem) -> Bool {
        same(a.kind.name, b.kind.name) && same(a.title, b.title) && same(a.username, b.username)
            && same(a.password, b.password) && same(a.urls, b.urls) && same(a.totp, b.totp) && same(a.notes, b.notes)
            && zip(a.customFields, b.customFields).allSatisfy { same($0.name, $1.name) && same($0.value, $1.value) }
            && same(a.tags, b.tags) && same(a.folder, b.folder) && same(a.icon, b.icon)
            && zip(a.passwordHistory, b.passwordHistory).allSatisfy { same($0.password, $1.password) }
            && zip(a.attachments, b.attachments).allSatisfy {
                same($0.name, $1.name) && same($0.mediaType, $1.mediaType)
            }
            && same(a.keychain, b.keychain) && same(a.details, b.details) && same(a.unknown, b.unknown)
    }

    static func same(_ a: VaultItem.KeychainAttributes?, _ b: VaultItem.KeychainAttributes?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return same(a.itemClass, b.itemClass) && same(a.service, b.service) && same(a.account, b.account)
            && same(a.server, b.server) && same(a.protocol, b.protocol) && same(a.path, b.path)
            && same(a.authenticationType, b.authenticationType) && same(a.securityDomain, b.securityDomain)
            && same(a.label, b.label) && same(a.comment, b.comment)
    }
}
