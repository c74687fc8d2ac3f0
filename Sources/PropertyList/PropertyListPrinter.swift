import Foundation

/// Renders a value for people, in the style of `plutil -p`: `"key" => value`, arrays with
/// indices, data as length and leading bytes, dates in UTC. Not a syntax: never parsed back.
public enum PropertyListPrinter {
    /// How many data bytes are shown before "…".
    static let dataPreviewBytes = 24

    public static func render(_ value: PropertyListValue) -> String {
        var out = ""
        render(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func render(_ value: PropertyListValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch value {
        case .dictionary(let d):
            guard !d.isEmpty else { return out += "{\n" + String(repeating: "  ", count: indent) + "}" }
            out += "{\n"
            for (key, value) in d.sortedEntries() {
                out += pad + quoted(key) + " => "
                render(value, indent: indent + 1, into: &out)
                out += "\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let a):
            guard !a.isEmpty else { return out += "[\n" + String(repeating: "  ", count: indent) + "]" }
            out += "[\n"
            for (i, element) in a.enumerated() {
                out += pad + "\(i) => "
                render(element, indent: indent + 1, into: &out)
                out += "\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .string(let s): out += quoted(s)
        case .integer(let i): out += i.description
        case .real(let r): out += r.description
        case .bool(let b): out += b ? "true" : "false"
        case .uid(let u): out += "<CFKeyedArchiverUID>{value = \(u)}"
        case .date(let d):
            let seconds = d.timeIntervalSinceReferenceDate
            if let civil = CivilTime(secondsSinceReferenceDate: seconds) {
                let iso = civil.iso8601
                out += iso.prefix(10) + " " + iso.dropFirst(11).prefix(8) + " +0000"
            } else {
                out += "date(\(seconds) s since 2001-01-01)"
            }
        case .data(let d):
            let shown = d.prefix(dataPreviewBytes).map { String(format: "%02x", $0) }.joined()
            out += "{length = \(d.count), bytes = 0x\(shown)\(d.count > dataPreviewBytes ? "..." : "")}"
        }
    }

    /// Quotes with backslash escapes for quotes, backslashes and control characters, so a
    /// value with a newline stays on one line.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
