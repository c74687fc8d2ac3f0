import Foundation
import ZIPFoundation

/// A ZIP export read in memory through ZIPFoundation (nothing is written to disk, nothing
/// is unzipped by hand), with the bounds of ``ImportLimits``: at most `archiveEntries`
/// entries, each entry read at most `archiveEntryBytes`, all entries read at most
/// `archiveBytes` together, and no entry inflating more than `inflationRatio` times its
/// compressed size once past `ratioCheckedAbove` bytes. Bytes are counted as they are
/// inflated, so a header that lies about sizes gains nothing.
///
/// Entry names are only names: one with a `..` component, an absolute path or a
/// backslash is never read (a warning says so), directories and symbolic links neither.
final class ArchiveEntries {
    struct File {
        let path: String
        let entry: Entry
    }

    let input: String
    let limits: ImportLimits
    private let archive: Archive
    /// The regular files with safe names, in archive order.
    private(set) var files = [File]()
    private(set) var warnings = [String]()
    private var inflated = 0

    init(_ bytes: [UInt8], input: String, limits: ImportLimits) throws {
        self.input = input
        self.limits = limits
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            throw ConverterError(
                .malformed, input: input, expected: "a ZIP archive",
                "a damaged or truncated ZIP archive: its central directory cannot be read (\(error)); "
                    + "download or export it again (or unzip it and import the file inside)")
        }
        var count = 0
        for entry in archive {
            count += 1
            guard count <= limits.archiveEntries else {
                throw ConverterError(
                    .inflationLimit, input: input, expected: "at most \(limits.archiveEntries) entries",
                    "a ZIP archive of more than \(limits.archiveEntries) entries; refused")
            }
            guard entry.type == .file else { continue }
            let path = entry.path
            if Self.isUnsafe(path) {
                warnings.append("ZIP entry \(Self.quoted(path)) has an unsafe name (absolute or with ..); not read")
                continue
            }
            files.append(File(path: path, entry: entry))
        }
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
        let entry = file.entry
        let declared = Int(clamping: entry.uncompressedSize)
        guard declared <= limits.archiveEntryBytes else {
            throw tooLarge(
                file,
                "declares \(declared) bytes, more than the \(InputLimit.size(limits.archiveEntryBytes)) limit per entry"
            )
        }
        let compressed = max(Int(clamping: entry.compressedSize), 1)
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(declared, 1 << 20))
        var stop: ConverterError?
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                bytes.append(contentsOf: chunk)
                if bytes.count > self.limits.archiveEntryBytes {
                    stop = self.tooLarge(
                        file, "inflates beyond the \(InputLimit.size(self.limits.archiveEntryBytes)) limit per entry")
                } else if self.inflated + bytes.count > self.limits.archiveBytes {
                    stop = self.tooLarge(
                        file,
                        "takes the entries read beyond the \(InputLimit.size(self.limits.archiveBytes)) limit for a ZIP export"
                    )
                } else if bytes.count > self.limits.ratioCheckedAbove,
                    bytes.count / compressed > self.limits.inflationRatio
                {
                    stop = self.tooLarge(
                        file, "inflates more than \(self.limits.inflationRatio) times its compressed size (a ZIP bomb?)"
                    )
                }
                if let stop { throw stop }
            }
        } catch let error as ConverterError {
            throw error
        } catch {
            throw ConverterError(
                .malformed, input: input, expected: "a readable ZIP entry",
                "ZIP entry \(Self.quoted(file.path)) cannot be read (\(error)); the archive is damaged or truncated")
        }
        inflated += bytes.count
        return bytes
    }

    private func tooLarge(_ file: File, _ what: String) -> ConverterError {
        ConverterError(
            .inflationLimit, input: input, found: file.path, "ZIP entry \(Self.quoted(file.path)) \(what); refused")
    }
}
