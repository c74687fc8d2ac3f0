import Foundation

/// Apple's XML property list format (PropertyList-1.0.dtd).
public enum XMLPropertyList {
    /// Decodes an XML plist with libxml2, streaming, with network access, DTD loading and
    /// entity expansion off. Errors carry the line and column.
    public static func decode(_ bytes: some ContiguousBytes) throws -> PropertyListValue {
        try bytes.withUnsafeBytes { try XMLPropertyListReader.decode($0) }
    }

    /// Encodes a value in the layout python3 plistlib writes (byte-identical with
    /// `sortKeys: true`, which is plistlib's default), apart from the documented
    /// exceptions for carriage returns and UIDs. Throws ``PropertyListError`` with code
    /// `unrepresentable` for control characters and dates outside years 1–9999.
    public static func encode(_ value: PropertyListValue, sortKeys: Bool = false) throws -> [UInt8] {
        try XMLPropertyListWriter.encode(value, sortKeys: sortKeys)
    }
}
