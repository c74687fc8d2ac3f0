import Foundation

/// The JSON bridge: property-list values as RFC 8259 JSON, losslessly.
///
/// JSON lacks data, dates, UIDs, non-finite reals and integers ≥ 2^63, so those become
/// one-key "tagged" objects — `{"$data": "base64"}`, `{"$date": "2024-05-01T12:00:00.25Z"}`
/// (ISO 8601 with the shortest fraction that reads back exactly; seconds since 2001 as a
/// number when no fraction of up to 9 digits does or the date lies outside years 1–9999), `{"$uid": 7}`, `{"$real": "nan" | "inf" | "-inf"}`, `{"$integer": "18446744073709551615"}`.
/// Reals are always written with a fraction or exponent (`1.0`), integers never, so the
/// type survives the trip. A dictionary key that begins with `$` is written with one more
/// `$` in front (`$data` → `$$data`) and read back without it, so no real dictionary is
/// ever mistaken for a tagged value. The full mapping is in spec/PLIST.md.
public enum JSONPropertyList {
    public struct WritingOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Two-space indentation and one entry per line.
        public static let prettyPrinted = WritingOptions(rawValue: 1)
        /// Dictionary keys in Unicode scalar order.
        public static let sortedKeys = WritingOptions(rawValue: 2)
    }

    static let tags: Set<String> = ["$data", "$date", "$uid", "$real", "$integer"]

    public static func decode(_ bytes: some ContiguousBytes) throws -> PropertyListValue {
        try bytes.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw)
            return try reader.readDocument()
        }
    }

    /// Reads JSON written by other programs: plain objects and arrays, no tagged values or
    /// `$` escaping, `null` read as "no value" (dropped from objects and arrays). Integers
    /// beyond 2^64 and reals out of range are still errors.
    public static func decodeForeign(_ bytes: some ContiguousBytes) throws -> PropertyListValue {
        try bytes.withUnsafeBytes { raw in
            var reader = JSONReader(bytes: raw, foreign: true)
            return try reader.readDocument()
        }
    }

    public static func encode(_ value: PropertyListValue, options: WritingOptions = [.prettyPrinted]) throws -> [UInt8]
    {
        var writer = JSONWriter(options: options)
        try writer.write(value, depth: 0)
        if options.contains(.prettyPrinted) { writer.out.append(UInt8(ascii: "\n")) }
        return writer.out
    }
}
