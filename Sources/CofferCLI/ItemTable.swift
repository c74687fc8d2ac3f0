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
    static func print(
        _ items: [VaultItem], rows: [Int]? = nil, json: Bool, collections: [Data: String] = [:]
    ) throws {
        let rows = rows ?? Array(items.indices)
        let showsCollection = rows.contains { items[$0].collection != nil }
        @Sendable func collection(_ item: VaultItem) -> String {
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
            var writer = PrettyJSONWriter()
            writer.writeArray(
                of: order.map { r in
                    let item = items[rows[r]]
                    var row: [(String, PrettyJSONWriter.Value)] = [
                        ("id", .string(item.id.recordString)), ("kind", .string(item.kind.name)),
                        ("title", .string(item.title)), ("username", .string(item.username ?? "")),
                        ("folder", .strings(item.folder)), ("urls", .strings(item.urls)), ("tags", .strings(item.tags)),
                    ]
                    if showsCollection { row.append(("collection", .string(collection(item)))) }
                    return row
                })
            CofferCLI.print(String(decoding: writer.bytes, as: UTF8.self))
            return
        }
        var table = TextTable(
            header: ["ID", "KIND", "TITLE", "USERNAME", "FOLDER"] + (showsCollection ? ["COLLECTION"] : []))
        table.reserve(rows: rows.count)
        // Cells made on every core, in table order; appended (and measured) in that order.
        let cells = ParallelMap.map(order.count) { position in
            let r = order[position]
            let item = items[rows[r]]
            return [
                idPrefix(item.id), cell(item.kind.name), cell(item.title), cell(item.username ?? ""),
                cell(folders[r]),
            ] + (showsCollection ? [cell(collection(item))] : [])
        }
        for row in cells { table.append(row) }
        table.write()
    }

    /// Positions of `keys` in ascending order; equal keys keep their order (the standard
    /// library's sort is stable), as sorting the items themselves did.
    private static func sortedOrder(_ keys: [(String, String)]) -> [Int] {
        keys.indices.sorted { keys[$0] < keys[$1] }
    }

    /// A cell: terminal-safe, one line (`safe` escapes line breaks when not multiline), at most
    /// 32 characters.
    private static func cell(_ text: String) -> String { shortened(TerminalText.safe(text, multiline: false)) }

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
/// terminal shows them), two spaces apart, no trailing spaces; written in one piece.
struct TextTable {
    private var cells: [String] = []
    private var widths: [Int]
    private var lengths: [Int] = []
    private let columns: Int

    init(header: [String]) {
        columns = header.count
        widths = Array(repeating: 0, count: columns)
        append(header)
    }

    mutating func reserve(rows: Int) {
        cells.reserveCapacity((rows + 1) * columns)
        lengths.reserveCapacity((rows + 1) * columns)
    }

    mutating func append(_ row: [String]) {
        precondition(row.count == columns)
        for (column, cell) in row.enumerated() {
            let length = Self.characters(cell)
            cells.append(cell)
            lengths.append(length)
            widths[column] = max(widths[column], length)
        }
    }

    /// Characters in `text`; printable ASCII (most cells) without walking grapheme clusters.
    private static func characters(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }

    func write() {
        var out = [UInt8]()
        out.reserveCapacity(cells.reduce(0) { $0 + $1.utf8.count } + cells.count * 4)
        for start in stride(from: 0, to: cells.count, by: columns) {
            let lineStart = out.count
            for column in 0..<columns {
                if column > 0 { out.append(contentsOf: [0x20, 0x20]) }
                out.append(contentsOf: cells[start + column].utf8)
                if column < columns - 1 {
                    out.append(contentsOf: repeatElement(0x20, count: widths[column] - lengths[start + column]))
                }
            }
            while out.count > lineStart, out.last == 0x20 { out.removeLast() }
            out.append(0x0A)
        }
        // Every cell is terminal-safe already (TerminalText), so the bytes go out as they are.
        Swift.print(String(decoding: out, as: UTF8.self), terminator: "")
    }
}
