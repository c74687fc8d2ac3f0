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
        let scalars = Array(text.unicodeScalars)
        let delimiter = detectDelimiter(scalars)
        var rows = [Row]()
        var fields = [String]()
        var field = String.UnicodeScalarView()
        var i = 0
        var line = 1
        var rowLine = 1
        var quoted = false
        var fieldStarted = false
        var quoteLine = 0
        let d = delimiter.unicodeScalars.first!

        func endField() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            fieldStarted = false
        }
        func endRow() {
            endField()
            if !(fields.count == 1 && fields[0].isEmpty) { rows.append(Row(line: rowLine, fields: fields)) }
            fields = []
        }
        while i < scalars.count {
            let c = scalars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < scalars.count, scalars[i + 1] == "\"" {
                        field.append("\"")
                        i += 2
                        continue
                    }
                    quoted = false
                    i += 1
                    continue
                }
                if c == "\n" || (c == "\r" && (i + 1 >= scalars.count || scalars[i + 1] != "\n")) { line += 1 }
                field.append(c)
                i += 1
                continue
            }
            switch c {
            case "\"" where !fieldStarted:
                quoted = true
                fieldStarted = true
                quoteLine = line
                i += 1
            case d:
                endField()
                i += 1
            case "\r", "\n":
                // CR CR LF, CR LF, LF and CR each end one line.
                var j = i
                while j < scalars.count, scalars[j] == "\r" { j += 1 }
                if j < scalars.count, scalars[j] == "\n" { j += 1 }
                if j == i { j = i + 1 }
                endRow()
                line += 1
                rowLine = line
                i = j
            default:
                field.append(c)
                fieldStarted = true
                i += 1
            }
        }
        if quoted { throw ConverterError(input: input, line: quoteLine, "a quoted field opened here is never closed") }
        if fieldStarted || !fields.isEmpty { endRow() }
        return (delimiter, rows)
    }

    /// The delimiter that appears most often outside quotes on the first line.
    static func detectDelimiter(_ scalars: [Unicode.Scalar]) -> Character {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var quoted = false
        for c in scalars {
            if c == "\"" { quoted.toggle() }
            if !quoted, c == "\n" || c == "\r" { break }
            if !quoted, counts[c] != nil { counts[c]! += 1 }
        }
        let best = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key != ",") }!
        return best.value > 0 ? Character(best.key) : ","
    }
}
