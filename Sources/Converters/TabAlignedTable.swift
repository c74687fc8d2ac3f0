import VaultModel

/// A table lined up with tabs by hand (`SITE<TAB><TAB>USER<TAB><TAB><TAB><TAB>PASS`): the
/// writer pressed tab until each cell stood under its column on screen, so the number of
/// tabs differs from row to row and a row's cells cannot be counted across. Each cell is
/// put under the header name it stands under, with tab stops every 8 columns (or every 4,
/// when that lines up more cells of the row).
enum TabAlignedTable {
    /// The header's names and the screen column each starts at, for tab stops of 8 and of 4;
    /// nil when the header has no empty cell between two names (tabs typed once: an ordinary
    /// tab-separated table, read cell by cell).
    struct Layout {
        /// How many cells the header has, empty ones included, and where its names stand.
        let width: Int
        let columns: [Int]
        let names: [String]
        let starts8: [Int]
        let starts4: [Int]
    }

    static func layout(_ header: [String]) -> Layout? {
        guard let first = header.firstIndex(where: { !$0.isEmpty }),
            let last = header.lastIndex(where: { !$0.isEmpty }), first < last,
            header[first...last].contains(where: \.isEmpty)
        else { return nil }
        let named = header.indices.filter { !header[$0].isEmpty }
        let eight = starts(header, width: 8)
        let four = starts(header, width: 4)
        return Layout(
            width: header.count, columns: named, names: named.map { header[$0].trimmingSpaces },
            starts8: named.map { eight[$0] },
            starts4: named.map { four[$0] })
    }

    /// The screen column each cell starts at, one tab between cells.
    static func starts(_ cells: [String], width: Int) -> [Int] {
        var column = 0
        var result = [Int]()
        result.reserveCapacity(cells.count)
        for cell in cells {
            result.append(column)
            column += cell.count
            column = (column / width + 1) * width  // the tab after it
        }
        return result
    }

    /// `row`'s cells under the header's names: one cell per name (empty where none stands),
    /// two cells under one name joined by a space.
    static func aligned(_ row: [String], to layout: Layout) -> [String] {
        let filled = row.indices.filter { !row[$0].trimmingSpaces.isEmpty }
        // As many filled cells as names: in order (a long cell may push the next one right on
        // screen). As many cells as the header: the header's own empty cells are columns too.
        if row.count == layout.width { return layout.columns.map { row[$0].trimmingSpaces } }
        if filled.count == layout.names.count { return filled.map { row[$0].trimmingSpaces } }
        func placement(_ width: Int, _ headerStarts: [Int]) -> (hits: Int, columns: [Int]) {
            let starts = starts(row, width: width)
            var hits = 0
            let columns = filled.map { index in
                let start = starts[index]
                if headerStarts.contains(start) { hits += 1 }
                // The last name starting at or before the cell (a cell pushed right by a long
                // one before it still stands under the name it reached).
                return headerStarts.lastIndex(where: { $0 <= start }) ?? 0
            }
            return (hits, columns)
        }
        let eight = placement(8, layout.starts8)
        let four = placement(4, layout.starts4)
        let columns = four.hits > eight.hits ? four.columns : eight.columns
        var cells = Array(repeating: "", count: layout.names.count)
        for (index, column) in zip(filled, columns) {
            let value = row[index].trimmingSpaces
            cells[column] = cells[column].isEmpty ? value : cells[column] + " " + value
        }
        return cells
    }

    /// `----  ----  ----`: the header's underline, no values.
    static func isUnderline(_ row: [String]) -> Bool {
        let filled = row.map(\.trimmingSpaces).filter { !$0.isEmpty }
        return !filled.isEmpty && filled.allSatisfy { cell in cell.allSatisfy { $0 == "-" || $0 == "=" } }
    }
}

extension TabAlignedTable {
    /// What a person typed in the password column of their own table that is no password:
    /// a remark in brackets (`(none - quote only)`) is kept out of sight beside the item;
    /// `same as ring` is the password of the row titled so above it (the words kept too).
    static func resolveTypedPasswords(_ items: inout [VaultItem]) {
        for index in items.indices {
            guard let password = items[index].password else { continue }
            let words = password.lowercased().split(separator: " ")
            let remark = password.first == "(" && password.last == ")"
            var source: Substring?
            if words.count >= 3, words[0] == "same", words[1] == "as" || words[1] == "like" {
                source = words[2...].joined(separator: " ")[...]
            }
            guard remark || source != nil else { continue }
            items[index].customFields.append(.init(name: "Password column", value: password, concealed: true))
            items[index].password = nil
            if let source, !source.isEmpty,
                let original = items[..<index].last(where: {
                    $0.password != nil && $0.title.lowercased().hasPrefix(source)
                })
            {
                items[index].password = original.password
            }
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
