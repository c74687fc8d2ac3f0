import Foundation
import PropertyList
import VaultModel

/// What the KeePass XML importer does per element.
struct KeePassXMLReader {
    let input: String
    let limits: ImportLimits
    private(set) var items = [VaultItem]()
    private(set) var warnings = [String]()
    private(set) var isKeePassX = false
    /// Why the reader stopped the parse (a limit crossed), reported instead of libxml2's error.
    private(set) var failure: ConverterError?
    /// The open groups, innermost last: whether each added a name to `folder` (the root
    /// group and unnamed groups do not). A stack, so a group costs the same at any depth.
    private var groups = [Bool]()
    /// The folder of entries in the current group (the group path without the root).
    private var folder = [String]()
    private var groupNameNeeded = false
    /// `Meta/RecycleBinUUID` and `Meta/RecycleBinEnabled`: the group KeePass keeps deleted
    /// entries in. Its entries become trashed items (spec/MODEL.md "Trash").
    private var recycleBinUUID: String?
    private var recycleBinEnabled = true
    /// While inside the recycle bin: the bin's depth in `groups`, and its level in `folder`
    /// once named (the trashed items' folder is the path below it).
    private var recycleBin: (depth: Int, level: Int?)?
    /// When the file was read: the trashed date of the recycle bin's entries.
    private let importTime = Date()
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
    /// Bytes inflated from compressed pool binaries so far (``ImportLimits/inflatedBytes``).
    private var inflated = 0
    private var poolEntry: (id: String, compressed: Bool, line: Int)?
    private var binaryKey: String?
    private var binaryRef: String?
    private var binaryInline: Data?
    /// Attachments that name a pool binary, resolved once the whole file is read.
    private var pendingRefs = [(item: Int, attachment: Int, ref: String)]()

    init(input: String, limits: ImportLimits) {
        self.input = input
        self.limits = limits
    }

    /// Records `error` and stops the parser.
    private mutating func stop(_ error: ConverterError, parser: XMLEventParser) {
        guard failure == nil else { return }
        failure = error
        parser.fail(error.reason)
    }

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
            guard groups.count < limits.groupDepth else {
                stop(
                    ConverterError(
                        .tooDeep, input: input, line: parser.line, column: parser.column,
                        expected: "at most \(limits.groupDepth) nested groups",
                        "groups nested deeper than \(limits.groupDepth); refused"), parser: parser)
                return
            }
            groups.append(false)
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
                groupNameNeeded = false
                // The root group (KeePass 2) names the database, not a folder.
                if !textBytes.isEmpty, isKeePassX || groups.count > 1 {
                    folder.append(text)
                    groups[groups.count - 1] = true
                    if let bin = recycleBin, bin.depth == groups.count, bin.level == nil {
                        recycleBin = (bin.depth, folder.count - 1)
                    }
                }
            }
        case .group, .groupX:
            if let bin = recycleBin, bin.depth == groups.count { recycleBin = nil }
            if groups.popLast() == true { folder.removeLast() }
        case .recycleBinUUID where parent == .meta: recycleBinUUID = text
        case .recycleBinEnabled where parent == .meta: recycleBinEnabled = text.lowercased() != "false"
        case .uuid where parent == .group:
            if recycleBin == nil, recycleBinEnabled, let bin = recycleBinUUID, !bin.isEmpty, text == bin {
                recycleBin = (groups.count, nil)
            }
        case .binary where parent == .binaries:
            endPoolBinary(parser: parser)
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
            if let bin = recycleBin {
                // KeePass moves a deleted entry (or group) under the bin; the path below it
                // is where the item was.
                if let level = bin.level, entry.folder.count > level {
                    entry.folder = Array(entry.folder[(level + 1)...])
                }
                // The trash's clock starts at the import: KeePass keeps its bin forever, and
                // an old `LocationChanged` would let the vault's retention delete the entry
                // at the first save.
                entry.trashed = importTime
            }
            items.append(entry)
            inEntry = false
        default: break
        }
    }

    /// A date from the element's bytes: the common `…Z` form without a String.
    private func date() -> Date? {
        PropertyListDates.parse(utf8: textBytes) ?? ISODates.parse(text)
    }

    private mutating func endPoolBinary(parser: XMLEventParser) {
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
            let bytes = try Gzip.decompress(
                [UInt8](data), limits: limits, inflatedSoFar: inflated,
                origin: .init(input: input, line: pool.line, binary: pool.id))
            inflated += bytes.count
            binaryPool[pool.id] = Data(bytes)
        } catch let error as ConverterError where error.code == .inflationLimit {
            stop(error, parser: parser)
        } catch {
            // Damaged data is kept as before: a warning, and its attachments empty.
            let reason = (error as? ConverterError)?.reason ?? "binary \(pool.id): \(error)"
            warnings.append("\(pool.line): \(reason); its attachments are kept empty")
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
            // `keychain.service`… as Coffer's KeePass export writes keychain attributes.
            if name.hasPrefix("keychain."), !protected,
                (try? entry.setKeychainAttributes([(String(name.dropFirst("keychain.".count)), value)])) != nil
            {
                return
            }
            if name == "coffer.icon", !protected, !value.isEmpty {
                entry.icon = value
                return
            }
            entry.customFields.append(.init(name: name, value: value, concealed: protected))
        }
    }

    /// Attachments that name a `Meta/Binaries` entry get its bytes; a missing one is reported.
    /// Throws when the references add up to more than ``ImportLimits/referencedBytes``: a
    /// pool binary costs nothing to refer to again, but each entry's copy becomes a blob.
    mutating func resolveReferences(input: String) throws {
        var referenced = 0
        for (itemIndex, attachmentIndex, ref) in pendingRefs {
            if let content = binaryPool[ref] {
                referenced += content.count
                guard referenced <= limits.referencedBytes else {
                    let limit = InputLimit.size(limits.referencedBytes)
                    throw ConverterError(
                        .tooLarge, input: input, expected: "at most \(limit) of attachments",
                        "attachments that refer to Meta/Binaries add up to more than \(limit) (entry "
                            + "\"\(items[itemIndex].title)\" refers to binary \(ref) of \(content.count) bytes); refused"
                    )
                }
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
        case meta, recycleBinUUID, recycleBinEnabled
        case database, groupX, entryX, title, username, password, url, comment, creation, lastmod

        static let names: [(Tag, [UInt8])] =
            ([
                (.group, "Group"), (.name, "Name"), (.entry, "Entry"), (.string, "String"), (.key, "Key"),
                (.value, "Value"), (.binaries, "Binaries"), (.binary, "Binary"), (.uuid, "UUID"), (.tags, "Tags"),
                (.creationTime, "CreationTime"), (.lastModificationTime, "LastModificationTime"),
                (.lastAccessTime, "LastAccessTime"), (.database, "database"), (.groupX, "group"), (.entryX, "entry"),
                (.title, "title"), (.username, "username"), (.password, "password"), (.url, "url"),
                (.comment, "comment"), (.creation, "creation"), (.lastmod, "lastmod"),
                (.meta, "Meta"), (.recycleBinUUID, "RecycleBinUUID"),
                (.recycleBinEnabled, "RecycleBinEnabled"),
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
            case .other, .group, .entry, .string, .binaries, .database, .groupX, .entryX, .meta: false
            default: true
            }
        }
    }
}
