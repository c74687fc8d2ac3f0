import Foundation
import VaultModel

/// Password lists people keep in notes apps and text files. Records are split at blank
/// lines, `---` lines and headings (a heading — `# Title`, an underlined line, or a line in
/// capitals — becomes the folder of the records under it). Inside a record, `label: value`
/// lines are read through label aliases in English, French, German and Spanish; one-line
/// records (`Service - user / pass`, `Service | user | pass`, `Service: user pw: pass`,
/// `Service — user — pass`, columns separated by tabs or runs of spaces) are recognized; a
/// label alone on a line takes the next line as its value; bullets and numbering are stripped; URLs and e-mail
/// addresses are recognized. **Every line that is not understood stays verbatim in the
/// notes of its record**: nothing a person wrote disappears.
public struct NotesImporter {
    public struct Record: Sendable {
        public var item: VaultItem
        public var firstLine: Int
        public var lastLine: Int
        /// high: labelled fields; medium: a one-line pattern; low: guessed from shapes.
        public var confidence: String
    }

    enum Label { case title, username, password, url, notes, totp, pin }

    static let labels: [String: Label] = {
        var table = [String: Label]()
        let lists: [(Label, [String])] = [
            (.title, ["title", "name", "service", "site name", "titre", "nom", "titel", "nombre", "servicio"]),
            (
                .username,
                [
                    "user", "u", "username", "user name", "login", "email", "e-mail", "mail", "account", "id",
                    "user id",
                    "identifiant",
                    "utilisateur", "courriel", "benutzer", "benutzername", "konto", "usuario", "correo", "cuenta",
                ]
            ),
            (
                .password,
                [
                    "password", "pass", "passwd", "pw", "pwd", "p", "passcode", "mot de passe", "mdp", "passwort",
                    "kennwort",
                    "contraseña",
                    "contrasena", "clave",
                ]
            ),
            (
                .url,
                ["url", "site", "website", "web", "link", "address", "lien", "adresse", "webseite", "sitio", "enlace"]
            ),
            (.notes, ["note", "notes", "remarque", "notiz", "nota"]),
            (.totp, ["totp", "otp", "2fa", "mfa", "authenticator"]),
            (.pin, ["pin", "code pin", "pin code"]),
        ]
        for (label, names) in lists { for name in names { table[name] = label } }
        return table
    }()

    public static func importText(_ text: String, input: String, encoding: String) -> (
        records: [Record], report: ImportReport
    ) {
        var report = ImportReport(input: input, format: "notes", encoding: encoding)
        let lines = splitLines(text)
        var records = [Record]()
        var folder = [String]()
        var block = [(line: Int, text: String)]()
        func flush() {
            defer { block = [] }
            guard !block.isEmpty else { return }
            // A list of one-line records ("- Amazon | ana | pw" on each line): one record each.
            if block.count > 1,
                block.allSatisfy({ oneLine(stripBullet($0.text)) != nil && labelledValue(stripBullet($0.text)) == nil })
            {
                let lines = block
                for line in lines {
                    block = [line]
                    flushOne()
                }
                return
            }
            flushOne()
        }
        func flushOne() {
            report.read += 1
            var record = parse(block)
            record.item.folder = folder
            if record.item.password == nil && record.item.username == nil && record.item.urls.isEmpty {
                record.item.kind = .secureNote
                report.keptAsNotes += 1
            } else {
                report.imported += 1
            }
            records.append(record)
        }
        var index = 0
        while index < lines.count {
            let raw = lines[index]
            let number = index + 1
            if raw.utf8.count > maximumParsedLine {  // never a heading or separator: no scanning
                block.append((number, raw))
                index += 1
                continue
            }
            let line = raw.trimmingCharacters(in: .whitespaces)
            let following = index + 1 < lines.count ? lines[index + 1] : ""
            let next = following.utf8.count > maximumParsedLine ? "" : following.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.allSatisfy({ $0 == "-" || $0 == "=" || $0 == "*" }) && line.count >= 3 {
                flush()
            } else if line.hasPrefix("#") {
                flush()
                folder = [line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)]
            } else if !next.isEmpty, next.count >= 3, next.allSatisfy({ $0 == "=" || $0 == "-" }), !line.contains(":") {
                flush()
                folder = [line]
                index += 1  // the underline
            } else if isCapitalHeading(line), block.isEmpty, next.isEmpty {
                // A line in capitals on its own ("BANKING" then a blank line) names a folder;
                // "HSBC" followed by "user: …" is a title.
                folder = [line.capitalized]
            } else {
                block.append((number, raw))
            }
            index += 1
        }
        flush()
        return (records, report)
    }

    /// Lines ending in LF, CRLF or CR, split on bytes (a Character walk over a 100 MB
    /// line took seconds).
    static func splitLines(_ text: String) -> [String] {
        var lines = [String]()
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                bytes.formIndex(after: &index)
                continue
            }
            lines.append(String(text[start..<index]))
            bytes.formIndex(after: &index)
            if byte == 0x0D, index != bytes.endIndex, bytes[index] == 0x0A { bytes.formIndex(after: &index) }
            start = index
        }
        lines.append(String(text[start..<bytes.endIndex]))
        return lines
    }

    /// "BANKING", "EMAIL ACCOUNTS:" — a line of capitals without digits or separators,
    /// followed by a blank line.
    static func isCapitalHeading(_ line: String) -> Bool {
        let core = line.hasSuffix(":") ? String(line.dropLast()) : line
        let letters = core.filter(\.isLetter)
        return letters.count >= 3 && letters == letters.uppercased()
            && core.allSatisfy { $0.isLetter || $0 == " " || $0 == "&" }
    }

    static func stripBullet(_ line: String) -> String {
        var s = Substring(line.trimmingCharacters(in: .whitespaces))
        if let first = s.first, "-*•·–>".contains(first), s.dropFirst().first == " " { s = s.dropFirst(2) }
        let digits = s.prefix(while: \.isNumber)
        if !digits.isEmpty, digits.count <= 3 {
            let rest = s.dropFirst(digits.count)
            if let mark = rest.first, ".)".contains(mark), rest.dropFirst().first == " " { s = rest.dropFirst(2) }
        }
        return s.trimmingCharacters(in: .whitespaces)
    }

    static func isURL(_ s: String) -> Bool {
        s.range(of: #"^(https?://|www\.)\S+$"#, options: [.regularExpression, .caseInsensitive]) != nil
            || s.range(
                of: #"^[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|io|fr|de|es|uk|co|ie|eu|app|dev)(/\S*)?$"#,
                options: [.regularExpression, .caseInsensitive]) != nil
    }

    static func isEmail(_ s: String) -> Bool {
        s.range(of: #"^[^\s@]+@[^\s@]+\.[^\s@]+$"#, options: .regularExpression) != nil
    }

    static func parse(_ block: [(line: Int, text: String)]) -> Record {
        var item = VaultItem(title: "")
        var notes = [String]()
        var labelled = 0
        var confidence = "low"
        var emailLine: Int?
        var consumed = Set<Int>()  // lines read as the value of the label above them
        for (offset, entry) in block.enumerated() where !consumed.contains(offset) {
            // No label, title or one-line record is this long: kept verbatim without
            // running patterns over it (a 100 MB line took a minute).
            if entry.text.utf8.count > maximumParsedLine {
                notes.append(entry.text)
                continue
            }
            let line = stripBullet(entry.text)
            if let (label, value) = labelledValue(line) {
                labelled += 1
                assign(label, value, to: &item, notes: &notes, original: entry.text)
                continue
            }
            // A label alone, its value on the next line ("Password" then "c0mcast").
            let bare = line.hasSuffix(":") ? String(line.dropLast()).trimmingCharacters(in: .whitespaces) : line
            if let label = labels[bare.lowercased()], label != .title, offset + 1 < block.count,
                labelledValue(stripBullet(block[offset + 1].text)) == nil
            {
                let value = stripBullet(block[offset + 1].text)
                if !value.isEmpty, labels[value.lowercased()] == nil {
                    labelled += 1
                    consumed.insert(offset + 1)
                    assign(label, value, to: &item, notes: &notes, original: entry.text + "\n" + block[offset + 1].text)
                    continue
                }
            }
            if block.count == 1 || (offset == 0 && item.title.isEmpty), let parts = oneLine(line) {
                item.title = parts.title
                item.username = parts.user
                item.password = parts.password
                confidence = "medium"
                continue
            }
            // "Wifi password: casa-2024": the service named in the label.
            if let (service, label, value) = servicePrefixedLabel(line),
                item.title.isEmpty || item.title.lowercased() == service.lowercased()
            {
                item.title = service
                labelled += 1
                assign(label, value, to: &item, notes: &notes, original: entry.text)
                continue
            }
            if isURL(line), item.urls.isEmpty || offset > 0 {
                item.urls.append(line.lowercased().hasPrefix("www.") ? "https://" + line : line)
            } else if isEmail(line), item.username == nil {
                item.username = line
                emailLine = offset
            } else if offset == 0, item.title.isEmpty, !line.contains(":") || line.hasSuffix(":") {
                item.title = line.hasSuffix(":") ? String(line.dropLast()) : line
            } else {
                notes.append(entry.text)  // verbatim
            }
        }
        if labelled > 0 { confidence = labelled >= 2 || item.password != nil ? "high" : "medium" }
        // "Facebook", "ana@example.com", "fb-pass-123": one word right under an unlabelled
        // e-mail is its password (low confidence, shown in the preview).
        if item.password == nil, let emailLine, emailLine + 1 < block.count, notes.count == 1,
            notes[0] == block[emailLine + 1].text, !stripBullet(notes[0]).contains(" "),
            (1...128).contains(stripBullet(notes[0]).count)
        {
            item.password = stripBullet(notes.removeFirst())
            confidence = "low"
        }
        if item.title.isEmpty {
            item.title = item.urls.first.flatMap { URLComponents(string: $0)?.host } ?? item.username ?? "untitled"
        }
        if !notes.isEmpty { item.notes = ((item.notes.map { [$0] } ?? []) + notes).joined(separator: "\n") }
        return Record(item: item, firstLine: block.first!.line, lastLine: block.last!.line, confidence: confidence)
    }

    static let maximumParsedLine = 4096

    static func labelledValue(_ line: String) -> (Label, String)? {
        for separator in [":", "=", " - ", "\t"] {
            guard let range = line.range(of: separator) else { continue }
            let label = line[..<range.lowerBound].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            if let known = labels[label], !value.isEmpty { return (known, value) }
        }
        return nil
    }

    /// "Wifi password: x", "Gmail login: y" — a service name (up to four words) before a
    /// username or password label.
    static func servicePrefixedLabel(_ line: String) -> (String, Label, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let words = line[..<colon].split(separator: " ").map(String.init)
        guard !value.isEmpty, (2...5).contains(words.count) else { return nil }
        for take in [2, 1] where words.count > take {
            let label = words.suffix(take).joined(separator: " ").lowercased()
            if let known = labels[label], known == .password || known == .username {
                return (words.dropLast(take).joined(separator: " "), known, value)
            }
        }
        return nil
    }

    static func assign(
        _ label: Label, _ value: String, to item: inout VaultItem, notes: inout [String], original: String
    ) {
        switch label {
        case .title: item.title = value
        case .username:
            if item.username == nil { item.username = value } else { notes.append(original) }
        case .password:
            if item.password == nil { item.password = value } else { notes.append(original) }
        case .url: item.urls.append(value)
        case .notes: notes.append(value)
        case .totp:
            item.totp = TOTP.itemValue(value, account: "import")
        case .pin: item.customFields.append(.init(name: "PIN", value: value, concealed: true))
        }
    }

    /// `Service - user / pass`, `Service | user | pass`, `Service: user pw: pass`, tabs.
    static func oneLine(_ line: String) -> (title: String, user: String, password: String)? {
        let patterns = [
            #"^(.+?)\s*\|\s*(\S+)\s*\|\s*(\S+)$"#,
            #"^(.+?)\t+(\S+)\t+(\S+)$"#,
            #"^(.+?)\s+[-–—]\s+(\S+)\s*/\s*(\S+)$"#,
            #"^(.+?):\s*(\S+)\s+(?:/\s*)?(?:pw|pwd|pass|password|mdp|passwort):\s*(\S+)$"#,
            #"^(.+?)\s+[-–—]\s+(\S+)\s+[-–—]\s+(\S+)$"#,
            #"^(\S.*?)\s{2,}(\S+)\s{2,}(\S+)$"#,
            #"^(.+?)\s*[:\-–—]\s*(\S+@\S+|\S+)\s+/\s+(\S+)$"#,
        ]
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
                let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                match.numberOfRanges == 4
            else { continue }
            let parts = (1...3).map {
                String(line[Range(match.range(at: $0), in: line)!]).trimmingCharacters(in: .whitespaces)
            }
            return (parts[0], parts[1], parts[2])
        }
        return nil
    }
}

extension NotesImporter: ImportFormat {
    var name: String { "notes" }
    var syntaxes: Set<ImportSource.Syntax> { [.text] }
    var expectation: String? { nil }

    /// Any text: the fallback when nothing more specific matches (never JSON, XML or a plist).
    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        source.syntax == .text ? .low : nil
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        var (records, report) = Self.importText(decoded.text, input: source.name, encoding: decoded.encoding)
        report.warnings = decoded.warnings + report.warnings
        report.records = records.map {
            .init(
                lines: $0.firstLine == $0.lastLine ? "\($0.firstLine)" : "\($0.firstLine)-\($0.lastLine)",
                confidence: $0.confidence, title: $0.item.title)
        }
        return (records.map(\.item), report)
    }
}
