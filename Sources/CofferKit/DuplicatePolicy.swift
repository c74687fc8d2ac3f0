/// What an import into an existing vault does with an item the vault already holds: one
/// with the same id, or the same title, username and password.
public enum DuplicatePolicy: String, CaseIterable, Sendable {
    /// Leave the vault's item alone and drop the imported one.
    case skip
    /// Add the imported item too (with a fresh id when its id is taken).
    case keep
    /// Merge the imported item into the vault's by the merge rules (``VaultMerge``): the
    /// newer `modified` wins (a dated version over an undated one; the import when neither
    /// has a date), the vault item's id stays, the losing version's password joins the
    /// history and its differing values are kept as conflict fields, so nothing is lost.
    case update
}
