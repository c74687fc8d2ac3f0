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
        /// A ZIP archive (`PK\3\4`, or `PK\5\6` when empty): only ``NotesArchiveImporter`` reads it.
        case zip
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
    private var archive: Result<ArchiveEntries, ConverterError>?

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
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            return .zip
        }
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
        if first == 0x5B, isSectionHeader(rest) || isBracketedText(rest) { return .text }
        if RTFText.isRTF(rest) { return .text }  // `{\rtf1…`: a document, no JSON
        switch first {
        case 0x7B, 0x5B: return .json  // { [
        case 0x3C: return .xml  // <
        default: return .text
        }
    }

    /// `[PlayStation Network]` on the first line: an INI-style section, which no JSON starts
    /// with (`[` is followed by a value there; `true`, `false` and `null` are the only words).
    static func isSectionHeader(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let open = bytes.firstIndex(of: 0x5B) else { return false }
        let line = bytes[(open + 1)...].prefix { $0 != 0x0A && $0 != 0x0D }
        guard let close = line.firstIndex(of: 0x5D) else { return false }
        let name = line[..<close]
        guard let first = name.first, first >= 0x80 || (first | 0x20 >= 0x61 && first | 0x20 <= 0x7A) else {
            return false
        }
        let word = String(decoding: name, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !["true", "false", "null"].contains(word) else { return false }
        // Nothing after the closing bracket but spaces: `[Bank] x` or `[a, b]` is not a section.
        return line[(close + 1)...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            && !name.contains(where: { $0 == 0x22 || $0 == 0x2C || $0 == 0x7B })
    }

    /// `[12/03/2021, 19:02] Mum: …` (a chat export), `[Bank] ana / pw`: a first line whose
    /// bracket closes before words — text, which no JSON starts with.
    static func isBracketedText(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let open = bytes.firstIndex(of: 0x5B) else { return false }
        let line = bytes[(open + 1)...].prefix { $0 != 0x0A && $0 != 0x0D }
        // The first `]` followed by a letter: `[…] Mum:`, never `[1, 2],` or `[[…]]`.
        guard let close = line.firstIndex(of: 0x5D) else { return false }
        let after = line[(close + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
        guard let word = after.first else { return false }
        return word >= 0x80 || (word | 0x20 >= 0x61 && word | 0x20 <= 0x7A)
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
                    case .xml, .text, .zip: .xml
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

    /// The ZIP archive's entries (listed once: detecting its kind and reading it share them;
    /// detection reads no entry's data, so the archive's byte limit counts the reading alone).
    func archiveEntries() throws -> ArchiveEntries {
        if archive == nil {
            archive = Result { try ArchiveEntries(bytes, input: name, limits: limits) }.mapError(converterError)
        }
        return try archive!.get()
    }

    private func converterError(_ error: Error) -> ConverterError {
        error as? ConverterError ?? ConverterError(input: name, "\(error)")
    }

    /// JSON as UTF-8: the bytes, or UTF-16 JSON transcoded.
    private func jsonBytes() throws -> [UInt8] {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? Array(try text().text.utf8) : bytes
    }
}
