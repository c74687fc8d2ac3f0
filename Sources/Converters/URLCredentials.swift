import Foundation
import VaultModel

/// A login written inside a URL (`postgresql://reporting:R3port-Only@pg.corp.lan/metrics`,
/// `redis://:secret@host:6379`): the user and password taken out, and the URL without them,
/// so a password never shows in a URL field.
struct URLCredentials: Equatable {
    var url: String
    var user: String?
    var password: String

    /// Nil when `text` has no scheme or no password in its user part.
    init?(_ text: String) {
        // (Most URLs hold no `@`: a byte test before Foundation's search.)
        guard text.utf8.contains(0x40), let scheme = text.range(of: "://") else { return nil }
        let rest = text[scheme.upperBound...]
        // The user part ends at the last `@`: a password typed into a URL may hold `#` or `@`
        // (a host has neither), so the host is what follows the last `@`.
        guard let at = rest.lastIndex(of: "@") else { return nil }
        let userInfo = rest[..<at]
        let host = rest[rest.index(after: at)...]
        // A `/` or `?` before the `@` means the `@` is in the path or query
        // (`http://host:4873/-/@scope/pkg`, `https://x/?user=a@b`), not after a login.
        guard let hostStart = host.first, hostStart.isLetter || hostStart.isNumber || hostStart == "[",
            !userInfo.contains("/"), !userInfo.contains("?"), let colon = userInfo.firstIndex(of: ":")
        else { return nil }
        let password = Self.decoded(userInfo[userInfo.index(after: colon)...])
        guard !password.isEmpty else { return nil }
        let user = Self.decoded(userInfo[..<colon])
        self.url = String(text[..<scheme.upperBound]) + (user.isEmpty ? "" : String(userInfo[..<colon]) + "@") + host
        self.user = user.isEmpty ? nil : user
        self.password = password
    }

    /// `https://admin:S3cret@192.168.1.1` among an item's URLs: the URL keeps only its user;
    /// the password is the item's when it has none (and the user its login when it has
    /// none), and kept concealed beside it otherwise. A URL is shown and searched; a password
    /// in it never is.
    static func takeOut(of item: inout VaultItem) {
        takeOut(urls: &item.urls, password: &item.password, username: &item.username, fields: &item.customFields)
    }

    /// ``takeOut(of:)`` for a record's parts (a notes draft's too).
    static func takeOut(
        urls: inout [String], password: inout String?, username: inout String?, fields: inout [VaultItem.CustomField]
    ) {
        for index in urls.indices {
            guard let found = URLCredentials(urls[index]) else { continue }
            urls[index] = found.url
            if password == nil || password == found.password {
                password = found.password
                if username == nil { username = found.user }
            } else {
                fields.append(
                    .init(
                        name: found.user.map { "password of \($0)" } ?? "URL password", value: found.password,
                        concealed: true))
            }
        }
    }

    private static func decoded(_ part: Substring) -> String {
        String(part).removingPercentEncoding ?? String(part)
    }
}
