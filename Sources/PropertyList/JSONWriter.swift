import Foundation

/// Writes a property-list value as JSON with the tagged-object mapping of ``JSONPropertyList``.
struct JSONWriter {
    var out: [UInt8] = []
    let options: JSONPropertyList.WritingOptions

    init(options: JSONPropertyList.WritingOptions) { self.options = options }

    private var pretty: Bool { options.contains(.prettyPrinted) }

    mutating func write(_ value: PropertyListValue, depth: Int) throws {
        guard depth <= PropertyListLimits.maximumDepth else {
            throw PropertyListError(.tooDeep, "nesting deeper than \(PropertyListLimits.maximumDepth) levels")
        }
        switch value {
        case .string(let s): writeString(s)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i):
            if i.isBeyondInt64 {
                tagged("$integer", depth: depth) { $0.writeString(i.description) }
            } else {
                out.append(contentsOf: i.description.utf8)
            }
        case .real(let r):
            if r.isFinite {
                out.append(contentsOf: r.description.utf8)  // always has "." or "e"
            } else {
                tagged("$real", depth: depth) { $0.writeString(r.isNaN ? "nan" : r < 0 ? "-inf" : "inf") }
            }
        case .data(let d):
            tagged("$data", depth: depth) { writer in
                writer.out.append(UInt8(ascii: "\""))
                Base64.encode([UInt8](d), into: &writer.out)
                writer.out.append(UInt8(ascii: "\""))
            }
        case .date(let d):
            tagged("$date", depth: depth) { writer in
                if let text = ISO8601Fraction.exact(d) {
                    writer.writeString(text)
                } else {
                    writer.out.append(contentsOf: d.timeIntervalSinceReferenceDate.description.utf8)
                }
            }
        case .uid(let u):
            tagged("$uid", depth: depth) { $0.out.append(contentsOf: String(u).utf8) }
        case .array(let elements):
            guard !elements.isEmpty else { return out.append(contentsOf: "[]".utf8) }
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                try write(element, depth: depth + 1)
            }
            newline(depth)
            out.append(UInt8(ascii: "]"))
        case .dictionary(let d):
            guard !d.isEmpty else { return out.append(contentsOf: "{}".utf8) }
            out.append(UInt8(ascii: "{"))
            let entries = options.contains(.sortedKeys) ? d.sortedEntries() : Array(d)
            for (i, (key, value)) in entries.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(depth + 1)
                writeString(key.hasPrefix("$") ? "$" + key : key)
                out.append(contentsOf: (pretty ? ": " : ":").utf8)
                try write(value, depth: depth + 1)
            }
            newline(depth)
            out.append(UInt8(ascii: "}"))
        }
    }

    private mutating func tagged(_ tag: String, depth: Int, _ body: (inout JSONWriter) -> Void) {
        out.append(UInt8(ascii: "{"))
        writeString(tag)
        out.append(contentsOf: (pretty ? ": " : ":").utf8)
        body(&self)
        out.append(UInt8(ascii: "}"))
    }

    private mutating func newline(_ depth: Int) {
        guard pretty else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    mutating func writeString(_ s: String) {
        out.append(UInt8(ascii: "\""))
        for byte in s.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0x00..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(Self.hexDigits[Int(byte >> 4)])
                out.append(Self.hexDigits[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
