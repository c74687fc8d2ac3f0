import Foundation
import VaultModel

@testable import Converters

/// samples/notes-corpus: realistic notes snippets with the logins and secrets a careful reader
/// finds in each (see its README). This reads the snippets and their expectations, recovers what
/// a person wrote in each, and applies the same rules as scripts/score-notes.
struct NotesCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../samples/notes-corpus").standardized

    struct Login: Decodable {
        var title: String
        var username: String?
        var password: String
        var url: String?
    }

    struct Expected: Decodable {
        var style: String
        var encoding: String
        var logins: [Login]
        var secrets: [String]
    }

    struct Snippet {
        var half: String
        var name: String
        var bytes: [UInt8]
        var expected: Expected
        /// Failure messages may show values of the tune half only; held-out values are never printed.
        var isTune: Bool { half == "tune" }
    }

    static func snippets(_ half: String) throws -> [Snippet] {
        let dir = root.appendingPathComponent(half)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { !$0.hasSuffix(".expected.json") }.sorted()
        return try names.map { name in
            let stem = (name as NSString).deletingPathExtension
            let expected = try JSONDecoder().decode(
                Expected.self, from: Data(contentsOf: dir.appendingPathComponent(stem + ".expected.json")))
            let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(name)))
            return Snippet(half: half, name: name, bytes: bytes, expected: expected)
        }
    }

    // MARK: - What a person wrote

    /// The snippet as text, in the encoding its expectation names.
    static func text(of snippet: Snippet) -> String? {
        var bytes = snippet.bytes
        let encoding: String.Encoding
        switch snippet.expected.encoding {
        case "utf-16le": encoding = .utf16LittleEndian
        case "utf-16be": encoding = .utf16BigEndian
        case "windows-1252": encoding = .windowsCP1252
        default: encoding = .utf8
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE])
            || bytes.starts(with: [0xFE, 0xFF])
        {
            bytes.removeFirst(bytes.starts(with: [0xEF]) ? 3 : 2)
        }
        return String(data: Data(bytes), encoding: encoding)
    }

    /// The lines a person typed: for text, every line but front matter other than title and
    /// tags; for app exports, the notes' titles, texts, labels and tags (not ids, dates, colours).
    static func writtenLines(of snippet: Snippet) -> [String]? {
        guard let text = text(of: snippet) else { return nil }
        switch (snippet.name as NSString).pathExtension {
        case "json": return jsonLines(text)
        case "enex": return enexLines(text)
        case "html": return htmlLines(text)
        default: return plainLines(text)
        }
    }

    static func plainLines(_ text: String) -> [String] {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A fence may carry trailing spaces or tabs, as front-matter readers allow.
        let fence: (String) -> Bool = { $0.trimmingCharacters(in: .whitespaces) == "---" }
        if let first = lines.first, fence(first), let end = lines.dropFirst().firstIndex(where: fence) {
            let kept = lines[1..<end].filter { line in
                let key = line.split(separator: ":").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                return ["title", "tags"].contains(key) || line.trimmingCharacters(in: .whitespaces).hasPrefix("- ")
            }.map { $0.replacingOccurrences(of: "title:", with: "").replacingOccurrences(of: "tags:", with: "") }
            lines = kept + lines[(end + 1)...]
        }
        return lines
    }

    static func jsonLines(_ text: String) -> [String] {
        guard let data = text.data(using: .utf8),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return [text] }
        var out = [String]()
        func add(_ value: Any?) { if let s = value as? String { out += plainLines(s) } }
        // Google Keep: one note per file.
        add(root["title"])
        add(root["textContent"])
        for entry in root["listContent"] as? [[String: Any]] ?? [] { add(entry["text"]) }
        for label in root["labels"] as? [[String: Any]] ?? [] { add(label["name"]) }
        // Simplenote: trashed notes may stay behind.
        for note in root["activeNotes"] as? [[String: Any]] ?? [] {
            add(note["content"])
            for tag in note["tags"] as? [String] ?? [] { add(tag) }
        }
        // Standard Notes: notes and the tags that reference them.
        for item in root["items"] as? [[String: Any]] ?? [] {
            guard let type = item["content_type"] as? String, type == "Note" || type == "Tag",
                let content = item["content"] as? [String: Any]
            else { continue }
            add(content["title"])
            add(content["text"])
        }
        return out
    }

    static func enexLines(_ text: String) -> [String] {
        var out = [String]()
        for tag in ["title", "tag"] {
            var rest = Substring(text)
            while let open = rest.range(of: "<\(tag)>"), let close = rest[open.upperBound...].range(of: "</\(tag)>") {
                out.append(decodeEntities(String(rest[open.upperBound..<close.lowerBound])))
                rest = rest[close.upperBound...]
            }
        }
        var rest = Substring(text)
        while let open = rest.range(of: "<![CDATA["), let close = rest[open.upperBound...].range(of: "]]>") {
            out += htmlLines(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return out
    }

    /// HTML as a reader sees it: no head, no Keep date heading, a line per div or break.
    static func htmlLines(_ html: String) -> [String] {
        var s = html
        for (open, close) in [
            ("<head", "</head>"), ("<?xml", "?>"), ("<!DOCTYPE", ">"), ("<div class=\"meta-icons\"", "</div>"),
            ("<div class=\"heading\"", "</div>"),
        ] {
            while let a = s.range(of: open), let b = s[a.upperBound...].range(of: close) {
                s.removeSubrange(a.lowerBound..<b.upperBound)
            }
        }
        for breaking in ["<br>", "<br/>", "<br />", "</div>", "</p>", "</li>", "</tr>", "</span></span>"] {
            s = s.replacingOccurrences(of: breaking, with: "\n")
        }
        s = s.replacingOccurrences(of: "</td>", with: " | ")
        var plain = ""
        var inTag = false
        for c in s {
            if c == "<" {
                inTag = true
            } else if c == ">" {
                inTag = false
            } else if !inTag {
                plain.append(c)
            }
        }
        return plainLines(decodeEntities(plain))
    }

    /// The text with markup escapes undone: HTML and XML entities, and JSON strings'
    /// escapes (for the apps' JSON exports), so a value is found as a person wrote it.
    static func unescapedMarkup(_ text: String) -> String {
        decodeEntities(text) + "\n" + jsonLines(text).joined(separator: "\n")
    }

    static func decodeEntities(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&nbsp;", with: " ")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Field labels, table headers and markup words a reader may consume rather than keep:
    /// they are the structure of a note, not its content.
    static let structuralWords: Set<String> = [
        // English
        "user", "username", "usr", "login", "id", "name", "email", "mail", "password", "pass", "pw", "pwd", "passwd",
        "url", "website", "web", "link", "service", "pin", "site", "notes", "ssid", "key", "wpa2", "network", "psw",
        "wlan",
        // The first word of multi-word labels ("Nombre de usuario", "Nome utente") and the
        // front-matter keys a Markdown reader takes as metadata
        "nombre", "nome", "tags", "aliases",
        // Labels of customer numbers
        "customer", "no", "client", "kdnr", "kundennr", "nif", "cliente", "nº", "klantnr",
        // French
        "identifiant", "utilisateur", "nom", "d", "mot", "de", "passe", "mdp", "courriel", "adresse", "lien", "code",
        "remarques", "secret", "allocataire",
        // German
        "benutzername", "benutzer", "benutzerkennung", "anmeldename", "nutzer", "kennung", "passwort", "kennwort",
        "passw", "kennw", "webseite", "seite", "geheimzahl", "dienst", "notizen", "schlüssel",
        // Spanish
        "usuario", "contraseña", "clave", "contra", "correo", "electrónico", "cuenta", "página", "enlace", "sitio",
        "servicio", "notas",
        // Italian
        "utente", "parola", "ordine", "chiave", "account", "indirizzo", "sito", "servizio", "codice", "note",
        "titolare",
        // Portuguese
        "usuário", "utilizador", "senha", "palavra", "acesso", "endereço", "serviço", "correio", "código",
        // Dutch
        "gebruikersnaam", "gebruiker", "gebr", "inlognaam", "mailadres", "wachtwoord", "ww", "wachtw", "pincode",
        "opmerkingen", "sleutel", "chave",
        // Words of labels added with the grammar's later rules (login page, customer number,
        // Italian "pagina", "password di accesso", "contraseña de acceso")
        "pagina", "page", "portal", "number", "numero", "número", "acceso", "accesso", "connexion", "titulaire",
        "webpagina", "toegangscode", "zugangspasswort", "palavra-chave", "token",
        // Misspelt labels people leave in place
        "usernmae", "usrname", "nmae", "emial", "usename", "pasword", "passwrod", "passowrd", "passord", "usario",
        "usuaro", "ususario", "contrasena", "contraseá", "contrseña", "clav", "benuztername", "benutzernmae",
        "passwrot", "kenwort", "identifient", "utilisatuer", "pase", "mpd",
        // Markup and schemes
        "http", "https", "www",
    ]

    /// The words of a line: runs of letters and digits, lowercased, two characters or more,
    /// structure words left out.
    static func words(of line: String) -> [String] {
        var words = [String]()
        var current = ""
        for c in line.lowercased() {
            if c.isLetter || c.isNumber {
                current.append(c)
            } else {
                if current.count > 1 { words.append(current) }
                current = ""
            }
        }
        if current.count > 1 { words.append(current) }
        return words.filter { !structuralWords.contains($0) && !isFieldLabel($0) }
    }

    /// A word the notes reader takes for the label of a login field it fills (`salasana`,
    /// `lozinka`): structure, like the words above. (Not titles' or notes' labels, which are
    /// common words; secrets' labels are kept as their fields' names.)
    static func isFieldLabel(_ word: String) -> Bool {
        guard let label = NotesLabel.lookup(NotesLabel.fold(word)) else { return false }
        return [.username, .email, .password].contains(label.field)
    }

    /// Everything the items hold, concealed fields included, lowercased.
    static func haystack(_ items: [VaultItem]) -> String {
        items.map { item in
            var parts = [item.title, item.username ?? "", item.password ?? "", item.notes ?? ""]
            parts += item.urls + item.tags + item.folder
            parts += item.customFields.flatMap { [$0.name, $0.value] }
            return parts.joined(separator: "\n")
        }.joined(separator: "\n").lowercased()
    }

    // MARK: - Scoring (as scripts/score-notes)

    static func normalizedURL(_ url: String) -> String {
        var u = url.trimmingCharacters(in: .whitespaces).lowercased()
        if let scheme = u.range(of: "://") { u = String(u[scheme.upperBound...]) }
        if u.hasPrefix("www.") { u = String(u.dropFirst(4)) }
        while u.hasSuffix("/") { u = String(u.dropLast()) }
        return u
    }

    static func isASCIIAlphanumeric(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber)
    }

    /// `value` is the whole of `text`, or appears in it between non-alphanumerics.
    static func holds(_ text: String, _ value: String) -> Bool {
        guard !value.isEmpty, !text.isEmpty else { return false }
        if text == value { return true }
        var from = text.startIndex
        while let r = text.range(of: value, range: from..<text.endIndex) {
            let before = r.lowerBound == text.startIndex ? nil : text[text.index(before: r.lowerBound)]
            let after = r.upperBound == text.endIndex ? nil : text[r.upperBound]
            if !(before.map(isASCIIAlphanumeric) ?? false) && !(after.map(isASCIIAlphanumeric) ?? false) { return true }
            from = text.index(after: r.lowerBound)
        }
        return false
    }

    static func recovers(_ login: Login, _ item: VaultItem) -> Bool {
        guard item.password == login.password else { return false }
        if let user = login.username {
            guard let got = item.username else { return false }
            let same =
                user.contains("@")
                ? got.trimmingCharacters(in: .whitespaces).lowercased() == user.lowercased()
                : got.trimmingCharacters(in: .whitespaces) == user
            guard same else { return false }
        }
        let want = login.title.lowercased()
        let title = item.title.trimmingCharacters(in: .whitespaces).lowercased()
        guard !title.isEmpty, want == title || want.contains(title) || title.contains(want) else { return false }
        if let url = login.url {
            guard item.urls.map(normalizedURL).contains(normalizedURL(url)) else { return false }
        }
        return true
    }

    /// A URL, or the start of one cut short (`https:/`).
    static func looksLikeURL(_ value: String) -> Bool {
        let v = value.trimmingCharacters(in: .whitespaces).lowercased()
        return v.contains("://") || v.hasPrefix("www.") || v.hasPrefix("http:") || v.hasPrefix("https:")
    }

    /// Values in a field of the wrong kind, described without the values themselves.
    static func wrongKinds(_ expected: Expected, _ items: [VaultItem]) -> [String] {
        var found = [String]()
        let values = expected.logins.map { ("a password", $0.password) } + expected.secrets.map { ("a secret", $0) }
        let urls = Set(expected.logins.compactMap(\.url).map(normalizedURL))
        for (index, item) in items.enumerated() {
            var visible = [("title", item.title), ("username", item.username ?? ""), ("notes", item.notes ?? "")]
            visible +=
                item.urls.map { ("url", $0) } + item.folder.map { ("folder", $0) } + item.tags.map { ("tag", $0) }
            for field in item.customFields {
                visible.append(("a field name", field.name))
                if !field.concealed { visible.append(("visible field \(field.name)", field.value)) }
            }
            for (field, text) in visible {
                for (kind, value) in values where holds(text, value) {
                    found.append("item \(index) \(field) holds \(kind)")
                }
            }
            if let password = item.password {
                for login in expected.logins {
                    if let user = login.username, password != login.password, holds(password, user) {
                        found.append("item \(index) password holds the username of another login")
                    }
                }
            }
            for (field, value) in [("username", item.username), ("password", item.password)] {
                guard let value else { continue }
                if looksLikeURL(value) || urls.contains(normalizedURL(value)) {
                    found.append("item \(index) \(field) holds a URL")
                }
            }
        }
        return found
    }
}
