import Foundation
import VaultModel

/// Password lists people keep in notes apps and text files, read by a grammar (spec/MODEL.md
/// "Notes lists"): ``NotesTokenizer`` splits lines into separators, labels, e-mails, URLs
/// and password-like strings; ``NotesLineClassifier`` tells headings, table rows, label–value
/// lines, one-line records, bare values, titles and sentences apart; ``NotesRecordAssembler``
/// builds records from them. Field kinds are decided by evidence: a label beats a shape, a
/// URL-shaped token is a URL, an e-mail is a username, a password-like value is never a
/// title. Every line not understood is kept in the record's concealed
/// ``unrecognizedFieldName`` field (masked, never searched): nothing a person wrote
/// disappears, and nothing secret lands in a visible field.
public struct NotesImporter {
    public struct Record: Sendable {
        public var item: VaultItem
        public var firstLine: Int
        public var lastLine: Int
        /// high: labelled fields; medium: a one-line pattern or one label; low: guessed from shapes.
        public var confidence: String
    }

    /// The concealed custom field holding the lines of a record that were not understood.
    public static let unrecognizedFieldName = "Unrecognized text"

    /// No label, title or record is this long: a longer line is kept whole, never scanned.
    public static let maximumParsedLine = NotesLineClassifier.maximumParsedLine

    public static func importText(_ text: String, input: String, encoding: String) -> (
        records: [Record], report: ImportReport
    ) {
        var report = ImportReport(input: input, format: "notes", encoding: encoding)
        var raw = splitLines(text)
        let front = NotesFrontMatter(lines: &raw)
        let joplin = NotesJoplinMetadata(lines: &raw)
        let header = mailHeaderLines(raw)
        let org = NotesOrgMode.isOrg(raw)
        // Each line is classified on its own, so the lines are shared out among the cores,
        // and the assembler reads them as they come.
        let lines = NotesLineStream(count: raw.count) { [raw] offset -> NotesLine in
            let line = raw[offset]
            if header.contains(offset) { return NotesLine(number: offset + 1, raw: line, kind: .long) }
            guard org else { return NotesLineClassifier.classify(line, number: offset + 1) }
            var classified = NotesLineClassifier.classify(NotesOrgMode.markdown(line), number: offset + 1)
            classified.raw = line
            return classified
        }
        var assembler = NotesRecordAssembler(lines)
        var drafts = assembler.assemble()
        front?.apply(to: &drafts)
        joplin?.apply(to: &drafts)
        mailSenders(raw, header: header).apply(to: &drafts)
        // Finishing a record reads only its draft: shared out like the lines.
        let records = ParallelMap.map(drafts.count) { [drafts] index in finish(drafts[index]) }
        for record in records {
            report.read += 1
            if record.item.kind == .secureNote { report.keptAsNotes += 1 } else { report.imported += 1 }
        }
        return (records, report)
    }

    /// Leading spaces, a tab counting four.
    static func indentation(_ raw: String) -> Int {
        var width = 0
        for byte in raw.utf8 {
            if byte == 0x20 { width += 1 } else if byte == 0x09 { width += 4 } else { break }
        }
        return width
    }

    /// How many lines open the text as an e-mail's header (`From:`, `To:`, `Subject:` — a
    /// list mailed to oneself): kept as written, never read as labels ("From: Ana <a@x.org>"
    /// is no title and password). Two header names or more, `From` or `Subject` among them.
    /// The sender of each mail in the text (`From: Greenfield Gym <no-reply@…>` →
    /// "Greenfield Gym"), by the line its header starts on: it names the records of that mail
    /// that have no title of their own (a welcome mail's `Username:` / `Password:` lines).
    struct MailSenders {
        var senders: [(line: Int, name: String)] = []

        func apply(to drafts: inout [NotesDraft]) {
            guard !senders.isEmpty else { return }
            for index in drafts.indices where drafts[index].title == nil && drafts[index].hasCredential {
                // The last sender at or above the record (senders are in line order): a binary
                // search, so a file of many mails stays linear.
                var low = 0
                var high = senders.count
                while low < high {
                    let middle = (low + high) / 2
                    if senders[middle].line <= drafts[index].firstLine { low = middle + 1 } else { high = middle }
                }
                if low > 0 { drafts[index].title = senders[low - 1].name }
            }
        }
    }

    static func mailSenders(_ lines: [String], header: Set<Int>) -> MailSenders {
        var result = MailSenders()
        for index in header.sorted() {
            let line = NotesLineClassifier.trimmedSpaces(lines[index][...])
            guard let colon = line.firstIndex(of: ":"),
                ["from", "von", "de", "da", "van"].contains(NotesLabel.fold(line[..<colon]))
            else { continue }
            var name = line[line.index(after: colon)...].trimmedWhitespace
            if let angle = name.firstIndex(of: "<") { name = String(name[..<angle]) }
            name = name.trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
            // A person's own address, or no name: nothing to title with.
            guard !name.isEmpty, !name.contains("@"), name.count <= 60 else { continue }
            result.senders.append((index + 1, name))
        }
        return result
    }

    static func mailHeaderLines(_ lines: [String]) -> Set<Int> {
        var kept = Set<Int>()
        var run = [Int]()
        var names = Set<String>()
        func close() {
            let opens = !names.isDisjoint(with: ["from", "subject", "von", "de", "betreff", "objet", "asunto", "da"])
            if names.count >= 2, opens { kept.formUnion(run) }
            run = []
            names = []
        }
        // Header blocks at the top, or under a "Forwarded message" line, anywhere in the text.
        for (index, line) in lines.enumerated() {
            let trimmed = NotesLineClassifier.trimmedSpaces(line[...])
            if let colon = trimmed.utf8.firstIndex(of: 0x3A),
                trimmed.utf8.distance(from: trimmed.startIndex, to: colon) <= 13,
                case let name = NotesLabel.fold(trimmed[..<colon]), mailHeaderNames.contains(name), run.count < 20
            {
                names.insert(name)
                run.append(index)
            } else if !run.isEmpty, line.first == " " || line.first == "\t", !trimmed.isEmpty {
                run.append(index)  // a folded header line goes on with spaces
            } else {
                close()
            }
        }
        close()
        return kept
    }

    /// `kimmy#4021`, `zara#21877`: a Discord or Battle.net tag (a name, `#`, four or five digits).
    /// `DS920+`, `RT-AX88U`, `XPS13`: a product's model, capitals and digits with at most a
    /// `+` or `-`, named in a title ("NAS (Synology DS920+)"); no one's password.
    static func isModelNumber(_ word: Substring) -> Bool {
        let core = word.hasSuffix("+") ? word.dropLast() : word
        let parts = core.split(separator: "-", omittingEmptySubsequences: false)
        return (2...10).contains(core.count) && parts.count <= 2 && !parts.contains(where: \.isEmpty)
            && core.allSatisfy({ ($0.isUppercase && $0.isASCII) || $0.isNumber || $0 == "-" })
            && core.contains(where: \.isNumber) && core.first?.isLetter == true
    }

    /// A gamer tag (`kimmy#4021`, `Zara#21877`) or a social handle (`@aino.vrtnn`): a login
    /// name, however many symbols it holds.
    static func isGamerTag(_ text: String) -> Bool {
        if text.first == "@" {
            let name = text.dropFirst()
            // (Lower case, with a dot or underscore: `@pple123` is a password's trick.)
            return (2...30).contains(name.count) && name.first?.isLetter == true
                && name.allSatisfy { ($0.isLowercase || $0.isNumber || "._".contains($0)) && $0.isASCII }
                && name.contains(where: { $0 == "." || $0 == "_" })
        }
        guard let hash = text.firstIndex(of: "#") else { return false }
        let name = text[..<hash]
        let digits = text[text.index(after: hash)...]
        // Four digits after a lower-case name (`kimmy#4021`), or five after any (`Zara#21877`):
        // `Summer#2024`, `B4nk#2020` are passwords.
        return name.count >= 2 && name.allSatisfy { $0.isLetter || $0.isNumber || "._".contains($0) }
            && digits.allSatisfy(\.isNumber)
            && (digits.count == 5
                || (digits.count == 4 && name.allSatisfy { $0.isLowercase || $0 == "_" || $0 == "." }))
    }

    static func digitCount(_ value: String) -> Int {
        value.utf8.count { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// `Garage code 2468`, `alarm pin 0613`: a secret's label and its digits, in a title.
    static func namesACode(_ value: String) -> Bool {
        let words = value.split(separator: " ")
        return zip(words, words.dropFirst()).contains { label, digits in
            // Digits first (a byte test), the label's lookup only then.
            var count = 0
            for byte in digits.utf8 {
                if byte >= 0x30 && byte <= 0x39 {
                    count += 1
                } else if byte != 0x2E && byte != 0x2C {
                    return false
                }
            }
            return count >= 3 && NotesLabel.lookup(NotesLabel.fold(label))?.field == .secret
        }
    }

    static let mailHeaderNames: Set<String> = [
        "from", "to", "cc", "bcc", "subject", "date", "sent", "reply-to", "von", "an", "betreff", "datum",
        "gesendet", "de", "a", "objet", "envoye", "para", "asunto", "fecha", "enviado", "da", "oggetto", "data",
        "inviato", "van", "aan", "onderwerp", "verzonden", "assunto", "message-id", "mime-version", "content-type",
    ]

    /// The item a draft becomes, after the safety rules: a password-like value, or the
    /// record's password, never stays in the title, username, URLs or folder — it moves to
    /// the concealed text, and the title falls back to the URL's host, the username, or the
    /// record's line.
    static func finish(_ draft: NotesDraft) -> Record {
        var draft = draft
        // "Email: https://…": an address read as the login is the record's URL (then freed
        // of any password in it, below).
        if let username = draft.username, username.includes("://"), NotesToken.isURL(username) {
            draft.urls.append(username)
            draft.username = nil
        }
        credentialsOutOfURLs(&draft)
        // "Grandkids4  -  ipad" (a list written password first): a login of letters with digits
        // or symbols, with no title of its own (it would be shown as the title) and a plain
        // word read as the password, is the password, and the word the name.
        if let username = draft.username, draft.title == nil || draft.title == username, !username.contains(" "),
            NotesToken.shape(of: username) == .secret, let password = draft.password, password.count >= 2,
            password.allSatisfy(\.isLetter), password.first?.isLowercase == true
        {
            draft.title = password
            draft.password = username
            draft.username = nil
        }
        var item = VaultItem(title: "")
        var hidden = draft.unrecognized
        // "192.168.1.1 admin/Rout3r_Adm1n": a default account's name and its password written
        // as one word with a slash (`root/toor`, `pi/raspberry`).
        if draft.username == nil, draft.passwordLabel == nil, let joined = draft.password,
            let slash = joined.firstIndex(of: "/"), !joined.includes("://"),
            case let name = joined[..<slash], defaultAccounts.contains(NotesLabel.fold(name)),
            case let secret = joined[joined.index(after: slash)...], secret.count >= 4, !secret.contains("/")
        {
            draft.username = String(name)
            draft.password = String(secret)
        }
        let password = draft.password.flatMap { $0.isEmpty ? nil : $0 }
        // The record's other passwords (an old one, a second one) are no more shown than its
        // password: "Passwort alt: abc123" is no title. (Not a security answer or a name:
        // "Wells Fargo" keeps its title beside "mother's maiden name: Wells".)
        let concealed = draft.customFields.filter { field in
            field.concealed && field.value.count >= 4
                && (field.name == "old password" || NotesToken.isPasswordLike(field.value))
        }.map(\.value)
        func exposes(_ value: String) -> Bool {
            // Standard-library searches, not Foundation's: this runs for every record.
            if let password, password.count >= 4, NotesToken.utf8Offset(of: password, in: value) != nil {
                return true
            }
            // (A concealed value of six or more characters anywhere, a shorter one as a word.)
            if concealed.contains(where: { secret in
                secret.count >= 6
                    ? NotesToken.utf8Offset(of: secret, in: value) != nil
                    : value.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains { $0 == secret }
            }) {
                return true
            }
            // A word in brackets (`Zugangsdaten (privat)`) is judged without them.
            func bracket(_ c: Character) -> Bool { c == "(" || c == ")" || c == "[" || c == "]" }
            return value.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains { word in
                var word = word.drop(while: bracket)
                while let last = word.last, bracket(last) { word = word.dropLast() }
                return !word.isEmpty && NotesToken.isPasswordLike(word) && !Self.isModelNumber(word)
            } || (digitCount(value) >= 12 && NotesToken.hasCardNumber(value))
        }
        item.password = password
        // "cvv 123", "pin 4471": a label and its value read as a password is that secret, named.
        // "conta 56789-0": any label word and a value, read as a password, is that field, named.
        // Only a label that never opens a passphrase, and one value with a digit after it.
        if let password, let space = password.firstIndex(of: " "),
            let label = NotesLabel.lookup(NotesLabel.fold(password[..<space])),
            [.secret, .username, .extra].contains(label.field),
            !password[space...].dropFirst().contains(" "), password[space...].contains(where: \.isNumber)
        {
            item.password = nil
            item.customFields.append(
                .init(name: String(password[..<space]), value: String(password[space...].dropFirst()), concealed: true))
        }
        // "Squarespace (lenaparkphoto.com) admin: …": a site read as the login is the record's
        // address (a login is never a URL); one with a scheme or `www.` always is.
        if let username = draft.username, NotesToken.shape(of: username) == .url, !username.contains("@"),
            draft.urls.isEmpty || username.includes("://") || username.lowercased().hasPrefix("www.")
        {
            draft.urls.append(username)
            draft.username = nil
        }
        if let username = draft.username, !username.isEmpty {
            if NotesToken.isEmail(username) || !exposes(username)
                || ((draft.usernameLabelled || draft.usernameBesidePassword) && username != password
                    && (username.allSatisfy { $0.isLetter || $0.isNumber || "._-@".contains($0) }
                        || Self.isGamerTag(username)))
            {
                item.username = username
            } else {
                hidden.append(username)
            }
        }
        for url in draft.urls {
            if NotesToken.isURL(url),
                password.map({ $0.count < 4 || NotesToken.utf8Offset(of: $0, in: url) == nil }) ?? true
            {
                item.urls.append(url.lowercased().hasPrefix("www.") ? "https://" + url : url)
            } else {
                hidden.append(url)
            }
        }
        // Titles and headings hold no secret-looking number either (`my ssn 123-45-6789`,
        // `bitlocker key 123456-654321-…`); a username may be one (a bank's customer number).
        func exposesNumber(_ value: String) -> Bool {
            if exposes(value) { return true }
            // The number rules need three digits or more: most titles have none to look at.
            guard digitCount(value) >= 3 else { return false }
            return value.split(separator: " ").contains { NotesToken.isSecretNumber($0) } || namesACode(value)
        }
        // A heading that looks like a secret is kept out of sight, not dropped.
        // (Each heading judged once: every record under it asks.)
        // ("Wachtwoorden (niet weggooien!!)": marks doubled after a word of letters are emphasis,
        // not a password's symbols; `Bethany1990!!` stays a secret.)
        for heading in draft.folder {
            let judged =
                heading.includes("!!") || heading.includes("??")
                ? heading.split(separator: " ").map { word in
                    let letters = word.reversed().drop { "!?)".contains($0) }
                    return letters.count + 2 <= word.count && letters.allSatisfy({ $0.isLetter || $0 == "(" })
                        ? String(letters.reversed()) : String(word)
                }.joined(separator: " ") : heading
            if exposesNumber(judged) { hidden.append(heading) } else { item.folder.append(heading) }
        }
        item.totp = draft.totp
        item.customFields = draft.customFields + item.customFields
        // A field's name is shown like a title: one that took in a password-like value ("Itaú
        // ag 0412 Itau@Conta77 senha do cartão: 4490") is kept whole in the concealed text.
        item.customFields.removeAll { field in
            guard field.name != unrecognizedFieldName, exposesNumber(field.name) else { return false }
            hidden.append(field.name + ": " + field.value)
            return true
        }
        item.tags = draft.tags
        item.created = draft.created
        item.modified = draft.modified
        if let title = draft.title?.plainSpaced, !title.isEmpty {
            if exposesNumber(title) { hidden.insert(title, at: 0) } else { item.title = title }
        }
        // "wifi: HarrisHome5G / pass: x": a network named under a Wi-Fi label beside a password
        // titles its record. Network names look like passwords (NETGEAR42), so only the
        // password itself and secret-looking numbers are kept out of the title.
        // "wi-fi de casa: VIVOFIBRA-7A21  senha: x" titled `wi-fi de casa`: the network's name
        // joins the title, so the list says which network the key opens.
        let network = password.flatMap { password in
            item.customFields.first { field in
                Self.namesNetwork(field.name) && field.value != password
                    && NotesToken.utf8Offset(of: password, in: field.value) == nil
                    && !field.value.split(separator: " ").contains { NotesToken.isSecretNumber($0) }
                    && !field.value.includes(" - ") && field.value.utf8.count <= 40
            }
        }
        // "Home / network: Casa-Luna-5G / password: x", "Dad's office: SSID: KellerCPA-Guest":
        // a key with no login beside it is the network's, whatever the title says; the place
        // titles the record and the network joins it. (A router's admin login keeps its title.)
        if let network {
            let title = NotesLabel.fold(item.title)
            if item.title.isEmpty {
                item.title = network.name + " " + network.value
            } else if item.username == nil || title == NotesLabel.fold(network.name) || Self.namesWiFi(title)
                || title.split(separator: " ").contains(where: { Self.networkLabels.contains(String($0)) }),
                !title.contains(NotesLabel.fold(network.value)),
                // (A value with a password's symbols may be the key read in the network's place.)
                network.value.allSatisfy({ $0.isLetter || $0.isNumber || "-_. ".contains($0) })
            {
                item.title += " " + network.value
            }
        } else if let username = item.username, password != nil, draft.urls.isEmpty,
            Self.namesWiFi(item.title) || draft.folder.contains(where: Self.namesWiFi),
            Self.looksLikeNetworkName(username), !NotesLabel.fold(item.title).contains(NotesLabel.fold(username))
        {
            // "wifi de casa VIVO-A3F1 senha x", "Airbnb Lisbon: MEO-7F3A21 key: x" under a Wi-Fi
            // heading: the word read as the login is the network's name. It joins the title too,
            // and stays the login, where KeePass users keep an SSID.
            item.title += (item.title.isEmpty ? "" : " ") + username
        }
        // "Email  parish@stbrendans.org  pw: x" with no name: the mailbox is the account, and
        // its domain says whose.
        if item.title.isEmpty, item.urls.isEmpty, let user = item.username, NotesToken.isEmail(user),
            let label = draft.usernameLabel, Self.mailboxLabels.contains(NotesLabel.fold(label))
        {
            item.title = label + " (" + Self.mailDomain(user) + ")"
        }
        if item.title.isEmpty {
            item.title =
                item.urls.first.flatMap(host) ?? item.username.map { user in
                    NotesToken.isEmail(user) ? Self.mailDomain(user) : user
                }
                ?? (draft.firstLine == draft.lastLine
                    ? "Note, line \(draft.firstLine)" : "Note, lines \(draft.firstLine)-\(draft.lastLine)")
        }
        // Notes that name a secret ("old password was sunshine", "maiden name smith") or hold
        // a secret-looking value are kept out of sight.
        for note in draft.notes {
            if exposes(note) || NotesToken.namesSecret(note) {
                hidden.append(note)
            } else {
                item.notes = item.notes.map { $0 + "\n" + note } ?? note
            }
        }
        if !hidden.isEmpty {
            item.customFields.append(
                .init(name: unrecognizedFieldName, value: hidden.joined(separator: "\n"), concealed: true))
        }
        let credential = item.password != nil || item.username != nil || !item.urls.isEmpty || item.totp != nil
        item.kind = credential ? .login : .secureNote
        return Record(item: item, firstLine: draft.firstLine, lastLine: draft.lastLine, confidence: draft.confidence)
    }

    /// The domain of an e-mail address (`ana@x.org` → `x.org`); `address` is one
    /// (``NotesToken/isEmail(_:)``).
    static func mailDomain(_ address: String) -> String {
        address.lastIndex(of: "@").map { String(address[address.index(after: $0)...]) } ?? address
    }

    /// Labels naming a mailbox itself, in the languages read.
    static let mailboxLabels: Set<String> = [
        "email", "e-mail", "mail", "webmail", "correo", "courriel", "posta", "e-post", "epost", "sahkoposti",
    ]

    /// `postgresql://app:S3cret@db/x`: a login inside a URL is the record's login when it has
    /// none (or the same); another one is kept out of sight. The URL keeps only its user.
    static func credentialsOutOfURLs(_ draft: inout NotesDraft) {
        URLCredentials.takeOut(
            urls: &draft.urls, password: &draft.password, username: &draft.username, fields: &draft.customFields)
    }

    /// A title or heading about Wi-Fi: one of its words is `wifi`, `wi-fi`, `wlan` or `ssid`.
    static func namesWiFi(_ text: String) -> Bool {
        NotesLabel.fold(text).split(whereSeparator: { !$0.isLetter && $0 != "-" }).contains {
            ["wifi", "wi-fi", "wlan", "ssid", "hotspot"].contains(String($0))
        }
    }

    /// How routers and providers name networks: one word of letters, digits and `-`/`_`
    /// with a digit or a capital after its first letter (`VIVO-A3F1`, `MEO-7F3A21`,
    /// `NETGEAR47`), never an e-mail or a handle of lower-case letters.
    static func looksLikeNetworkName(_ word: String) -> Bool {
        guard (3...32).contains(word.count), !NotesToken.isEmail(word), word.first?.isLetter == true,
            word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return false }
        return word.dropFirst().contains { $0.isNumber || $0.isUppercase }
    }

    /// Labels naming a Wi-Fi network (its SSID is no secret; its key is the password).
    /// Accounts devices ship with: the name before a slash in `admin/x` is the login.
    static let defaultAccounts: Set<String> = [
        "admin", "administrator", "root", "user", "guest", "pi", "ubnt", "support", "sa", "postgres", "ubuntu",
    ]

    /// A field named for a network: `wifi`, `network name`, or words with a network word among
    /// them (`Guest wifi`, `wifi coloc`), but not its key (`wifi password`).
    static func namesNetwork(_ name: String) -> Bool {
        let folded = NotesLabel.fold(name)
        if networkLabels.contains(folded) { return true }
        guard NotesLabel.lookup(folded).map({ $0.field != .password && $0.field != .secret }) ?? true else {
            return false
        }
        return folded.split(separator: " ").contains { networkLabels.contains(String($0)) }
    }

    static let networkLabels: Set<String> = [
        "wifi", "wi-fi", "wlan", "ssid", "network", "network name", "netwerk", "netzwerk", "reseau", "netwerknaam",
        "netzwerkname", "nom du reseau", "rete", "wifi name", "wi-fi name", "wlan name", "wifi network",
        "wi-fi network", "wifi ssid", "wi-fi ssid", "nom du wifi", "nombre de red", "nombre del wifi", "nome rete",
        "nome da rede", "nome do wifi", "wlan-name", "wifi-name", "nazwa sieci", "natverksnamn", "netvaerksnavn",
        "nettverksnavn", "siec", "nazwa sieci wifi", "rede", "rede wifi", "natverk", "netvaerk",
        "verkko", "halozat", "retea",
    ]

    static func host(_ url: String) -> String? {
        let full = url.includes("://") ? url : "https://" + url
        guard let host = URLComponents(string: full)?.host, !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// Lines ending in LF, CRLF or CR, split on bytes (a Character walk over a 100 MB
    /// line took seconds). U+2028 and U+2029 end lines too (Apple Notes writes them).
    static func splitLines(_ text: String) -> [String] {
        var lines = [String]()
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0xE2, let second = bytes.index(index, offsetBy: 1, limitedBy: bytes.endIndex),
                second != bytes.endIndex, bytes[second] == 0x80,
                let third = bytes.index(second, offsetBy: 1, limitedBy: bytes.endIndex), third != bytes.endIndex,
                bytes[third] == 0xA8 || bytes[third] == 0xA9
            {
                lines.append(String(text[start..<index]))
                index = bytes.index(after: third)
                start = index
                continue
            }
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
