import PropertyList

/// Another manager's JSON export, told apart by the shape of the decoded document: the
/// detection and reading every such importer shares (one decode of the JSON per input,
/// through ``ImportSource/foreignJSON()``).
protocol ForeignJSONFormat: ImportFormat {
    static func matches(_ value: PropertyListValue) -> Bool
    static func importValue(_ value: PropertyListValue, input: String) throws -> ImportResult
}

extension ForeignJSONFormat {
    var syntaxes: Set<ImportSource.Syntax> { [.json] }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .json else { return nil }
        return Self.matches(try source.foreignJSON()) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        try Self.importValue(try source.foreignJSON(), input: source.name)
    }
}
