import Foundation

/// What a CSV column header means, read from its words rather than from a list of managers'
/// headers: `Secret Name`, `login_username`, `Nom d'utilisateur`, `Kennwort` and `WebsiteURL`
/// are all understood. The rules are documented in README.md ("CSV headers").
///
/// A header is normalised into words (case and accents folded, punctuation dropped,
/// camelCase and snake_case split). Whole known phrases are looked up first (`login name`
/// is a username, `time password changed` a date). Otherwise filler words (`secret`,
/// `account`, `login`, `site`, `web`, `entry`, `item`) and small linking words (`de`, `of`…)
/// are set aside and the remaining words are matched against stems in English, French,
/// German, Spanish, Italian, Portuguese and Dutch. A header made only of fillers means what
/// that filler says alone: `login` is a username, `site` and `web site` a URL, `account`,
/// `entry` and `item` a title, `secret` a password.
///
/// Each meaning has a strength. When two columns mean the same field, the stronger one
/// holds it and the weaker one becomes a custom field (filling the field on rows where the
/// stronger one is empty); equally strong columns are an error.
enum CSVHeaderVocabulary {
    /// A column's field and how sure the header is of it (higher wins).
    struct Meaning: Equatable {
        var field: CSVImporter.Field
        var strength: Int
    }

    /// The strongest meaning: a field named with `--map`.
    static let mappedStrength = 100

    /// Header words, normalised: `"Secret-URL"` → `["secret", "url"]`, `"loginUsername"` →
    /// `["login", "username"]`, `"Contraseña"` → `["contrasena"]`.
    static func words(_ header: String) -> [String] {
        var words = [String]()
        var current = ""
        var previousWasLower = false
        for scalar in header.unicodeScalars {
            let isLetterOrDigit = CharacterSet.alphanumerics.contains(scalar)
            if !isLetterOrDigit {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            let isUpper = CharacterSet.uppercaseLetters.contains(scalar)
            if isUpper, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousWasLower = CharacterSet.lowercaseLetters.contains(scalar)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased() }
    }

    /// The meaning of a header, or nil for a column that becomes a custom field.
    static func meaning(of header: String) -> Meaning? {
        let all = words(header)
        guard !all.isEmpty else { return nil }
        if let known = phrases[all.joined()] { return known }
        // `ID` (Samsung Pass): the login, weakly; a column of UUIDs or row numbers is the
        // record's id instead (``CSVColumnEvidence``).
        if all == ["id"] { return Meaning(field: .username, strength: 1) }
        let content = all.filter { !fillers.contains($0) && !linkingWords.contains($0) }
        if content.isEmpty {
            // Only fillers: what the filler says alone.
            if all.contains("login") { return Meaning(field: .username, strength: 2) }
            if all.contains("site") || all.contains("web") { return Meaning(field: .url, strength: 2) }
            if all.contains("entry") || all.contains("item") { return Meaning(field: .title, strength: 2) }
            // (`Account` beside `Entry` is often the account's number: the weaker title.)
            if all.contains("account") { return Meaning(field: .title, strength: 1) }
            if all.contains("secret") { return Meaning(field: .password, strength: 1) }
            return nil
        }
        if let known = phrases[content.joined()] { return known }
        // `secondary_username`, `alternate email` (Avira, Dashlane): the login where the row
        // has no other, and a custom field where it has.
        if content.count == 2, let other = content.first(where: { alternateWords.contains($0) }),
            let rest = content.first(where: { $0 != other }).flatMap(wordMeaning), rest.field == .username
        {
            return Meaning(field: .username, strength: 0)
        }
        // A word that changes what the others mean (`first name`, `password hint`), or a
        // numbered column (`address 2`, `url2`): a custom field.
        if content.contains(where: { qualifiers.contains($0) || ($0.last?.isNumber == true && wordTable[$0] == nil) }) {
            return nil
        }
        // `additional_urls`, `weitere E-Mail`: more of a field, not the field itself (but
        // `additionalInfo` is notes).
        if content.count > 1, content.contains(where: { ["additional", "more", "weitere", "autres"].contains($0) }),
            content.compactMap(wordMeaning).contains(where: { [.url, .username, .password, .title].contains($0.field) })
        {
            return nil
        }
        if passwordPhrases.contains(where: content.joined().contains) { return Meaning(field: .password, strength: 3) }
        let meanings = content.compactMap(wordMeaning)
        guard let last = meanings.last else { return labelMeaning(header) }
        // ("then site - my system)": a phrase of words Coffer does not know is prose cut at a
        // comma, not a column's header.)
        guard content.count - meanings.count < 2 else { return nil }
        // A name word makes a title (`Password Name`, `Website Name`), except beside a
        // folder, a tag or a user (`Folder Name`, `Nom d'utilisateur`, `Benutzername`).
        if let title = meanings.filter({ $0.field == .title }).max(by: { $0.strength < $1.strength }) {
            if let other = meanings.last(where: {
                [.folder, .tags].contains($0.field) || ($0.field == .username && $0.strength == 3)
            }) {
                return other
            }
            // `ChamberName`, `Owner Name`: a word Coffer does not know naming a name is less
            // sure than `Name` or `Password Name`.
            let unknown = content.count > meanings.count
            return unknown ? Meaning(field: .title, strength: max(1, title.strength - 2)) : title
        }
        // Otherwise the last word is the head (`Email Password`, `Login URL`, `User Email`),
        // less sure than a header of that word alone (`Password` beats `Email Password`).
        guard meanings.count > 1 else { return last }
        return Meaning(field: last.field, strength: max(1, last.strength - 1))
    }

    /// A header in words the notes reader knows as a label (``NotesLabel``: `Lösenord`,
    /// `Användarnamn`, `Hasło`, `Пароль`, `비밀번호`, `Tjänst`): its field, less sure than the
    /// header vocabulary's own words. Secrets and extras stay custom fields.
    static func labelMeaning(_ header: String) -> Meaning? {
        let folded = NotesLabel.fold(header.trimmingCharacters(in: .whitespaces))
        // (Not the notes' short words: `p`, `mk`, `pac` are no column names to trust.)
        guard folded.utf8.count <= 40, folded.count >= 4 || !folded.utf8.allSatisfy({ $0 < 0x80 }),
            let label = NotesLabel.lookup(folded)
        else { return nil }
        switch label.field {
        case .title: return Meaning(field: .title, strength: 2)
        case .username: return Meaning(field: .username, strength: 2)
        case .email: return Meaning(field: .username, strength: 1)
        case .password: return Meaning(field: .password, strength: 2)
        case .url: return Meaning(field: .url, strength: 2)
        case .notes: return Meaning(field: .notes, strength: 2)
        case .totp: return Meaning(field: .totp, strength: 2)
        case .secret, .extra: return nil
        }
    }

    /// A header that names something secret: its column becomes a concealed custom field.
    static func isSecret(_ header: String) -> Bool {
        // Asked for every custom field of every row: the same few names, so remembered.
        if let known = secretNames.value(for: header) { return known }
        let secret = judgesSecret(header)
        secretNames.remember(secret, for: header)
        return secret
    }

    private static let secretNames = NameCache()

    /// Answers by name, for at most `capacity` names (an import's columns and field names;
    /// a file of ever-new names stops being remembered rather than growing the cache).
    private final class NameCache: @unchecked Sendable {
        private let lock = NSLock()
        private var answers = [String: Bool]()
        private let capacity = 4096

        func value(for name: String) -> Bool? { lock.withLock { answers[name] } }

        func remember(_ answer: Bool, for name: String) {
            lock.withLock { if answers.count < capacity { answers[name] = answer } }
        }
    }

    private static func judgesSecret(_ header: String) -> Bool {
        let all = words(header)
        let joined = all.joined()
        if all.contains(where: secretWords.contains) { return true }
        if all.contains(where: { isPasswordWord($0) }) { return true }
        // `Lösenord`, `Salasana`, `Пароль`: a password in the notes' languages.
        if labelMeaning(header)?.field == .password { return true }
        return [
            "privatekey", "securitycode", "verificationcode", "socialsecurity", "securityanswer", "seedphrase",
            "recoverycode",
        ]
        .contains(where: joined.contains) || passwordPhrases.contains(where: joined.contains)
    }

    private static func isPasswordWord(_ word: String) -> Bool {
        (word.hasPrefix("pass") && !word.hasPrefix("passport")) || passwordWords.contains(word)
    }

    private static func wordMeaning(_ word: String) -> Meaning? {
        if let known = wordTable[word] { return known }
        if isPasswordWord(word) { return Meaning(field: .password, strength: 3) }
        if word.hasPrefix("otp") || word.hasSuffix("otp") { return Meaning(field: .totp, strength: 2) }
        if userStems.contains(where: word.hasPrefix) || word.contains("utilisateur") || word.contains("gebruiker") {
            return Meaning(field: .username, strength: 3)
        }
        if word.hasPrefix("mail") || word.hasPrefix("email") { return Meaning(field: .username, strength: 1) }
        if word.hasPrefix("note") || word.hasPrefix("notiz") || word.hasPrefix("notitie") || word.hasPrefix("comment")
            || word.hasPrefix("kommentar") || word.hasPrefix("opmerking") || word.hasPrefix("bemerkung")
        {
            return Meaning(field: .notes, strength: 3)
        }
        if word.hasPrefix("url") || word.hasPrefix("uri") { return Meaning(field: .url, strength: 3) }
        return nil
    }

    /// Words making a column a second one of its field (`secondary username`).
    static let alternateWords: Set<String> = ["secondary", "alternate", "alt", "second", "other"]

    /// Set aside before matching (a header of only these means what the filler says alone).
    static let fillers: Set<String> = ["secret", "account", "login", "site", "web", "entry", "item"]
    /// Linking words of the seven languages (`nom du site`, `nombre de usuario`, `parola d'ordine`).
    static let linkingWords: Set<String> = [
        "de", "du", "des", "d", "l", "la", "le", "of", "the", "for", "der", "die", "das", "von", "del", "di", "da",
        "do",
        "dos", "van", "het", "een", "en", "e", "y", "und", "and", "a", "i",
    ]
    /// Words that make a header name something else than a main field.
    static let qualifiers: Set<String> = [
        "first", "last", "full", "middle", "given", "family", "company", "bank", "card",
        "cardholder", "holder", "hint", "question", "answer", "history", "old", "previous", "expires", "expiry",
        "expiration", "strength", "file", "street", "postal", "zip", "billing", "shipping", "phone", "recovery",
        "backup", "security", "secondary", "alternate", "alt", "other", "second", "confirm", "icon", "image", "favicon",
        "logo", "count", "length", "score", "policy", "access", "used", "uuid", "guid", "id", "shared", "autotype",
        "symbols", "protected", "command", "ip", "port", "pin", "private", "public", "key", "passport", "ssn",
        "license", "licence", "birth", "birthday", "gender", "city", "country", "state", "region", "province",
        "vorname", "nachname", "prenom", "apellido", "cognome", "sobrenome", "achternaam", "voornaam", "telefon",
        "telephone", "mobile", "fax", "interval", "reminder", "status", "version", "size", "color", "colour", "match",
        "matching", "filter", "rule", "regex", "realm", "httprealm", "form", "action", "field", "fields",
    ]
    /// Words that make a custom field concealed.
    static let secretWords: Set<String> = [
        "secret", "pin", "puk", "cvv", "cvc", "cvv2", "csc", "answer", "recovery", "private", "passphrase", "token",
        "seed", "mnemonic", "key", "passport", "ssn", "sin", "tan", "otp", "totp", "iban", "geheim", "cle", "clave",
        "chiave", "chave", "sleutel", "pincode", "backup", "pac",
    ]
    static let passwordWords: Set<String> = [
        "pwd", "pw", "pword", "passwort", "kennwort", "wachtwoord", "contrasena", "senha", "clave", "motdepasse", "mdp",
        "parola", "contrasenya", "haslo",
    ]
    /// Several-word names of a password, found inside the joined words.
    static let passwordPhrases = ["motdepasse", "paroladordine", "palavrapasse", "paroladelordine"]
    static let userStems = ["user", "benutzer", "usuari", "utent", "utilizador", "nutzer", "anmeldename"]

    /// Single words, after fillers are set aside.
    static let wordTable: [String: Meaning] = {
        var table = [String: Meaning]()
        func add(_ field: CSVImporter.Field, _ strength: Int, _ words: [String]) {
            for word in words { table[word] = Meaning(field: field, strength: strength) }
        }
        add(.title, 3, ["name", "title", "nom", "titre", "nombre", "titel", "titolo", "titulo", "naam", "nome"])
        add(
            .title, 2,
            [
                "nickname", "nick", "service", "resource", "label", "libelle", "dienst", "servizio", "servicio",
                "servico", "bezeichnung",
            ])
        // What people head the service column of their own sheets with (`Site / Program`,
        // `App`), in the seven languages: weakly (`Platform`, `System` name other things).
        add(
            .title, 1,
            [
                "program", "programme", "software", "app", "programm", "anwendung", "logiciel", "programa",
                "aplicacion", "programma", "applicazione", "aplicativo", "aplicacao", "applicatie",
            ])
        // `Compte`, `Cuenta`, `Konto` head the service's name in people's own sheets.
        add(.title, 1, ["compte", "cuenta", "conta", "konto", "conto", "rekening"])
        add(.title, 1, ["description", "beschreibung", "descripcion", "descrizione", "descricao", "omschrijving"])
        add(.username, 2, ["identifiant", "identifier", "kennung", "anmeldung", "accesso"])
        add(.username, 1, ["courriel", "correo", "posta"])
        add(.url, 3, ["url", "urls", "uri", "uris"])
        add(.url, 2, ["website", "websites", "webseite", "homepage", "sitio", "sito", "webpagina", "websiteadresse"])
        add(
            .url, 1,
            [
                "address", "adresse", "adres", "indirizzo", "direccion", "endereco", "link", "links", "lien", "enlace",
                "collegamento", "origin", "domain", "domaine", "dominio", "host", "hostname", "server", "serveur",
                "webadresse", "internetadresse",
            ])
        add(
            .notes, 3,
            [
                "nota", "notas", "comentario", "comentarios", "remarque", "remarques", "observacao", "observacoes",
                "observaciones", "anmerkung",
                "anmerkungen",
            ])
        add(.notes, 2, ["extra", "memo", "remarks", "remark", "info", "informations", "information"])
        add(.totp, 3, ["totp", "otpauth"])
        add(.totp, 2, ["2fa", "mfa", "authenticator", "twofactor", "twofa", "tfa"])
        add(.folder, 3, ["folder", "folders", "ordner", "dossier", "carpeta", "cartella", "pasta", "map", "directory"])
        add(.folder, 2, ["group", "groups", "grouping", "gruppe", "groupe", "grupo", "gruppo", "groep"])
        add(
            .folder, 1,
            ["category", "categories", "kategorie", "categorie", "categoria", "path", "vault", "collection", "tresor"])
        add(
            .tags, 3,
            [
                "tag", "tags", "labels", "etiquette", "etiquettes", "etiquetas", "etichette", "schlagworter",
                "stichworter",
            ])
        return table
    }()

    /// Whole headers (joined words) whose meaning is not the sum of their words.
    static let phrases: [String: Meaning] = {
        var table = [String: Meaning]()
        func add(_ field: CSVImporter.Field, _ strength: Int, _ names: [String]) {
            for name in names { table[words(name).joined()] = Meaning(field: field, strength: strength) }
        }
        add(.username, 3, ["login name", "loginname", "login username", "user id", "userid"])
        // Often the account's title in sheets; a username where nothing else is.
        add(.username, 2, ["account name"])
        add(.username, 1, ["e-mail", "email address", "e-mail address", "login email", "correo electronico"])
        add(.password, 3, ["login password"])
        add(
            .totp, 3, ["one-time password", "one time password", "login totp", "otp auth", "otp secret", "totp secret"])
        add(.url, 3, ["login uri", "login url", "website address", "web address", "site address"])
        // Password Safe's text export: `Group.Sub.Title`, split by CSVImporter.
        add(.title, 3, ["group/title"])
        add(.title, 3, ["site name", "website name", "item name", "entry name", "account title", "entry title"])
        add(.favorite, 3, ["favorite", "favourite", "fav", "starred", "favori", "favorit", "favorito", "favoriet"])
        add(.kind, 3, ["item type", "kind", "entry type", "record type", "login type"])
        // Often a card's or a field's type beside the entry's own (`Entry Type` … `Type`).
        add(.kind, 2, ["type", "typ", "tipo"])
        add(.fields, 3, ["fields", "custom fields"])
        // Zoho Vault: "User Name:x" / "Password:y" lines in one cell.
        add(.fields, 2, ["secret data", "secretdata", "custom data", "customdata"])
        add(.icon, 3, ["icon", "logo", "favicon", "icon url", "logo url", "image url", "iconuri", "icon uri"])
        add(
            .created, 3,
            [
                "created", "time created", "creation time", "created at", "create time", "created time",
                "creation date",
                "date created", "createtime", "creationtime",
            ])
        add(
            .modified, 3,
            [
                "last modified", "modified", "updated at", "modification time", "modify time", "modified time",
                "record modified time", "last modified time", "modification date", "date modified", "modifytime",
                "lastmodtime", "updated",
            ])
        // The password's own change date: the record's modification time is a better one.
        add(
            .modified, 1,
            ["time password changed", "password modified time", "password changed", "password last changed"])
        return table
    }()
}
