/// A shell command pasted into a notes list, with its login in its options:
/// `mysql -h db.example.com -u report -p'Rep0rt!'`, `curl -u deploy:Key#1 https://…`,
/// `sshpass -p 'pw' ssh backup@nas`, `PGPASSWORD=pw psql -h pg -U app`, `smbclient -U ana%pw
/// //nas/share`, `redis-cli -h cache -a pw`, `docker login -u ana -p pw registry.example.com`.
///
/// Read by the tool's own option rules (a `-p` followed by a separate word is mysql's prompt
/// and database, never its password), and written back as labels the line reader already
/// knows: `user: … password: … url: tool://host notes: …`, the notes holding the tool's name
/// and the words no option took (a database, a port), so nothing written is lost. A line that names a
/// known tool but no password or user is left as it was.
enum NotesCommandLine {
    /// The URL scheme each tool's host is written under (a URL in the command wins).
    static let schemes: [String: String] = [
        "mysql": "mysql", "mariadb": "mysql", "mysqldump": "mysql", "mysqladmin": "mysql", "psql": "postgresql",
        "pg_dump": "postgresql", "pg_restore": "postgresql", "mongo": "mongodb", "mongosh": "mongodb",
        "mongodump": "mongodb", "redis-cli": "redis", "curl": "https", "wget": "https", "ssh": "ssh", "scp": "ssh",
        "sftp": "sftp", "sshpass": "ssh", "smbclient": "smb", "lftp": "ftp", "docker": "https", "podman": "https",
        "rsync": "ssh",
    ]

    /// Environment variables set before a command that hold its password.
    static let passwordVariables: Set<String> = ["PGPASSWORD", "MYSQL_PWD", "SSHPASS", "REDISCLI_AUTH"]

    /// `text` written as labels, or nil when it is no command line of a known tool with a login.
    static func labelled(_ text: String) -> String? {
        let (split, comment) = shellWordsAndComment(text)
        var words = split
        guard !words.isEmpty else { return nil }
        if words[0] == "$" || words[0] == ">" { words.removeFirst() }
        var password: String?
        while let first = words.first, let equals = first.firstIndex(of: "="),
            first[..<equals].allSatisfy({ $0.isUppercase || $0 == "_" })
        {
            if passwordVariables.contains(String(first[..<equals])) {
                password = String(first[first.index(after: equals)...])
            }
            words.removeFirst()
        }
        if words.first == "sudo" { words.removeFirst() }
        guard let tool = words.first, let scheme = schemes[tool] else { return nil }
        var user: String?
        var userFromAddress = false
        var host: String?
        var url: String?
        var rest = [String]()
        var i = 1
        /// The value of option `name` at `words[i]`: `-uX`, `-u X`, `--user=X`, `--user X`.
        func value(_ short: [String], _ long: [String]) -> String? {
            let word = words[i]
            for name in long {
                if word.hasPrefix(name + "=") { return String(word.dropFirst(name.count + 1)) }
                if word == name, i + 1 < words.count {
                    i += 1
                    return words[i]
                }
            }
            for name in short where word.hasPrefix(name) {
                if word.count > name.count { return String(word.dropFirst(name.count)) }
                if i + 1 < words.count {
                    i += 1
                    return words[i]
                }
            }
            return nil
        }
        let database = scheme == "mysql" || scheme == "postgresql" || scheme == "mongodb" || scheme == "redis"
        var port: String?
        // `sshpass -p pw ssh -p 2222 …`: after the command sshpass runs, options are that command's.
        var inner: String?
        while i < words.count {
            let word = words[i]
            defer { i += 1 }
            let sshOptions = scheme == "ssh" || scheme == "sftp"
            if tool == "sshpass", inner == nil, schemes[word] == "ssh" || schemes[word] == "sftp" {
                inner = word
                rest.append(word)
            } else if let found = value(
                (tool == "sshpass" && inner == nil) || tool == "docker" || tool == "podman" || scheme == "mongodb"
                    ? ["-P"] : scheme == "postgresql" || scheme == "redis" || sshOptions ? ["-p", "-P"] : ["-P"],
                ["--port"])
            {
                port = found
            } else if scheme == "mysql", word.hasPrefix("-p"), word.count > 2 {
                password = String(word.dropFirst(2))  // -pSecret: attached, or it is the prompt
            } else if scheme == "mysql", word == "-p" {
                continue
            } else if scheme == "smb", let both = value(["-U"], ["--user"]) {
                let parts = both.split(separator: "%", maxSplits: 1)
                user = parts.first.map(String.init)
                if parts.count == 2 { password = String(parts[1]) }
            } else if scheme == "https" || scheme == "ftp", tool != "docker", tool != "podman",
                let both = value(["-u"], ["--user"])
            {
                let separator: Character = scheme == "ftp" ? "," : ":"
                let parts = both.split(separator: separator, maxSplits: 1)
                user = parts.first.map(String.init)
                if parts.count == 2 { password = String(parts[1]) }
            } else if let found = value(
                scheme == "postgresql" ? ["-U"] : scheme == "ssh" || scheme == "sftp" ? ["-l"] : ["-u"],
                ["--user", "--username", "--http-user", "--ftp-user", "--login"])
            {
                user = found
            } else if let found = value(
                (tool == "sshpass" && inner == nil) || tool == "docker" || tool == "podman" || scheme == "mongodb"
                    ? ["-p"] : scheme == "redis" ? ["-a"] : [],
                ["--password", "--pass", "--http-password", "--http-passwd", "--ftp-password", "--pwd"])
            {
                password = found
            } else if database, let found = value(["-h"], ["--host"]) {
                host = found
            } else if word.contains("://") {
                url = word
            } else if let at = word.firstIndex(of: "@"), scheme == "ssh" || scheme == "sftp",
                !word.hasPrefix("-")
            {
                if user == nil {
                    user = String(word[..<at])
                    userFromAddress = true
                }
                host = String(word[word.index(after: at)...].prefix { $0 != ":" })
            } else if word.hasPrefix("//"), scheme == "smb" {
                url = "smb:" + word
            } else {
                rest.append(word)
            }
        }
        // A command, not a sentence that names a tool: an option or a password variable.
        guard words.dropFirst().contains(where: { $0.hasPrefix("-") }) || password != nil else { return nil }
        // `ssh deploy@host` alone is where to log in: the line reader keeps it as one URL.
        guard password != nil || (user != nil && !userFromAddress), password?.isEmpty != true else { return nil }
        // `lftp -u a,b ftp.example.net`: a client of one server names it without an option.
        if url == nil, host == nil, scheme == "ftp" || scheme == "sftp" || scheme == "ssh",
            let named = rest.first(where: isHostName)
        {
            host = named
            rest.removeAll { $0 == named }
        }
        if url == nil, let host { url = "\(scheme)://\(host)" }
        if let port { rest.append("port " + port) }  // people file the host; the port is a note
        if url == nil, tool == "docker" || tool == "podman", let registry = rest.last(where: { $0.contains(".") }) {
            url = "https://" + registry
            rest.removeAll { $0 == registry }
        }
        // `mysql … # old dev box`: a comment names what the command opens, so it titles it.
        var parts = comment.map { [$0] } ?? []
        if let user { parts.append("user: " + user) }
        if let password { parts.append("password: " + password) }
        if let url { parts.append("url: " + url) }
        // The tool's name, when no URL carries it, and the words no option took.
        let leftover = (url?.hasPrefix(tool) == true ? [] : [tool]) + rest.filter { !$0.hasPrefix("-") }
        // Words that hold labels of their own (`(password: x)`) are left for the line reader.
        let labelsOfTheirOwn = leftover.contains { $0.hasSuffix(":") }
        if !leftover.isEmpty { parts.append((labelsOfTheirOwn ? "" : "notes: ") + leftover.joined(separator: " ")) }
        return parts.joined(separator: "  ")
    }

    /// `ftp.example.net`, `10.0.0.5`: letters, digits, dots and dashes, with a dot inside.
    static func isHostName(_ word: String) -> Bool {
        word.contains(".") && !word.hasPrefix(".") && !word.hasSuffix(".") && !word.hasPrefix("-")
            && word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    /// Words as a POSIX shell splits them: quotes removed (`-p'a b'` is one word `-pa b`),
    /// a backslash escaping the next character outside single quotes.
    static func shellWords(_ text: String) -> [String] { shellWordsAndComment(text).words }

    /// ``shellWords(_:)`` and the comment after an unquoted `#` that opens a word (`# old box`).
    static func shellWordsAndComment(_ text: String) -> (words: [String], comment: String?) {
        var words = [String]()
        var current = ""
        var started = false
        var quote: Character?
        var escaped = false
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            defer { index = text.index(after: index) }
            if escaped {
                current.append(c)
                escaped = false
            } else if let open = quote {
                if c == open {
                    quote = nil
                } else if c == "\\" && open == "\"" {
                    escaped = true
                } else {
                    current.append(c)
                }
            } else if c == "'" || c == "\"" {
                quote = c
                started = true
            } else if c == "\\" {
                escaped = true
                started = true
            } else if c == "#", !started {
                let comment = text[text.index(after: index)...].trimmingCharacters(in: .whitespaces)
                return (words, comment.isEmpty ? nil : comment)
            } else if c == " " || c == "\t" {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(c)
                started = true
            }
        }
        if started { words.append(current) }
        return (words, nil)
    }
}
