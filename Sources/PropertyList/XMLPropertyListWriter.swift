import Foundation

/// Writes Apple's XML plist format, byte for byte as python3 plistlib does (tabs, Apple's
/// DOCTYPE, base64 wrapped to 76 columns minus the indentation, `<dict/>` for empty
/// containers) with two documented exceptions, both where plistlib loses data:
/// a carriage return is written as `&#13;` (plistlib turns it into a newline), and a UID
/// is written as CF does, `<dict><key>CF$UID</key><integer>N</integer></dict>` (plistlib
/// refuses UIDs in XML).
struct XMLPropertyListWriter {
    static let header = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)

    private var out: [UInt8] = []
    private let sortKeys: Bool
    /// Where in the value we are, for error messages ("items/3/notes").
    private var path: [String] = []

    static func encode(_ value: PropertyListValue, sortKeys: Bool) throws -> [UInt8] {
        var writer = XMLPropertyListWriter(sortKeys: sortKeys)
        writer.out.append(contentsOf: header)
        try writer.write(value, indent: 0)
        writer.out.append(contentsOf: "</plist>\n".utf8)
        return writer.out
    }

    private init(sortKeys: Bool) { self.sortKeys = sortKeys }

    private mutating func write(_ value: PropertyListValue, indent: Int) throws {
        guard path.count <= PropertyListLimits.maximumDepth else {
            throw PropertyListError(.tooDeep, "nesting deeper than \(PropertyListLimits.maximumDepth) levels")
        }
        switch value {
        case .string(let s):
            try element("string", escaping: s, indent: indent)
        case .bool(let b):
            line(b ? "<true/>" : "<false/>", indent: indent)
        case .integer(let i):
            line("<integer>\(i.description)</integer>", indent: indent)
        case .real(let r):
            line("<real>\(r.description)</real>", indent: indent)
        case .date(let d):
            guard let civil = CivilTime(secondsSinceReferenceDate: d.timeIntervalSinceReferenceDate) else {
                throw PropertyListError(
                    .unrepresentable,
                    "\(location)date \(d.timeIntervalSinceReferenceDate) s is outside years 1–9999, which XML dates cannot spell"
                )
            }
            line("<date>\(civil.iso8601)</date>", indent: indent)
        case .data(let d):
            writeData(d, indent: indent)
        case .uid(let u):
            line("<dict>", indent: indent)
            line("<key>CF$UID</key>", indent: indent + 1)
            line("<integer>\(u)</integer>", indent: indent + 1)
            line("</dict>", indent: indent)
        case .array(let elements):
            guard !elements.isEmpty else { return line("<array/>", indent: indent) }
            line("<array>", indent: indent)
            for (i, element) in elements.enumerated() {
                path.append(String(i))
                try write(element, indent: indent + 1)
                path.removeLast()
            }
            line("</array>", indent: indent)
        case .dictionary(let dictionary):
            guard !dictionary.isEmpty else { return line("<dict/>", indent: indent) }
            line("<dict>", indent: indent)
            let entries = sortKeys ? dictionary.sortedEntries() : Array(dictionary)
            for (key, value) in entries {
                path.append(key)
                try element("key", escaping: key, indent: indent + 1)
                try write(value, indent: indent + 1)
                path.removeLast()
            }
            line("</dict>", indent: indent)
        }
    }

    private var location: String { path.isEmpty ? "" : "at \(path.joined(separator: "/")): " }

    private mutating func line(_ text: String, indent: Int) {
        out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: indent))
        out.append(contentsOf: text.utf8)
        out.append(UInt8(ascii: "\n"))
    }

    private mutating func element(_ name: String, escaping text: String, indent: Int) throws {
        out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: indent))
        out.append(UInt8(ascii: "<"))
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: ">"))
        try appendEscaped(text)
        out.append(contentsOf: "</".utf8)
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: ">\n".utf8)
    }

    private mutating func appendEscaped(_ text: String) throws {
        var utf8 = text.utf8.makeIterator()
        var index = 0
        while let byte = utf8.next() {
            defer { index += 1 }
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case 0x0D: out.append(contentsOf: "&#13;".utf8)
            case 0x09, 0x0A: out.append(byte)
            case 0x00..<0x20:
                throw PropertyListError(
                    .unrepresentable,
                    "\(location)control character U+\(String(format: "%04X", byte)) at UTF-8 offset \(index) "
                        + "cannot appear in XML 1.0; use binary or JSON, or store the value as data")
            case 0xEF:
                // U+FFFE and U+FFFF (EF BF BE / EF BF BF) are not XML characters either.
                out.append(byte)
                if let b1 = utf8.next() {
                    out.append(b1)
                    if let b2 = utf8.next() {
                        out.append(b2)
                        if b1 == 0xBF, b2 == 0xBE || b2 == 0xBF {
                            throw PropertyListError(
                                .unrepresentable,
                                "\(location)noncharacter U+FFF\(b2 == 0xBE ? "E" : "F") cannot appear in XML 1.0")
                        }
                    }
                }
                index += 2
            default: out.append(byte)
            }
        }
    }

    /// plistlib's layout: base64 lines at the `<data>` element's own indentation, each at
    /// most max(16, 76 − 8 × indent) characters (a tab counted as 8 columns).
    private mutating func writeData(_ data: Data, indent: Int) {
        line("<data>", indent: indent)
        let lineLength = max(16, 76 - 8 * indent)
        let bytesPerLine = lineLength / 4 * 3
        let bytes = [UInt8](data)
        var start = 0
        while start < bytes.count {
            let end = min(start + bytesPerLine, bytes.count)
            out.append(contentsOf: repeatElement(UInt8(ascii: "\t"), count: indent))
            Base64.encode(bytes[start..<end], into: &out)
            out.append(UInt8(ascii: "\n"))
            start = end
        }
        line("</data>", indent: indent)
    }
}
