/// RFC 4180 CSV, as exports really write it: comma, semicolon or tab (from the header
/// line), quoted fields with `""` escapes and embedded newlines, line endings LF, CRLF, CR
/// and CR CR LF (Excel on Windows), a final line with or without an end. Each row keeps the
/// line it started on, for messages.
public struct CSVReader {
    public struct Row: Equatable, Sendable {
        public var line: Int
        public var fields: [String]
    }

    public static func rows(_ text: String, input: String) throws -> (delimiter: Character, rows: [Row]) {
        var rows = [Row]()
        let delimiter = try forEachRow(text, input: input) { rows.append($0) }
        return (delimiter, rows)
    }

    /// Hands each row to `body` as soon as it is read, so a large export is never held as
    /// rows and items at once. Returns the delimiter.
    @discardableResult
    public static func forEachRow(_ text: String, input: String, _ body: (Row) throws -> Void) throws -> Character {
        var text = text
        return try text.withUTF8 { try forEachRow(utf8: $0, input: input, body) }
    }

    /// Works on UTF-8 bytes: every byte that matters (quote, delimiter, CR, LF) is ASCII and
    /// never part of a multi-byte character, so fields are sliced, not rebuilt scalar by scalar.
    static func forEachRow(utf8 bytes: UnsafeBufferPointer<UInt8>, input: String, _ body: (Row) throws -> Void) throws
        -> Character
    {
        let delimiter = detectDelimiter(bytes)
        let d = UInt8(ascii: delimiter.unicodeScalars.first!)
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var fields = [String]()
        var field = [UInt8]()
        var i = 0
        var line = 1
        var rowLine = 1
        var quoted = false
        var fieldStarted = false
        var quoteLine = 0

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        func endRow() throws {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { try body(Row(line: rowLine, fields: fields)) }
            fields.removeAll(keepingCapacity: true)
        }
        while i < bytes.count {
            let c = bytes[i]
            if quoted {
                if c == quote {
                    if i + 1 < bytes.count, bytes[i + 1] == quote {
                        field.append(quote)
                        i += 2
                        continue
                    }
                    quoted = false
                    i += 1
                    continue
                }
                if c == lf || (c == cr && (i + 1 >= bytes.count || bytes[i + 1] != lf)) { line += 1 }
                field.append(c)
                i += 1
                continue
            }
            if c == quote, !fieldStarted {
                quoted = true
                fieldStarted = true
                quoteLine = line
                i += 1
            } else if c == d {
                endField()
                i += 1
            } else if c == cr || c == lf {
                // CR CR LF, CR LF, LF and CR each end one line.
                var j = i
                while j < bytes.count, bytes[j] == cr { j += 1 }
                if j < bytes.count, bytes[j] == lf { j += 1 }
                if j == i { j = i + 1 }
                try endRow()
                line += 1
                rowLine = line
                i = j
            } else {
                field.append(c)
                fieldStarted = true
                i += 1
            }
        }
        if quoted { throw ConverterError(input: input, line: quoteLine, "a quoted field opened here is never closed") }
        if fieldStarted || !fields.isEmpty { try endRow() }
        return delimiter
    }

    /// The rows of the first 64 KiB of `text`, cut at a line's end (a cut inside a quoted cell
    /// of many lines moves back a line at a time, eight times at most): what detection and
    /// column sampling look at. Nil when no such cut parses.
    static func leadingRows(_ text: String, bytes limit: Int = 65_536) -> [Row]? {
        let utf8 = text.utf8
        guard utf8.count > limit else { return try? rows(text, input: "").rows }
        var end = utf8.index(utf8.startIndex, offsetBy: limit)
        for _ in 0..<8 {
            guard let newline = utf8[..<end].lastIndex(of: 0x0A) else { return nil }
            if let parsed = try? rows(String(text[..<newline]), input: "").rows { return parsed }
            end = newline
        }
        return nil
    }

    /// The delimiter that appears most often outside quotes on the first line (or, below a
    /// first line holding none, on the first line naming three columns or more).
    static func detectDelimiter(_ bytes: some Collection<UInt8>) -> Character {
        // The first line decides, unless it holds no delimiter at all: a title above the table
        // ("Karen's logins", a blank line, then `Site<TAB>Username<TAB>Password`). Then the
        // first of the next lines naming three columns or more does.
        var lines = [[UInt8: Int]]()
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var quoted = false
        var length = 0
        for c in bytes {
            if c == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                if length > 0 { lines.append(counts) }
                if lines.count > CSVImporter.maximumPreambleLines
                    || (lines.count == 1 && counts.values.contains { $0 > 0 })
                {
                    break
                }
                counts = counts.mapValues { _ in 0 }
                length = 0
                continue
            }
            length += 1
            if !quoted, counts[c] != nil { counts[c]! += 1 }
        }
        if length > 0 { lines.append(counts) }
        let chosen =
            lines.first.map { first in
                first.values.contains { $0 > 0 } ? first : lines.first { $0.values.contains { $0 >= 2 } } ?? first
            } ?? counts
        let best = chosen.max { $0.value < $1.value || ($0.value == $1.value && $0.key != UInt8(ascii: ",")) }!
        return best.value > 0 ? Character(Unicode.Scalar(best.key)) : ","
    }
}
