import ArgumentParser
import CofferKit
import Converters
import Foundation

/// `coffer attach add|get|rm|list`: files kept with an item, streamed in and out so an
/// attachment of any size costs a few chunks of memory (VaultAttachments).
struct Attach: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add, extract, remove and list an item's attached files (streamed: any size, little memory).",
        discussion: """
            Examples:
              coffer attach add v.coffer 'Bank & Co' contract.pdf
              coffer attach list v.coffer
              coffer attach get v.coffer 'Bank & Co' contract.pdf -o ~/contract.pdf
              coffer attach rm v.coffer 'Bank & Co' contract.pdf
            """,
        subcommands: [AddFile.self, GetFile.self, RemoveFile.self, ListFiles.self])
}

extension Attach {
    struct AddFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Attach files to an item. Each is read from disk while the vault is saved, never loaded whole.",
            discussion: itemSelectorHelp + """


                Examples:
                  coffer attach add v.coffer 'Bank & Co' contract.pdf scan.png
                  coffer attach add v.coffer Router backup.bin --name 'router config 2024.bin'
                """)

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "The item: id, id prefix or title.", completion: ItemCompletion.items) var item: String
        @Argument(help: "Files to attach (named after their last path component).") var files: [String]
        @Option(help: "The attachment's name (with a single file; default: the file's name).") var name: String?
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func validate() throws {
            if files.isEmpty { throw ValidationError("give at least one file to attach") }
            if name != nil, files.count != 1 { throw ValidationError("--name goes with a single file") }
        }

        func run() throws {
            // Opened before the lock is taken: a missing file is reported without waiting.
            let sources = try kitReporting { try files.map { try VaultAttachments.openFile($0) } }
            let bar = ProgressBar(label: "attaching", total: sources.reduce(0) { $0 + $1.length })
            let newFiles = zip(files, sources).map { path, source in
                VaultAttachments.NewFile(
                    name: name ?? VaultAttachments.name(forPath: path), source: ProgressBlob(source: source, bar: bar))
            }
            var title = ""
            try modifyVaultAddingBlobs(vault, keys: keys, backup: backup) { document in
                let index = try selectItem(item, in: document, vault: vault)
                title = document.items[index].title
                return try kitReporting {
                    try VaultAttachments.add(newFiles, toItem: index, in: &document, at: Date())
                }
            }
            bar.finish()
            for file in newFiles {
                print("attached \"\(file.name)\" (\(file.source.length) bytes) to \"\(title)\" in \(vault)")
            }
        }
    }

    struct GetFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Extract an attachment to a file (never replacing one unless --force) or to stdout with -o -.",
            discussion: itemSelectorHelp + """
                 NAME is the attachment's name (exactly, or ignoring case when only one fits). \
                Without -o the file is written in the current directory under the attachment's name.

                Examples:
                  coffer attach get v.coffer 'Bank & Co' contract.pdf -o ~/contract.pdf
                  coffer attach get v.coffer 'Bank & Co' contract.pdf -o - | sha256sum
                """)

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "The item: id, id prefix or title.", completion: ItemCompletion.items) var item: String
        @Argument(help: "The attachment's name.") var name: String
        @Option(name: [.short, .customLong("output")], help: "Where to write it (- for stdout).") var output: String?
        @Flag(help: "Replace the output file if it exists.") var force = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let unlocked = try reporting(vault) {
                try VaultFile(path: vault, allowLargeKDFMemory: keys.allowKdfMemory)
                    .unlock(with: keys.credentials(for: vault))
            }
            let document = try reportingModel(vault) { try VaultDocument(vault: unlocked) }
            let item = document.items[try selectItem(self.item, in: document, vault: vault)]
            let attachment = try kitReporting { try VaultAttachments.find(name, in: item) }
            let destination = try output ?? defaultOutput(for: attachment.name)
            if destination == "-" {
                try reporting(vault) {
                    try VaultAttachments.extract(attachment, from: unlocked) { try StandardOutput.write($0) }
                }
                return
            }
            let bar = ProgressBar(label: "extracting", total: attachment.size)
            try reporting(vault) {
                try OutputFile.write(to: destination, exclusive: !force) { emit in
                    try VaultAttachments.extract(attachment, from: unlocked) { bytes in
                        try emit(bytes)
                        bar.advance(bytes.count)
                    }
                }
            }
            bar.finish()
            print("wrote \"\(attachment.name)\" (\(attachment.size) bytes) to \(destination)")
        }

        /// The attachment's name as a file in the current directory — its last component
        /// only, so a hostile name like `../../.bashrc` cannot write elsewhere.
        func defaultOutput(for name: String) throws -> String {
            let last = name.split(separator: "/").last.map(String.init) ?? ""
            guard !last.isEmpty, last != ".", last != ".." else {
                throw CofferFailure(message: "\"\(name)\" is not a usable file name; give -o OUT", exitCode: 2)
            }
            return last
        }
    }

    struct RemoveFile: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm",
            abstract: "Remove an attachment from an item (its bytes leave the vault at this save).",
            discussion: itemSelectorHelp + """


                Example:
                  coffer attach rm v.coffer 'Bank & Co' contract.pdf
                """)

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "The item: id, id prefix or title.", completion: ItemCompletion.items) var item: String
        @Argument(help: "The attachment's name.") var name: String
        @Flag(help: "Keep the previous file as VAULT.bak.") var backup = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            var removed: VaultItem.Attachment?
            var title = ""
            try modifyVaultAddingBlobs(vault, keys: keys, backup: backup) { document in
                let index = try selectItem(item, in: document, vault: vault)
                title = document.items[index].title
                removed = try kitReporting {
                    try VaultAttachments.remove(name, fromItem: index, in: &document, at: Date())
                }
                return []
            }
            print("removed attachment \"\(removed?.name ?? name)\" from \"\(title)\" in \(vault)")
        }
    }

    struct ListFiles: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List attachments: of one item, or of every item.",
            discussion: """
                Examples:
                  coffer attach list v.coffer
                  coffer attach list v.coffer 'Bank & Co' --json
                """)

        @Argument(help: "The vault.") var vault: String
        @Argument(help: "Only this item's attachments (id, id prefix or title).") var item: String?
        @Flag(help: "Print JSON instead of a table.") var json = false
        @OptionGroup var keys: KeyOptions

        func run() throws {
            let document = try keys.readDocument(vault)
            var items = document.items
            if let item { items = [document.items[try selectItem(item, in: document, vault: vault)]] }
            let entries = VaultAttachments.entries(of: items)
            if json {
                let rows: [[String: Any]] = entries.map {
                    [
                        "item": $0.item.id.recordString, "title": $0.item.title, "name": $0.attachment.name,
                        "size": $0.attachment.size, "mediaType": $0.attachment.mediaType,
                    ]
                }
                let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys])
                print(TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self)))
                return
            }
            let rows =
                [["ID", "TITLE", "NAME", "SIZE", "TYPE"]]
                + entries.map {
                    [
                        String($0.item.id.recordString.prefix(8)),
                        ItemTable.cut(TerminalText.safe($0.item.title, multiline: false)),
                        ItemTable.cut(TerminalText.safe($0.attachment.name, multiline: false)),
                        String($0.attachment.size), TerminalText.safe($0.attachment.mediaType, multiline: false),
                    ]
                }
            let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                let cells = row.enumerated().map { i, cell in
                    i == row.count - 1 ? cell : cell.padding(toLength: widths[i], withPad: " ", startingAt: 0)
                }
                print(cells.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
            }
        }
    }
}

/// Opens `vault` for writing (locked), lets `change` edit its document and return blobs
/// to add (new attachments streamed from their files), and saves it the safe way.
func modifyVaultAddingBlobs(
    _ vault: String, keys: KeyOptions, backup: Bool,
    _ change: (inout VaultDocument) throws -> [(id: [UInt8], source: any BlobSource)]
) throws {
    let (lock, unlocked) = try keys.openForWriting(vault)  // reads the key before locking
    defer { withExtendedLifetime(lock) {} }
    unlocked.keepRecordGroupsForResealing()  // the save writes unchanged record groups as they are
    var document = try reportingModel(vault) { try VaultDocument(vault: unlocked) }
    defer { KeptUntilExit.keep(document, unlocked.readSnapshot as Any) }
    let added = try change(&document)
    let payload = try reporting(vault) {
        try reportingModel(vault) { try VaultContent.payload(for: &document, over: unlocked, adding: added) }
    }
    try reporting(vault) { try VaultStore.save(payload, over: unlocked, options: SaveOptions(keepBackup: backup)) }
}

/// Runs `body`, converting CofferKit's errors (whose messages name their file or item).
func kitReporting<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch { throw CofferFailure.from(error) }
}

/// Standard output written straight to its descriptor, piece by piece (Foundation's
/// FileHandle would buffer nothing but hides errors).
enum StandardOutput {
    /// `bytes` (terminal-safe already, or meant for a pipe) after whatever `print` buffered,
    /// so they stay in order with it.
    static func emit(_ bytes: [UInt8]) throws {
        fflush(nil)
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// `count` pieces made by `make` on every core and emitted in order, a few at a time:
    /// a long output (100,000 rows) is never held whole.
    static func emitInOrder(_ count: Int, _ make: @Sendable (Int) -> [UInt8]) throws {
        let batch = ProcessInfo.processInfo.activeProcessorCount * 2
        for start in stride(from: 0, to: count, by: batch) {
            let end = min(count, start + batch)
            for piece in ParallelMap.map(end - start, serialBelow: 2, { make(start + $0) }) { try emit(piece) }
        }
    }

    static func write(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw CofferFailure.io("standard output: write failed: \(String(cString: strerror(errno)))")
            }
            offset += n
        }
    }
}
