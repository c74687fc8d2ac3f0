import Foundation

/// A shell command that carries a login, pasted into a note: `mysql -h db1 -u app -p'S3cret'`,
/// `curl -u admin:pw https://ci/api`, `sshpass -p pw ssh ana@bastion`, `docker login -u ana -p
/// pw registry.x`, `PGPASSWORD=pw psql -h db -U app`, `net use \\nas\share /user:ana pw`.
///
/// Read word by word as a shell splits it (quotes and backslashes), by what each program's
/// options mean, and rewritten as the labelled text the notes reader already understands
/// (`mysql://db1 — user: app — password: S3cret`), so the rest of the line (`(pw: x)`, a title
/// before it) reads as before. The command as written, with its password left out, goes to
/// the record's notes: which tool and which database are worth keeping, and no secret.
struct NotesCommandLine: Equatable {
    /// Where the command signs in: `mysql://db1.corp.lan`, `https://ci.x/api`, `registry.x`.
    var url: String?
    var user: String?
    var password: String?
    /// The program (`mysql`): the title when nothing else names the service.
    var program: String
    /// The command as written, its password replaced by `…`.
    var written: String
    /// Where the command stands in the line's text.
    var range: Range<String.Index>

    /// The line's text with the command replaced by labelled values.
    func rewritten(_ text: String) -> String {
        var before = text[..<range.lowerBound]
        // A shell's prompt (`$ `, `user@host:~$ `, `PS C:\> `) is no title.
        // (One word ending the prompt's mark, or PowerShell's `PS C:\>`: `Billing ->` is a title.)
        let prompt = before.trimmedWhitespace
        if let last = prompt.last, "$#>%".contains(last), prompt.count <= 40,
            !prompt.contains(" ") || (prompt.hasPrefix("PS ") && prompt.split(separator: " ").count == 2),
            prompt != "->", prompt != "=>"
        {
            before = ""
        }
        var parts = [String]()
        if let url { parts.append(url) } else if before.allSatisfy(\.isWhitespace) { parts.append(program) }
        if let user { parts.append("user: " + user) }
        if let password { parts.append("password: " + password) }
        let after = text[range.upperBound...]
        // (Dashes between the values: `user: app password: x` would read `app password` as a label.)
        return String(before) + parts.joined(separator: " — ") + (after.isEmpty ? "" : " " + after)
    }

    /// The first command in `text` that names a password or a user and where it signs in;
    /// nil for any other line (cheaply: only lines holding a known program's name are split).
    static func find(in text: String) -> NotesCommandLine? {
        guard text.utf8.count <= 2048, text.utf8.contains(0x2D) || text.utf8.contains(0x2F) || text.utf8.contains(0x3D),
            mentionsProgram(text)
        else { return nil }
        let words = ShellWords(text).words
        // Only where a program, `sudo` or a password variable stands, and a few times a line
        // at most: a long line of program names stays linear.
        var tries = 0
        for index in words.indices where startsCommand(words[index].text) {
            if let found = command(at: index, in: words, text: text) { return found }
            tries += 1
            if tries == 8 { break }
        }
        return nil
    }

    /// A word a command may start with.
    private static func startsCommand(_ word: String) -> Bool {
        if word == "sudo" || programs[word] != nil || otherPrograms.contains(word) { return true }
        guard let equals = word.firstIndex(of: "=") else { return false }
        return word[..<equals].allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber })
    }

    /// A line that is a shell command with nothing to sign in with (`cd ~/projects`, `ls -la`,
    /// `git pull --rebase`): kept out of sight, never read as a record (`~/projects` is no
    /// password).
    static func isPlainCommand(_ text: String) -> Bool {
        // (Every line asks: the first word is looked at before the line is split.)
        let head = text.prefix { $0 != " " }
        guard head.utf8.count <= 7, navigation.contains(String(head)) else { return false }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first.map(String.init) else { return false }
        if first == "git" { return words.count >= 2 && gitVerbs.contains(String(words[1])) }
        // `cd Documents` or `ls -la`, but not `ls: ana / pw` or `top secret: …`.
        return !text.includes(": ") && words.count <= 4
            && words.dropFirst().allSatisfy { $0.hasPrefix("-") || $0.contains("/") || $0.contains("~") || $0 == "|" }
            || words.count == 1
    }

    private static let navigation: Set<String> = [
        "cd", "ls", "ll", "pwd", "htop", "top", "clear", "history", "git",
    ]
    private static let gitVerbs: Set<String> = [
        "pull", "push", "status", "fetch", "checkout", "switch", "log", "diff", "stash", "rebase", "commit", "add",
    ]

    // MARK: Programs

    /// How a program names its user, password and host.
    private struct Program {
        var scheme: String?
        var user: [String] = []
        var password: [String] = []
        /// Options whose value is joined to them (`-pS3cret`, `-uroot`), as the program allows.
        var attached: Set<String> = []
        var host: [String] = []
        /// A subcommand that must follow (`docker login`).
        var verb: String?
        /// The first word that is no option is the host (`docker login … registry.x`).
        var positionalHost = false
        /// Options that take a value (skipped when looking for the positional host).
        var valued: Set<String> = []
    }

    private static let mysql = Program(
        scheme: "mysql", user: ["-u", "--user"], password: ["-p", "--password"], attached: ["-u", "-p", "-h"],
        host: ["-h", "--host"], valued: ["-P", "--port", "-D", "--database", "-e", "--execute", "-S", "--socket"])
    private static let postgres = Program(
        scheme: "postgresql", user: ["-U", "--username"], host: ["-h", "--host"],
        valued: ["-p", "--port", "-d", "--dbname", "-c", "--command", "-f", "--file"])
    private static let mongo = Program(
        scheme: "mongodb", user: ["-u", "--username"], password: ["-p", "--password"], host: ["--host"],
        valued: ["--port", "--authenticationDatabase", "--db", "-d"])
    private static let registryLogin = Program(
        user: ["-u", "--username"], password: ["-p", "--password"], verb: "login", positionalHost: true,
        valued: ["--server"])

    private static let programs: [String: Program] = [
        "mysql": mysql, "mariadb": mysql, "mysqldump": mysql, "mysqladmin": mysql, "mysqlsh": mysql,
        "mariadb-dump": mysql,
        "psql": postgres, "pg_dump": postgres, "pg_dumpall": postgres, "pg_restore": postgres,
        "mongo": mongo, "mongosh": mongo, "mongodump": mongo, "mongorestore": mongo, "mongoexport": mongo,
        "mongoimport": mongo,
        "redis-cli": Program(
            scheme: "redis", user: ["--user"], password: ["-a", "--pass"], host: ["-h"],
            valued: ["-p", "-n", "--tls"]),
        "sqlcmd": Program(
            scheme: "mssql", user: ["-U"], password: ["-P"], host: ["-S"], valued: ["-d", "-Q", "-q", "-i", "-o"]),
        "docker": registryLogin, "podman": registryLogin, "buildah": registryLogin, "skopeo": registryLogin,
        "nerdctl": registryLogin, "helm": registryLogin,
        "oc": Program(
            user: ["-u", "--username"], password: ["-p", "--password"], host: ["--server", "-s"], verb: "login",
            positionalHost: true),
        "rdesktop": Program(
            scheme: "rdp", user: ["-u"], password: ["-p"], positionalHost: true,
            valued: ["-d", "-g", "-k", "-a", "-r"]),
        "lftp": Program(scheme: "ftp", user: ["-u"], positionalHost: true, valued: ["-p", "-e"]),
        "ncftp": Program(scheme: "ftp", user: ["-u"], password: ["-p"], positionalHost: true, valued: ["-P"]),
    ]

    /// Cheap test before splitting: does a program this reads appear as a word? (Run on every
    /// line holding `-`, `/` or `=`: words are compared as packed bytes, and only a word whose
    /// first 8 bytes match a name is made a string.)
    private static func mentionsProgram(_ text: String) -> Bool {
        let bytes = text.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end =
                bytes[start...].firstIndex(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x60 || $0 == 0x28 })
                ?? bytes.endIndex
            var word = bytes[start..<end]
            if word.last == 0x3A { word = word.dropLast() }  // `psql:`
            if let equals = word.firstIndex(of: 0x3D) { word = word[..<equals] }  // `PGPASSWORD=`
            if !word.isEmpty, packedNames.contains(NotesLabel.packedLowercase(Substring(word).utf8.prefix(8))),
                case let name = String(Substring(word)),
                programs[name] != nil || otherPrograms.contains(name) || passwordVariables.contains(name)
            {
                return true
            }
            start = end < bytes.endIndex ? bytes.index(after: end) : end
        }
        return false
    }

    /// The first 8 bytes of every name ``mentionsProgram(_:)`` looks for, packed.
    private static let packedNames: Set<UInt64> = Set(
        (Array(programs.keys) + Array(otherPrograms) + Array(passwordVariables)).map {
            NotesLabel.packedLowercase($0[...].utf8.prefix(8))
        })

    private static let otherPrograms: Set<String> = [
        "curl", "wget", "sshpass", "ssh", "scp", "sftp", "smbclient", "mount", "net", "xfreerdp", "git",
        "sudo",
    ]

    /// Variables that hand a program its password (`PGPASSWORD=x psql …`).
    private static let passwordVariables: Set<String> = [
        "PGPASSWORD", "MYSQL_PWD", "SSHPASS", "REDISCLI_AUTH", "SQLCMDPASSWORD",
    ]

    /// The command starting at `start` (after any `sudo` and `NAME=value` words), when it
    /// names a password or a user, and somewhere to sign in or a password.
    private static func command(at start: Int, in words: [ShellWords.Word], text: String) -> NotesCommandLine? {
        // A command starts a line, or follows `: `, `$ `, `> `, `&&`, `;`, `|` or a dash.
        if start > 0 {
            // The last marks before it (looked at backwards: the line is never copied).
            let before = text[..<words[start].range.lowerBound].reversed().drop { $0 == " " || $0 == "\t" }
            guard let mark = before.first, ":$>#;|&—–-`(".contains(mark) else { return nil }
            if mark == "-", before.dropFirst().first.map({ $0 != " " }) ?? false { return nil }
        }
        var index = start
        var found = Found()
        var variable: (password: String, word: Int)?
        while index < words.count {
            let word = words[index].text
            if word == "sudo" {
                index += 1
                continue
            }
            guard let equals = word.firstIndex(of: "="), word.first?.isUppercase == true,
                word[..<equals].allSatisfy({ $0.isUppercase || $0 == "_" || $0.isNumber })
            else { break }
            if passwordVariables.contains(String(word[..<equals])) {
                variable = (String(word[word.index(after: equals)...]), index)
            }
            index += 1
        }
        guard index < words.count else { return nil }
        let name = words[index].text
        var end = index + 1
        while end < words.count, ![";", "&&", "||", "|"].contains(words[end].text), !words[end].closesSegment {
            end += 1
        }
        let arguments = Array(words[(index + 1)..<end])
        if let program = programs[name] {
            read(arguments, as: program, into: &found)
            if found.url == nil, let host = found.host {
                found.url = program.scheme.map { "\($0)://\(host)" } ?? host
            }
        } else {
            switch name {
            case "curl", "wget": readWeb(arguments, into: &found)
            case "sshpass": readSSHPass(arguments, into: &found)
            case "ssh", "scp", "sftp": readSSH(arguments, into: &found)
            case "smbclient", "mount": readSMB(arguments, into: &found)
            case "net": readNetUse(arguments, into: &found)
            case "xfreerdp": readFreeRDP(arguments, into: &found)
            case "git": readWeb(arguments, into: &found)
            default: return nil
            }
        }
        // The readers count words from the program's first argument.
        if let relative = found.passwordWord {
            found.passwordWord = index + 1 + relative
        } else if let variable {
            (found.password, found.passwordWord) = (variable.password, variable.word)
        }
        // `echo pw | docker login -u ana --password-stdin ghcr.io`: the echoed word is the password.
        var first = start
        if found.password == nil, start >= 3, words[start - 1].text == "|",
            ["echo", "printf"].contains(words[start - 3].text),
            arguments.contains(where: { $0.text == "--password-stdin" || $0.text == "--stdin" })
        {
            (found.password, found.passwordWord) = (words[start - 2].text, start - 2)
            first = start - 3
        }
        guard found.password != nil || (found.user != nil && found.url != nil) else { return nil }
        guard found.password.map({ !$0.isEmpty && $0 != "*" }) ?? true else { return nil }
        let range = words[first].range.lowerBound..<words[end - 1].range.upperBound
        var written = String(text[range])
        if let secret = found.passwordWord {
            let word = words[secret]
            let maskedWord = maskedValue(text[word.range], found.password ?? "")
            written =
                String(text[range.lowerBound..<word.range.lowerBound]) + maskedWord
                + String(text[word.range.upperBound..<range.upperBound])
        }
        return NotesCommandLine(
            url: found.url, user: found.user, password: found.password, program: name, written: written,
            range: range)
    }

    /// The word holding the password as written, the password left out: `-p'S3cret'` →
    /// `-p'…'`, `admin:S3cret` → `admin:…`, `postgresql://app:S3cret@db` → `postgresql://app:…@db`.
    private static func maskedValue(_ raw: Substring, _ password: String) -> String {
        guard !password.isEmpty, raw.contains(password) else { return "…" }
        return raw.replacingOccurrences(of: password, with: "…")
    }

    /// What a command's words said so far.
    private struct Found {
        var user: String?
        var password: String?
        var host: String?
        var url: String?
        /// The word holding the password, left out of the notes.
        var passwordWord: Int?
    }

    private static func read(_ arguments: [ShellWords.Word], as program: Program, into found: inout Found) {
        var index = 0
        var sawVerb = program.verb == nil
        while index < arguments.count {
            let word = arguments[index].text
            if !sawVerb {
                if word == program.verb { sawVerb = true }
                index += 1
                continue
            }
            func value(of options: [String], attachedAllowed: Bool = true) -> (String, Int)? {
                for option in options {
                    if word == option, index + 1 < arguments.count {
                        return (arguments[index + 1].text, 2)
                    }
                    if option.hasPrefix("--"), word.hasPrefix(option + "=") {
                        return (String(word.dropFirst(option.count + 1)), 1)
                    }
                    if attachedAllowed, program.attached.contains(option), word.hasPrefix(option),
                        word.count > option.count
                    {
                        return (String(word.dropFirst(option.count)), 1)
                    }
                }
                return nil
            }
            if let (user, step) = value(of: program.user) {
                found.user = user
                index += step
            } else if let (password, step) = value(of: program.password),
                // mysql's `-p` alone asks for the password: the next word is the database.
                !(program.attached.contains("-p") && word == "-p")
            {
                found.password = password
                found.passwordWord = index + step - 1
                index += step
            } else if let (host, step) = value(of: program.host) {
                found.host = host
                index += step
            } else if program.valued.contains(word) {
                index += 2
            } else if word.includes("://") {
                takeURL(word, into: &found, wordIndex: index)
                index += 1
            } else {
                if program.positionalHost, found.host == nil, !word.hasPrefix("-") { found.host = word }
                index += 1
            }
        }
        if !sawVerb {
            found.user = nil
            found.password = nil
        }
    }

    /// A URL among the words; its user part (`https://ana:pw@x`) is the login.
    private static func takeURL(_ word: String, into found: inout Found, wordIndex: Int) {
        guard found.url == nil else { return }
        if let credentials = URLCredentials(word) {
            found.url = credentials.url
            if found.password == nil {
                found.password = credentials.password
                found.passwordWord = wordIndex
                if found.user == nil { found.user = credentials.user }
            }
        } else {
            found.url = word
        }
    }

    /// `admin:pw` (curl), `ana%pw` (smbclient): a user, and a password when the mark joins one.
    private static func takePair(_ value: String, joinedBy mark: Character, word: Int, into found: inout Found) {
        guard let at = value.firstIndex(of: mark) else {
            found.user = value
            return
        }
        found.user = String(value[..<at])
        found.password = String(value[value.index(after: at)...])
        found.passwordWord = word
    }

    private static func readWeb(_ arguments: [ShellWords.Word], into found: inout Found) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index].text
            if ["-u", "--user"].contains(word), index + 1 < arguments.count {
                takePair(arguments[index + 1].text, joinedBy: ":", word: index + 1, into: &found)
                index += 2
                continue
            }
            for option in ["--user=", "--http-user=", "--ftp-user="] where word.hasPrefix(option) {
                found.user = String(word.dropFirst(option.count))
            }
            for option in ["--password=", "--http-password=", "--ftp-password="] where word.hasPrefix(option) {
                found.password = String(word.dropFirst(option.count))
                found.passwordWord = index
            }
            if ["-H", "--header", "-d", "--data", "-X", "-o", "-A", "-e", "--data-raw"].contains(word) {
                index += 2
                continue
            }
            if word.includes("://") { takeURL(word, into: &found, wordIndex: index) }
            index += 1
        }
    }

    /// `sshpass -p pw ssh ana@host`, `sshpass -e ssh …` (the password in `SSHPASS=`).
    private static func readSSHPass(_ arguments: [ShellWords.Word], into found: inout Found) {
        var index = 0
        while index < arguments.count, arguments[index].text.hasPrefix("-") {
            let word = arguments[index].text
            if word == "-p", index + 1 < arguments.count {
                found.password = arguments[index + 1].text
                found.passwordWord = index + 1
                index += 2
                continue
            }
            if word.hasPrefix("-p"), word.count > 2 {
                found.password = String(word.dropFirst(2))
                found.passwordWord = index
            }
            index += 1
        }
        guard index < arguments.count else { return }
        var rest = Found()
        readSSH(Array(arguments[(index + 1)...]), into: &rest)
        found.user = rest.user
        found.url = rest.url
        // (Word indices are the command's: `passwordWord` stays where sshpass put it.)
    }

    /// `ssh ana@host`, `ssh -l ana -p 2222 host`, `scp file ana@host:/path`.
    private static func readSSH(_ arguments: [ShellWords.Word], into found: inout Found) {
        var index = 0
        var host: String?
        while index < arguments.count {
            let word = arguments[index].text
            if word == "-l", index + 1 < arguments.count {
                found.user = arguments[index + 1].text
                index += 2
                continue
            }
            if ["-p", "-P", "-i", "-o", "-F", "-J", "-L", "-R", "-D"].contains(word) {
                index += 2
                continue
            }
            if !word.hasPrefix("-"), host == nil {
                var target = word[...]
                if let at = target.lastIndex(of: "@") {
                    found.user = String(target[..<at])
                    target = target[target.index(after: at)...]
                }
                if word.contains("@") || !word.contains("/") {
                    host = String(target.prefix { $0 != ":" && $0 != "/" })
                }
            }
            index += 1
        }
        if let host, !host.isEmpty { found.url = "ssh://" + host }
    }

    /// `smbclient //nas/share -U ana%pw`, `mount -t cifs //nas/share /mnt -o username=ana,password=pw`.
    private static func readSMB(_ arguments: [ShellWords.Word], into found: inout Found) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index].text
            if word == "-U" || word == "--user", index + 1 < arguments.count {
                takePair(arguments[index + 1].text, joinedBy: "%", word: index + 1, into: &found)
                index += 2
                continue
            }
            if word.hasPrefix("--password=") {
                found.password = String(word.dropFirst("--password=".count))
                found.passwordWord = index
            }
            if word == "-o", index + 1 < arguments.count {
                for option in arguments[index + 1].text.split(separator: ",") {
                    guard let equals = option.firstIndex(of: "=") else { continue }
                    let (key, value) = (option[..<equals], String(option[option.index(after: equals)...]))
                    if ["username", "user"].contains(key) { found.user = value }
                    if ["password", "pass"].contains(key) {
                        found.password = value
                        found.passwordWord = index + 1
                    }
                }
                index += 2
                continue
            }
            if word.hasPrefix("//") || word.hasPrefix("\\\\"), found.url == nil {
                found.url = "smb://" + word.dropFirst(2).replacingOccurrences(of: "\\", with: "/")
            }
            index += 1
        }
    }

    /// `net use Z: \\nas\share pw /user:DOMAIN\ana` (the password is the word that is no
    /// drive, share or option; `*` asks for it).
    private static func readNetUse(_ arguments: [ShellWords.Word], into found: inout Found) {
        guard arguments.first?.text.lowercased() == "use" else { return }
        for (offset, argument) in arguments.enumerated().dropFirst() {
            let word = argument.text
            let lower = word.lowercased()
            if lower.hasPrefix("/user:") || lower.hasPrefix("/u:") {
                found.user = String(word[word.index(after: word.firstIndex(of: ":")!)...])
            } else if word.hasPrefix("\\\\") || word.hasPrefix("//") {
                found.url = "smb://" + word.dropFirst(2).replacingOccurrences(of: "\\", with: "/")
            } else if word.hasPrefix("/") || (word.count == 2 && word.last == ":") || word == "*" {
                continue
            } else if found.password == nil {
                found.password = word
                found.passwordWord = offset
            }
        }
    }

    /// `xfreerdp /u:ana /p:pw /v:host`.
    private static func readFreeRDP(_ arguments: [ShellWords.Word], into found: inout Found) {
        for (offset, argument) in arguments.enumerated() {
            let word = argument.text
            if word.hasPrefix("/u:") { found.user = String(word.dropFirst(3)) }
            if word.hasPrefix("/p:") {
                found.password = String(word.dropFirst(3))
                found.passwordWord = offset
            }
            if word.hasPrefix("/v:") { found.url = "rdp://" + word.dropFirst(3) }
        }
    }
}
