import Foundation

/// Finding items the way people name them: by id, an id prefix, a title, or words.
public enum ItemQuery {
    public enum Selection: Equatable {
        case one(Int)
        case none
        /// Several items fit; their indices, for the caller to list.
        case ambiguous([Int])
    }

    /// The item `selector` names: its full id, an id prefix of at least 4 characters, or
    /// its title or `Folder/Title` path (ignoring case; spec/MODEL.md "Folder paths"), tried
    /// in that order — so an id always wins, and a title or path that fits two items is
    /// reported rather than guessed. Only items `candidate` accepts are considered: by
    /// default the live ones, so a trashed item is named only through the trash.
    public static func select<Item: NamedItem>(
        _ selector: String, in items: [Item], where candidate: (Item) -> Bool = { $0.trashed == nil }
    ) -> Selection {
        let wanted = selector.lowercased()
        let considered = items.indices.filter { candidate(items[$0]) }
        // An id is compared as 16 bytes, not as text (no string per item at 100,000 items).
        if selector.utf8.count == 36, let id = UUID(recordString: selector),
            let exact = considered.first(where: { items[$0].id == id })
        {
            return .one(exact)
        }
        let hexOnly = wanted.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "-") }
        if wanted.count >= 4, hexOnly {
            let prefixed = considered.filter { items[$0].id.recordString.lowercased().hasPrefix(wanted) }
            if prefixed.count == 1 { return .one(prefixed[0]) }
            if prefixed.count > 1 { return .ambiguous(prefixed) }
        }
        // A title may itself hold a slash: both readings count, and two fits are ambiguous.
        var named = considered.filter { sameIgnoringCase(items[$0].title, selector) }
        if let path = try? FolderPath.parse(selector), path.count > 1 {
            let folder = path.dropLast().map { $0.lowercased() }
            let title = path[path.count - 1]
            for i in considered where !named.contains(i) {
                if sameIgnoringCase(items[i].title, title),
                    items[i].folder.map({ $0.lowercased() }) == folder
                {
                    named.append(i)
                }
            }
        }
        switch named.count {
        case 0: return .none
        case 1: return .one(named[0])
        default: return .ambiguous(named.sorted())
        }
    }

    /// Foundation's `caseInsensitiveCompare` equality, with ASCII (most titles) compared
    /// byte by byte: Foundation's comparison was most of `show`'s time at 100,000 items.
    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        let ascii: Bool? = a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.allSatisfy({ $0 < 0x80 }), y.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard x.count == y.count else { return false }
                return zip(x, y).allSatisfy { asciiLower($0) == asciiLower($1) }
            }
        }
        return ascii ?? (a.caseInsensitiveCompare(b) == .orderedSame)
    }

    /// An ASCII letter in lower case; any other byte as it is.
    static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// How an item is named to a person choosing between several: `Folder/Title` (levels
    /// escaped as ``FolderPath`` writes them).
    public static func path(of item: some NamedItem) -> String {
        FolderPath.format(item.folder + [item.title])
    }

    /// Whether every word occurs (ignoring case and diacritics) in the item's searchable
    /// text: title, username, URLs, notes, tags, folder, kind and custom fields that are not
    /// concealed. Passwords, TOTP secrets and concealed values are never searched, so a
    /// search cannot be used to probe them.
    public static func matches(_ item: VaultItem, words: [String]) -> Bool {
        SearchWords(words).match(item)
    }

    static func searchableText(_ item: VaultItem) -> String { searchableParts(item).joined(separator: "\n") }

    /// The searchable text in parts (each a line of ``searchableText(_:)``).
    static func searchableParts(_ item: VaultItem) -> [String] {
        var parts = [
            item.title, item.username ?? "", item.notes ?? "", item.kind.name, FolderPath.format(item.folder),
        ]
        parts += item.urls + item.tags
        // Keychain attributes name a service, an account or a server: never a secret.
        if let keychain = item.keychain { parts += keychain.entries.map(\.value) }
        if let icon = item.icon { parts.append(icon) }
        for field in item.customFields {
            parts.append(field.name)
            if !field.concealed { parts.append(field.value) }
        }
        return parts
    }
}
