/// The three syntaxes Coffer reads and writes.
public enum PropertyListFormat: String, Sendable, CaseIterable {
    case binary, xml, json

    /// Identifies the syntax from the first bytes, never from a file name. `bplist` must
    /// be followed by `00` (the binary reader refuses other versions rather than guess);
    /// XML starts with `<` after an optional BOM and whitespace; JSON with `{`, `[`, or the
    /// first character of a scalar (`"`, a digit, `-`, `t`, `f`).
    public static func detect(_ bytes: some Collection<UInt8>) -> PropertyListFormat? {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        if rest.starts(with: Array("bplist".utf8)) { return .binary }
        guard let first = rest.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return nil }
        switch first {
        case UInt8(ascii: "<"): return .xml
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "t"),
            UInt8(ascii: "f"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .json
        default: return nil
        }
    }
}

/// Entry points that pick the syntax.
public enum PropertyListCoding {
    /// Decodes `bytes` in the syntax its content shows (or `format`, when given).
    public static func decode(_ bytes: [UInt8], format: PropertyListFormat? = nil) throws -> (
        value: PropertyListValue, format: PropertyListFormat
    ) {
        guard let format = format ?? PropertyListFormat.detect(bytes) else {
            throw PropertyListError(
                .unknownFormat, offset: 0,
                "not a property list: expected bplist00, XML (<?xml or <plist) or JSON")
        }
        switch format {
        case .binary: return (try BinaryPropertyList.decode(bytes), format)
        case .xml: return (try XMLPropertyList.decode(bytes), format)
        case .json: return (try JSONPropertyList.decode(bytes), format)
        }
    }

    public static func encode(_ value: PropertyListValue, as format: PropertyListFormat, sortKeys: Bool = false) throws
        -> [UInt8]
    {
        switch format {
        case .binary: try BinaryPropertyList.encode(value, sortKeys: sortKeys)
        case .xml: try XMLPropertyList.encode(value, sortKeys: sortKeys)
        case .json:
            try JSONPropertyList.encode(value, options: sortKeys ? [.prettyPrinted, .sortedKeys] : [.prettyPrinted])
        }
    }
}
