import Foundation

/// Checks of what a person typed into `add` and `edit`. They warn; they never change a
/// value behind the person's back (but ``withDefaultScheme(_:)``, which the CLI announces)
/// and never quote a password.
extension VaultItem {
    /// Warnings about this item's username and password, leaving out fields that are the
    /// same as in `previous` (an edit warns about what it changed).
    public func inputWarnings(minimumPasswordLength: Int, comparedTo previous: VaultItem? = nil) -> [String] {
        var warnings = [String]()
        if let username, username != previous?.username, Self.looksLikeEmailAddress(username),
            !Self.isValidEmailAddress(username)
        {
            warnings.append("the username \"\(username)\" looks like an email address but is not a valid one")
        }
        if let password, !password.isEmpty, password != previous?.password, password.count < minimumPasswordLength {
            warnings.append(
                "the password has \(password.count) characters, fewer than the vault's minimum of \(minimumPasswordLength)"
            )
        }
        return warnings
    }

    /// A username with an `@` is meant as an email address.
    public static func looksLikeEmailAddress(_ text: String) -> Bool { text.contains("@") }

    /// `local@domain.tld` by RFC 5321's limits, without quoted local parts or address
    /// literals (no site accepts those as a username): local part 1–64 characters of
    /// letters, digits and !#$%&'*+/=?^_`{|}~- with single dots between; a domain of two or
    /// more labels, each 1–63 letters, digits or inner hyphens; 254 characters at most.
    public static func isValidEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard text.count <= 254, parts.count == 2 else { return false }
        let local = parts[0]
        let domain = parts[1]
        let atext = Set("!#$%&'*+/=?^_`{|}~-")
        let localAtoms = local.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...64).contains(local.count),
            localAtoms.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || atext.contains($0) } })
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.last!.count >= 2, labels.last!.allSatisfy(\.isLetter) else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }

    /// `https://` + `url` when `url` names no scheme (`example.com/login`,
    /// `localhost:8080`); nil when it has one (`https://…`, `ssh://…`, `mailto:…`) or is
    /// empty. A scheme has no dot and is not followed by a port number.
    public static func withDefaultScheme(_ url: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains("://") else { return nil }
        if let colon = trimmed.firstIndex(of: ":") {
            let scheme = trimmed[..<colon]
            let after = trimmed[trimmed.index(after: colon)...]
            let isScheme =
                scheme.first?.isASCII == true && scheme.first?.isLetter == true
                && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-".contains($0)) }
                && !(after.first?.isNumber ?? false)
            if isScheme { return nil }
        }
        return "https://" + trimmed
    }
}
