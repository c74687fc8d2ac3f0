import Foundation
import VaultModel

/// What ``PasswordHealth`` keeps of one item once the item is let go: its name, the
/// findings it shows on its own, and its password's digest for finding reuse. Made on the
/// thread that read the item, so `analyze` never holds a vault's items (nor its passwords)
/// together.
struct ItemSurvey: Sendable {
    let id: UUID
    let title: String
    /// Nil without a password (an empty one is none).
    let digest: PasswordDigest?
    /// The item's findings but reuse: missing, common, weak, old, and each http:// URL.
    let findings: [PasswordHealth.Finding]

    init(_ item: VaultItem, at index: Int, now: Date, calendar: Calendar) {
        id = item.id
        title = item.title
        digest = item.password.flatMap { $0.isEmpty ? nil : PasswordDigest($0) }
        var findings = PasswordHealth.ownFindings(of: item, at: index, now: now, calendar: calendar)
        for url in item.urls where url.lowercased().hasPrefix("http://") {
            findings.append(PasswordHealth.Finding(item: index, problem: .insecureURL, detail: url))
        }
        self.findings = findings
    }
}

/// A password's 128-bit digest for telling equal passwords apart: two SipHash values of
/// the process's random seed over different inputs. Equal as strings (canonically
/// equivalent, as `String ==` compares) gives equal digests; two different passwords share
/// one with a chance of about 2⁻¹²⁸ a pair. Not a password hash: it lives only in memory,
/// for one run, and is never shown or written.
struct PasswordDigest: Hashable, Sendable {
    let high: UInt64
    let low: UInt64

    init(_ password: String) {
        var first = Hasher()
        first.combine(password)
        var second = Hasher()
        second.combine(0x436F_6666_6572_2121 as UInt64)
        second.combine(password)
        high = UInt64(bitPattern: Int64(first.finalize()))
        low = UInt64(bitPattern: Int64(second.finalize()))
    }

    /// One half: both are keyed hashes already (a dictionary of a million digests hashed
    /// both halves again for nothing).
    func hash(into hasher: inout Hasher) { hasher.combine(high) }
}
