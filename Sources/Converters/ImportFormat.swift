import VaultModel

/// What an import yields: the items read, and the report of how they were read.
typealias ImportResult = (items: [VaultItem], report: ImportReport)

/// One import format: the name that forces it, how sure it is from a file's content (never
/// its name) that the file is one of its own, and how it reads one. Every format is
/// registered once, in ``Importer/formats``.
protocol ImportFormat: Sendable {
    /// The name that forces this format (`bitwarden-json`).
    var name: String { get }
    /// Other names that force it.
    var aliases: [String] { get }
    /// The syntaxes its files are written in (a forced `json` chooses among the JSON ones).
    var syntaxes: Set<ImportSource.Syntax> { get }
    /// What its files look like, for the error when it is forced on a file it does not
    /// detect; nil for text formats, which read any text they are forced on.
    var expectation: String? { get }
    /// How sure the format is that `source` is one of its files; nil when it is not. Throws
    /// when the file is written in the format's syntax but does not parse: that error is
    /// the one to report, not a guess at another format.
    func detect(_ source: ImportSource) throws -> ImportConfidence?
    /// Reads `source` (detected, or forced when ``expectation`` is nil).
    func read(_ source: ImportSource) throws -> ImportResult
}

extension ImportFormat {
    var aliases: [String] { [] }
}
