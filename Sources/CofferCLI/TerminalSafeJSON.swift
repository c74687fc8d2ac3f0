import Foundation
import PropertyList

/// JSON for a terminal: the same document, with every control, format character (bidi
/// overrides and isolates among them) and line or paragraph separator written as a `\u`
/// escape, so a label or path cannot reorder or hide what is printed around it. A JSON
/// parser reads the same strings back; only what a terminal shows changes. (Outside strings
/// JSON is ASCII, so escaping every such scalar touches strings only.)
enum TerminalSafeJSON {
    static func encode(_ value: some Encodable, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        encoder.dateEncodingStrategy = .custom(encodeDate)
        return escape(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// Every date in every JSON output: ISO 8601 with the fraction it has (ISO8601Fraction,
    /// the lossless export's spelling too).
    static func encodeDate(_ date: Date, to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let text = ISO8601Fraction.string(date) {
            try container.encode(text)
        } else {
            try container.encode(date.timeIntervalSinceReferenceDate)  // outside years 1–9999
        }
    }

    static func escape(_ json: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard scalar.value >= 0x80, needsEscape(scalar) else {
                out.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 { out.append(contentsOf: String(format: "\\u%04x", unit).unicodeScalars) }
        }
        return String(out)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
