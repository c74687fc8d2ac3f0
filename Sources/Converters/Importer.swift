import Foundation
import PropertyList
import VaultModel

/// Entry point of imports: detects the format from content (never the file name) and
/// reads the file with it. Formats so far: CSV with a header (every manager's CSV dialect,
/// generic sheets), Bitwarden, Proton Pass, Dashlane and Enpass JSON, KeePass XML, Coffer's
/// own JSON and plist exports, plists that are arrays of dictionaries (UserDefaults-style
/// `accounts` lists), `security dump-keychain` listings, notes apps' exports (Google Keep
/// JSON, HTML and Takeout ZIP, Simplenote JSON and ZIP, Evernote ENEX, Standard Notes,
/// Markdown with front matter, HTML per note) and notes lists.
///
/// Each format is an ``ImportFormat`` registered once in ``formats``. A file that starts
/// like JSON, XML or a binary plist must parse as one (see ``ImportSource``): its parse
/// error is reported with line and column, never hidden behind a guess.
public enum Importer {
    /// Every format, in the order detection asks them (the first most confident one wins).
    static let formats: [any ImportFormat] = [
        // Notes apps' exports first: their markers are specific, and HTML or ENEX must not
        // reach the plist reader (which would report them as broken plists).
        NotesArchiveImporter(), GoogleKeepJSONImporter(), SimplenoteImporter(), StandardNotesImporter(),
        EvernoteImporter(), RTFNoteImporter(), GoogleKeepHTMLImporter(), HTMLNoteImporter(), MarkdownNoteImporter(),
        BitwardenImporter(), ProtonPassImporter(), DashlaneJSONImporter(), EnpassImporter(), KeeperJSONImporter(),
        PsonoImporter(), KeePassXMLImporter(), KeePass1XMLImporter(), PasswordSafeXMLImporter(),
        StickyPasswordImporter(), PlistImporter(), AppleKeychainImporter(), KasperskyTextImporter(),
        EnpassCSVImporter(), KeeperCSVImporter(), MSecureCSVImporter(), DashlaneCSVImporter(), CSVImporter(),
        NotesImporter(),
        JSONTextImporter(),
    ]

    /// The names `format` accepts: each format's name and aliases, `json` (any JSON format,
    /// detected) and any `DIALECT-csv` (CSV, its dialect detected from the header).
    public static var formatNames: [String] {
        formats.flatMap { [$0.name] + $0.aliases } + ["json"]
    }

    /// Reads one input. `format` forces a format by name (see ``formatNames``); `map`
    /// overrides CSV column mappings; `limits` bounds the work (tests lower them).
    public static func importFile(
        _ bytes: [UInt8], input: String, format: String? = nil, map: [String: CSVImporter.Field] = [:],
        limits: ImportLimits = .standard
    ) throws -> (items: [VaultItem], report: ImportReport) {
        try refuseContainers(bytes, input: input)
        let source = ImportSource(bytes: bytes, name: input, columnMap: map, limits: limits)
        if source.syntax == .zip {
            // Whatever format was named: a ZIP is read only as a known export, never as text.
            let archive = NotesArchiveImporter()
            guard try archive.detect(source) != nil else { throw zipRefusal(input) }
            return try archive.read(source)
        }
        var candidates = formats
        if let format {
            if let forced = formats.first(where: { $0.name == format || $0.aliases.contains(format) }) {
                if let expectation = forced.expectation, try forced.detect(source) == nil {
                    throw ConverterError(
                        .unrecognized, input: input, expected: expectation,
                        "the format \(format) was forced, but this file is not one: \(expectation)")
                }
                return try forced.read(source)
            } else if format == "json" {
                candidates = formats.filter { $0.syntaxes.contains(.json) && $0.expectation != nil }
            } else if format.hasSuffix("-csv") {
                return try CSVImporter().read(source)
            } else {
                let supported = formatNames.joined(separator: ", ")
                throw ConverterError(
                    .unrecognized, input: input, found: format,
                    "\(format) is not a format Coffer reads; supported: \(supported), or DIALECT-csv")
            }
        }
        var best: (format: any ImportFormat, confidence: ImportConfidence)?
        for candidate in candidates {
            guard let confidence = try candidate.detect(source) else { continue }
            if best.map({ confidence > $0.confidence }) ?? true { best = (candidate, confidence) }
            if confidence == .high { break }
        }
        guard let best else {
            if format == "json" {
                let expected =
                    "a JSON export Coffer knows (Bitwarden, Proton Pass, Dashlane, Enpass, Keeper, Psono, Coffer's own)"
                throw ConverterError(
                    .unrecognized, input: input, expected: expected,
                    "the format json was forced, but this file is not one: \(expected)")
            }
            let syntax =
                switch source.syntax {
                case .json: "JSON"
                case .xml: "XML"
                case .binaryPlist: "binary plist"
                case .text: "text"
                case .zip: "ZIP"
                }
            throw ConverterError(
                .unrecognized, input: input,
                "a \(syntax) document Coffer does not recognize as an export (supported: Bitwarden, Proton Pass, "
                    + "Dashlane, Enpass, Keeper and Psono JSON, KeePass 2 and 1.x, Password Safe and Sticky Password "
                    + "XML, Coffer exports, plist/JSON lists of accounts); "
                    + "force a format to read it as another one")
        }
        if best.format is CSVImporter, format == nil, map.isEmpty {
            return try readTableOrNotes(source)
        }
        return try best.format.read(source)
    }

    /// A text file detection took for a table, read as one; when it cannot be (no header
    /// Coffer knows), read as a notes list instead, if that finds a login — a username and a
    /// password that looks like one: "Chase, jsmith77, Ch@se2019!" under a line of words is a
    /// person's list, not a broken sheet (`a,b,c` over `1,2,3` stays refused). The
    /// table's error becomes the report's first warning. A file in which the notes reader
    /// finds no password ("colour, size, weight"), or whose header Coffer knows (a broken
    /// quote under `name,url,username,password`), keeps the table's error.
    static func readTableOrNotes(_ source: ImportSource) throws -> ImportResult {
        do {
            return try CSVImporter().read(source)
        } catch let tableError as ConverterError where tableError.code != .tooLarge {
            guard let text = try? source.text().text, !CSVImporter().hasKnownHeader(text, input: source.name),
                var notes = try? NotesImporter().read(source),
                notes.items.contains(where: { item in
                    item.username != nil && item.password.map { NotesToken.isPasswordLike($0) } == true
                })
            else { throw tableError }
            // (By line only: the table's error quotes the first line's cells, which may hold a password.)
            let place = tableError.line.map { "\(source.name):\($0)" } ?? source.name
            notes.report.warnings.insert(
                "\(place): read as a notes list, not as a table (no header Coffer recognizes)", at: 0)
            return notes
        }
    }

    /// Archives and encrypted files that hold an export: say what to do instead.
    /// ZIP archives are read only when they are a notes app's or Proton Pass's export
    /// (``NotesArchiveImporter``); any other is refused with this.
    static func zipRefusal(_ input: String) -> ConverterError {
        ConverterError(
            .unrecognized, input: input, found: "a ZIP archive",
            "a ZIP archive (Proton Pass, Dashlane and 1Password pack their exports this way); unzip it and "
                + "import the file inside (Proton Pass: \"Proton Pass/data.json\")")
    }

    static func refuseContainers(_ bytes: [UInt8], input: String) throws {
        if bytes.starts(with: Array("-----BEGIN PGP MESSAGE-----".utf8)) {
            throw ConverterError(
                .unrecognized, input: input, found: "a PGP message",
                "a PGP-encrypted export; decrypt it with `gpg --decrypt` first, then import the result")
        }
    }

    /// Most lines carry the same non-zero number of delimiters (outside quotes): a table,
    /// not a notes list. A table without a recognized header is an error, never a guess.
    static func looksLikeCSV(_ text: String) -> Bool {
        // A first line that is a header Coffer knows (two or more of title, username,
        // password, URL) is a table, however long the rows under it.
        let firstLine = text.prefix(4096).prefix { $0 != "\n" && $0 != "\r" && $0 != "\r\n" }
        if let (_, header) = try? CSVReader.rows(String(firstLine), input: ""), let fields = header.first?.fields,
            HeaderlessCSV.isHeader(fields)
        {
            return true
        }
        if CSVImporter.headerAfterTitleLines(text, input: "") { return true }
        guard let (_, rows) = try? CSVReader.rows(String(text.prefix(65_536)), input: "") else {
            return true  // an unterminated quote: let the CSV reader report it with its line
        }
        let counts = rows.prefix(50).map(\.fields.count)
        guard counts.count >= 2 else { return false }
        // The most common field count, so a stray line (Dashlane's "empty entry") does not hide a table.
        let histogram = Dictionary(counts.map { ($0, 1) }, uniquingKeysWith: +)
        guard let (mode, frequency) = histogram.max(by: { $0.value < $1.value }), mode > 1 else { return false }
        return Double(frequency) >= 0.7 * Double(counts.count)
    }
}
