import Foundation
import VaultCrypto
import VaultModel

/// The merge rules (spec/MODEL.md "Merging"), shared by `coffer merge` and
/// `import --into --duplicates update`.
///
/// Two versions of one item have no common ancestor to compare with, so a merge cannot
/// tell "changed on both sides" from "changed on one side". It therefore keeps every value:
/// the version with the newer `modified` date wins, and each value of the other version
/// that the winner does not hold is kept beside it —
/// - a password, in the password history (with the other version's `modified` date);
/// - URLs, tags, attachments (by SHA-256 of their bytes) and custom fields of a name the
///   winner lacks, added to the winner's; a title, username, TOTP or notes the winner lacks
///   (empty), taken — an empty value never erases one;
/// - a differing title, username, TOTP, notes, custom field or kind-specific detail, as a
///   custom field named `NAME (conflict)` (concealed for TOTP and concealed fields), which
///   the report lists as a conflict.
///
/// A value already kept (the same name and value) is not kept twice, so merging the same
/// inputs again changes nothing; and as the winner is chosen by date, not by side, the
/// result does not depend on the order of the two versions unless their dates are equal.
public enum VaultMerge {
    /// The suffix of a custom field that holds the losing version's value.
    public static let conflictSuffix = " (conflict)"

    /// Which version wins: the newer `modified`. A dated version wins over an undated one
    /// (nothing says the undated one is newer, and reverting a change made at a known time
    /// is what lost issue 11's password); with equal dates `mine` wins, and with no dates at
    /// all `mine` wins unless `theirsWinWhenUndated` (an import asked to update).
    public static func theirsWins(_ mine: VaultItem, _ theirs: VaultItem, theirsWinWhenUndated: Bool = false) -> Bool {
        switch (mine.modified, theirs.modified) {
        case (let m?, let t?): t > m
        case (nil, _?): true
        case (_?, nil): false
        case (nil, nil): theirsWinWhenUndated
        }
    }

    /// One item from two versions of it, with what was kept as conflicts (field names). The
    /// id is `mine`'s; `created` the earlier, `modified` and `lastUsed` the later of the two.
    public static func merged(
        _ mine: VaultItem, _ theirs: VaultItem, theirsWinWhenUndated: Bool = false
    ) -> (item: VaultItem, conflicts: [(field: String, keptAs: String)]) {
        var theirs = theirs
        theirs.id = mine.id
        if mine == theirs { return (mine, []) }
        let theirsWin = theirsWins(mine, theirs, theirsWinWhenUndated: theirsWinWhenUndated)
        let winner = theirsWin ? theirs : mine
        let loser = theirsWin ? mine : theirs
        var result = winner
        var conflicts = [(field: String, keptAs: String)]()

        result.created = [mine.created, theirs.created].compactMap { $0 }.min()
        result.modified = [mine.modified, theirs.modified].compactMap { $0 }.max()
        result.lastUsed = [mine.lastUsed, theirs.lastUsed].compactMap { $0 }.max()

        func keep(_ field: String, _ value: String?, against current: String?, concealed: Bool = false) {
            guard let value, !value.isEmpty, value != current else { return }
            let name = field + conflictSuffix
            guard !result.customFields.contains(where: { $0.name == name && $0.value == value }) else { return }
            result.customFields.append(.init(name: name, value: value, concealed: concealed))
            conflicts.append((field, "field \"\(name)\""))
        }
        // A value the winner lacks is taken (an empty value never erases one); a different
        // value is kept beside the winner's.
        func fill(_ field: String, _ path: WritableKeyPath<VaultItem, String?>, concealed: Bool = false) {
            if (winner[keyPath: path] ?? "").isEmpty, let value = loser[keyPath: path], !value.isEmpty {
                result[keyPath: path] = value
            } else {
                keep(field, loser[keyPath: path], against: winner[keyPath: path], concealed: concealed)
            }
        }
        if winner.title.isEmpty {
            result.title = loser.title
        } else {
            keep("title", loser.title, against: winner.title)
        }
        fill("username", \.username)
        fill("totp", \.totp, concealed: true)
        fill("notes", \.notes)

        for field in loser.customFields {
            let sameName = winner.customFields.filter { $0.name == field.name }
            if sameName.isEmpty {
                if !result.customFields.contains(field) { result.customFields.append(field) }
            } else if !sameName.contains(where: { $0.value == field.value }) {
                keep(field.name, field.value, against: nil, concealed: field.concealed)
            }
        }
        for (key, value) in loser.details.sorted(by: { $0.key < $1.key }) {
            guard let current = winner.details[key] else {
                result.details[key] = value
                continue
            }
            if current != value, case .string(let text) = value { keep(key, text, against: nil, concealed: true) }
        }
        for (key, value) in loser.unknown.sorted(by: { $0.key < $1.key }) where result.unknown[key] == nil {
            result.unknown[key] = value
        }

        result.urls += loser.urls.filter { !winner.urls.contains($0) }
        result.tags += loser.tags.filter { !winner.tags.contains($0) }
        result.passwordHistory = history(winner: winner, loser: loser)
        result.attachments = attachments(winner.attachments, loser.attachments) {
            conflicts.append(("attachment \"\($0)\"", "attachment \"\($1)\""))
        }
        return (result, conflicts)
    }

    /// Both histories, each entry once, and the loser's password when it differs from the
    /// winner's and no entry holds it: in date order (undated first), then by password so
    /// the order never depends on which side an entry came from. Not bounded: it only grows
    /// by passwords that were really used.
    static func history(winner: VaultItem, loser: VaultItem) -> [VaultItem.HistoryEntry] {
        var entries = winner.passwordHistory
        for entry in loser.passwordHistory where !entries.contains(entry) { entries.append(entry) }
        if let lost = loser.password, !lost.isEmpty, lost != winner.password,
            !entries.contains(where: { $0.password == lost })
        {
            entries.append(.init(password: lost, date: loser.modified))
        }
        return entries.sorted {
            ($0.date ?? .distantPast, $0.password) < ($1.date ?? .distantPast, $1.password)
        }
    }

    /// The winner's attachments, then each of the loser's whose bytes none of them holds (by
    /// SHA-256; by blob id when the bytes are not loaded). One whose name is taken by other
    /// bytes is renamed `NAME (conflict)` and reported through `conflict(old, new)`.
    static func attachments(
        _ winner: [VaultItem.Attachment], _ loser: [VaultItem.Attachment], conflict: (String, String) -> Void
    ) -> [VaultItem.Attachment] {
        var result = winner
        var held = Set(winner.map(identity))
        for attachment in loser {
            guard held.insert(identity(attachment)).inserted else { continue }
            var attachment = attachment
            if result.contains(where: { $0.name == attachment.name }) {
                let original = attachment.name
                attachment.name += conflictSuffix
                conflict(original, attachment.name)
            }
            result.append(attachment)
        }
        return result
    }

    /// What makes two attachments the same: the SHA-256 of the bytes when loaded, else the blob id.
    static func identity(_ attachment: VaultItem.Attachment) -> Data {
        if let content = attachment.content { return Data([1] + SHA256.hash(Array(content))) }
        return Data([0]) + attachment.blob
    }

    /// The key items match by when their ids differ: title, username and first URL, each
    /// trimmed and lowercased, the URL without its scheme, a leading `www.` and trailing `/`.
    public static func matchKey(_ item: VaultItem) -> String {
        func clean(_ text: String?) -> String {
            (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        }
        var url = clean(item.urls.first)
        if let scheme = url.range(of: "://") { url = String(url[scheme.upperBound...]) }
        if url.hasPrefix("www.") { url.removeFirst(4) }
        while url.hasSuffix("/") { url.removeLast() }
        return [clean(item.title), clean(item.username), url].joined(separator: "\u{0}")
    }
}
