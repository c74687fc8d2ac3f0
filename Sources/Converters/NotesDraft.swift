import Foundation
import VaultModel

/// A record being assembled from notes lines: the fields found so far, where they came
/// from, and the evidence behind them (labels count more than shapes).
struct NotesDraft: Sendable {
    var title: String?
    var username: String?
    var password: String?
    /// Read from a line telling a change of password (`Chase: changed from x to y`): when a
    /// record before has the same service, this is its new password, not another record.
    var tellsChange = false
    /// The label the username was written under (`gamertag`, `username`), when it had one.
    var usernameLabel: String?
    /// The label the password was written under (`passcode`), when it had one.
    var passwordLabel: String?
    /// The label the title was written under (`SITE: NATWEST`), when it had one.
    var titleLabel: String?
    var urls: [String] = []
    var totp: String?
    /// Values of an explicit `Notes:` label: understood text, kept in the item's notes.
    var notes: [String] = []
    var customFields: [VaultItem.CustomField] = []
    /// Lines, or parts of lines, not understood: kept in one concealed field.
    var unrecognized: [String] = []
    var firstLine: Int
    var lastLine: Int
    /// Values read through a label, and values placed by their shape or position.
    var labelled = 0
    var placed = 0
    /// Read from one line with separators (`Service | user | pass`) or a table row.
    var oneLine = false
    /// Its title came from a line of its own (`Gmail`), not from a one-line record.
    var titleLine = false
    /// Its title line was written in capitals (`BANKING`): a heading if nothing follows.
    var capitals = false
    /// The blank-separated block it was read in.
    var block: Int
    /// Its credentials came from a bare `user / password` line under a title, so a next
    /// such line is another account of the same service.
    var bareCredentials = false
    /// Its username was read through a username or e-mail label (`Anmeldename: MuellerK1975`):
    /// it stays the username even when it looks like a password, unless it is the password.
    var usernameLabelled = false
    /// The label its username was read through (`acct`, `member #`), when that label names an
    /// account or customer number: a login name labelled later on the line (`login: ana`) is
    /// the username instead, and the number is kept beside it.
    var usernameNumberLabel: String?
    /// Its username is a login name of letters and digits written just before a password
    /// with symbols (`PlayerOne9 / Pac|Man|Ghost`): it stays the username too.
    var usernameBesidePassword = false
    var tags: [String] = []
    var created: Date?
    var modified: Date?
    var folder: [String] = []
    /// The heading that titled an earlier record of this one's section and was then set aside
    /// (`## Gmail` over `- personal: …`, `- work: …`): the service a record titled only by
    /// which account it is belongs to.
    var sectionService: String?
    /// Read from a line naming whose login it is, indented under a service's name
    /// (`Dentrix` / `  Dr. Okafor:  DOKAFOR / x`): that service and the indent of its name's
    /// line, so the next person's line indented under it is another account of it.
    var personOf: (service: String, indent: Int)?

    init(line: Int, block: Int) {
        firstLine = line
        lastLine = line
        self.block = block
    }

    var hasCredential: Bool { username != nil || password != nil }
    var hasContent: Bool {
        title != nil || hasCredential || !urls.isEmpty || totp != nil || !notes.isEmpty || !customFields.isEmpty
            || !unrecognized.isEmpty
    }
    /// Only a title so far: a record's first line, or a heading.
    var isTitleOnly: Bool {
        title != nil && !hasCredential && urls.isEmpty && totp == nil && notes.isEmpty && customFields.isEmpty
            && unrecognized.isEmpty
    }

    mutating func touch(_ line: Int) {
        firstLine = min(firstLine, line)
        lastLine = max(lastLine, line)
    }

    /// "high": two or more labelled values or a labelled password; "medium": a one-line
    /// record, a table row or one label; "low": guessed from shapes and positions.
    var confidence: String {
        if labelled >= 2 || (labelled >= 1 && password != nil && placed == 0) { return "high" }
        if labelled >= 1 || oneLine { return "medium" }
        return "low"
    }
}
