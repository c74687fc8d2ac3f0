internal import CArchive
import Foundation

/// A ZIP export read in memory through libarchive's ZIP reader (nothing is written to disk,
/// nothing is unzipped by hand), with the bounds of ``ImportLimits``: at most
/// `archiveEntries` entries, each entry read at most `archiveEntryBytes`, all entries read
/// at most `archiveBytes` together, and no entry inflating more than `inflationRatio` times
/// the compressed bytes consumed for it once past `ratioCheckedAbove` bytes. Bytes are
/// counted as they are inflated, so a header that lies about sizes gains nothing; CRC-32s
/// are checked by libarchive.
///
/// libarchive rather than ZIPFoundation: ZIPFoundation's in-memory archives trap on a
/// central directory that points past the end of the data and leak when none is found
/// (both found by scripts/fuzz), while libarchive's ZIP reader is fuzzed continuously
/// upstream. ZIPFoundation still writes the test fixtures, an independent writer.
///
/// Entry names are only names: one with a `..` component, an absolute path or a
/// backslash is never read (a warning says so), directories and symbolic links neither.
final class ArchiveEntries {
    struct File {
        let path: String
        /// Its position among all entries, which is how a later pass finds it again.
        let index: Int
    }

    let input: String
    let limits: ImportLimits
    private let bytes: [UInt8]
    /// The regular files with safe names, in archive order.
    private(set) var files = [File]()
    private(set) var warnings = [String]()
    private var inflated = 0

    init(_ bytes: [UInt8], input: String, limits: ImportLimits) throws {
        self.input = input
        self.limits = limits
        self.bytes = bytes
        var count = 0
        try walk { reader, entry, index in
            count += 1
            guard count <= limits.archiveEntries else {
                throw ConverterError(
                    .inflationLimit, input: input, expected: "at most \(limits.archiveEntries) entries",
                    "a ZIP archive of more than \(limits.archiveEntries) entries; refused")
            }
            guard archive_entry_filetype(entry) == Self.regularFile else { return }
            guard let path = Self.path(of: entry) else {
                warnings.append("ZIP entry \(index + 1) has no readable name; not read")
                return
            }
            if Self.isUnsafe(path) {
                warnings.append("ZIP entry \(Self.quoted(path)) has an unsafe name (absolute or with ..); not read")
                return
            }
            files.append(File(path: path, index: index))
        }
    }

    /// `S_IFREG`, as libarchive reports a regular file's type on every platform.
    private static let regularFile: UInt32 = 0o100000

    private static func path(of entry: OpaquePointer) -> String? {
        if let utf8 = archive_entry_pathname_utf8(entry) { return String(cString: utf8) }
        if let raw = archive_entry_pathname(entry) {
            return String(decoding: Data(bytes: raw, count: strlen(raw)), as: UTF8.self)
        }
        return nil
    }

    /// `..` components, absolute paths, drive letters and backslashes: refused as names.
    static func isUnsafe(_ path: String) -> Bool {
        path.hasPrefix("/") || path.contains("\\") || path.contains("\0")
            || path.split(separator: "/").contains("..") || (path.count >= 2 && path.dropFirst().first == ":")
    }

    /// The entry name as errors show it (quoted, control characters escaped by the CLI).
    static func quoted(_ path: String) -> String { "\"\(path.prefix(200))\"" }

    /// Where errors about one entry point: "export.zip: Takeout/Keep/a.json".
    func name(_ file: File) -> String { "\(input): \(file.path)" }

    /// The bytes of one entry, within the limits.
    func read(_ file: File) throws -> [UInt8] {
        var found = [UInt8]()
        try readEach([file]) { _, bytes in found = bytes }
        return found
    }

    /// Reads `wanted` in one pass over the archive, in archive order, handing each file's
    /// bytes to `body` (one entry in memory at a time). A damaged entry or one past the
    /// limits ends the pass with an error naming it.
    func readEach(_ wanted: [File], _ body: (File, [UInt8]) throws -> Void) throws {
        let byIndex = Dictionary(wanted.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        guard !byIndex.isEmpty else { return }
        var remaining = byIndex.count
        // One buffer for the pass (a Takeout holds thousands of small notes), wiped at its end.
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        defer { buffer.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        try walk { reader, _, index in
            guard remaining > 0, let file = byIndex[index] else { return }
            remaining -= 1
            try body(file, try readData(reader, file, buffer: &buffer))
        }
    }

    /// Runs `visit` for every entry header, in order, with the entry's index; entries whose
    /// data `visit` does not read are skipped by libarchive.
    private func walk(_ visit: (OpaquePointer, OpaquePointer, Int) throws -> Void) throws {
        guard let reader = archive_read_new() else {
            throw ConverterError(.malformed, input: input, expected: "a ZIP archive", "libarchive could not start")
        }
        defer { archive_read_free(reader) }
        archive_read_support_format_zip(reader)
        try bytes.withUnsafeBytes { raw in
            guard archive_read_open_memory(reader, raw.baseAddress, raw.count) == ARCHIVE_OK else {
                throw damaged(reader, nil)
            }
            var index = 0
            while true {
                var entry: OpaquePointer?
                let status = archive_read_next_header(reader, &entry)
                if status == ARCHIVE_EOF { break }
                guard status == ARCHIVE_OK || status == ARCHIVE_WARN, let entry else {
                    throw damaged(reader, nil)
                }
                try visit(reader, entry, index)
                index += 1
            }
        }
    }

    private func readData(_ reader: OpaquePointer, _ file: File, buffer: inout [UInt8]) throws -> [UInt8] {
        var bytes = [UInt8]()
        let start = archive_filter_bytes(reader, -1)
        while true {
            let count = buffer.withUnsafeMutableBytes { archive_read_data(reader, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else { throw damaged(reader, file) }
            bytes.append(contentsOf: buffer[0..<count])
            let consumed = max(Int(archive_filter_bytes(reader, -1) - start), 1)
            if bytes.count > limits.archiveEntryBytes {
                throw tooLarge(file, "inflates beyond the \(InputLimit.size(limits.archiveEntryBytes)) limit per entry")
            } else if inflated + bytes.count > limits.archiveBytes {
                throw tooLarge(
                    file,
                    "takes the entries read beyond the \(InputLimit.size(limits.archiveBytes)) limit for a ZIP export")
            } else if bytes.count > limits.ratioCheckedAbove, bytes.count / consumed > limits.inflationRatio {
                throw tooLarge(
                    file, "inflates more than \(limits.inflationRatio) times its compressed size (a ZIP bomb?)")
            }
        }
        inflated += bytes.count
        return bytes
    }

    /// libarchive's own words for what is wrong, with the entry when one was being read.
    private func damaged(_ reader: OpaquePointer, _ file: File?) -> ConverterError {
        let detail = archive_error_string(reader).map { String(cString: $0) } ?? "unreadable"
        if let file {
            return ConverterError(
                .malformed, input: input, expected: "a readable ZIP entry",
                "ZIP entry \(Self.quoted(file.path)) cannot be read (\(detail)); the archive is damaged or truncated")
        }
        return ConverterError(
            .malformed, input: input, expected: "a ZIP archive",
            "a damaged or truncated ZIP archive (\(detail)); download or export it again "
                + "(or unzip it and import the file inside)")
    }

    private func tooLarge(_ file: File, _ what: String) -> ConverterError {
        ConverterError(
            .inflationLimit, input: input, found: file.path, "ZIP entry \(Self.quoted(file.path)) \(what); refused")
    }
}
