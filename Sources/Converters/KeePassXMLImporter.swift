import Foundation
import PropertyList
import VaultModel

/// KeePass 2.x / KeePassXC XML exports (`<KeePassFile>`) and KeePassX 0.4 XML
/// (`<database>`): groups become folder paths (without the root group), entry strings map
/// to item fields, other strings become custom fields (concealed when protected), history
/// entries become password history, attachments (`Entry/Binary`, inline or by reference
/// into `Meta/Binaries`, gzip-compressed or not) carry their bytes. Parsed with
/// ``XMLEventParser`` (libxml2, streaming, no network, no DTD, no entities; Foundation's
/// XMLParser fails on exports over ~50 MB); the per-element work is ``KeePassXMLReader``.
enum KeePassXMLImporter {
    static func matches(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(512), as: UTF8.self)
        return head.contains("<KeePassFile") || head.contains("KEEPASSX_DATABASE") || head.contains("<database>")
    }

    /// Holds the reader's state in one stored property, so no per-field exclusivity checks.
    final class Handler: XMLEventHandler {
        /// Unchecked: the parse is synchronous on one thread and never re-enters the
        /// handler, and the dynamic check per event was a tenth of the parse.
        @exclusivity(unchecked) var reader = KeePassXMLReader()

        func xmlStart(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser) {
            reader.start(name, attributes: attributes, parser: parser)
        }

        func xmlCharacters(_ text: UnsafeBufferPointer<UInt8>, parser: XMLEventParser) {
            reader.characters(text)
        }

        func xmlEnd(parser: XMLEventParser) { reader.end(parser: parser) }
    }

    static func importBytes(_ bytes: [UInt8], input: String) throws -> (items: [VaultItem], report: ImportReport) {
        let handler = Handler()
        do {
            try bytes.withUnsafeBytes { try XMLEventParser.parse($0, handler: handler) }
        } catch let error as PropertyListError {
            throw ConverterError(input: input, line: error.line, "not a readable KeePass XML export: \(error.reason)")
        }
        var reader = handler.reader
        reader.resolveReferences(input: input)
        var report = ImportReport(
            input: input, format: reader.isKeePassX ? "keepassx-xml" : "keepass-xml", encoding: "UTF-8")
        report.warnings = reader.warnings.map { $0.hasPrefix(input) ? $0 : "\(input):\($0)" }
        report.read = reader.items.count
        for item in reader.items {
            if item.password == nil && item.username == nil && item.urls.isEmpty {
                report.keptAsNotes += 1
            } else {
                report.imported += 1
            }
        }
        return (reader.items, report)
    }
}

/// What the KeePass XML importer does per element.
struct KeePassXMLReader {
    private(set) var items = [VaultItem]()
    private(set) var warnings = [String]()
    private(set) var isKeePassX = false
    private var groups = [String]()
    /// The folder of entries in the current group (the group path without the root).
    private var folder = [String]()
    private var groupNameNeeded = false
    private var element = [Tag]()
    /// Text of the current element, collected only for elements whose text is read.
    private var textBytes = [UInt8]()
    private var collecting = false
    private var text: String { String(decoding: textBytes, as: UTF8.self) }
    /// The entry being read (`inEntry`): not optional, so fields are set in place (writing
    /// through an optional copied the whole item per field).
    private var entry = VaultItem(title: "")
    private var inEntry = false
    private var historyDepth = 0
    private var historyEntry: (password: String?, modified: Date?)?
    private var stringKey: StringKey?
    private var stringValue: String?
    private var protected = false
    /// Meta/Binaries: ID → bytes (decompressed).
    private var binaryPool = [String: Data]()
    private var poolEntry: (id: String, compressed: Bool, line: Int)?
    private var binaryKey: String?
    private var binaryRef: String?
    private var binaryInline: Data?
    /// Attachments that name a pool binary, resolved once the whole file is read.
    private var pendingRefs = [(item: Int, attachment: Int, ref: String)]()

    /// The standard strings of an entry, recognized from bytes; any other key is custom.
    enum StringKey: Equatable {
        case title, userName, password, url, notes, totp
        case custom(String)

        private static let urlKey = Array("URL".utf8), otpKey = Array("otp".utf8), titleKey = Array("Title".utf8)
        private static let notesKey = Array("Notes".utf8), userNameKey = Array("UserName".utf8)
        private static let passwordKey = Array("Password".utf8)

        init(_ bytes: [UInt8]) {
            // Against arrays made once (an Array per literal per string, or a UTF-8 view walk,
            // cost more than the rest of the element).
            switch bytes.count {
            case 3 where bytes == Self.urlKey: self = .url
            case 3 where bytes == Self.otpKey: self = .totp
            case 5 where bytes == Self.titleKey: self = .title
            case 5 where bytes == Self.notesKey: self = .notes
            case 8 where bytes == Self.userNameKey: self = .userName
            case 8 where bytes == Self.passwordKey: self = .password
            default:
                let key = String(decoding: bytes, as: UTF8.self)
                self = key == "TOTP Seed" || key == "TimeOtp-Secret-Base32" ? .totp : .custom(key)
            }
        }
    }

    mutating func start(_ rawName: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser) {
        let name = Tag(rawName)
        element.append(name)
        if !textBytes.isEmpty { textBytes.removeAll(keepingCapacity: true) }
        collecting = name.hasText
        switch name {
        case .database: isKeePassX = true
        case .group, .groupX:
            groups.append("")
            groupNameNeeded = true
        case .entry where inEntry:
            historyDepth += 1
            historyEntry = (nil, nil)
        case .entry, .entryX:
            entry = VaultItem(title: "")
            entry.folder = folder
            inEntry = true
        case .string:
            stringKey = nil
            stringValue = nil
        case .binary where element.count > 1 && element[element.count - 2] == .binaries:
            poolEntry = (
                attributes.value(of: "ID") ?? "", attributes.value(of: "Compressed")?.lowercased() == "true",
                parser.line
            )
        case .binary:
            (binaryKey, binaryRef, binaryInline) = (nil, nil, nil)
        case .value where element.count > 1 && element[element.count - 2] == .binary:
            binaryRef = attributes.value(of: "Ref")
        case .value:
            protected =
                attributes.value(of: "Protected")?.lowercased() == "true"
                || attributes.value(of: "ProtectInMemory")?.lowercased() == "true"
        default: break
        }
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if collecting { textBytes.append(contentsOf: bytes) }
    }

    mutating func end(parser: XMLEventParser) {
        guard let name = element.popLast() else { return }
        defer {
            if !textBytes.isEmpty { textBytes.removeAll(keepingCapacity: true) }
            collecting = false
        }
        let parent = element.last ?? .other
        switch name {
        case .name where parent == .group, .title where parent == .groupX:
            if groupNameNeeded, !groups.isEmpty {
                groups[groups.count - 1] = text
                groupNameNeeded = false
                updateFolder()
            }
        case .group, .groupX:
            groups.removeLast()
            updateFolder()
        case .binary where parent == .binaries:
            endPoolBinary()
        case .key where parent == .binary: binaryKey = text
        case .value where parent == .binary && binaryRef == nil:
            binaryInline = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
            if binaryInline == nil {
                warnings.append("\(parser.line): attachment \(binaryKey ?? "") is not base64; kept empty")
                binaryInline = Data()
            }
        case .binary where parent == .entry && historyDepth == 0:
            guard inEntry else { return }
            entry.attachments.append(.init(name: binaryKey ?? "attachment", content: binaryInline ?? Data()))
            if let ref = binaryRef { pendingRefs.append((items.count, entry.attachments.count - 1, ref)) }
        case .key where parent == .string: stringKey = StringKey(textBytes)
        case .value where parent == .string: stringValue = text
        case .string:
            // A key that is present but empty is still a field (named ""), never dropped.
            guard let key = stringKey, let value = stringValue else { return }
            if historyDepth > 0 {
                if key == .password { historyEntry?.password = value }
                return
            }
            apply(key, value)
        case .lastModificationTime where historyDepth > 0:
            let value = date()
            historyEntry?.modified = value
        case .creationTime where historyDepth == 0 && inEntry:
            let value = date()
            entry.created = value
        case .lastModificationTime where historyDepth == 0 && inEntry:
            let value = date()
            entry.modified = value
        case .lastAccessTime where historyDepth == 0 && inEntry:
            let value = date()
            entry.lastUsed = value
        case .uuid where parent == .entry && historyDepth == 0:
            if let data = Data(base64Encoded: text), data.count == 16 {
                entry.id = data.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
            }
        case .tags where parent == .entry && historyDepth == 0:
            let tags = text.split(whereSeparator: { $0 == ";" || $0 == "," }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            entry.tags = tags
        case .title where parent == .entryX:
            let value = text
            entry.title = value
        case .username where parent == .entryX:
            let value = textBytes.isEmpty ? nil : text
            entry.username = value
        case .password where parent == .entryX:
            let value = textBytes.isEmpty ? nil : text
            entry.password = value
        case .url where parent == .entryX:
            let value = text
            if !value.isEmpty { entry.urls = [value] }
        case .comment where parent == .entryX:
            let value = textBytes.isEmpty ? nil : text
            entry.notes = value
        case .creation where parent == .entryX:
            let value = date()
            entry.created = value
        case .lastmod where parent == .entryX:
            let value = date()
            entry.modified = value
        case .entry where historyDepth > 0:
            historyDepth -= 1
            if let h = historyEntry, let password = h.password {
                entry.passwordHistory.append(.init(password: password, date: h.modified))
            }
            historyEntry = nil
        case .entry, .entryX:
            guard inEntry else { return }
            if entry.password == nil && entry.username == nil && entry.urls.isEmpty { entry.kind = .secureNote }
            items.append(entry)
            inEntry = false
        default: break
        }
    }

    private mutating func updateFolder() {
        folder = Array(groups.dropFirst(isKeePassX ? 0 : 1)).filter { !$0.isEmpty }
    }

    /// A date from the element's bytes: the common `…Z` form without a String.
    private func date() -> Date? {
        PropertyListDates.parse(utf8: textBytes) ?? ISODates.parse(text)
    }

    private mutating func endPoolBinary() {
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
    }

    private mutating func apply(_ key: StringKey, _ value: String) {
        guard inEntry else { return }
        switch key {
        case .title: entry.title = value
        case .userName: if !value.isEmpty { entry.username = value }
        case .password: if !value.isEmpty { entry.password = value }
        case .url: if !value.isEmpty { entry.urls = [value] }
        case .notes: if !value.isEmpty { entry.notes = value }
        case .totp:
            entry.totp = TOTP.itemValue(value, account: entry.title)
        case .custom(let name):
            entry.customFields.append(.init(name: name, value: value, concealed: protected))
        }
    }

    /// Attachments that name a `Meta/Binaries` entry get its bytes; a missing one is reported.
    mutating func resolveReferences(input: String) {
        for (itemIndex, attachmentIndex, ref) in pendingRefs {
            if let content = binaryPool[ref] {
                items[itemIndex].attachments[attachmentIndex].content = content
                items[itemIndex].attachments[attachmentIndex].size = content.count
            } else {
                warnings.append(
                    "\(input): entry \"\(items[itemIndex].title)\": attachment \""
                        + "\(items[itemIndex].attachments[attachmentIndex].name)\" refers to binary \(ref), "
                        + "which the file does not hold; kept empty")
            }
        }
        pendingRefs = []
    }

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
