import ArgumentParser
import CofferKit
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Import exports of other managers (CSV of any manager, plist/JSON account lists, Coffer exports) into a vault.",
        discussion: examples(
            "coffer import bitwarden.json -o personal.coffer",
            "coffer import chrome.csv --into personal.coffer --dry-run")
    )

    @OptionGroup var source: ImportInputs
    @Option(help: ImportInputs.formatHelp) var format: ImportFormat?
    @Option(name: .shortAndLong, help: "Create this new vault.") var output: String?
    @Option(help: "Add to this existing vault.") var into: String?
    @Option(help: "With --into: the collection the items go to (default: the one every key opens).")
    var collection: String?
    @Option(help: "KDF preset for a new vault: interactive, moderate or sensitive.") var kdf: KDFPreset = .moderate
    @Option(
        help:
            "With --into: what to do with an item already in the vault (same id, or same title, username and password): skip, keep or update."
    )
    var duplicates: DuplicatePolicy = .skip
    @Flag(help: "Keep a new passphrase zxcvbn rates under 40 bits (refused otherwise).") var weak = false
    @OptionGroup var keys: KeyOptions

    func validate() throws {
        if !source.dryRun, (output == nil) == (into == nil) {
            throw ValidationError("give exactly one of -o NEW_VAULT and --into VAULT (or --dry-run)")
        }
        if collection != nil, into == nil {
            throw ValidationError("--collection goes with --into (a new vault has only its default collection)")
        }
    }

    func run() throws {
        var (items, sources, reports) = try source.read(format: format?.rawValue)
        // Against the target vault first (a dry run too), so the printed counts are final.
        var target: (lock: VaultLock?, vault: UnlockedVault, document: VaultDocument)?
        var result: VaultDocument.MergeResult
        if let into {
            let (lock, vault): (VaultLock?, UnlockedVault) =
                source.dryRun
                ? (
                    nil,
                    try reporting(into) {
                        try VaultFile(path: into, allowLargeKDFMemory: keys.allowKdfMemory).unlock(
                            with: keys.credentials(for: into))
                    }
                )
                : try keys.openForWriting(into)
            if lock != nil { vault.keepRecordGroupsForResealing() }  // the save reuses unchanged groups
            // An update compares attachments by their bytes (VaultMerge), so it loads them.
            var document = try reporting(into) {
                try reportingModel(into) {
                    duplicates == .update
                        ? try VaultContent.documentWithAttachments(of: vault) : try VaultDocument(vault: vault)
                }
            }
            if let selected = try CollectionOption.select(collection, in: document, vault: into) {
                for i in items.indices { items[i].collection = selected }
            }
            result = merge(items, sources: sources, into: &document, reports: &reports)
            target = (lock, vault, document)
        } else {
            var empty = VaultDocument()  // no vault to compare with; this keeps ids unique
            result = merge(items, sources: sources, into: &empty, reports: &reports)
        }
        items = result.added
        try source.finish(reports)
        if source.dryRun {
            source.printPreview(items, reports: reports, verb: "imported")
            if let into { print("\(into): " + duplicateSummary(result, would: true)) }
            return
        }
        if let output {
            // A new vault's passphrase: asked twice on a terminal, held to the strength rule.
            guard !keys.noPassphrase else {
                throw CofferFailure(message: "no passphrase for the new vault", exitCode: 2)
            }
            let passphrase = try SecretInput.newPassphrase(
                file: keys.passphraseFile, fd: keys.passphraseFD, environment: "COFFER_PASSPHRASE", allowWeak: weak)
            var document = VaultDocument(
                name: URL(fileURLWithPath: output).deletingPathExtension().lastPathComponent, items: items)
            let payload = try reportingModel(output) { try VaultContent.payload(for: &document) }
            _ = try reporting(output) {
                try VaultStore.create(
                    at: output, payload: payload,
                    slots: [(.passphrase(passphrase, kdf.parameters), label: "")])
            }
            print("created \(output) with \(items.count) item(s)")
        } else if let into, var target {
            defer { withExtendedLifetime(target.lock) {} }
            let payload = try reporting(into) {
                try reportingModel(into) { try VaultContent.payload(for: &target.document, over: target.vault) }
            }
            try reporting(into) { try VaultStore.save(payload, over: target.vault) }
            print("added \(items.count) item(s) to \(into); " + duplicateSummary(result, would: false))
        }
    }

    /// The duplicates found in the target vault and what became of them, then each conflict.
    private func duplicateSummary(_ result: VaultDocument.MergeResult, would: Bool) -> String {
        let count = result.duplicates.count
        var text =
            switch duplicates {
            case .keep: "\(count) duplicate(s) (--duplicates keep adds every item)"
            case .skip: "\(count) duplicate(s) \(would ? "would be " : "")skipped"
            case .update:
                "\(count) duplicate(s): \(result.updated) \(would ? "would be " : "")updated, "
                    + "\(result.unchanged) already up to date, \(result.conflicts.count) conflict(s)"
            }
        for c in result.conflicts {
            text += "\n  conflict: \"\(c.title)\" (\(c.item.prefix(8))): \(c.field) kept as \(c.keptAs)"
        }
        return text
    }

    /// Applies `--duplicates` (VaultDocument.merge) and moves the duplicates from
    /// "imported" to "duplicates" in their input's report.
    private func merge(
        _ items: [VaultItem], sources: [Int], into document: inout VaultDocument, reports: inout [ImportReport]
    ) -> VaultDocument.MergeResult {
        let result = document.merge(items, duplicates: duplicates)
        for n in result.duplicates { reports[sources[n]].countAsDuplicate(items[n]) }
        return result
    }
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Export a vault: json, xml-plist, binary-plist (lossless), keepass-xml, or csv with --dialect keepassxc|chrome|bitwarden.",
        discussion: examples(
            "coffer export personal.coffer --format json -o backup.json",
            "coffer export personal.coffer --format csv --dialect bitwarden -o bw.csv")
    )

    @Argument(help: "The vault.") var vault: String
    @OptionGroup var target: ExportTarget
    @Flag(help: "Export the trash too (KeePass XML: in its recycle bin; CSV dialects cannot hold it).")
    var includeTrash = false
    @OptionGroup var collection: CollectionOption
    @OptionGroup var keys: KeyOptions

    func run() throws {
        let unlocked = try reporting(vault) {
            try VaultFile(path: vault, allowLargeKDFMemory: keys.allowKdfMemory)
                .unlock(with: keys.credentials(for: vault))
        }
        if let dialect = target.dialect, target.format == .csv, collection.collection == nil,
            try unlocked.blobList().isEmpty,
            try exportCSVInBatches(unlocked, dialect: dialect, checkFirst: !OutputFile.isReplacedWhole(target.output))
        {
            return
        }
        var document = try reporting(vault) {
            try reportingModel(vault) { try VaultContent.documentWithAttachments(of: unlocked) }
        }
        defer { KeptUntilExit.keep(document) }
        document.items = try collection.filter(document.items, in: document, vault: vault)
        let trashed = document.trashedIndices.count
        if !includeTrash, trashed > 0 {
            document.items = document.liveItems
            FileHandle.standardError.write(
                Data("coffer: warning: \(trashed) trashed item(s) left out (--include-trash exports them)\n".utf8))
        }
        try target.write(document)
    }
}

extension Export {
    /// A CSV export read and written a batch of records at a time, so the vault's items are
    /// never held at once (at 100,000 items, `export csv` held them, their CSV and its pieces:
    /// 113 MiB). False, with nothing written, for a vault with private collections. A file is
    /// written to a temporary file and renamed (``OutputFile/isReplacedWhole(_:)``): a failure
    /// found in a later batch leaves no partial file. Nothing sent to standard output, a pipe
    /// or a device can be taken back, so with `checkFirst` every record is read and checked
    /// before the first byte goes out, then read again to be written (a second decryption
    /// instead of holding every item: 118 MiB at 100,000 items). A vault with attachments is
    /// read whole (that authenticates their bytes, which a CSV does not carry).
    func exportCSVInBatches(_ unlocked: UnlockedVault, dialect: CSVExporter.Dialect, checkFirst: Bool) throws -> Bool {
        struct Stop: Error {}
        if checkFirst {
            let checkable = try reporting(vault) {
                try reportingModel(vault) {
                    try VaultContent.forEachCheckedItemSlice(of: unlocked, transform: { _ in }) { _ in }
                }
            }
            guard checkable else { return false }
        }
        // Trashed items are left out either way; without --include-trash this command names
        // them, with it the CSV's warning does (the dialect cannot hold them).
        var stream = CSVExporter.Stream(dialect: dialect, warnsOfTrash: includeTrash)
        var trashed = 0
        var streamed = true
        var readFailure: Error?
        do {
            try reporting(target.output) {
                try Self.withOutput(target.output) { emit in
                    var writeFailure: Error?
                    func write(_ part: [UInt8]) throws {
                        do { try part.withUnsafeBytes { try emit($0) } } catch {
                            writeFailure = error
                            throw Stop()
                        }
                    }
                    do {
                        try write(stream.header)
                        streamed = try reporting(vault) {
                            try reportingModel(vault) {
                                try VaultContent.forEachCheckedItemSlice(
                                    of: unlocked, transform: { CSVExporter.rows($0, dialect: dialect) }
                                ) { slices in
                                    for rows in slices {
                                        if !includeTrash { trashed += rows.trashed }
                                        try write(stream.add(rows))
                                    }
                                }
                            }
                        }
                    } catch {
                        if let writeFailure { throw writeFailure }  // the output's, named as the output's
                        readFailure = error
                        throw Stop()
                    }
                    if !streamed { throw Stop() }
                }
            }
        } catch {
            if let readFailure { throw readFailure }
            if !streamed { return false }
            throw error
        }
        if trashed > 0 {
            FileHandle.standardError.write(
                Data("coffer: warning: \(trashed) trashed item(s) left out (--include-trash exports them)\n".utf8))
        }
        ExportTarget.warn(stream.warnings)
        return true
    }
}

extension Export {
    /// Hands `produce` a function writing to `path`: standard output for `-`, otherwise
    /// ``OutputFile/write(to:exclusive:_:)`` (a file replaced whole, a pipe or device directly).
    static func withOutput(
        _ path: String, _ produce: (_ emit: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        guard path == "-" else { return try OutputFile.write(to: path, produce) }
        try produce { FileHandle.standardOutput.write(Data($0)) }
    }
}

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Convert any import format to any export format without making a vault (e.g. a notes list to Bitwarden CSV).",
        discussion: examples("coffer convert notes.txt --to csv --dialect keepassxc -o out.csv")
    )

    @OptionGroup var source: ImportInputs
    @Option(help: ImportInputs.formatHelp) var from: ImportFormat?
    @OptionGroup var target: ExportTarget

    func run() throws {
        var (items, _, reports) = try source.read(format: from?.rawValue)
        var unique = VaultDocument()  // the same export given twice: ids stay unique
        items = unique.merge(items, duplicates: .keep).added
        try source.finish(reports)
        if source.dryRun {
            source.printPreview(items, reports: reports, verb: "converted")
            return
        }
        try target.write(VaultDocument(items: items))
    }
}

/// Where and how an export is written: format, dialect, output (0600, with a warning).
struct ExportTarget: ParsableArguments {
    @Option(
        name: [.customLong("format"), .customLong("to")], help: "json, xml-plist, binary-plist, keepass-xml or csv.")
    var format: ExportFormat
    @Option(help: "CSV dialect: keepassxc, chrome or bitwarden.") var dialect: CSVExporter.Dialect?
    @Option(name: .shortAndLong, help: "Output file, or - for standard output.") var output: String = "-"

    func validate() throws {
        if format == .csv, dialect == nil {
            throw ValidationError("--format csv needs --dialect keepassxc, chrome or bitwarden")
        }
        if format != .csv, dialect != nil { throw ValidationError("--dialect goes with --format csv") }
    }

    /// What an export could not hold, then that it holds every secret in clear text.
    static func warn(_ warnings: [String]) {
        for w in warnings { FileHandle.standardError.write(Data("coffer: warning: \(TerminalText.safe(w))\n".utf8)) }
        FileHandle.standardError.write(Data("coffer: warning: the output holds every secret in clear text\n".utf8))
    }

    func write(_ document: VaultDocument) throws {
        var parts: [[UInt8]]
        var warnings = [String]()
        if let dialect, format == .csv {
            (parts, warnings) = CSVExporter.exportParts(document, dialect: dialect)
        } else if format == .keepassXML {
            let bytes: [UInt8]
            (bytes, warnings) = try reportingConverter { try KeePassXMLExporter.export(document) }
            parts = [bytes]
        } else {
            parts = [try reportingConverter { try Exporter.export(document, as: format.lossless!) }]
        }
        Self.warn(warnings)
        try FileIO.write(parts: parts, to: output)
    }
}

func reportingConverter<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw CofferFailure.from(error) }
}

func reportingModel<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw CofferFailure.from(error, path: path) }
}

extension ConverterError.Hint {
    /// The hint in this CLI's terms.
    var commandLine: String {
        switch self {
        case .chooseFormat: "--format forces one"
        case .mapColumn(let column): "--map \(column)=FIELD chooses"
        case .mapColumnsOrChooseFormat: "--map COLUMN=FIELD names columns; --format forces a format"
        }
    }
}
