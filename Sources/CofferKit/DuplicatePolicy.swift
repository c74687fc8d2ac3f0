/// What an import into an existing vault does with an item the vault already holds: one
/// with the same id, or the same title, username and password.
public enum DuplicatePolicy: String, CaseIterable, Sendable {
    /// Leave the vault's item alone and drop the imported one.
    case skip
    /// Add the imported item too (with a fresh id when its id is taken).
    case keep
    /// Replace the vault's item by the imported one, keeping the vault item's id and
    /// creation date — unless both carry a `modified` date and the vault's is newer; either
    /// way the losing version's password joins the history, so no password is lost.
    case update
}
