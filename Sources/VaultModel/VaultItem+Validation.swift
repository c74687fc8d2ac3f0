import Foundation

extension VaultItem {
    /// Problems worth telling a person about. Values are never changed or dropped: a
    /// malformed TOTP URI stays as written and is reported.
    public func validationIssues() -> [ValidationIssue] {
        var issues = [ValidationIssue]()
        let id = id.uuidString
        if let totp, let reason = Self.otpauthProblem(totp) {
            issues.append(ValidationIssue(itemID: id, field: "totp", reason: reason))
        }
        for (i, url) in urls.enumerated() {
            if let reason = Self.urlProblem(url) {
                issues.append(ValidationIssue(itemID: id, field: "urls[\(i)]", reason: reason))
            }
        }
        if let icon, let reason = Self.urlProblem(icon) {
            issues.append(ValidationIssue(itemID: id, field: "icon", reason: reason))
        }
        if let port = keychain?.port, !(0...65_535).contains(port) {
            issues.append(
                ValidationIssue(itemID: id, field: "keychain.port", reason: "port \(port) is outside 0…65535"))
        }
        return issues
    }

    /// nil when `text` is a usable `otpauth://totp/…` URI (read by ``TOTP``) or an
    /// `otpauth://hotp/…?secret=BASE32&counter=N` one; otherwise why not.
    static func otpauthProblem(_ text: String) -> String? {
        guard text.lowercased().hasPrefix("otpauth://") else { return "not an otpauth:// URI" }
        guard let components = URLComponents(string: text) else { return "not a valid URI" }
        guard components.host?.lowercased() == "hotp" else {
            do {
                _ = try TOTP(parsing: text)
                return nil
            } catch let error as ModelError {
                return error.reason
            } catch {
                return "\(error)"
            }
        }
        guard let secret = components.queryItems?.first(where: { $0.name.lowercased() == "secret" })?.value,
            !secret.isEmpty
        else {
            return "no secret= parameter"
        }
        guard TOTP.normalizedBase32(secret) != nil else { return "the secret is not base32" }
        if components.queryItems?.contains(where: { $0.name == "counter" }) != true {
            return "hotp needs counter="
        }
        return nil
    }

    /// nil for an absolute URL with a scheme and host (or a bare host name, which
    /// exports often hold); otherwise why not.
    static func urlProblem(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(" ") else { return "empty or contains spaces" }
        if let url = URLComponents(string: trimmed), let scheme = url.scheme, !scheme.isEmpty {
            if ["http", "https", "ftp", "ssh", "sftp"].contains(scheme.lowercased()), (url.host ?? "").isEmpty {
                return "no host"
            }
            return nil
        }
        // "example.com" without a scheme: acceptable as a host name.
        return trimmed.contains(".") ? nil : "not a URL"
    }
}
