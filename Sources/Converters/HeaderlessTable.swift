/// A CSV without a header (`Amazon, ana@x.com, Pa55!, amazon.com` on every line), as people
/// type one into a text file: what each column holds, read from its values. A column of
/// e-mails (or login names) is the username, of URLs the URL, of password-like strings the
/// password, and the first column of names the title; the others are kept, concealed.
enum HeaderlessTable {
    /// At most this many rows are looked at to decide.
    static let sampledRows = 200

    /// The field of each column, or nil when the rows do not read as a table of logins (no
    /// column of names and no column of passwords).
    static func columns(_ rows: [[String]]) -> [CSVImporter.Field?]? {
        let sample = rows.prefix(sampledRows).map { $0.map(trimmed) }
        guard sample.count >= 1 else { return nil }
        let width = modalWidth(sample)
        guard width >= 2 else { return nil }
        // Only rows as wide as most: a wider one may hold the delimiter in a value.
        let regular = sample.filter { $0.count == width }
        let cells = (0..<width).map { column in
            regular.compactMap { row in row[column].isEmpty ? nil : row[column] }
        }
        func share(_ column: Int, _ test: (String) -> Bool) -> Double {
            cells[column].isEmpty ? 0 : Double(cells[column].count(where: test)) / Double(cells[column].count)
        }
        var fields = [CSVImporter.Field?](repeating: nil, count: width)
        func free(_ column: Int) -> Bool { fields[column] == nil }
        // URLs are often written bare (`allegro.pl`): half the column, and nothing of another kind.
        for column in 0..<width
        where share(column, isURL) >= 0.5 && share(column, isSecret) == 0 && share(column, NotesToken.isEmail) == 0
            && !fields.contains(.url)
        {
            fields[column] = .url
        }
        for column in 0..<width where free(column) && share(column, NotesToken.isEmail) >= 0.5 {
            if !fields.contains(.username) { fields[column] = .username }
        }
        // The password: the column most often password-like (ties: the later one, as people
        // write the user before the password).
        var passwordColumn: Int?
        var best = 0.5
        for column in 0..<width where free(column) {
            let secrets = share(column, isSecret)
            if secrets >= best {
                (passwordColumn, best) = (column, secrets)
            }
        }
        guard let passwordColumn else { return nil }
        fields[passwordColumn] = .password
        guard let titleColumn = (0..<width).first(where: { free($0) && share($0, isName) >= 0.6 }) else { return nil }
        fields[titleColumn] = .title
        // Login names (no e-mail column): a column of handles before the password.
        if !fields.contains(.username),
            let user = (0..<passwordColumn).first(where: { free($0) && share($0, isLogin) >= 0.6 })
        {
            fields[user] = .username
        }
        return fields
    }

    /// A row with more cells than the table is wide: where the password (written without
    /// quotes) held the delimiter (`Amex, jpatel85, Gold,Card7,`), its cells joined again —
    /// when what follows then fits the columns after it; otherwise the row as it is.
    static func rejoined(_ row: [String], columns: [CSVImporter.Field?], delimiter: Character) -> [String] {
        let extra = row.count - columns.count
        guard extra > 0, let password = columns.firstIndex(of: .password), password + extra < row.count else {
            return row
        }
        let joined = row[password...(password + extra)].joined(separator: String(delimiter))
        let fitted = Array(row[..<password]) + [trimmed(joined)] + row[(password + extra + 1)...]
        let fits = zip(fitted, columns).allSatisfy { cell, field in
            field != .url || cell.isEmpty || isURL(cell)
        }
        return fits ? fitted : row
    }

    static func trimmed(_ cell: String) -> String {
        String(NotesLineClassifier.trimmedSpaces(cell[...]))
    }

    /// The most common number of cells in a row.
    static func modalWidth(_ rows: [[String]]) -> Int {
        let histogram = Dictionary(rows.map { ($0.count, 1) }, uniquingKeysWith: +)
        return histogram.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
    }

    static func isURL(_ cell: String) -> Bool {
        HeaderlessCSV.looksLikeURL(cell) || NotesToken.shape(of: cell) == .url
    }

    static func isSecret(_ cell: String) -> Bool {
        !NotesToken.isEmail(cell) && !isURL(cell)
            && (NotesToken.isPasswordLike(cell) || NotesToken.shape(of: cell) == .secret)
    }

    /// `Bank of Example`, `Amex`, `AT&T`: words, not a value of another kind.
    static func isName(_ cell: String) -> Bool {
        cell.contains(where: \.isLetter) && !NotesToken.isEmail(cell) && !isURL(cell)
            && !NotesToken.isPasswordLike(cell) && cell.count <= 60
    }

    static func isLogin(_ cell: String) -> Bool {
        !cell.contains(where: \.isWhitespace) && !NotesToken.isPasswordLike(cell) && !isURL(cell)
    }

    /// A first row that cannot be a header: it holds an e-mail, a URL or a password-like value.
    static func startsWithValues(_ row: [String]) -> Bool {
        row.map(trimmed).contains { NotesToken.isEmail($0) || isURL($0) || NotesToken.isPasswordLike($0) }
    }
}
