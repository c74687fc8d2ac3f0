import Foundation
import PropertyList

/// Any other JSON (a chat export, an app's own data, a list pasted from a script), read as
/// a notes list written from it: a message's text as its lines (Slack, Telegram, Discord
/// exports), and any other object as `key: value` lines, one block per object. Chosen only
/// when no JSON format knows the file, so a file that parses is never refused.
struct JSONTextImporter: ImportFormat {
    var name: String { "json-text" }
    var syntaxes: Set<ImportSource.Syntax> { [.json] }
    var expectation: String? { nil }

    /// Keys whose values are a message's text.
    static let textKeys: Set<String> = ["text", "content", "body", "message", "msg"]
    /// Keys that mark an object as a message.
    static let messageKeys: Set<String> = [
        "from", "user", "ts", "author", "sender", "timestamp", "date", "user_name", "username", "from_id",
    ]
    /// Bookkeeping no notes reader should see as a value (ids, hashes, pictures).
    static let skippedKeys: Set<String> = [
        "id", "uuid", "guid", "_id", "type", "ts", "client_msg_id", "date_unixtime", "avatar_hash", "team",
        "user_team", "source_team", "from_id", "text_entities", "blocks", "reactions", "edited", "thread_ts",
        "revisiondate", "creationdate", "deleteddate", "organizationid", "collectionids", "folderid", "reprompt",
        "favorite", "icon", "color", "colour",
    ]
    static let maximumDepth = 64
    static let fieldLabels: [CSVImporter.Field: String] = [
        .title: "title", .username: "username", .password: "password", .url: "url", .notes: "notes", .totp: "totp",
    ]

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .json else { return nil }
        _ = try source.foreignJSON()
        return .low
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        var lines = [String]()
        var leftOut = 0
        Self.write(try source.foreignJSON(), key: nil, into: &lines, depth: 0, leftOut: &leftOut)
        var (records, report) = NotesImporter.importText(
            lines.joined(separator: "\n"), input: source.name, encoding: "UTF-8")
        report.format = "json-text"
        report.warnings.append(
            "\(source.name): JSON that no export format knows, read as notes (\(lines.count) lines written from it)")
        if leftOut > 0 {
            report.warnings.append(
                "\(source.name): \(leftOut) values not read: ids, bookkeeping keys, messages' senders and times, and anything nested deeper than "
                    + "\(Self.maximumDepth) levels")
        }
        return (records.map(\.item), report)
    }

    static func write(
        _ value: PropertyListValue, key: String?, into lines: inout [String], depth: Int, leftOut: inout Int
    ) {
        guard depth < maximumDepth else {
            leftOut += 1
            return
        }
        switch value {
        case .array(let values):
            for element in values {
                let block = element.dictionaryValue != nil
                if block, lines.last?.isEmpty == false { lines.append("") }
                write(element, key: key, into: &lines, depth: depth + 1, leftOut: &leftOut)
                if block, lines.last?.isEmpty == false { lines.append("") }
            }
        case .dictionary(let dictionary):
            let keys = Set(dictionary.keys.map { $0.lowercased() })
            // (Not when a key names a title, password or URL: `{"service", "username",
            // "password", "text"}` is an account with a remark, read whole.)
            if let textKey = dictionary.keys.first(where: { textKeys.contains($0.lowercased()) }),
                !keys.isDisjoint(with: messageKeys), let text = dictionary[textKey],
                !dictionary.keys.contains(where: { key in
                    [.title, .password, .url].contains(CSVHeaderVocabulary.meaning(of: key)?.field)
                })
            {
                // A message: its text only (a text may be a list of strings and styled parts);
                // its sender, time and other keys are counted as left out.
                leftOut += dictionary.entries.count - 1
                lines += slackMarkupRemoved(messageText(text, depth: depth)).components(separatedBy: "\n")
                return
            }
            // A note (a title and a text): its title is the line opening its text.
            let isNote = dictionary.keys.contains { textKeys.contains($0.lowercased()) }
            for entry in dictionary.entries {
                if isSkipped(entry.key, entry.value) {
                    leftOut += 1
                    continue
                }
                // A note's text (`body`, `content`) is written as it is; a key that names a
                // field (`login_name`, `pwd`, `website`) as the label the notes reader knows.
                let label: String? =
                    textKeys.contains(entry.key.lowercased())
                    ? nil : CSVHeaderVocabulary.meaning(of: entry.key).flatMap { fieldLabels[$0.field] } ?? entry.key
                write(
                    entry.value, key: isNote && label == "title" ? nil : label, into: &lines, depth: depth + 1,
                    leftOut: &leftOut)
            }
        case .string(let string):
            let text = string.replacingOccurrences(of: "\r\n", with: "\n")
            guard !text.isEmpty else { return }
            if let key, !text.contains("\n") {
                lines.append("\(key): \(text)")
            } else {
                if let key { lines.append("\(key):") }
                lines += text.components(separatedBy: "\n")
            }
        case .integer, .real, .bool:
            if let key { lines.append("\(key): \(scalarText(value))") }
        default: break
        }
    }

    static func messageText(_ value: PropertyListValue, depth: Int) -> String {
        guard depth < maximumDepth else { return "" }
        switch value {
        case .string(let string): return string
        case .array(let parts): return parts.map { messageText($0, depth: depth + 1) }.joined()
        case .dictionary(let part): return part["text"].map { messageText($0, depth: depth + 1) } ?? ""
        default: return ""
        }
    }

    /// Slack writes links as `<https://x|label>` and `<mailto:a@x|a@x>`, and escapes `&`, `<`
    /// and `>`: the link's target (an address without `mailto:`) and the characters as typed.
    static func slackMarkupRemoved(_ text: String) -> String {
        guard text.contains("<") || text.contains("&") else { return text }
        var out = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            out += rest[..<open]
            var link = rest[rest.index(after: open)..<close]
            if let bar = link.firstIndex(of: "|") { link = link[..<bar] }
            if link.hasPrefix("mailto:") { link = link.dropFirst("mailto:".count) }
            out += link
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Ids and bookkeeping: a key of ``skippedKeys``, or an id-like key (`folderId`,
    /// `client_msg_id`) whose words name no field and no secret (`appleID`, `customerId`,
    /// `aws_access_key_id` are kept), or a UUID under a key that names nothing.
    static func isSkipped(_ key: String, _ value: PropertyListValue) -> Bool {
        let folded = key.lowercased()
        let credential: Set<CSVImporter.Field> = [.title, .username, .password, .url, .totp, .notes]
        let named =
            CSVHeaderVocabulary.meaning(of: key).map { credential.contains($0.field) } == true
            || CSVHeaderVocabulary.isSecret(key)
        if skippedKeys.contains(folded) || folded.hasPrefix("image_") { return !named || folded == "id" }
        let idLike = folded.hasSuffix("_id") || key.hasSuffix("Id") || key.hasSuffix("ID")
        if idLike { return !named }
        if case .string(let string) = value, UUID(uuidString: string) != nil { return !named }
        return false
    }

    static func scalarText(_ value: PropertyListValue) -> String {
        switch value {
        case .integer(let integer): integer.description
        case .real(let real): real.description
        case .bool(let bool): bool ? "true" : "false"
        default: ""
        }
    }
}
