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
    public static func select(
        _ selector: String, in items: [VaultItem], where candidate: (VaultItem) -> Bool = { $0.trashed == nil }
    ) -> Selection {
        let wanted = selector.lowercased()
        let considered = items.indices.filter { candidate(items[$0]) }
        if let exact = considered.first(where: { items[$0].id.recordString.lowercased() == wanted }) {
            return .one(exact)
        }
        let hexOnly = wanted.allSatisfy { $0.isASCII && ($0.isHexDigit || $0 == "-") }
        if wanted.count >= 4, hexOnly {
            let prefixed = considered.filter { items[$0].id.recordString.lowercased().hasPrefix(wanted) }
            if prefixed.count == 1 { return .one(prefixed[0]) }
            if prefixed.count > 1 { return .ambiguous(prefixed) }
        }
        // A title may itself hold a slash: both readings count, and two fits are ambiguous.
        var named = considered.filter { items[$0].title.caseInsensitiveCompare(selector) == .orderedSame }
        if let path = try? FolderPath.parse(selector), path.count > 1 {
            let folder = path.dropLast().map { $0.lowercased() }
            let title = path[path.count - 1]
            for i in considered where !named.contains(i) {
                if items[i].title.caseInsensitiveCompare(title) == .orderedSame,
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

    /// How an item is named to a person choosing between several: `Folder/Title` (levels
    /// escaped as ``FolderPath`` writes them).
    public static func path(of item: VaultItem) -> String {
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
