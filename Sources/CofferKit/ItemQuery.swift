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
    /// its title (ignoring case), tried in that order — so an id always wins, and a title
    /// shared by two items is reported rather than guessed.
    public static func select(_ selector: String, in items: [VaultItem]) -> Selection {
        let wanted = selector.lowercased()
        if let exact = items.firstIndex(where: { $0.id.recordString.lowercased() == wanted }) { return .one(exact) }
        let hexOnly = wanted.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "-") }
        if wanted.count >= 4, hexOnly {
            let prefixed = items.indices.filter { items[$0].id.recordString.lowercased().hasPrefix(wanted) }
            if prefixed.count == 1 { return .one(prefixed[0]) }
            if prefixed.count > 1 { return .ambiguous(prefixed) }
        }
        let titled = items.indices.filter { items[$0].title.caseInsensitiveCompare(selector) == .orderedSame }
        switch titled.count {
        case 0: return .none
        case 1: return .one(titled[0])
        default: return .ambiguous(titled)
        }
    }

    /// Whether every word occurs (ignoring case and diacritics) in the item's searchable
    /// text: title, username, URLs, notes, tags, folder, kind and custom fields that are not
    /// concealed. Passwords, TOTP secrets and concealed values are never searched, so a
    /// search cannot be used to probe them.
    public static func matches(_ item: VaultItem, words: [String]) -> Bool {
        let haystack = searchableText(item)
        return words.allSatisfy { haystack.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    static func searchableText(_ item: VaultItem) -> String {
        var parts = [
            item.title, item.username ?? "", item.notes ?? "", item.kind.name, item.folder.joined(separator: "/"),
        ]
        parts += item.urls + item.tags
        for field in item.customFields {
            parts.append(field.name)
            if !field.concealed { parts.append(field.value) }
        }
        return parts.joined(separator: "\n")
    }
}
