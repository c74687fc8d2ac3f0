/// Dashlane's CSV, which has no header: title, url, username, password, note per line.
/// Never detected (nothing in the file says it is Dashlane's); read when forced.
struct DashlaneCSVImporter: ImportFormat {
    var name: String { "dashlane-csv" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    func detect(_ source: ImportSource) throws -> ImportConfidence? { nil }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        var result = try CSVImporter().importItems(
            "title,url,username,password,notes\n" + decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.format = "dashlane-csv"
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
