/// Dashlane's CSV, which has no header: title, url, username, password, note per line.
/// Detected by that shape: no header, rows of five columns (six when a note held a comma; a
/// lone one-cell row, such as Dashlane's `"empty entry"`, aside) whose second column, where
/// filled, is a URL in most rows and whose username column is not. Any other headerless CSV
/// is refused, never guessed.
struct DashlaneCSVImporter: ImportFormat {
    var name: String { "dashlane-csv" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        return Self.looksLikeDashlane(try source.text().text) ? .high : nil
    }

    static func looksLikeDashlane(_ text: String) -> Bool {
        guard let rows = CSVReader.leadingRows(text),
            let first = rows.first(where: { $0.fields.count > 1 }), !HeaderlessCSV.isHeader(first.fields)
        else { return false }
        let sample = rows.prefix(50)
        // Five columns; a note with an unquoted comma makes a sixth.
        let records = sample.filter { $0.fields.count == 5 || $0.fields.count == 6 }
        guard records.count >= 2, records.count + sample.count(where: { $0.fields.count == 1 }) == sample.count
        else { return false }
        let withURL = records.filter { !$0.fields[1].isEmpty }
        let urls = withURL.filter { HeaderlessCSV.looksLikeURL($0.fields[1]) }.count
        // A title may be a URL; a login name or password is not.
        let elsewhere = records.contains { row in HeaderlessCSV.looksLikeURL(row.fields[2]) }
        return urls >= 2 && urls * 10 >= withURL.count * 8 && !elsewhere
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        var result = try CSVImporter().importItems(
            "title,url,username,password,notes\n" + decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.format = "dashlane-csv"
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
