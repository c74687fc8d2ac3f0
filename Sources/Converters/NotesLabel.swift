import Foundation

/// A field label people write in front of a value in notes ("Password:", "mdp", "u:"), and
/// the field it names. The lexicon covers English, French, German, Spanish, Italian,
/// Portuguese and Dutch with their common abbreviations and misspellings, and over 40 more
/// languages' words (``otherLanguages``); phrases are matched ignoring case and diacritics,
/// up to ``longestPhrase`` words.
struct NotesLabel: Equatable, Sendable {
    enum Field: Equatable, Sendable {
        case title, username, email, password, url, notes, totp
        /// A secret that is not the login password (PIN, security code, recovery codes):
        /// kept in a concealed custom field named after the label.
        case secret
        /// Something worth keeping that is no secret (network name, phone): a plain custom field.
        case extra
    }

    var field: Field
    /// The label as its lexicon entry spells it ("PIN", "mot de passe").
    var name: String
    /// Whether the word is a label even without a colon (`user jsmith`, `pw Secret1`).
    /// Short or common words (`p`, `u`, `name`, `site`) are labels only before `:` or `=`.
    var bare: Bool

    static let longestPhrase = 3

    /// The abbreviations of "number" written after a word (``lookup(_:)``).
    private static let numberMarks = [" #", " no", " no.", " nr", " nr.", " n°", " nº"]

    /// Whether a phrase of two or three words opening with `first` and having `words`
    /// (all folded) can be a label at all: its first word opens a lexicon phrase, or a word
    /// of it is a network word (`home wifi`). Asked before the words are joined and looked
    /// up, as nearly every word of a line is tried as the start of a phrase.
    static func mayBePhrase(first: String, words: some Sequence<String>) -> Bool {
        phraseOpeners.contains(first) || words.contains(where: networkWords.contains)
    }

    /// The words naming a network, which label its name with a word saying which (``lookup(_:)``).
    static let networkWords: Set<String> = ["wifi", "wi-fi", "wlan", "ssid"]

    /// The first words of the lexicon's phrases of several words (`mot` of `mot de passe`,
    /// `member` of `member number`, which `member no` is looked up by).
    private static let phraseOpeners: Set<String> = Set(
        lexicon.keys.compactMap { key in
            key.utf8.contains(0x20) ? key.split(separator: " ").first.map(String.init) : nil
        })

    /// The label `phrase` names (already folded with ``fold(_:)``), or nil.
    static func lookup(_ phrase: String) -> NotesLabel? {
        if let label = lexicon[phrase] { return label }
        // "Customer #", "member no", "Kunden-Nr": the number's abbreviation after its word.
        // (Only where the word alone is no label: `account #` stays `account`'s, the login.)
        // (A single word is most of what is looked up: the marks need a space before them.)
        if phrase.utf8.contains(0x20) {
            for mark in numberMarks where phrase.hasSuffix(mark) {
                let word = String(phrase.dropLast(mark.count))
                if lexicon[word] == nil, let label = lexicon[word + " number"] { return label }
            }
        }
        // "Home wifi:", "wifi coloc:", "Guest WLAN:": a network word with a word naming which
        // network labels the network's name (`wifi password` names its key: in the lexicon).
        if phrase.utf8.contains(0x20), phrase.utf8.count <= 30,
            NotesToken.utf8Offset(of: "wifi", in: phrase) != nil
                || NotesToken.utf8Offset(of: "wi-fi", in: phrase) != nil
                || NotesToken.utf8Offset(of: "wlan", in: phrase) != nil
                || NotesToken.utf8Offset(of: "ssid", in: phrase) != nil
        {
            let words = phrase.split(separator: " ")
            if words.count <= 3, let network = words.first(where: { networkWords.contains(String($0)) }),
                !words.contains(where: { word in
                    guard let label = lexicon[String(word)] else { return false }
                    return label.field == .password || label.field == .secret
                })
            {
                // (Named by its network word, as `wifi` alone is: the words beside it say which.)
                return lexicon[String(network)]
            }
        }
        // "member no.", "Kunden-Nr.": an abbreviation's full stop.
        guard phrase.utf8.last == 0x2E, phrase.utf8.count > 2 else { return nil }
        return lexicon[String(phrase.dropLast())]
    }

    /// A misspelt or shortened username, e-mail or password label written with a colon
    /// (`Passwrod:`, `Emial:`, `usernmae:`, `Kennw.:`): one edit (two for long words) from a
    /// lexicon word of five letters or more, or its first four letters or more.
    /// `strict`: one edit at most and no shortening, for a label written without a colon or
    /// separator (`uesrname mags.hollis52`).
    static func misspelt(_ folded: String, strict: Bool = false) -> NotesLabel? {
        let word = folded.hasSuffix(".") ? String(folded.dropLast()) : folded
        guard word.count >= 4, word.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
        if let exact = lexicon[word] { return exact }
        guard !realWordsNearLabels.contains(word) else { return nil }
        let letters = Array(word)
        for candidate in spellable where candidate.letters.count >= 5 {
            if strict {
                if abs(candidate.letters.count - letters.count) <= 1,
                    editDistance(letters, candidate.letters, limit: 1) <= 1
                {
                    return candidate.label
                }
                continue
            }
            if letters.count >= 4, letters.count < candidate.letters.count,
                candidate.letters.starts(with: letters),
                folded.hasSuffix(".") || (letters.count >= 5 && letters.count * 2 >= candidate.letters.count)
            {
                return candidate.label
            }
            let allowed = candidate.letters.count >= 8 ? 2 : 1
            if abs(candidate.letters.count - letters.count) <= allowed,
                editDistance(letters, candidate.letters, limit: allowed) <= allowed
            {
                return candidate.label
            }
        }
        return nil
    }

    /// Words one edit from a label that are words of their own: service names written as a
    /// record's title (`Gmail: ana@x.com pw`, `Gmail = …`) and plural headings (`Logins:`,
    /// `Claves:`, `Passes:`), never misspellings.
    static let realWordsNearLabels: Set<String> = [
        "gmail", "ymail", "aemail", "logins", "emails", "mails", "claves", "senhas", "passes", "pases", "users",
        "usuarios", "codes", "codigos", "wachtwoorden", "passwords", "kennworter", "passworter", "utenti",
        // English words one edit from `pword`, `passw`, `login`: "Memorable word: x" is a secret
        // of the record above, not its password.
        "word", "words", "sword", "world", "logon", "begin",
        // Brands one edit from a label (`chave`, `clave`): "Chase: user / pw" is a bank, not a key.
        "chase", "chavez", "claro", "slave", "paste", "posse", "kontor",
        "passports",
    ]

    /// (The seven languages' words only: thousands more would make near misses of names.)
    private static let spellable: [(letters: [Character], label: NotesLabel)] = lexicon.compactMap { name, label in
        let field = label.field
        guard field == .username || field == .password || field == .email, !name.utf8.contains(0x20),
            coreNames.contains(name),
            name.allSatisfy({ $0.isLetter || $0 == "-" })
        else { return nil }
        return (Array(name), label)
    }.sorted { String($0.letters) < String($1.letters) }

    /// Optimal string alignment distance (transpositions count as one edit), stopped
    /// past `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var row = [Int](repeating: 0, count: b.count + 1)
            row[0] = i
            var best = row[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], previous2[j - 2] + 1)
                }
                best = min(best, row[j])
            }
            if best > limit { return limit + 1 }
            previous2 = previous
            previous = row
        }
        return previous[b.count]
    }

    /// `text` without the punctuation (Unicode's `P` categories) at either end: Foundation's
    /// `trimmingCharacters(in: .punctuationCharacters)`, with ASCII text trimmed here (it was
    /// a tenth of reading a long notes list, run on every word of every line).
    static func trimmingPunctuation(_ text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.trimmingCharacters(in: .punctuationCharacters) }
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { !asciiPunctuation.contains($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !asciiPunctuation.contains($0) })!
        if first == bytes.startIndex, last == bytes.index(before: bytes.endIndex) { return text }
        return String(text[first...last])
    }

    /// The ASCII characters in Unicode's punctuation categories (the rest, `$+<=>^`|~`, are
    /// symbols).
    static let asciiPunctuation = Set("!\"#%&'()*,-./:;?@[\\]_{}".utf8)

    /// Up to 8 ASCII bytes, lowercased, as one integer: a word compared without making a
    /// string (lines of a long notes list are checked for a few words each). A word with a NUL
    /// byte is `UInt64.max`, which no word packs to (else "\0see" would be "see").
    static func packedLowercase(_ word: Substring.UTF8View) -> UInt64 {
        guard !word.contains(0) else { return .max }
        return word.reduce(0) { packed, byte in packed << 8 | UInt64(byte >= 65 && byte <= 90 ? byte | 0x20 : byte) }
    }

    /// The ASCII words of `words` of up to 8 bytes, packed by ``packedLowercase(_:)``.
    static func packed(_ words: Set<String>) -> Set<UInt64> {
        Set(
            words.filter { $0.utf8.count <= 8 && $0.utf8.allSatisfy { $0 < 0x80 } }.map {
                packedLowercase($0.utf8[...])
            })
    }

    /// Lowercased, without diacritics, curly apostrophes made straight.
    static func fold(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.unicodeScalars.append(
                    scalar.value >= 65 && scalar.value <= 90 ? Unicode.Scalar(scalar.value + 32)! : scalar)
            } else if scalar == "\u{2019}" || scalar == "\u{2018}" {
                folded.append("'")
            } else {
                folded += String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            }
        }
        return folded
    }

    // Words written with diacritics are listed folded (contrasena, usuario, senha…).
    private static let entries: [(Field, Bool, [String])] = [
        (.title, false, ["title", "name", "service", "titre", "nom", "titel", "nombre", "servicio", "titolo", "nome"]),
        // "Account name: gamerdude99" under a title is the login (Steam's word for it): a username.
        (.title, false, ["titulo", "naam", "dienst", "service name", "entry", "site name"]),
        // Sheets' column names in the languages next door to the seven, and further.
        (
            .title, false,
            [
                "tjanst", "namn", "nazwa", "serwis", "tjeneste", "navn", "palvelu", "nimi", "sluzba", "nazev",
                "hizmet", "isim", "serviciu", "denumire", "szolgaltatas", "nev", "название", "сервис", "이름", "제목",
                "名前", "名称", "名稱", "タイトル", "サービス",
            ]
        ),
        (
            .username, true,
            [
                "user", "username", "user name", "user id", "userid", "user-id", "login", "login id", "login name",
                "sign in", "sign-in", "signin", "log in", "log-in", "online id",
                "usr", "uname", "identifiant", "utilisateur", "nom d'utilisateur", "nom utilisateur", "benutzer",
                "benutzername", "benutzerkennung", "kennung", "anmeldename", "usuario", "nombre de usuario",
                "usuario/a", "utente", "nome utente", "nome de usuario", "nome de utilizador", "utilizador",
                "gebruiker", "gebruikersnaam", "inlognaam", "logon", "handle", "customer id", "member id",
                // Polish and Swedish, the languages next door to the seven.
                "nazwa uzytkownika", "uzytkownik", "anvandarnamn", "anvandare", "identyfikator", "cpf",
                // Danish, Norwegian, Czech, Romanian, Turkish, Finnish and Hungarian.
                "brugernavn", "brukernavn", "uzivatelske jmeno", "uzivatel", "nume utilizator", "jmeno",
                "prihlasovaci jmeno", "prihlasovaci udaje",
                "логин", "имя пользователя", "пользователь", "아이디", "사용자 이름", "사용자", "ユーザー名",
                "ten dang nhap", "tên đăng nhập", "tai khoan", "tài khoản", "ονομα χρηστη", "όνομα χρήστη",
                "χρηστης", "χρήστης", "nama pengguna", "pengguna",
                "ユーザーid", "用户名", "用戶名", "账号", "帳號", "ログインid", "お客さま番号", "お客様番号", "会員番号",
                "아이디/이메일",
                "nume de utilizator", "utilizator", "kullanıcı adı", "kullanici adi", "kullanıcı", "kullanici",
                "kayttajatunnus", "kayttajanimi", "felhasznalonev", "identificador", "identificativo",
                "id", "client id", "nutzer", "nutzername", "usager", "login-id", "username/email", "user/email",
                "login/email", "👤", "🧑", "🙋", "codice titolare", "codice cliente", "codice utente",
                "customer number", "client number", "numero titulaire", "identifiant client", "numero de usuario",
                "n° client", "n° cliente", "nº client", "nº cliente", "n° de client", "n° de cliente", "no. client",
                "numero de client", "n. client", "kundennr", "kundennr.", "klantnummer", "klantnr",
                "teilnehmernummer", "mitgliedsname", "zugangsnummer", "anmeldenummer", "legitimations-id",
                "benutzerkennung", "vertragsnummer", "n° client", "numero d'adherent", "numero adherent",
                "employee id", "employee number", "staff id", "personnel number", "personalnummer", "mitgliedsnr",
                "mitgliedsnummer", "member number", "membership number", "member no", "badge number", "badge id",
                "driver number", "driver id", "staff number", "allocataire", "numero allocataire",
                "n° allocataire", "numero d'allocataire",
            ]
        ),
        (
            .username, false,
            [
                "u", "account", "acct", "konto", "cuenta", "compte", "conta", "rekening", "kundennummer",
                "account name", "screen name", "gamertag", "gamer tag", "nickname", "pseudo", "apodo",
                "numero client", "account id", "gebr", "usr.", "user.", "utent", "registration number",
                "musteri no", "musteri numarası", "musteri numarasi", "kundenummer",
                // A tax number banks use as the login (Spain, Portugal).
                "nif", "numero de cliente", "n. cliente", "num. cliente",
            ]
        ),
        (
            .email, true,
            [
                "email", "e-mail", "mail", "courriel", "correo", "email address", "e-mail address", "adresse e-mail",
                "メール", "メールアドレス", "이메일", "电子邮件", "邮箱",
                "adresse mail", "e-mail-adresse", "correo electronico", "endereco de email", "indirizzo email",
                "e-mailadres", "emailadres", "e-posta", "eposta", "e-post", "epost", "sahkoposti", "login email",
                "login e-mail", "sign-in email", "account email", "📧", "✉",
                "📨", "📩",
            ]
        ),
        (
            .password, true,
            [
                "password", "passwort", "pass", "passwd", "pwd", "pw", "pword", "passw", "pass word", "passcode",
                "mot de passe", "mdp", "mot-de-passe", "kennwort", "contrasena", "clave", "clave de acceso",
                "parola d'ordine", "parola chiave", "senha", "palavra-passe", "palavra passe", "wachtwoord",
                "haslo", "hasło", "losenord", "adgangskode", "passord", "kodeord", "heslo",
                "sifre", "şifre", "salasana", "jelszo", "codigo de acesso", "code d'acces", "kata sandi",
                "пароль", "비밀번호", "パスワード", "密码", "密碼", "mat khau", "mật khẩu", "κωδικος", "κωδικός",
                "συνθηματικο", "συνθηματικό", "κλειδι", "κλειδί", "kata kunci",
                "パス", "ログインパスワード", "暗号化キー", "パスコード", "비번", "암호", "ключ", "mot passe",
                // The misspellings people type most, which are no other word: read anywhere,
                // not only before a colon (`facebook  ana@x.org  pasword is Buttons1952`).
                "pasword", "passwrd", "passowrd", "passwrod", "pssword", "paswword", "passsword", "paasword",
                "pasward", "passward",
                "passphrase", "pass phrase", "psw", "psswd", "paswd", "master password", "wpa key", "network key",
                "wpa2", "wpa3", "wpa2 key", "pswrd", "psswrd", "pwrd", "passwrd",
                "wifi key", "wifi password", "wlan-schlussel", "wlan key",
                "netzwerkschlussel", "senha de acesso", "contrasena de acceso", "password di accesso",
                "palavra-chave", "zugangspasswort", "toegangscode wachtwoord",
                "cle wifi", "cle wpa", "psk", "🔑", "🔐", "🔒",
                "🗝", "kennw.", "passw.", "pwd.", "pw.", "contra", "pass.", "chave", "wachtw.", "ww.", "mdp.",
            ]
        ),
        (
            .password, false,
            [
                "p", "key", "cle", "schlussel", "ww", "pswd", "master", "sleutel", "netwerksleutel", "chiave", "pac",
                "sandi", "parola", "mk",
                "requirepass", "masterauth",
            ]
        ),
        // "new pw: x" under an account is its password; "old pw: y" a secret kept beside it.
        (
            .password, true,
            [
                "new password", "new pw", "new pass", "new pwd", "current password", "current pw", "current pass",
                "nouveau mdp", "neues passwort", "neues kennwort", "nueva contrasena", "nueva clave",
                "nuova password", "nieuw wachtwoord", "nova senha", "senha nova", "senha atual", "mdp actuel",
                "temp password", "temporary password", "initial password", "one-time password", "default password",
            ]
        ),
        (
            .secret, true,
            [
                "old password", "old pw", "old pass", "old pwd", "previous password", "former password", "ancien mdp",
                "altes passwort", "altes kennwort", "antigua contrasena", "clave antigua", "vecchia password",
                "oud wachtwoord", "senha antiga", "mdp ancien",
            ]
        ),
        (
            .url, true,
            [
                "url", "website", "web site", "login url", "homepage", "site web", "webseite", "sitio web", "sito web",
                "pagina web", "sitio", "sito", "link", "🌐", "🔗", "login page", "webpagina", "page de connexion",
                "website url", "site url",
            ]
        ),
        (
            .url, false,
            [
                "site", "web", "address", "lien", "adresse", "enlace", "indirizzo", "endereco", "host", "server",
                "pagina", "page", "seite", "portal",
                "adress", "webbplats", "webbsida", "strona", "strona www", "adres www", "hjemmeside", "nettside",
                "nettsted", "verkkosivu", "osoite", "adresa", "weboldal", "web sitesi", "сайт", "адрес", "웹사이트",
                "ウェブサイト", "网址", "網址",
            ]
        ),
        (
            .notes, false,
            [
                "note", "notes", "notiz", "notizen", "nota", "notas", "remarque", "remarques", "commentaire",
                "comment", "comments", "bemerkung", "opmerking", "opmerkingen", "observacion", "observacoes", "memo",
                "uwagi", "notatki", "kommentar", "kommentarer", "anteckningar", "anteckning", "merknad",
                "merknader", "notater", "noter", "bemaerkninger", "huomautus", "huomautukset", "muistiinpanot",
                "lisatiedot", "poznamka", "poznamky", "notlar", "aciklama", "megjegyzes", "notite", "observatii",
                "заметки", "примечание", "комментарий", "메모", "メモ", "备注", "備註",
            ]
        ),
        (.totp, true, ["totp", "otp", "2fa", "mfa", "2fa secret", "otp secret", "totp secret", "authenticator key"]),
        (
            .secret, true,
            [
                "pin", "pin code", "code pin", "pincode", "cvv", "cvc", "security code", "security answer",
                // Swedish, Danish, Norwegian, Finnish, Polish and Czech PINs; Russian banks'
                // code word.
                "pinkod", "pin-kod", "pinkode", "pin-kode", "pin-koodi", "pinkoodi", "kod pin", "kod pin-u",
                "kodovoe slovo", "кодовое слово", "codeword", "code word",
                "暗証番号", "秘密の質問", "비밀 질문",
                "recovery code", "recovery codes", "backup code", "backup codes", "recovery key", "api key",
                "herstelcode", "herstelcodes", "wiederherstellungscode", "wiederherstellungscodes",
                "code de recuperation", "codes de recuperation", "codigo de recuperacion", "codigos de recuperacion",
                "codice di recupero", "codici di recupero", "codigo de recuperacao", "codigos de recuperacao",
                "license key", "product key", "puk", "tan", "code secret", "geheimzahl", "codigo", "codice",
                "secret answer", "answer", "reponse", "antwort", "respuesta", "card number", "numero de carte",
                "security question", "secret question", "question", "beveiligingsvraag", "vraag", "sicherheitsfrage",
                "geheimfrage", "question secrete", "pregunta de seguridad", "pregunta secreta", "domanda segreta",
                "domanda di sicurezza", "pergunta de seguranca", "pergunta secreta", "veiligheidsvraag",
                // A passport's number (one edit from `passwort`): an identity's secret.
                "passport", "passport number", "passport no", "reisepass", "passeport", "pasaporte",
                "passaporto", "passaporte", "paspoort",
            ]
        ),
        // The questions themselves, written as labels of their answers (`MOTHERS MAIDEN NAME
        // Hargrove`, `first pet: Sparky`): the answer is a secret, never a title.
        (
            .secret, true,
            [
                "mothers maiden name", "mother's maiden name", "mother maiden name", "maiden name", "first pet",
                "first pets name", "first pet's name", "pets name", "pet's name", "first car", "first school",
                "favorite teacher", "favourite teacher", "city of birth", "birth city", "childhood friend",
                "childhood nickname",
            ]
        ),
        // `Q:` / `A:` security questions; `firma` is the signing key Spanish banks issue.
        (.secret, false, ["code", "secret", "q", "a", "firma", "clave de firma"]),
        // A hint is no password, but it may give one away: kept, concealed.
        (
            .secret, true,
            [
                "hint", "password hint", "pw hint", "indice", "tipp", "pista", "dica", "suggerimento", "aanwijzing",
                "merkhilfe", "hinweis", "reminder",
            ]
        ),
        // `token ghp_…`: a token label before a typed value, without a colon too.
        (.secret, true, ["token", "api token", "access token", "personal access token", "app password"]),
        // A lock's combination: `safe combo 12-34-56`.
        (.secret, true, ["combo", "combination", "kombination", "combinaison", "combinacion", "combinazione"]),
        // An ATM PIN beside the online-banking password (`Clave cajero 1029, Clave x`).
        (.secret, true, ["clave cajero", "clave de cajero", "pin cajero", "codigo cajero"]),
        // "SSID BlueBottleGuest", `SSID "Garcia Family"`: no other word is spelt so, so it labels
        // without a colon.
        (.extra, true, ["ssid"]),
        // "db01.internal  postgres / pg_Pr0d!  port 5432": a port, never the password.
        (.extra, true, ["port"]),
        (
            .extra, false,
            [
                "network", "network name", "wlan", "wifi", "wi-fi", "phone", "telephone", "tel", "mobile",
                "account number", "iban", "bic", "expiry", "expires", "kontonummer", "numero de compte",
                "numero de cuenta", "numero conto", "rekeningnummer", "numero da conta", "numero di conto",
                "database", "ip", "domain", "netwerk", "netzwerk", "reseau", "netwerknaam", "netzwerkname",
                "nom du reseau", "rete", "wifi name", "wi-fi name", "wlan name", "wifi network", "wi-fi network",
                "wifi ssid", "wi-fi ssid", "nom du wifi", "nombre de red", "nombre del wifi", "nome rete",
                "nome da rede", "nome do wifi", "wlan-name", "wifi-name", "nazwa sieci", "natverksnamn",
                "netvaerksnavn", "nettverksnavn", "siec", "rede", "natverk", "netvaerk", "verkko", "halozat",
                "retea",
                // Identity-document numbers: kept under their name, never read as `user:password`.
                "dni", "nie", "documento",
            ]
        ),
    ]

    /// The entries' names, folded too (not ``otherLanguages``').
    private static let coreNames: Set<String> = Set(entries.flatMap { $0.2.flatMap { [$0, fold($0)] } })

    private static let lexicon: [String: NotesLabel] = {
        var table = [String: NotesLabel]()
        for (field, bare, names) in entries + otherLanguages {
            for name in names where table[name] == nil {
                table[name] = NotesLabel(field: field, name: name, bare: bare)
                // Looked up folded: `сайт` is found as `саит`, `パスワード` as its folded form.
                let folded = fold(name)
                if folded != name, table[folded] == nil {
                    table[folded] = NotesLabel(field: field, name: name, bare: bare)
                }
            }
        }
        return table
    }()
}
