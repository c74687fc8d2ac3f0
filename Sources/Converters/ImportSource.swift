import PropertyList

/// One input being imported: its bytes, the syntax its first bytes show, and each parse of
/// it made once, whichever ``ImportFormat`` asks first (detection and reading share them).
///
/// The syntax decides what a file may become. A file that starts like JSON (`{` or `[`),
/// XML (`<`) or a binary property list (`bplist`) — after an optional byte-order mark and
/// whitespace — is parsed as such, and a parse failure is an error naming the line and
/// column (the byte offset for binary data). Only ``Syntax/text`` reaches the CSV, keychain
/// and notes readers on its own, so a damaged export never becomes a note holding every
/// password in clear.
final class ImportSource {
    enum Syntax: Sendable {
        case json, xml, binaryPlist, text
    }

    let bytes: [UInt8]
    /// How errors and reports name the input.
    let name: String
    /// Column → field overrides for CSV (`--map`).
    let columnMap: [String: CSVImporter.Field]
    let limits: ImportLimits
    let syntax: Syntax

    private var foreign: Result<PropertyListValue, ConverterError>?
    private var plist: Result<(value: PropertyListValue, format: PropertyListFormat), ConverterError>?
    private var decoded: Result<TextDecoding.Decoded, ConverterError>?

    init(bytes: [UInt8], name: String, columnMap: [String: CSVImporter.Field] = [:], limits: ImportLimits = .standard) {
        self.bytes = bytes
        self.name = name
        self.columnMap = columnMap
        self.limits = limits
        self.syntax = Self.syntax(of: bytes)
    }

    /// The syntax the first bytes show (UTF-16 with a byte-order mark too).
    static func syntax(of bytes: [UInt8]) -> Syntax {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        if rest.starts(with: Array("bplist".utf8)) { return .binaryPlist }
        let whitespace: Set<UInt16> = [0x20, 0x09, 0x0A, 0x0D]
        var first: UInt16?
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            var i = 2
            while i + 1 < bytes.count {
                let unit =
                    littleEndian
                    ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
                i += 2
                if !whitespace.contains(unit) {
                    first = unit
                    break
                }
            }
        } else {
            first = rest.first { !whitespace.contains(UInt16($0)) }.map(UInt16.init)
        }
        switch first {
        case 0x7B, 0x5B: return .json  // { [
        case 0x3C: return .xml  // <
        default: return .text
        }
    }

    /// The document read as other programs' JSON (no tagged values, `null` dropped).
    func foreignJSON() throws -> PropertyListValue {
        if foreign == nil {
            foreign = Result {
                do {
                    return try JSONPropertyList.decodeForeign(try jsonBytes())
                } catch let error as PropertyListError {
                    var failure = ConverterError(error, input: name, expected: "JSON")
                    // Wrong at its second character (`[Bank]`): more likely a text list than an export.
                    if failure.line == 1, let column = failure.column, column <= 2 {
                        failure.reason += "; if this is a text list, force the notes format"
                    }
                    throw failure
                }
            }.mapError(converterError)
        }
        return try foreign!.get()
    }

    /// The document read as a property list in its syntax (Coffer's JSON mapping for JSON).
    func propertyList() throws -> (value: PropertyListValue, format: PropertyListFormat) {
        if plist == nil {
            plist = Result {
                let format: PropertyListFormat =
                    switch syntax {
                    case .json: .json
                    case .binaryPlist: .binary
                    case .xml, .text: .xml
                    }
                let expected =
                    switch format {
                    case .json: "JSON (as a property list)"
                    case .binary: "binary property list"
                    case .xml: "XML property list"
                    }
                do {
                    let bytes = format == .json ? try jsonBytes() : self.bytes
                    return (try PropertyListCoding.decode(bytes, format: format).value, format)
                } catch let error as PropertyListError {
                    throw ConverterError(error, input: name, expected: expected)
                }
            }.mapError(converterError)
        }
        return try plist!.get()
    }

    /// The document as text (UTF-8, UTF-16 with a BOM, or Windows-1252 with a warning).
    func text() throws -> TextDecoding.Decoded {
        if decoded == nil {
            decoded = Result { try TextDecoding.decode(bytes, input: name) }.mapError(converterError)
        }
        return try decoded!.get()
    }

    private func converterError(_ error: Error) -> ConverterError {
        error as? ConverterError ?? ConverterError(input: name, "\(error)")
    }

    /// JSON as UTF-8: the bytes, or UTF-16 JSON transcoded.
    private func jsonBytes() throws -> [UInt8] {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? Array(try text().text.utf8) : bytes
    }
}
