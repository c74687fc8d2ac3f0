import CofferKit
import Foundation

/// The one-line-per-item table of `list` and `search`, or its JSON form. No secrets.
///
/// Built for 100,000 items and more: rows are indices into the document's items (no item
/// is copied), each sort key and cell is made once, and the table is written as bytes in one
/// piece.
enum ItemTable {
    /// Prints `items` (or those at `rows`), sorted by folder then title, ignoring case.
    /// `collections` names private collections by id: a COLLECTION column (a `collection` key
    /// in JSON) appears when an item listed is in one.
    static func print<Item: TabledItem>(
        _ items: [Item], rows: [Int]? = nil, json: Bool, collections: [Data: String] = [:]
    ) throws {
        let rows = rows ?? Array(items.indices)
        let showsCollection = rows.contains { items[$0].collection != nil }
        @Sendable func collection(_ item: Item) -> String {
            item.collection.map { collections[$0] ?? "?" } ?? CollectionOption.defaultName
        }
        // Each row's folder and sort key made on every core (rows are independent).
        let keyed = ParallelMap.map(rows.count) { r in
            let folder = FolderPath.format(items[rows[r]].folder)
            return (folder: folder, key: (folder.lowercased(), items[rows[r]].title.lowercased()))
        }
        let folders = keyed.map(\.folder)
        let order = sortedOrder(keyed.map(\.key))
        if json {
            guard !order.isEmpty else { return CofferCLI.print("[\n\n]") }
            // Objects written on every core, a slice of rows each, and printed in order: no
            // tree of 100,000 objects is built.
            let slices = order.count < 2048 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 16
            try StandardOutput.emit(Array("[\n".utf8))
            try StandardOutput.emitInOrder(slices) { slice -> [UInt8] in
                var writer = PrettyJSONWriter()
                for position in order.count * slice / slices..<order.count * (slice + 1) / slices {
                    let i = rows[order[position]]
                    // Keys in sorted order, as the writer prints them (then it need not sort).
                    var row: [(String, PrettyJSONWriter.Value)] = []
                    row.reserveCapacity(8)
                    if showsCollection { row.append(("collection", .string(collection(items[i])))) }
                    row += [
                        ("folder", .strings(items[i].folder)), ("id", .string(items[i].id.recordString)),
                        ("kind", .string(items[i].kind.name)), ("tags", .strings(items[i].tags)),
                        ("title", .string(items[i].title)), ("urls", .strings(items[i].urls)),
                        ("username", .string(items[i].username ?? "")),
                    ]
                    writer.writeObject(row, last: position == order.count - 1)
                }
                return writer.bytes
            }
            try StandardOutput.emit(Array("]\n".utf8))
            return
        }
        // Cells made on every core, in table order, when measured and again when written:
        // making a cell is cheap, holding 100,000 rows of them was not.
        let header = ["ID", "KIND", "TITLE", "USERNAME", "FOLDER"] + (showsCollection ? ["COLLECTION"] : [])
        // Fields read in place: copying an item (dozens of references) per cell cost more
        // than writing the table.
        @Sendable func text(_ position: Int, _ column: Int) -> String {
            let r = order[position]
            let i = rows[r]
            switch column {
            case 0: return ""  // the id, made by idPrefix
            case 1: return items[i].kind.name
            case 2: return items[i].title
            case 3: return items[i].username ?? ""
            case 4: return folders[r]
            default: return collection(items[i])
            }
        }
        try TextTable(
            header: header, rows: order.count,
            cell: { position, column in
                column == 0 ? idPrefix(items[rows[order[position]]].id) : cell(text(position, column))
            },
            width: { position, column in column == 0 ? 8 : cellWidth(text(position, column)) }
        ).write()
    }

    /// Positions of `keys` in ascending order; equal keys keep their order (the standard
    /// library's sort is stable), as sorting the items themselves did.
    private static func sortedOrder(_ keys: [(String, String)]) -> [Int] {
        keys.indices.sorted { keys[$0] < keys[$1] }
    }

    /// A cell: terminal-safe, one line (`safe` escapes line breaks when not multiline), at most
    /// 32 characters.
    private static func cell(_ text: String) -> String { shortened(TerminalText.safe(text, multiline: false)) }

    /// The characters of `text`'s cell, without making the cell when `text` is printable
    /// ASCII (most text): such text is its own safe form, one character a byte, and a cell
    /// holds at most 32 of them. Measuring the columns made every cell once more than
    /// writing them, a third of printing 100,000 rows.
    private static func cellWidth(_ text: String) -> Int {
        var text = text
        let printable = text.withUTF8 { utf8 in utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? utf8.count : nil }
        if let printable { return min(printable, 32) }
        return TextTable.characters(cell(text))
    }

    /// The first 8 hex digits of an id, as `list` shows it (the id's first 4 bytes).
    static func idPrefix(_ id: UUID) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return withUnsafeBytes(of: id.uuid) { bytes in
            String(unsafeUninitializedCapacity: 8) { out in
                for i in 0..<4 {
                    out[2 * i] = digits[Int(bytes[i] >> 4)]
                    out[2 * i + 1] = digits[Int(bytes[i] & 0x0F)]
                }
                return 8
            }
        }
    }

    /// Cells longer than 32 characters end in an ellipsis; one line per item whatever it holds.
    static func cut(_ text: String) -> String {
        shortened(text.utf8.contains(0x0A) ? text.replacingOccurrences(of: "\n", with: " ") : text)
    }

    /// At most 32 characters: a longer line ends in an ellipsis.
    private static func shortened(_ line: String) -> String {
        // Up to 32 UTF-8 bytes cannot be more than 32 characters: no count needed.
        guard line.utf8.count > 32, line.count > 32 else { return line }
        return line.prefix(31) + "…"
    }
}

/// Columns of terminal-safe cells, padded to the widest cell (counted in characters, as a
/// terminal shows them), two spaces apart, no trailing spaces. Cells are made by a function,
/// on every core, once to measure the columns and once to write them: no table of cells is
/// held, and the lines are written as bytes in one piece per slice of rows.
struct TextTable {
    let header: [String]
    let rows: Int
    /// Row `row`'s cell in `column` (terminal-safe already).
    let cell: @Sendable (_ row: Int, _ column: Int) -> String
    /// The characters of row `row`'s cell in `column`, for a caller that knows them without
    /// making the cell (``characters(_:)`` of the cell otherwise).
    let width: @Sendable (_ row: Int, _ column: Int) -> Int

    init(
        header: [String], rows: Int, cell: @escaping @Sendable (_ row: Int, _ column: Int) -> String,
        width: (@Sendable (_ row: Int, _ column: Int) -> Int)? = nil
    ) {
        self.header = header
        self.rows = rows
        self.cell = cell
        self.width = width ?? { row, column in Self.characters(cell(row, column)) }
    }

    func write() throws {
        let columns = header.count
        let slices = rows < 2048 ? 1 : ProcessInfo.processInfo.activeProcessorCount * 16
        let rows = rows
        let cell = cell
        let width = width
        @Sendable func sliceRows(_ slice: Int) -> Range<Int> { rows * slice / slices..<rows * (slice + 1) / slices }
        var widths = header.map(Self.characters)
        for sliceWidths in ParallelMap.map(
            slices, serialBelow: 2,
            { slice in
                var widths = [Int](repeating: 0, count: columns)
                for row in sliceRows(slice) {
                    for column in 0..<columns {
                        widths[column] = max(widths[column], width(row, column))
                    }
                }
                return widths
            })
        {
            for column in 0..<columns { widths[column] = max(widths[column], sliceWidths[column]) }
        }
        let padded = widths
        var out = [UInt8]()
        Self.appendLine(header, widths: padded, to: &out)
        try StandardOutput.emit(out)
        try StandardOutput.emitInOrder(slices) { slice -> [UInt8] in
            var bytes = [UInt8]()
            var cells = [String](repeating: "", count: columns)
            for row in sliceRows(slice) {
                for column in 0..<columns { cells[column] = cell(row, column) }
                Self.appendLine(cells, widths: padded, to: &bytes)
            }
            return bytes
        }
    }

    /// Appends one line: the cells padded to `widths` (not the last), two spaces apart, no
    /// trailing spaces, a line feed.
    private static func appendLine(_ cells: [String], widths: [Int], to out: inout [UInt8]) {
        let start = out.count
        for (column, cell) in cells.enumerated() {
            if column > 0 { out += [0x20, 0x20] }
            out += cell.utf8
            if column < cells.count - 1 { out += repeatElement(0x20, count: widths[column] - characters(cell)) }
        }
        while out.count > start, out.last == 0x20 { out.removeLast() }
        out.append(0x0A)
    }

    /// Characters in `text`; printable ASCII (most cells) without walking grapheme clusters.
    static func characters(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }
}

/// What ``ItemTable`` shows of an item: a whole ``VaultItem`` (`search`) or a
/// ``ListedItem`` (`list`).
protocol TabledItem: Sendable {
    var id: UUID { get }
    var kind: VaultItem.Kind { get }
    var title: String { get }
    var username: String? { get }
    var folder: [String] { get }
    var urls: [String] { get }
    var tags: [String] { get }
    var collection: Data? { get }
}

extension VaultItem: TabledItem {}

extension ListedItem: TabledItem {
    /// Listed items are read only from vaults without private collections.
    var collection: Data? { nil }
}
