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
    private var element = [String]()
    private var text = ""
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
        let name = String(cString: rawName)
        element.append(name)
        text = ""
        switch name {
        case "database": isKeePassX = true
        case "Group", "group":
            groups.append("")
            groupNameNeeded = true
        case "Entry" where entry != nil:
            historyDepth += 1
            historyEntry = (nil, nil)
        case "Entry", "entry":
            entry = VaultItem(title: "")
            entry?.folder = Array(groups.dropFirst(isKeePassX ? 0 : 1)).filter { !$0.isEmpty }
        case "String":
            stringKey = nil
            stringValue = nil
        case "Binary" where element.dropLast().last == "Binaries":
            poolEntry = (
                attributes.value(of: "ID") ?? "", attributes.value(of: "Compressed")?.lowercased() == "true",
                parser.line
            )
        case "Binary":
            (binaryKey, binaryRef, binaryInline) = (nil, nil, nil)
        case "Value" where element.dropLast().last == "Binary":
            binaryRef = attributes.value(of: "Ref")
        case "Value":
            protected =
                attributes.value(of: "Protected")?.lowercased() == "true"
                || attributes.value(of: "ProtectInMemory")?.lowercased() == "true"
        default: break
        }
    }

    func xmlCharacters(_ bytes: UnsafeBufferPointer<UInt8>, parser: XMLEventParser) {
        text += String(decoding: bytes, as: UTF8.self)
    }

    func xmlEnd(parser: XMLEventParser) {
        guard let name = element.last else { return }
        defer {
            element.removeLast()
            text = ""
        }
        let parent = element.dropLast().last
        switch name {
        case "Name" where parent == "Group", "title" where parent == "group":
            if groupNameNeeded, !groups.isEmpty {
                groups[groups.count - 1] = text
                groupNameNeeded = false
            }
        case "Group", "group":
            groups.removeLast()
        case "Binary" where parent == "Binaries":
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
        case "Key" where parent == "Binary": binaryKey = text
        case "Value" where parent == "Binary" && binaryRef == nil:
            binaryInline = Data(base64Encoded: text, options: .ignoreUnknownCharacters)
            if binaryInline == nil {
                warnings.append("\(parser.line): attachment \(binaryKey ?? "") is not base64; kept empty")
                binaryInline = Data()
            }
        case "Binary" where parent == "Entry" && historyDepth == 0:
            guard entry != nil else { return }
            let name = binaryKey ?? "attachment"
            entry!.attachments.append(.init(name: name, content: binaryInline ?? Data()))
            if let ref = binaryRef {
                pendingRefs.append((items.count, entry!.attachments.count - 1, ref))
            }
        case "Key" where parent == "String": stringKey = text
        case "Value" where parent == "String": stringValue = text
        case "String":
            guard let key = stringKey, let value = stringValue else { return }
            if historyDepth > 0 {
                if key == "Password" { historyEntry?.password = value }
                return
            }
            apply(key: key, value: value)
        case "LastModificationTime" where historyDepth > 0:
            historyEntry?.modified = Self.date(text)
        case "CreationTime" where historyDepth == 0: entry?.created = Self.date(text)
        case "LastModificationTime" where historyDepth == 0: entry?.modified = Self.date(text)
        case "LastAccessTime" where historyDepth == 0: entry?.lastUsed = Self.date(text)
        case "UUID" where parent == "Entry" && historyDepth == 0:
            if let data = Data(base64Encoded: text), data.count == 16 {
                let b = [UInt8](data)
                entry?.id = UUID(
                    uuid: (
                        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
                        b[15]
                    ))
            }
        case "Tags" where parent == "Entry" && historyDepth == 0:
            entry?.tags = text.split(whereSeparator: { $0 == ";" || $0 == "," }).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        case "title" where parent == "entry": entry?.title = text
        case "username" where parent == "entry": entry?.username = text.isEmpty ? nil : text
        case "password" where parent == "entry": entry?.password = text.isEmpty ? nil : text
        case "url" where parent == "entry": if !text.isEmpty { entry?.urls = [text] }
        case "comment" where parent == "entry": entry?.notes = text.isEmpty ? nil : text
        case "creation" where parent == "entry": entry?.created = Self.date(text)
        case "lastmod" where parent == "entry": entry?.modified = Self.date(text)
        case "Entry" where historyDepth > 0:
            historyDepth -= 1
            if let h = historyEntry, let password = h.password {
                entry?.passwordHistory.append(.init(password: password, date: h.modified))
            }
            historyEntry = nil
        case "Entry", "entry":
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
}
