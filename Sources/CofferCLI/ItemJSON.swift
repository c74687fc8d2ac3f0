import CofferKit
import Foundation

/// `show --json`: one item as a JSON object. Secrets are masked as in the text view unless
/// `--reveal`; dates are ISO 8601 (TerminalSafeJSON's one date encoding).
struct ItemJSON: Encodable {
    struct Field: Encodable {
        var name: String
        var value: String
        var concealed: Bool
    }
    struct Attachment: Encodable {
        var name: String
        var mediaType: String
        var size: Int
    }
    struct OldPassword: Encodable {
        var password: String
        var until: Date?
    }

    var id: String
    var kind: String
    var title: String
    var username: String?
    var password: String?
    var urls: [String]
    var totp: String?
    var notes: String?
    var folder: [String]
    var tags: [String]
    var favorite: Bool
    var fields: [Field]
    var details: [String: String]
    var attachments: [Attachment]
    var passwordHistoryCount: Int
    var passwordHistory: [OldPassword]?
    var created: Date?
    var modified: Date?

    init(_ item: VaultItem, reveal: Bool) {
        func secret(_ value: String?) -> String? { value.map { reveal || $0.isEmpty ? $0 : ItemView.mask } }
        id = item.id.recordString
        kind = item.kind.name
        title = item.title
        username = item.username
        password = secret(item.password)
        urls = item.urls
        totp = secret(item.totp)
        notes = item.notes
        folder = item.folder
        tags = item.tags
        favorite = item.favorite
        fields = item.customFields.map {
            Field(name: $0.name, value: $0.concealed ? secret($0.value) ?? "" : $0.value, concealed: $0.concealed)
        }
        var details = [String: String]()
        for entry in item.details.sortedEntries() {
            guard case .string(let text) = entry.value else { continue }
            details[entry.key] = ItemView.secretDetails.contains(entry.key) ? secret(text) : text
        }
        self.details = details
        attachments = item.attachments.map { Attachment(name: $0.name, mediaType: $0.mediaType, size: $0.size) }
        passwordHistoryCount = item.passwordHistory.count
        passwordHistory = reveal ? item.passwordHistory.map { OldPassword(password: $0.password, until: $0.date) } : nil
        created = item.created
        modified = item.modified
    }
}
