import Foundation
import PropertyList
import VaultModel

/// The listing `security dump-keychain -d` prints on macOS: one block per keychain item,
///
///     keychain: "/Users/ana/Library/Keychains/login.keychain-db"
///     version: 512
///     class: "inet"
///     attributes:
///         0x00000007 <blob>="github.com"
///         "acct"<blob>="ana"
///         "ptcl"<uint32>="htps"
///         "srvr"<blob>="github.com"
///     data:
///     "s3cret"
///
/// Values are `<NULL>`, a quoted string (bytes outside printable ASCII and the backslash
/// written as `\ooo`), or hexadecimal, followed by the quoted form when the bytes are not
/// all printable. Generic (`genp`) and internet (`inet`) passwords become logins with
/// their keychain attributes kept (spec/MODEL.md); secure notes become notes; keys and
/// certificates are skipped and reported.
struct AppleKeychainImporter {
    static func matches(_ text: Substring) -> Bool {
        text.hasPrefix("keychain: \"") || (text.contains("\nclass: ") && text.contains("\nattributes:\n"))
    }

    struct Block {
        var line: Int
        var itemClass = ""
        var attributes: [String: [UInt8]] = [:]
        var data: [UInt8]?
        var dataLine = 0
    }

    static func importText(_ text: String, input: String, encoding: String) throws -> (
        items: [VaultItem], report: ImportReport
    ) {
        let blocks = try parse(text, input: input)
        var report = ImportReport(input: input, format: "apple-keychain-dump", encoding: encoding)
        var items = [VaultItem]()
        for block in blocks {
            report.read += 1
            guard block.itemClass == "genp" || block.itemClass == "inet" else {
                report.skipped.append(
                    .init(
                        line: block.line,
                        reason: "class \(block.itemClass) is a key or certificate, not a password item"))
                continue
            }
            let item = makeItem(block, input: input, report: &report)
            if item.kind == .secureNote { report.keptAsNotes += 1 } else { report.imported += 1 }
            items.append(item)
        }
        return (items, report)
    }

    // MARK: Parsing

    static func parse(_ text: String, input: String) throws -> [Block] {
        var blocks = [Block]()
        var current: Block?
        var inAttributes = false
        var expectingData = false
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if expectingData {
                expectingData = false
                current?.dataLine = lineNumber
                current?.data = try decodeValue(line, input: input, line: lineNumber) ?? []
                continue
            }
            if line.hasPrefix("keychain: ") {
                if let current { blocks.append(current) }
                current = Block(line: lineNumber)
                inAttributes = false
                continue
            }
            guard current != nil else {
                if line.isEmpty { continue }
                throw ConverterError(
                    input: input, line: lineNumber, "expected `keychain: \"…\"` starting a keychain item, found \(line)"
                )
            }
            if line.hasPrefix("version: ") || line.isEmpty { continue }
            if line.hasPrefix("class: ") {
                let value = line.dropFirst("class: ".count)
                current!.itemClass =
                    value.hasPrefix("\"") ? String(value.dropFirst().prefix { $0 != "\"" }) : String(value)
                continue
            }
            if line == "attributes:" {
                inAttributes = true
                continue
            }
            if line == "data:" {
                inAttributes = false
                expectingData = true
                continue
            }
            if inAttributes, line.hasPrefix(" ") {
                let (name, value) = try parseAttribute(line, input: input, line: lineNumber)
                if let value { current!.attributes[name] = value }
                continue
            }
            throw ConverterError(
                input: input, line: lineNumber, "a line Coffer does not understand in a keychain item: \(line)")
        }
        if let current { blocks.append(current) }
        return blocks
    }

    /// `    "acct"<blob>="ana"` or `    0x00000007 <blob>="github.com"` → ("acct", bytes).
    static func parseAttribute(_ line: Substring, input: String, line number: Int) throws -> (String, [UInt8]?) {
        let trimmed = line.drop { $0 == " " }
        guard let typeStart = trimmed.firstIndex(of: "<"),
            let equals = trimmed[typeStart...].range(of: ">=")
        else {
            throw ConverterError(
                input: input, line: number, "expected NAME<type>=VALUE in the attributes, found \(trimmed)")
        }
        var name = trimmed[..<typeStart].trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 { name = String(name.dropFirst().dropLast()) }
        let type = trimmed[trimmed.index(after: typeStart)..<equals.lowerBound]
        let value = try decodeValue(trimmed[equals.upperBound...], input: input, line: number)
        // A uint32 printed as hexadecimal (a port) is a number, not bytes.
        if type == "uint32", let bytes = value, trimmed[equals.upperBound...].hasPrefix("0x"), bytes.count == 4 {
            let number = bytes.reduce(0) { $0 << 8 | Int($1) }
            return (name, Array(String(number).utf8))
        }
        return (name, value)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `<NULL>` → nil; `"text\134"` → bytes; `0x4142  "AB"` → the hexadecimal's bytes.
    static func decodeValue(_ text: Substring, input: String, line: Int) throws -> [UInt8]? {
        if text == "<NULL>" { return nil }
        if text.hasPrefix("0x") {
            // ASCII digits only: Character.isHexDigit also accepts fullwidth forms.
            let hex = Array(text.utf8.dropFirst(2).prefix { hexValue($0) != nil })
            guard hex.count % 2 == 0, !hex.isEmpty else {
                throw ConverterError(
                    input: input, line: line, "expected an even number of hexadecimal digits in \(text.prefix(40))")
            }
            return stride(from: 0, to: hex.count, by: 2).map { hexValue(hex[$0])! << 4 | hexValue(hex[$0 + 1])! }
        }
        guard text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 else {
            throw ConverterError(
                input: input, line: line,
                "expected <NULL>, a quoted string or 0x… hexadecimal, found \(text.prefix(40))")
        }
        let body = Array(text.dropFirst().dropLast().utf8)
        var bytes = [UInt8]()
        bytes.reserveCapacity(body.count)
        var i = 0
        while i < body.count {
            if body[i] == UInt8(ascii: "\\"), let octal = octalByte(body, at: i + 1) {
                bytes.append(octal)
                i += 4
            } else {
                bytes.append(body[i])
                i += 1
            }
        }
        return bytes
    }

    private static func octalByte(_ bytes: [UInt8], at index: Int) -> UInt8? {
        guard index + 3 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + 3] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) else { return nil }
            value = value * 8 + Int(byte - UInt8(ascii: "0"))
        }
        return value <= 255 ? UInt8(value) : nil
    }

    // MARK: Mapping

    /// The four-character protocol codes of the Security framework → URL schemes.
    static let schemes: [String: String] = [
        "htps": "https", "http": "http", "ftp ": "ftp", "ftps": "ftps", "sftp": "sftp", "ssh ": "ssh",
        "smb ": "smb", "afp ": "afp", "imap": "imap", "imps": "imaps", "pop3": "pop", "pops": "pops",
        "smtp": "smtp", "ldap": "ldap", "ldps": "ldaps", "teln": "telnet", "rtsp": "rtsp", "cifs": "cifs",
        "nntp": "nntp", "ntps": "nntps", "svn ": "svn", "irc ": "irc", "ircs": "ircs",
    ]

    static func makeItem(_ block: Block, input: String, report: inout ImportReport) -> VaultItem {
        func text(_ key: String) -> String? {
            guard let bytes = block.attributes[key], let string = String(validating: bytes, as: UTF8.self) else {
                return nil
            }
            let trimmed = string.hasSuffix("\0") ? String(string.dropLast()) : string
            return trimmed.isEmpty ? nil : trimmed
        }
        var item = VaultItem(title: "")
        var keychain = VaultItem.KeychainAttributes(itemClass: block.itemClass)
        keychain.service = text("svce")
        keychain.account = text("acct")
        keychain.server = text("srvr")
        keychain.protocol = text("ptcl")
        keychain.port = text("port").flatMap { Int($0) }.flatMap { $0 == 0 ? nil : $0 }
        keychain.path = text("path")
        keychain.authenticationType = text("atyp")
        keychain.securityDomain = text("sdmn")
        keychain.label = text("0x00000007")
        keychain.comment = text("icmt")
        item.keychain = keychain
        item.username = keychain.account
        item.notes = text("icmt")
        item.created = text("cdat").flatMap(parseTimedate)
        item.modified = text("mdat").flatMap(parseTimedate)
        if let server = keychain.server {
            let scheme = keychain.protocol.flatMap { schemes[$0] } ?? "https"
            var url = server.contains("://") ? server : "\(scheme)://\(server)"
            if let port = keychain.port { url += ":\(port)" }
            if let path = keychain.path { url += path.hasPrefix("/") ? path : "/" + path }
            item.urls = [url]
        }
        item.title = text("0x00000007") ?? keychain.service ?? keychain.server ?? keychain.account ?? "keychain item"
        if let description = text("desc"), text("type") != "note" {
            item.customFields.append(.init(name: "kind", value: description))
        }
        if let generic = text("gena") { item.customFields.append(.init(name: "generic attribute", value: generic)) }
        for key in block.attributes.keys where text(key) == nil && block.attributes[key]?.isEmpty == false {
            if ["0x00000007", "acct", "svce", "srvr", "icmt", "desc", "gena", "path", "sdmn", "atyp"].contains(key) {
                item.customFields.append(.init(name: key + " (hex)", value: hex(block.attributes[key]!)))
                report.warnings.append(
                    "\(input):\(block.line): attribute \(key) is not UTF-8 text; kept as hexadecimal")
            }
        }
        let data = block.data ?? []
        if text("type") == "note" {
            item.kind = .secureNote
            item.notes = noteText(data) ?? item.notes
            return item
        }
        // `security` prints an item without a secret as a lone line break.
        if data.allSatisfy({ $0 == 0x0A || $0 == 0x0D }) { return item }
        if let password = String(validating: data, as: UTF8.self) {
            item.password = password
        } else {
            item.customFields.append(.init(name: "data (hex)", value: hex(data), concealed: true))
            report.warnings.append(
                "\(input):\(block.dataLine): the secret is not UTF-8 text; kept as hexadecimal in the field \"data (hex)\""
            )
        }
        return item
    }

    /// A secure note's data is a plist whose `NOTE` key holds the text; older items hold the text.
    static func noteText(_ data: [UInt8]) -> String? {
        if let value = try? PropertyListCoding.decode(data).value, case .dictionary(let d) = value,
            case .string(let note)? = d["NOTE"]
        {
            return note
        }
        let text = String(validating: data, as: UTF8.self)?.trimmingCharacters(in: .newlines)
        return text?.isEmpty == false ? text : nil
    }

    /// `20190418184252Z` (the NUL already removed).
    static func parseTimedate(_ text: String) -> Date? {
        let digits = Array(text.utf8)
        guard digits.count == 15, digits[14] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: digits[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(8..<10),
            let minute = number(10..<12), let second = number(12..<14)
        else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }

    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}

extension AppleKeychainImporter: ImportFormat {
    var name: String { "apple-keychain" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .text else { return nil }
        return Self.matches(try source.text().text.prefix(4096)) ? .high : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        var result = try Self.importText(decoded.text, input: source.name, encoding: decoded.encoding)
        result.report.warnings = decoded.warnings + result.report.warnings
        return result
    }
}
