import Foundation
import PropertyList
import VaultModel

/// KeePass 2.x / KeePassXC XML exports (`<KeePassFile>`) and KeePassX 0.4 XML
/// (`<database>`): groups become folder paths (without the root group), entry strings map
/// to item fields, other strings become custom fields (concealed when protected), history
/// entries become password history, attachments (`Entry/Binary`, inline or by reference
/// into `Meta/Binaries`, gzip-compressed or not) carry their bytes. Parsed with ``XMLEventParser`` (libxml2, streaming,
/// no network, no DTD, no entities; Foundation's XMLParser fails on exports over ~50 MB).
final class KeePassXMLImporter: XMLEventHandler {
    private var items = [VaultItem]()
    private var groups = [String]()
    private var groupNameNeeded = false
    private var depthOfRoot = 0
    private var element = [Tag]()
    /// Text of the current element, collected only for elements whose text is read.
    private var textBytes = [UInt8]()
    private var collecting = false
    private var text: String { String(decoding: textBytes, as: UTF8.self) }
    private var entry: VaultItem?
    private var historyDepth = 0
    private var historyEntry: (password: String?, modified: Date?)?
    private var stringKey: String?
    private var stringValue: String?
    private var protected = false
    private var isKeePassX = false
    /// Meta/Binaries: ID → bytes (decompressed).
    private var binaryPool = [String: Data]()
    private var poolEntry: (id: String, compressed: Bool, line: Int)?
    private var binaryKey: String?
    private var binaryRef: String?
    private var binaryInline: Data?
    /// Attachments that name a pool binary, resolved once the whole file is read.
    private var pendingRefs = [(item: Int, attachment: Int, ref: String)]()
    private var warnings = [String]()

    static func matches(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<KeePassFile") || head.contains("KEEPASSX_DATABASE") || head.contains("<database>")
    }

    static func importBytes(_ bytes: [UInt8], input: String) throws -> (items: [VaultItem], report: ImportReport) {
        let importer = KeePassXMLImporter()
        do {
            try bytes.withUnsafeBytes { try XMLEventParser.parse($0, handler: importer) }
        } catch let error as PropertyListError {
            throw ConverterError(input: input, line: error.line, "not a readable KeePass XML export: \(error.reason)")
        }
        var report = ImportReport(
            input: input, format: importer.isKeePassX ? "keepassx-xml" : "keepass-xml", encoding: "UTF-8")
        for (itemIndex, attachmentIndex, ref) in importer.pendingRefs {
            if let content = importer.binaryPool[ref] {
                importer.items[itemIndex].attachments[attachmentIndex].content = content
                importer.items[itemIndex].attachments[attachmentIndex].size = content.count
            } else {
                importer.warnings.append(
                    "\(input): entry \"\(importer.items[itemIndex].title)\": attachment \""
                        + "\(importer.items[itemIndex].attachments[attachmentIndex].name)\" refers to binary \(ref), "
                        + "which the file does not hold; kept empty")
            }
        }
        report.warnings = importer.warnings.map { $0.hasPrefix(input) ? $0 : "\(input):\($0)" }
        report.read = importer.items.count
        for item in importer.items {
            if item.password == nil && item.username == nil && item.urls.isEmpty {
                report.keptAsNotes += 1
            } else {
                report.imported += 1
            }
        }
        return (importer.items, report)
    }

    func xmlStart(_ rawName: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser) {
        let name = Tag(rawName)
        element.append(name)
        textBytes.removeAll(keepingCapacity: true)
        collecting = name.hasText
        switch name {
        case .database: isKeePassX = true
        case .group, .groupX:
            groups.append("")
            groupNameNeeded = true
        case .entry where entry != nil:
            historyDepth += 1
            historyEntry = (nil, nil)
        case .entry, .entryX:
            entry = VaultItem(title: "")
            entry?.folder = Array(groups.dropFirst(isKeePassX ? 0 : 1)).filter { !$0.isEmpty }
        case .string:
            stringKey = nil
            stringValue = nil
        case .binary where element.dropLast().last == .binaries:
            poolEntry = (
                attributes.value(of: "ID") ?? "", attributes.value(of: "Compressed")?.lowercased() == "true",
                parser.line
            )
        case .binary:
            (binaryKey, binaryRef, binaryInline) = (nil, nil, nil)
        case .value where element.dropLast().last == .binary:
            binaryRef = attributes.value(of: "Ref")
        case .value:
            protected =
                attributes.value(of: "Protected")?.lowercased() == "true"
                || attributes.value(of: "ProtectInMemory")?.lowercased() == "true"
        default: break
        }
    }

    func xmlCharacters(_ bytes: UnsafeBufferPointer<UInt8>, parser: XMLEventParser) {
        if collecting { textBytes.append(contentsOf: bytes) }
    }

    func xmlEnd(parser: XMLEventParser) {
        guard let name = element.last else { return }
        defer {
            element.removeLast()
            textBytes.removeAll(keepingCapacity: true)
            collecting = false
        }
        let parent = element.count > 1 ? element[element.count - 2] : .other
        switch name {
        case .name where parent == .group, .title where parent == .groupX:
            if groupNameNeeded, !groups.isEmpty {
                groups[groups.count - 1] = text
                groupNameNeeded = false
            }
        case .group, .groupX:
            groups.removeLast()
        case .binary where parent == .binaries:
            guard let pool = poolEntry else { return }
            poolEntry = nil
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                warnings.append("\(pool.line): binary \(pool.id) is not base64; its attachments are kept empty")
                binaryPool[pool.id] = Data()
                return
            }
            if !pool.compressed {
                binaryPool[pool.id] = data
                return
            }
            do {
                binaryPool[pool.id] = Data(try Gzip.decompress([UInt8](data)))
            } catch {
                warnings.append("\(pool.line): binary \(pool.id): \(error); its attachments are kept empty")
                binaryPool[pool.id] = Data()
            }
        case .key where parent == .binary: binaryKey = text
        case .value where parent == .binary && binaryRef == nil:
            binaryInline = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
            if binaryInline == nil {
                warnings.append("\(parser.line): attachment \(binaryKey ?? "") is not base64; kept empty")
                binaryInline = Data()
            }
        case .binary where parent == .entry && historyDepth == 0:
            guard entry != nil else { return }
            let name = binaryKey ?? "attachment"
            entry!.attachments.append(.init(name: name, content: binaryInline ?? Data()))
            if let ref = binaryRef {
                pendingRefs.append((items.count, entry!.attachments.count - 1, ref))
            }
        case .key where parent == .string: stringKey = text
        case .value where parent == .string: stringValue = text
        case .string:
            guard let key = stringKey, let value = stringValue else { return }
            if historyDepth > 0 {
                if key == "Password" { historyEntry?.password = value }
                return
            }
            apply(key: key, value: value)
        case .lastModificationTime where historyDepth > 0:
            historyEntry?.modified = Self.date(text)
        case .creationTime where historyDepth == 0: entry?.created = Self.date(text)
        case .lastModificationTime where historyDepth == 0: entry?.modified = Self.date(text)
        case .lastAccessTime where historyDepth == 0: entry?.lastUsed = Self.date(text)
        case .uuid where parent == .entry && historyDepth == 0:
            if let data = Data(base64Encoded: text), data.count == 16 {
                let b = [UInt8](data)
                entry?.id = UUID(
                    uuid: (
                        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
                        b[15]
                    ))
            }
        case .tags where parent == .entry && historyDepth == 0:
            entry?.tags = text.split(whereSeparator: { $0 == ";" || $0 == "," }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        case .title where parent == .entryX: entry?.title = text
        case .username where parent == .entryX: entry?.username = textBytes.isEmpty ? nil : text
        case .password where parent == .entryX: entry?.password = textBytes.isEmpty ? nil : text
        case .url where parent == .entryX: if !textBytes.isEmpty { entry?.urls = [text] }
        case .comment where parent == .entryX: entry?.notes = textBytes.isEmpty ? nil : text
        case .creation where parent == .entryX: entry?.created = Self.date(text)
        case .lastmod where parent == .entryX: entry?.modified = Self.date(text)
        case .entry where historyDepth > 0:
            historyDepth -= 1
            if let h = historyEntry, let password = h.password {
                entry?.passwordHistory.append(.init(password: password, date: h.modified))
            }
            historyEntry = nil
        case .entry, .entryX:
            if var finished = entry {
                if finished.password == nil && finished.username == nil && finished.urls.isEmpty {
                    finished.kind = .secureNote
                }
                items.append(finished)
            }
            entry = nil
        default: break
        }
    }

    private func apply(key: String, value: String) {
        guard entry != nil else { return }
        switch key {
        case "Title": entry!.title = value
        case "UserName": if !value.isEmpty { entry!.username = value }
        case "Password": if !value.isEmpty { entry!.password = value }
        case "URL": if !value.isEmpty { entry!.urls = [value] }
        case "Notes": if !value.isEmpty { entry!.notes = value }
        case "otp", "TOTP Seed", "TimeOtp-Secret-Base32":
            entry!.totp = value.hasPrefix("otpauth://") ? value : "otpauth://totp/\(entry!.title)?secret=\(value)"
        default:
            entry!.customFields.append(.init(name: key, value: value, concealed: protected))
        }
    }

    static func date(_ text: String) -> Date? { ISODates.parse(text) }

    /// The element names the importer acts on (KeePass 2 in capitals, KeePassX 0.4 in lower
    /// case), recognized from libxml2's bytes without making a String per element.
    enum Tag: UInt8 {
        case other
        case group, name, entry, string, key, value, binaries, binary, uuid, tags
        case creationTime, lastModificationTime, lastAccessTime
        case database, groupX, entryX, title, username, password, url, comment, creation, lastmod

        static let names: [(Tag, [UInt8])] =
            ([
                (.group, "Group"), (.name, "Name"), (.entry, "Entry"), (.string, "String"), (.key, "Key"),
                (.value, "Value"), (.binaries, "Binaries"), (.binary, "Binary"), (.uuid, "UUID"), (.tags, "Tags"),
                (.creationTime, "CreationTime"), (.lastModificationTime, "LastModificationTime"),
                (.lastAccessTime, "LastAccessTime"), (.database, "database"), (.groupX, "group"), (.entryX, "entry"),
                (.title, "title"), (.username, "username"), (.password, "password"), (.url, "url"),
                (.comment, "comment"), (.creation, "creation"), (.lastmod, "lastmod"),
            ] as [(Tag, String)]).map { ($0.0, Array($0.1.utf8)) }

        init(_ raw: UnsafePointer<UInt8>) {
            let length = strlen(UnsafeRawPointer(raw).assumingMemoryBound(to: CChar.self))
            for (tag, bytes) in Self.names
            where bytes.count == length && bytes[0] == raw[0] && memcmp(raw, bytes, length) == 0 {
                self = tag
                return
            }
            self = .other
        }

        /// Elements whose text the importer reads (the rest is indentation or ignored).
        var hasText: Bool {
            switch self {
            case .other, .group, .entry, .string, .binaries, .database, .groupX, .entryX: false
            default: true
            }
        }
    }
}
