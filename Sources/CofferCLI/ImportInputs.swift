import ArgumentParser
import CofferKit
import Foundation

/// What `import` and `convert` share: the inputs, how they are read (detection, `--format`,
/// `--map`), the report printed and written with `--report`, and the `--dry-run` preview.
struct ImportInputs: ParsableArguments {
    @Argument(help: "Export files, keychain dumps, notes lists or folders of notes to read.") var inputs: [String]
    @Option(help: "Map a column to a field, e.g. --map 'E-Mail=username' (repeatable).") var map: [String] = []
    @Flag(help: "Preview what would be read (lines, confidence, masked passwords); write nothing.") var dryRun = false
    @Flag(help: "Show passwords in the preview.") var reveal = false
    @Option(help: "Write the report (counts, warnings, skipped lines) as JSON to this file.") var report: String?

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("name at least one input file") }
        for entry in map
        where entry.split(separator: "=").count != 2
            || CSVImporter.Field(rawValue: String(entry.split(separator: "=")[1])) == nil
        {
            throw ValidationError(
                "--map takes COLUMN=FIELD with FIELD one of \(CSVImporter.Field.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
    }

    static let formatHelp: ArgumentHelp =
        "Force the input format: csv, dashlane-csv, enpass-csv, keeper-csv, msecure-csv, notes, kaspersky-txt, apple-keychain, bitwarden-json, protonpass-json, dashlane-json, enpass-json, keeper-json, psono-json, keepass-xml, keepass1-xml, pwsafe-xml, stickypassword-xml, plist, json, keep-json, keep-html, notes-zip, simplenote-json, standardnotes-json, evernote-enex, markdown-note, html-note."

    /// Every input read (`format` forces one): the items, which report each came from, and the reports.
    func read(format: String?) throws -> (items: [VaultItem], sources: [Int], reports: [ImportReport]) {
        var overrides = [String: CSVImporter.Field]()
        for entry in map {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            overrides[CSVImporter.normalize(parts[0])] = CSVImporter.Field(rawValue: parts[1])
        }
        var items = [VaultItem]()
        var sources = [Int]()
        var reports = [ImportReport]()
        for input in try Self.expandDirectories(inputs) {
            let bytes = try Self.readInput(input, limit: .importFile)
            let result = try reportingConverter {
                try Importer.importFile(bytes, input: input, format: format, map: overrides)
            }
            items += result.items
            sources += Array(repeating: reports.count, count: result.items.count)
            reports.append(result.report)
        }
        return (items, sources, reports)
    }

    /// The inputs with each directory replaced by the notes files below it (see
    /// ``InputDirectory``); a directory with none is an error.
    static func expandDirectories(_ inputs: [String]) throws -> [String] {
        try inputs.flatMap { input -> [String] in
            guard input != "-", InputDirectory.isDirectory(input) else { return [input] }
            let files = try reportingConverter { try InputDirectory.files(in: input) }
            if files.isEmpty {
                let kinds = InputDirectory.extensions.sorted().map { "." + $0 }.joined(separator: ", ")
                throw CofferFailure.invalidData("\(input): a directory with no notes files (\(kinds)) in it")
            }
            return files
        }
    }

    /// Reads one import input, at most `limit` bytes: a regular file, or standard input
    /// for `-`. Pipes, devices and directories are refused (they could block or never end).
    static func readInput(_ path: String, limit: InputLimit) throws -> [UInt8] {
        do {
            if path == "-" { return try InputFile.read(fileDescriptor: 0, name: "<stdin>", limit: limit) }
            return try InputFile.read(path: path, limit: limit)
        } catch let error as ConverterError {
            let hint = error.code == .notRegularFile ? " (give - to read standard input, a pipe for example)" : ""
            throw CofferFailure.io(error.description + hint)
        }
    }

    /// Prints the reports on stderr and writes `--report` if asked.
    func finish(_ reports: [ImportReport]) throws {
        for r in reports {
            var text = "\(r.input): \(r.format), \(r.encoding): "
            if let notes = r.notes { text += "\(notes) notes, " }
            text += "\(r.read) read, \(r.imported) imported, "
            text += "\(r.keptAsNotes) kept as notes, \(r.duplicates) duplicates, \(r.skipped.count) skipped\n"
            for w in r.warnings { text += "  warning: \(w)\n" }
            for s in r.skipped { text += "  skipped line \(s.line): \(s.reason)\n" }
            FileHandle.standardError.write(Data(TerminalText.safe(text).utf8))
        }
        if let report {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .custom(TerminalSafeJSON.encodeDate)
            try FileIO.write(Array(try encoder.encode(reports)), to: report)
        }
    }

    func printPreview(_ items: [VaultItem], reports: [ImportReport], verb: String) {
        let origins = reports.flatMap(\.records)
        print("lines | confidence | title | username | password | url")
        for (i, item) in items.enumerated() {
            // One mask for every password, as `show` prints it: its length is a secret too.
            let password = item.password.map { reveal ? $0 : ItemView.mask } ?? ""
            let origin = origins.count == items.count ? "\(origins[i].lines) | \(origins[i].confidence)" : "- | -"
            let cells = [item.title, item.username ?? "", password, item.urls.first ?? ""].map(Self.cell)
            print("\(origin) | \(cells.joined(separator: " | "))")
        }
        print("\(items.count) item(s) would be \(verb) (dry run: nothing written)")
    }

    /// A preview cell: one line, at most 60 characters.
    static func cell(_ text: String) -> String {
        let line = text.prefix(61).map { $0.isNewline ? " " : $0 }
        return line.count > 60 ? String(line.prefix(59)) + "…" : String(line)
    }
}
