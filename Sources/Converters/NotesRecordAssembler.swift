import Foundation
import VaultModel

/// Assembles records from classified notes lines. A record starts at a title line, a line
/// with its own title (`Service user: x pass: y`, `Service | user | pass`), a list item
/// with a title, or a label already filled in the record; it continues with label–value
/// lines, bare values (e-mail, URL, password-like) and bare `user / password` lines.
/// Headings (`#`, underlined, or a title line with records under it) become folders.
/// Whatever is not understood is kept, out of sight, in the record it appears in.
struct NotesRecordAssembler {
    private let lines: NotesLineStream
    private var drafts = [NotesDraft]()
    private var draft: NotesDraft?
    private var block = 0
    /// Explicit headings in force, outermost first; `epoch` changes with each one.
    private var headings = [(level: Int, name: String, line: Int, used: Bool)]()
    private var epoch = 0
    private var epochs = [Int]()  // per draft
    /// The heading that named a record and was set aside, until the next heading: see
    /// ``NotesDraft/sectionService``.
    private var titlingHeading: String?
    /// A Markdown table's columns, from its header row.
    private var columns: [(label: NotesLabel?, name: String)]? { didSet { tableTitle = nil } }
    /// The heading that titled the first row of a table with no column naming the service
    /// (`## Outlook` over `| account | password |`): it titles the table's other rows too.
    private var tableTitle: String?
    /// The name of a list of codes opened by the line before (`Google recovery codes:`): the
    /// lines of digits under it are its codes, kept concealed, never a login.
    private var codeList: String?
    /// The heading of a list of security questions and their answers being read
    /// (``namesSecurityQuestions(_:)``), until a blank line.
    private var securityQuestions: String?
    /// The first line of the record whose password came from a dated list
    /// (``datedPassword(_:)``), and whether the one it holds was marked current.
    private var datedPasswords: Int?
    private var datedPasswordIsCurrent = false
    /// The first line of the open record and how far it is indented: lines indented further
    /// right under a one-line record are more of it.
    private var recordIndent: (line: Int, indent: Int, complete: Bool)?

    init(_ lines: NotesLineStream) { self.lines = lines }

    mutating func assemble() -> [NotesDraft] {
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let next = index + 1 < lines.count ? lines[index + 1] : nil
            if let triple = Self.unlabelledTriple(at: index, in: lines) {
                start(line)
                draft!.title = triple.title
                draft!.username = triple.login
                draft!.password = triple.password
                draft!.usernameBesidePassword = true
                draft!.placed += 1
                draft!.touch(lines[index + 2].number)
                index += 3
                continue
            }
            let read = step(line, next: next, previous: index > 0 ? lines[index - 1] : nil)
            if let open = draft, recordIndent?.line != open.firstLine,
                let first = lines[index..<index + read].first(where: { $0.number == open.firstLine })
            {
                recordIndent = (open.firstLine, Self.indent(first.raw), open.hasCredential)
            }
            for line in lines[index..<index + read] where !line.superseded.isEmpty || !line.supersededRemarks.isEmpty {
                keepSuperseded(line)
            }
            index += read
        }
        flush()
        for heading in headings where !heading.used { headingNote(heading.name, line: heading.line) }
        // "GOOGLE ACCOUNTS" over "personal …", "work (gsuite) …"; "FACEBOOK" over "me: …": a
        // record titled only by which account it is, under a heading naming a service, is an
        // account of that service.
        return withImplicitHeadings().map { draft in
            guard let heading = draft.sectionService ?? draft.folder.last, let title = draft.title,
                title.utf8.count <= 40,
                Self.isAccountQualifier(title) || Self.isPlaceOrUnit(title),
                let service = Self.serviceInHeading(heading)
            else { return draft }
            var named = draft
            named.title = "\(service) (\(title))"
            return named
        }
    }

    /// Reads `line` (and `next` when it belongs to it); how many lines were read.
    private mutating func step(_ line: NotesLine, next: NotesLine?, previous: NotesLine?) -> Int {
        // "Service | User | Pass" over "--- | --- | ---": a table without outer pipes.
        if line.kind == .content, line.text.utf8.contains(0x7C), let cells = Self.pipeCells(line.text) {
            if next?.kind == .tableDivider {
                flush()
                columns = Self.tableColumns(cells)
                return 2
            }
            // "Site | User | Password" (a table an app exported as text, no divider): a row of
            // labels only is the header of the rows under it.
            if Self.isHeaderRow(cells) {
                flush()
                columns = Self.tableColumns(cells)
                return 1
            }
            if let columns, cells.count == columns.count {
                tableRow(cells, line: line)
                return 1
            }
        }
        // "VPN (GlobalProtect)⇥tnguyen⇥Winter!2021vpn⇥changes quarterly", "Workday⇥tnguyen⇥
        // (SSO)⇥": a row copied from a table (OneNote, a spreadsheet) has its cells between
        // tabs, whatever its words' own separators or labels, and its empty last cells dropped.
        if line.kind == .content, let columns, !line.text.utf8.contains(0x7C), let cells = Self.tabCells(line.raw),
            // (As many cells as the header, empty last ones included, and no label opening it:
            // `Router password:⇥Hunter2!` under a table is a line of its own.)
            line.raw.utf8.count(where: { $0 == 0x09 }) + 1 == columns.count, cells[0].last != ":",
            NotesLabel.lookup(NotesLabel.fold(cells[0])) == nil
        {
            tableRow(cells, line: line)
            return 1
        }
        // "Site      Login      Password" over rows lined up with spaces: a table too.
        if line.kind == .content, columns != nil || line.fields.count >= 3, !line.text.utf8.contains(0x7C),
            line.fields.allSatisfy({ $0.label == nil && $0.tokens.count <= 3 })
        {
            if columns == nil, line.fields.count >= 3, line.fields.allSatisfy({ $0.shape == .word }),
                case let cells = line.fields.map(\.text), Self.isHeaderRow(cells)
            {
                flush()
                columns = Self.tableColumns(cells)
                return 1
            }
            if let columns, line.fields.count == columns.count {
                tableRow(line.fields.map(\.text), line: line)
                return 1
            }
        }
        // ("SITE  USER  PASS" over "----  ----  ----": the header's underline keeps its columns.)
        let underline: Bool = {
            guard case .rule = line.kind, let previous, previous.kind == .content else { return false }
            return columns != nil
        }()
        if case .tableRow = line.kind {} else if line.kind != .tableDivider, !underline { columns = nil }
        if underline { return 1 }
        // A list of security questions ends at anything but a line of content.
        if line.kind != .content { securityQuestions = nil }
        switch line.kind {
        case .blank:
            codeList = nil
            securityQuestions = nil
            // A title alone may have its fields after a blank line; anything else ends here.
            // A title in capitals or a generic one ("PASSWORDS", "wachtwoorden") alone, then a
            // blank line, heads what follows (flushed alone, it becomes a heading in
            // withImplicitHeadings).
            if draft?.isTitleOnly != true || draft?.capitals == true
                || draft?.title.map(Self.isGenericHeading) == true
            {
                flush()
            }
            block += 1
        case .long:
            unrecognized(line)
        case .fence:
            break
        case .rule(let mark):
            if mark == "=" || mark == "-", let open = draft, open.isTitleOnly, open.lastLine == line.number - 1,
                previous?.isListItem == false, let title = open.title
            {
                draft = nil
                heading(level: mark == "=" ? 1 : 2, name: title, line: open.firstLine)
            } else {
                flush()
                block += 1
            }
        case .heading(let level, let text):
            flush()
            heading(level: level, name: text, line: line.number)
        case .tableDivider:
            if columns == nil { unrecognized(line) }
        case .tableRow(let cells):
            if next?.kind == .tableDivider {
                flush()
                columns = Self.tableColumns(cells)
                if let open = draft { draft = open }
                tableHeader(line)
                return 2
            }
            // "| Account | User | Password |" with no divider (an HTML table as text): a row
            // of labels only heads the rows under it.
            if columns == nil, Self.isHeaderRow(cells) {
                flush()
                columns = Self.tableColumns(cells)
                tableHeader(line)
                return 1
            }
            tableRow(cells, line: line)
        case .labelOnly(let label):
            if Self.namesSecurityQuestions(line.text) {
                startSecurityQuestions(line)
                return 1
            }
            if Self.namesCodeList(line.text) {
                // Under a record with its login ("- recovery codes:" in GitHub's list): its codes.
                if let open = draft, open.hasCredential {
                    draft!.touch(line.number)
                } else {
                    words(line, text: line.text, next: next)
                }
                codeList = line.text.trimmingSuffix(":")
                return 1
            }
            if let next, next.kind == .content, !next.isProse, !next.labelled, next.fields.count == 1 {
                let field = NotesLine.Field(label: label, tokens: next.fields[0].tokens, labelText: line.text)
                labelledFields([field], line: line, also: next.number)
                return 2
            }
            words(line, text: line.text, next: next)
        case .content:
            // "gmail: ana@x.com" over "  2015: Guitar123" / "  2021: Strat-21  <-- CURRENT": a
            // dated list of a login's passwords. The latest (or the one marked current) is the
            // password, the others are kept, concealed, as old ones.
            // (The open record's state first: the line is read only under a login.)
            if let open = draft, open.username != nil, open.title != nil, open.lastLine == line.number - 1,
                open.passwordLabel == nil, open.password == nil || datedPasswords == open.firstLine,
                let (value, rest) = Self.datedPassword(line)
            {
                if open.password != nil, datedPasswordIsCurrent {
                    draft!.customFields.append(.init(name: "old password", value: value, concealed: true))
                } else {
                    if let older = open.password {
                        draft!.customFields.append(.init(name: "old password", value: older, concealed: true))
                    } else {
                        draft!.placed += 1
                    }
                    draft!.password = value
                    datedPasswordIsCurrent = rest.contains { Self.currentMarks.contains(NotesLabel.fold($0)) }
                }
                datedPasswords = open.firstLine
                for word in rest { draft!.unrecognized.append(word) }
                draft!.touch(line.number)
                return 1
            }
            // (A record titled as a list of codes, "> [!warning] GitHub recovery codes", and
            // holding no login yet, takes the codes under it the same way.)
            // (Under a heading naming codes, "## Recovery codes" / "GitHub:", the same.)
            if let name = codeList
                ?? headings.last.flatMap({
                    Self.namesCodeList($0.name) && draft?.hasCredential == false ? $0.name : nil
                })
                ?? draft.flatMap({ open in
                    open.titleLine && !open.hasCredential
                        ? open.title.flatMap { Self.namesCodeList($0) ? $0 : nil } : nil
                }), draft != nil, Self.isCodeLine(line)
            {
                draft!.touch(line.number)
                draft!.customFields.append(.init(name: name, value: line.text, concealed: true))
                return 1
            }
            // "Bank of America: rdelgado_77 / Boa4Rosa!77" over "  sitekey image = sailboat": a
            // line indented under a one-line record is more of that record — a field when words
            // with a colon or `=` open it, else its text, out of sight — never a record of its own.
            // (A record whose login came from its first line: not "Chase" over indented
            // "user: x" and "pw: y"; and a line with a label of a credential is read as such.)
            if let open = draft, open.hasCredential, !line.isProse, !line.isListItem,
                line.fields.allSatisfy({ field in
                    field.label.map { ![.username, .email, .password, .url, .totp].contains($0.field) } ?? true
                }),
                open.lastLine == line.number - 1, let record = recordIndent, record.line == open.firstLine,
                record.complete, Self.indent(line.raw) > record.indent,
                // ("  domain - godaddy - rosag / GoDaddy4Rosa": a login of its own is read as one.)
                !line.fields.contains(where: { field in
                    field.label == nil
                        && (field.shape == .email
                            || NotesToken.isPasswordLike(Self.quotesTrimmed(field.text)))
                })
            {
                draft!.touch(line.number)
                let fields = line.fields
                if line.labelled {
                    // ("  Q: first pet?  A: Chispa": each label names a field of the record.)
                    for field in fields {
                        if field.label != nil, !field.tokens.isEmpty {
                            draft!.customFields.append(.init(name: field.labelText, value: field.text, concealed: true))
                        } else if !field.tokens.isEmpty {
                            draft!.unrecognized.append(field.text)
                        }
                    }
                } else if fields.count >= 2, fields[0].label == nil, fields[0].shape == .word,
                    fields[0].tokens.count <= 4, fields[0].tokens.last?.marked == true
                {
                    draft!.customFields.append(
                        .init(
                            name: fields[0].text, value: fields.dropFirst().map(\.text).joined(separator: " "),
                            concealed: true))
                } else {
                    draft!.unrecognized.append(line.text)
                }
                return 1
            }
            // "gmail ana@x.org Pw1! ; outlook ana@y.org Pw2!": whole records run together.
            if let segments = Self.recordSegments(line) {
                for segment in segments { content(segment, next: nil) }
                flush()
                return 1
            }
            // "Security questions (same everywhere):" over "first pet - Biscuit": every line
            // under it is an answer, kept out of sight, never a title or a heading — until a
            // line that reads as a record of its own (a label, an address, a password-like
            // value: "Gmail ana@x.com Claddagh#Ring84"), which ends the list.
            // (A question written as a label, `mother's maiden name - x`, is one of them.)
            if let name = securityQuestions, draft != nil {
                if line.fields.contains(where: { $0.label.map { $0.field != .secret } ?? false })
                    || line.fields.contains(where: { field in
                        field.shape == .email || field.shape == .url
                            || NotesToken.isPasswordLike(Self.quotesTrimmed(field.text))
                    })
                {
                    securityQuestions = nil
                } else {
                    draft!.touch(line.number)
                    draft!.customFields.append(.init(name: name, value: line.text, concealed: true))
                    return 1
                }
            }
            if Self.namesSecurityQuestions(line.text), line.fields.allSatisfy({ $0.label == nil }),
                !line.fields.contains(where: { NotesToken.isPasswordLike(Self.quotesTrimmed($0.text)) }),
                line.text.hasSuffix(":") || next?.kind == .content
            {
                startSecurityQuestions(line)
                return 1
            }
            codeList = line.text.hasSuffix(":") && Self.namesCodeList(line.text) ? line.text.trimmingSuffix(":") : nil
            if codeList != nil, let open = draft, open.hasCredential,
                line.text.split(separator: " ").count <= 3
            {
                draft!.touch(line.number)
                return 1
            }
            // Each pasted command is a login of its own, unless a title above names it.
            // (Lines kept out of sight above it, `cd ~/app`, go with it.)
            if line.command != nil, let open = draft, !open.isTitleOnly,
                open.title != nil || open.hasCredential || !open.urls.isEmpty || !open.customFields.isEmpty
            {
                flush()
            }
            content(line, next: next)
            // (Concealed: words the program's reader does not take may be a secret too.)
            if let command = line.command {
                _ = current(line)
                draft!.customFields.append(.init(name: "command", value: command, concealed: true))
            }
            if let prefix = line.prefix,
                draft?.unrecognized.last != String(NotesLineClassifier.trimmedSpaces(line.raw[...]))
            {
                _ = current(line)
                draft!.unrecognized.append(String(NotesLineClassifier.trimmedSpaces(prefix[...])))
            }
        }
        return 1
    }

    // MARK: Records

    private mutating func flush() {
        guard var open = draft else { return }
        draft = nil
        guard open.hasContent else { return }
        // (Before a sign-in PIN is promoted to the password: a PIN in groups stays the PIN.)
        Self.groupedNumberIsTheLogin(&open)
        Self.promoteSignInPIN(&open)
        // "Email (AOL): harold@aol.com": a login label naming its provider in brackets titles
        // a record that has no title.
        if open.title == nil, open.usernameLabelled, let label = open.usernameLabel,
            let qualifier = open.unrecognized.first, Self.isPlainName(qualifier),
            let written = titleBeforeColon(of: open, containing: qualifier),
            written.hasPrefix(label), written.hasSuffix(")")
        {
            open.title = written
            open.unrecognized.removeFirst()
        }
        // "Canva ana@x.org same": the password of the record before, never the word.
        if let password = open.password,
            Self.pointerWords.contains(NotesLabel.fold(password))
                || ["ditto", "dito", "pareil"].contains(NotesLabel.fold(password))
        {
            open.unrecognized.append(password)
            open.password = drafts.last?.password
            // "Disney+  ditto": the whole login of the record before when it gives no login.
            if open.username == nil { open.username = drafts.last?.username }
        } else if let password = open.password, let source = Self.pointedService(password) {
            // "Uber  ana@x.com  pw: same as Amazon": the password of the record so titled above.
            open.unrecognized.append(password)
            open.password =
                drafts.suffix(Self.sharedLoginReach).last(where: { draft in
                    draft.password != nil && draft.title.map { Self.titleNames($0, source) } == true
                })?.password
        }
        // "Depop - laurenpikes - same as etsy", "VPN: skowalczyk — same as outlook": a login name
        // beside a pointer to another record's password is the username; the password is that one.
        if open.username == nil, open.passwordLabel == nil, let value = open.password,
            !NotesToken.isPasswordLike(value), !value.contains(" "), value.first?.isLowercase == true, value.count >= 4
        {
            if let source = open.unrecognized.lazy.compactMap(Self.pointedService).first,
                let original = drafts.suffix(Self.sharedLoginReach).last(where: { draft in
                    draft.password != nil && draft.title.map { Self.titleNames($0, source) } == true
                })
            {
                open.username = value
                open.password = original.password
            } else if Self.isHandle(value),
                open.unrecognized.contains(where: { text in
                    let words = text.split(separator: " ").prefix(2).map { NotesLabel.fold($0) }
                    return words.count == 2 && Self.pointerWords.contains(words[0])
                        && Self.comparisonWords.contains(words[1])
                })
            {
                // ("Depop - laurenpikes - same as everything else lol": pointing at no record named
                // above, the password is unknown — the login name is still no password.)
                open.username = value
                open.password = nil
            }
        }
        // "same email, pw Eir-01", "iFood — mesmo gmail — senha x": the login of a record above
        // (the last with an e-mail, when the phrase names a mail), never a title.
        // ("spotify mismo correo / Musica_Lu93": at the end of the title, the same.)
        if open.username == nil, open.password != nil, let title = open.title, title.utf8.contains(0x20),
            case let words = title.split(separator: " "), words.count >= 3,
            let cut = (1..<words.count - 1).first(where: { index in
                // (A pointer word first, by its bytes: most titles hold none.)
                (words[index].utf8.count > 8
                    || Self.packedPointerWords.contains(NotesLabel.packedLowercase(words[index].utf8)))
                    && Self.pointsToPreviousLogin(words[index...].joined(separator: " "))
            })
        {
            open.title = words[..<cut].joined(separator: " ")
            open.unrecognized.append(words[cut...].joined(separator: " "))
        }
        // ("FACEBOOK  (SAME EMAIL)": in brackets after the title, the same.)
        if open.username == nil, open.password != nil, let title = open.title, title.hasSuffix(")"),
            let bracket = title.lastIndex(of: "("), bracket > title.startIndex,
            case let inside = String(title[title.index(after: bracket)..<title.index(before: title.endIndex)]),
            Self.pointsToPreviousLogin(inside)
        {
            open.title = title[..<bracket].trimmedWhitespace
            open.unrecognized.append(inside)
        }
        // ("Home Depot  ana@x.com  (same as Costco)": a record with no password pointing at one.)
        if open.password == nil, open.hasCredential || open.title != nil,
            let source = open.unrecognized.lazy.compactMap({ text in
                Self.pointedService(
                    String(text.drop { $0 == "(" || $0 == " " }.reversed().drop { $0 == ")" || $0 == " " }.reversed()))
            }).first,
            let original = drafts.suffix(Self.sharedLoginReach).last(where: { draft in
                draft.password != nil && draft.title.map { Self.titleNames($0, source) } == true
            })
        {
            open.password = original.password
            if open.username == nil { open.username = original.username }
        }
        if open.username == nil, open.password != nil,
            let pointer = ([open.title].compactMap { $0 } + open.unrecognized).first(where: Self.pointsToPreviousLogin)
        {
            if let login = previousLogin(for: pointer) {
                open.username = login
                if open.title == pointer {
                    open.title = nil
                    open.unrecognized.append(pointer)
                }
            }
        }
        // "## Pi-hole" over "web UI http://pihole.lan/admin — password: x": words naming which
        // page of the service the address is, not the service; the heading names it.
        if let title = open.title, !open.urls.isEmpty, open.hasCredential, let last = headings.last, !last.used,
            !Self.isGenericHeading(last.name), Self.isInterfaceName(title)
        {
            open.title = nil
            open.unrecognized.append(title)
        }
        // "### Facebook" then "mail: …", "WW: …": the innermost heading names the record.
        if open.title == nil, open.hasCredential, let last = headings.last, !last.used,
            !Self.isGenericHeading(last.name)
        {
            open.title = last.name
            // "## GitHub (ellis-dev)", "## AWS (root, ana@x.org)": the login in brackets after
            // the service's name, when the record has none.
            if open.username == nil, last.name.hasSuffix(")"), let openBracket = last.name.lastIndex(of: "("),
                openBracket > last.name.startIndex
            {
                let inside = last.name[
                    last.name.index(after: openBracket)..<last.name.index(before: last.name.endIndex)]
                let parts = inside.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
                if let login = parts.first(where: NotesToken.isEmail)
                    ?? (parts.count == 1 && (Self.isBracketedHandle(parts[0]) || Self.isHandle(parts[0]))
                        && !NotesToken.isPasswordLike(parts[0]) && parts[0].contains(where: { !$0.isLetter })
                        ? parts[0] : nil)
                {
                    open.username = login
                    open.title = String(last.name[..<openBracket]).trimmedWhitespace
                }
            }
            headings.removeLast()  // it named this record; the records after it are not under it
            titlingHeading = last.name
            open.folder = headings.map(\.name)
        } else {
            open.folder = headings.map(\.name)
            open.sectionService = titlingHeading
        }
        for i in headings.indices where !open.folder.isEmpty { headings[i].used = true }

        Self.passwordOutOfTitle(&open)  // after a heading may have named it
        // "ssh deploy@10.0.4.21 … pw: x": the account a remote login names is the login.
        if open.username == nil,
            let account = open.urls.lazy.compactMap({ Self.remoteAccount(in: $0) }).first
        {
            open.username = account
        }
        if open.tellsChange, Self.mergedIntoEarlier(open, &drafts) { return }
        drafts.append(open)
        epochs.append(epoch)
    }

    /// "Chase: new pw Valentine#21 (user kwilson)" … "Chase: changed from Valentine#21 to
    /// Spring!Break22": a line telling a change of a service's password, read as a record,
    /// is the new password of the record before with that service (and a compatible
    /// login). Its older password is kept beside it, out of sight; nothing is dropped.
    static func mergedIntoEarlier(_ change: NotesDraft, _ drafts: inout [NotesDraft]) -> Bool {
        // (Within the records just before, as for "same as": a file of changes stays linear.)
        let candidates = drafts.indices.suffix(sharedLoginReach)
        let stated = Set(change.customFields.filter { $0.name == "old password" }.map(\.value))
        guard let password = change.password, let title = change.title,
            // (The record whose password the change names as the old one, when one does.)
            let earlier = candidates.last(where: { index in
                Self.sameService(drafts[index], title: title, username: change.username)
                    && drafts[index].password.map(stated.contains) == true
            })
                ?? candidates.last(where: { index in
                    Self.sameService(drafts[index], title: title, username: change.username, loosely: false)
                })
                ?? candidates.last(where: { index in
                    Self.sameService(drafts[index], title: title, username: change.username)
                })
        else { return false }
        var record = drafts[earlier]
        var older = change.customFields
        if let old = record.password, old != password,
            !older.contains(where: { $0.concealed && $0.value == old })
                && !record.customFields.contains(where: { $0.value == old })
        {
            older.insert(.init(name: "old password", value: old, concealed: true), at: 0)
        }
        record.customFields += older
        record.password = password
        if record.username == nil { record.username = change.username }
        record.urls += change.urls.filter { !record.urls.contains($0) }
        record.notes += change.notes
        record.unrecognized += change.unrecognized
        record.lastLine = max(record.lastLine, change.lastLine)
        drafts[earlier] = record
        return true
    }

    /// A password never stays in a title (which `list` shows): "Sky (Sky-Q-Box-Living)" gives
    /// the record its password, and a title holding the record's own password loses it.
    static func passwordOutOfTitle(_ draft: inout NotesDraft) {
        guard var title = draft.title else { return }
        if title.hasSuffix(")"), let open = title.lastIndex(of: "("), open > title.startIndex {
            let inside = String(title[title.index(after: open)..<title.index(before: title.endIndex)])
            if !inside.contains(" "), NotesToken.isPasswordLike(inside) || isPassphrase(inside),
                !NotesToken.isEmail(inside)
            {
                if draft.password == nil { draft.password = inside } else { draft.unrecognized.append(inside) }
                title = String(title[..<open]).trimmedWhitespace
            }
        }
        if let password = draft.password, NotesToken.isPasswordLike(password), title != password,
            title.contains(password)
        {
            title = title.replacingOccurrences(of: password, with: "").trimmedWhitespace
        }
        draft.title = title.isEmpty ? nil : title
    }

    /// `text` without quotation marks at its ends (`"sunny` → `sunny`).
    static func quotesTrimmed(_ text: String) -> String {
        let quotes: Set<Character> = ["\"", "'", "“", "”", "„", "«", "»", "‘", "’"]
        return String(text.drop { quotes.contains($0) }.reversed().drop { quotes.contains($0) }.reversed())
    }

    /// Whether a record titled `title` is the service `source` names ("same as amazon"): the
    /// title starts with it, or it is one of the names a slash, `&` or `+` joins
    /// (`kindle/amazon`).
    static func titleNames(_ title: String, _ source: String) -> Bool {
        // (No-break spaces pasted into a title are spaces: "Staff\u{A0}email" is `staff email`.)
        let title = NotesLabel.fold(title.plainSpaced)
        let source = NotesLabel.fold(source)
        return title.hasPrefix(source)
            || title.split(whereSeparator: { "/&+".contains($0) }).contains {
                $0.trimmingPrefix(" ").hasPrefix(source)
            }
    }

    /// "Wikipedia" / "BernardA" / "encyclopaedia", a block of its own (blank lines around it):
    /// a name, a login and a password, one a line and nothing else. The login must look like
    /// one — an e-mail, a number, or a name with a digit, `._@` or a capital inside — so a
    /// list ("Groceries" / "milk" / "eggs") stays text.
    static func unlabelledTriple(at index: Int, in lines: NotesLineStream) -> (
        title: String, login: String, password: String
    )? {
        guard index + 2 < lines.count else { return nil }
        let (name, login, password) = (lines[index], lines[index + 1], lines[index + 2])
        func single(_ line: NotesLine) -> NotesToken? {
            guard line.kind == .content, !line.isListItem, !line.isProse, line.fields.count == 1,
                line.fields[0].label == nil, line.fields[0].tokens.count == 1, !line.fields[0].parenthesised
            else { return nil }
            return line.fields[0].tokens[0]
        }
        func boundary(_ line: NotesLine?) -> Bool {
            guard let line else { return true }
            switch line.kind {
            case .blank, .heading, .rule: return true
            default: return false
            }
        }
        guard boundary(index > 0 ? lines[index - 1] : nil), boundary(index + 3 < lines.count ? lines[index + 3] : nil),
            name.isWordsOnly, !name.isListItem, name.text.count <= 40, !name.text.hasSuffix(":"),
            let user = single(login), let secret = single(password), user.text != secret.text,
            user.shape != .url, secret.shape != .url, secret.shape != .email, !secret.marked, !user.marked,
            user.shape == .email || (user.shape == .number && user.text.count >= 6)
                || user.text.contains(where: { $0.isNumber || "._@".contains($0) })
                || user.text.dropFirst().contains(where: \.isUppercase),
            // A password of plain letters only under a login that is plainly one (an e-mail,
            // `_`, `@` or a capital inside): "Plumber" / "07700900123" / "Thursdays" is no login.
            secret.text.contains(where: { !$0.isLetter })
                || user.shape == .email || user.text.contains(where: { "_@".contains($0) })
                || (user.text.dropFirst().contains(where: \.isUppercase) && !user.text.contains(where: \.isNumber)),
            user.shape != .number || secret.text.contains(where: { !$0.isLetter }),
            NotesLabel.lookup(secret.folded) == nil, NotesLabel.lookup(user.folded) == nil,
            secret.text.count >= 4,
            // ("Backup codes Google" / "4829-1038" / "7711-2290": codes, not a login.)
            !namesCodeList(name.text), !(isCodeLine(login) && isCodeLine(password))
        else { return nil }
        return (name.text, user.text, secret.text)
    }

    /// `deploy` in `ssh://deploy@10.0.4.21`: the account of a remote-login address (no
    /// password in it; an address with one is read by ``URLCredentials``).
    static func remoteAccount(in url: String) -> String? {
        let lower = url.lowercased()
        guard
            let scheme = ["ssh://", "sftp://", "scp://", "ftp://", "ftps://", "rdp://", "telnet://", "mosh://"]
                .first(where: { lower.hasPrefix($0) })
        else { return nil }
        let rest = url.dropFirst(scheme.count)
        guard let at = rest.firstIndex(of: "@") else { return nil }
        let account = rest[..<at]
        guard !account.isEmpty, !account.contains(":"), !account.contains("/"),
            account.allSatisfy({ $0.isLetter || $0.isNumber || "._-\\".contains($0) })
        else { return nil }
        return String(account)
    }

    /// `royal mail redirection`, `the bingo site`: a few plain words, any case — a name when
    /// the line's password stands before it.
    static func isPlainName(_ field: NotesLine.Field) -> Bool {
        field.label == nil && field.shape == .word && !field.parenthesised && (1...4).contains(field.tokens.count)
            && field.tokens.allSatisfy { $0.text.allSatisfy { $0.isLetter || $0 == "'" || $0 == "-" } }
    }

    /// "Your", "My", "Votre", "Ihr"…: a possessive before a label in a pasted message.
    static let possessiveWords: Set<String> = [
        "your", "my", "our", "the", "votre", "ton", "ta", "mon", "ma", "ihr", "ihre", "dein", "deine", "mein",
        "meine", "su", "tu", "mi", "il tuo", "tuo", "tua", "il", "la", "seu", "sua", "o", "a", "uw", "je", "jouw",
        "mijn", "de", "het",
    ]

    /// "Welcome to PureGym!", "Subject: Your Bupa Dental account", "Your new MCR Housing
    /// network account": the service a pasted welcome message names, or nil.
    static func welcomedService(_ text: String) -> String? {
        var words = text.split(separator: " ").map(String.init)
        guard words.count >= 2, words.count <= 10 else { return nil }
        let lower = words.map { NotesLabel.fold($0) }
        var start = 0
        if lower[0] == "subject:" || lower[0] == "betreff:" || lower[0] == "objet:" || lower[0] == "asunto:"
            || lower[0] == "oggetto:" || lower[0] == "assunto:" || lower[0] == "onderwerp:"
        {
            start = 1
        }
        if start + 1 < words.count,
            ["welcome", "bienvenue", "willkommen", "bienvenido", "benvenuto", "bem-vindo", "welkom"]
                .contains(NotesLabel.trimmingPunctuation(lower[start]))
        {
            start += 1
            if start < words.count, ["to", "a", "à", "bei", "chez", "bij", "in", "no", "na"].contains(lower[start]) {
                start += 1
            }
        } else if start == 0 {
            return nil
        }
        // "Your (new) X (account|login)": the name between.
        while start < words.count,
            possessiveWords.contains(lower[start]) || ["new", "neues", "nouveau"].contains(lower[start])
        {
            start += 1
        }
        var end = words.count
        while end > start,
            genericServiceWords.contains(NotesLabel.trimmingPunctuation(lower[end - 1]))
                || ["network", "details", "information", "credentials"].contains(lower[end - 1])
        {
            end -= 1
        }
        guard start < end else { return nil }
        words = Array(words[start..<end])
        let joined = words.joined(separator: " ")
        let name = String(
            joined.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed())
        return name.isEmpty || name.count > 40 ? nil : name
    }

    /// "Printer: admin, no password", "Steam: gaben  kein Passwort": the line says there is no
    /// password — none of its values is one.
    static func deniesPassword(_ line: NotesLine) -> Bool {
        // Most lines deny nothing: in ASCII, a negation must be one of their words.
        let separators: Set<UInt8> = [0x20, 0x2C, 0x2D, 0x28, 0x29]
        if line.text.utf8.allSatisfy({ $0 < 0x80 }),
            !line.text.utf8.split(whereSeparator: separators.contains).contains(where: { word in
                word.count <= 8 && packedNegations.contains(NotesLabel.packedLowercase(word))
            })
        {
            return false
        }
        let words = line.text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" || $0 == "(" || $0 == ")" })
            .map { NotesLabel.fold($0) }
        return words.indices.dropLast().contains { index in
            NotesLineClassifier.negations.contains(words[index])
                && NotesLabel.lookup(words[index + 1])?.field == .password
        }
    }

    /// ``NotesLineClassifier/negations`` packed by ``NotesLabel/packedLowercase(_:)``.
    static let packedNegations = NotesLabel.packed(NotesLineClassifier.negations)

    /// A value read as the password of a line that says there is none: the login when it
    /// looks like one and there is none, else concealed text.
    static func refusePassword(_ draft: inout NotesDraft) {
        guard let value = draft.password else { return }
        draft.password = nil
        if draft.username == nil, isHandle(value), !NotesToken.isPasswordLike(value) {
            draft.username = value
        } else {
            draft.unrecognized.append(value)
        }
    }

    /// Whether the line after line `number` (1-based, as lines count) ends a block: a blank
    /// line, a heading or a rule, or the end.
    static func endsBlock(at number: Int, in lines: NotesLineStream) -> Bool {
        // (Line `number` is at index `number - 1`: the one after it at `number`.)
        guard number < lines.count else { return true }
        assert(lines[number].number == number + 1, "lines are numbered from 1 in order")
        switch lines[number].kind {
        case .blank, .heading, .rule: return true
        default: return false
        }
    }

    /// `Sky-Q-Box-Living`, `Correct-Horse-Battery-Staple`: four capitalised words or more
    /// joined by dashes, a passphrase (`Costa-Del-Sol`, `Mon-Tue-Wed` are names).
    static func isPassphrase(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count >= 4 && text.count >= 12 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isLetter) }
            && parts.allSatisfy { $0.first?.isUppercase == true }
    }

    /// Whether `draft` is the record of the service `title` with a compatible login (for a
    /// change of its password told later).
    /// `loosely`: also a one-word name among an earlier title's words ("new hotmail acct" above
    /// "hotmail - new pw: x"), or that title without its bracket.
    static func sameService(_ draft: NotesDraft, title: String, username: String?, loosely: Bool = true) -> Bool {
        let title = NotesLabel.fold(title)
        func names(_ earlier: String) -> Bool {
            let earlier = NotesLabel.fold(earlier)
            guard loosely else { return earlier == title }
            // ("work laptop (windows login)" above "work laptop forced change -> x".)
            let unbracketed = earlier.split(separator: "(", maxSplits: 1).first.map {
                $0.trimmedWhitespace
            }
            return earlier == title || (unbracketed.map { $0.count >= 4 && $0 == title } ?? false)
                || (title.count >= 4 && title.allSatisfy(\.isLetter)
                    && earlier.split(whereSeparator: { !$0.isLetter }).contains { $0 == title })
        }
        return draft.password != nil && draft.title.map(names) == true
            && (username == nil || draft.username == nil
                || NotesLabel.fold(draft.username!) == NotesLabel.fold(username!))
    }

    /// Words naming an account by its role (`local admin:`, `service account:`).
    static let accountRoleWords: Set<String> = [
        "admin", "administrator", "administrateur", "administrador", "amministratore", "beheerder", "root",
        "superuser", "sa", "owner", "service", "svc",
    ]

    /// `username`, `login`, `sign in`, `e-mail`: a label naming the login itself, not an id
    /// shown to others (`gamertag`, `online id`, `riot id`).
    static func isLoginLabel(_ name: String) -> Bool {
        let folded = NotesLabel.fold(name).trimmingSuffix(":")
        return [
            "username", "user name", "user", "login", "sign in", "sign-in", "log in", "email", "e-mail", "login email",
            "benutzername", "benutzer", "identifiant", "usuario", "utente", "gebruikersnaam", "usuario/a", "login id",
        ].contains(folded)
    }

    /// `passcode`, `access code`: a password label a bank uses beside a password proper.
    /// A capitalised name of letters only (`Amazon`, `Libero`): no password's shape.
    static func isPlainName(_ text: String) -> Bool {
        text.count >= 2 && text.count <= 24 && text.first?.isUppercase == true && text.allSatisfy(\.isLetter)
    }

    /// The open record's first line up to its first colon, when that names `word` and is short
    /// (`Kindle / Amazon`, `POSTA (Libero)`): the title as written.
    /// With `orWholeLine`, a first line without a colon is the title whole (`6. Kindle / Amazon`).
    private func titleBeforeColon(containing word: String, orWholeLine: Bool = false) -> String? {
        draft.flatMap { titleBeforeColon(of: $0, containing: word, orWholeLine: orWholeLine) }
    }

    private func titleBeforeColon(of open: NotesDraft, containing word: String, orWholeLine: Bool = false) -> String? {
        // (As written: the line's text has its remarks moved, `Email: x (AOL)`.)
        let index = open.firstLine - 1  // (line `n` is at index `n - 1`)
        guard lines.count > index, index >= 0, lines[index].number == open.firstLine else { return nil }
        let raw = NotesMarkdown.stripListMarker(NotesLineClassifier.trimmedSpaces(lines[index].raw[...])).0
        guard let colon = raw.firstIndex(of: ":") ?? (orWholeLine ? raw.endIndex : nil) else { return nil }
        let title = raw[..<colon].trimmedWhitespace
        return title.contains(word) && title.count <= 40 ? title : nil
    }

    static func isPasscodeLabel(_ name: String) -> Bool {
        let words = NotesLabel.fold(name).split(separator: " ")
        return words.contains { $0 == "passcode" || $0 == "code" || $0 == "codice" || $0 == "codigo" }
    }

    /// `kindle/amazon`, `AT&T`, `Hulu+Disney`: names joined by a slash, `&` or `+`, no digit.
    static func isJoinedServiceName(first field: NotesLine.Field?) -> Bool {
        field.map { $0.tokens.count == 1 && isJoinedServiceName($0.text) } ?? false
    }

    static func isJoinedServiceName(_ text: String) -> Bool {
        // (`&` joins short names, `AT&T`, `M&S`, `H&M`: `Knit&Natter` is a password.)
        text.count <= 40 && text.first?.isLetter == true && text.last?.isLetter == true
            && text.contains(where: { "/&+".contains($0) })
            && text.allSatisfy { $0.isLetter || "/&+.-".contains($0) }
            && text.count(where: { "/&+".contains($0) }) <= 2
            && (!text.contains("&") || text.count <= 5 || text.allSatisfy { !$0.isLowercase })
    }

    /// Columns of white space before a line's text (a tab counts four).
    static func indent(_ raw: String) -> Int {
        var columns = 0
        for byte in raw.utf8 {
            if byte == 0x20 { columns += 1 } else if byte == 0x09 { columns += 4 } else { break }
        }
        return columns
    }

    /// "Commerzbank / Teilnehmernummer: 123 / PIN: 48213", "Crédit Agricole identifiant 0123
    /// code perso 741852": an account with a login and no password signs in with its one PIN
    /// or personal code — that is its password. (Beside a password, a PIN stays a secret.)
    static func promoteSignInPIN(_ draft: inout NotesDraft) {
        guard draft.username != nil, draft.password == nil else { return }
        let pins = draft.customFields.indices.filter { index in
            let field = draft.customFields[index]
            let words = NotesLabel.fold(field.name).split(whereSeparator: { !$0.isLetter })
            let digits = field.value.filter { !$0.isWhitespace }
            return
                // ("identifiant 1045723980  code 318274": a bank's login and its code alone.)
                (words.first == "pin" || words.last == "pin" || words.contains("geheimzahl")
                || (words.count == 1 && ["code", "codice", "codigo"].contains(words[0]))
                || (words.first == "code" && words.count <= 3
                    && words.contains(where: {
                        ["perso", "personnel", "personal", "secret", "acces", "acceso", "accesso"].contains($0)
                    })))
                // ("PIN: Wien2021#Fo": a PIN with letters and symbols is a password by its shape.)
                && (((4...8).contains(digits.count) && digits.allSatisfy(\.isNumber))
                    || (words.count == 1 && NotesToken.isPasswordLike(field.value)
                        && field.value.contains(where: \.isLetter)))
                && !words.contains(where: {
                    ["card", "carte", "karte", "tarjeta", "carta", "cartao", "sim", "phone", "handy", "telefone"]
                        .contains($0)
                })
        }
        if pins.count == 1 {
            draft.password = draft.customFields.remove(at: pins[0]).value
            return
        }
        // "identifiant 1045723980   code 318274": the word "code" or "PIN" and its digits,
        // read as text on the line.
        guard pins.isEmpty else { return }
        let words = draft.unrecognized
        if let index = words.indices.dropLast().first(where: { index in
            ["code", "pin", "code pin", "codigo", "codice", "geheimzahl"].contains(NotesLabel.fold(words[index]))
                && (4...8).contains(words[index + 1].count) && words[index + 1].allSatisfy(\.isNumber)
        }), words.indices.filter({ words[$0].allSatisfy(\.isNumber) && words[$0].count >= 4 }).count == 1 {
            draft.password = words[index + 1]
            draft.unrecognized.removeSubrange(index...(index + 1))
            draft.unrecognized.append(words[index])
        }
    }

    /// A heading of security questions, whose lines become concealed fields: of the record
    /// just above it (its login read, no blank line between: the bank's own questions), or of
    /// a record it titles.
    private mutating func startSecurityQuestions(_ line: NotesLine) {
        let name = String(line.text.trimmingSuffix(":")).trimmedWhitespace
        securityQuestions = name
        if let open = draft, open.hasCredential, open.lastLine == line.number - 1, !line.isListItem {
            draft!.touch(line.number)
            return
        }
        start(line)
        draft!.title = name
        draft!.titleLine = true
    }

    private mutating func start(_ line: NotesLine) {
        flush()
        draft = NotesDraft(line: line.number, block: block)
    }

    /// A line's older passwords go with the record it was read into (or the one it ended).
    private mutating func keepSuperseded(_ line: NotesLine) {
        let fields = line.superseded.map { VaultItem.CustomField(name: "old password", value: $0, concealed: true) }
        if draft != nil {
            draft!.touch(line.number)
            if draft!.firstLine == line.number { draft!.tellsChange = true }
            draft!.customFields += fields
            draft!.unrecognized += line.supersededRemarks
        } else if let last = drafts.indices.last, drafts[last].lastLine >= line.number {
            drafts[last].customFields += fields
            drafts[last].unrecognized += line.supersededRemarks
        } else {
            _ = current(line)
            draft!.customFields += fields
            draft!.unrecognized += line.supersededRemarks
        }
    }

    private mutating func current(_ line: NotesLine) -> NotesDraft {
        if draft == nil { draft = NotesDraft(line: line.number, block: block) }
        draft!.touch(line.number)
        return draft!
    }

    private mutating func unrecognized(_ line: NotesLine) {
        _ = current(line)
        draft!.unrecognized.append(String(NotesLineClassifier.trimmedSpaces(line.raw[...])))
    }

    private mutating func heading(level: Int, name: String, line: Int) {
        flush()
        for heading in headings where heading.level >= level && !heading.used {
            headingNote(heading.name, line: heading.line)
        }
        headings = headings.filter { $0.level < level } + [(level, name, line, false)]
        titlingHeading = nil
        epoch += 1
        block += 1
    }

    /// A change of password told forward with no name or login (`changed it to x`, `changed
    /// 14/08/2022 -> x`) on the line under a record with a password: that record's new
    /// password, the older one kept out of sight. False when the line says no such change.
    private mutating func changesPasswordAbove(_ line: NotesLine, tokens: [NotesToken]) -> Bool {
        guard let change = NotesSentence.changedTo(tokens), change.title == nil, change.username == nil,
            let target = draft ?? drafts.last, target.password != nil, target.lastLine >= line.number - 2
        else { return false }
        var record = target
        if let old = record.password, old != change.password {
            record.customFields.append(.init(name: "old password", value: old, concealed: true))
        }
        record.password = change.password
        record.unrecognized.append(line.text)
        record.touch(line.number)
        if draft != nil { draft = record } else { drafts[drafts.count - 1] = record }
        return true
    }

    /// A heading with nothing under it: kept as a note titled with it.
    private mutating func headingNote(_ name: String, line: Int) {
        var note = NotesDraft(line: line, block: block)
        note.title = name
        drafts.append(note)
        epochs.append(epoch)
    }

    // MARK: Content lines

    private mutating func content(_ line: NotesLine, next: NotesLine?) {
        // ("Tuesday, March 9, 2021" and "2:14 PM" under a page's title (OneNote): when it was
        // written, kept out of sight with the record above, never a login; what follows is
        // the page, records of its own.)
        if line.fields.count >= 2, line.fields.allSatisfy({ $0.label == nil }),
            NotesDateEntry.isWholeDate(line.text) || NotesDateEntry.isTime(line.text)
        {
            let text = String(NotesLineClassifier.trimmedSpaces(line.raw[...]))
            if draft == nil, let last = drafts.indices.last, drafts[last].lastLine == line.number - 1 {
                drafts[last].unrecognized.append(text)
                drafts[last].touch(line.number)
            } else {
                unrecognized(line)
                flush()
            }
            return
        }
        if personLogin(line) { return }
        // "[attachment: image/png]", "(keep in the drawer, ask Tom)": a line wholly in brackets
        // with a colon or a phrase in it is a remark, never a record.
        if let first = line.text.first, let last = line.text.last,
            (first == "[" && last == "]") || (first == "(" && last == ")"),
            line.text.utf8.contains(0x3A) || line.text.split(separator: " ").count > 3
        {
            // "(changed it to Octo-Dan-2024)" under a record: its new password.
            if changesPasswordAbove(line, tokens: NotesTokenizer.tokens(line.text.dropFirst().dropLast())) { return }
            return unrecognized(line)
        }
        // "  changed 14/08/2022 -> Halifax#Aug22" under a record: the same, told forward.
        // (Tokenized again only when a word of it says a change: most lines say none.)
        if !line.isListItem, line.fields.allSatisfy({ $0.label == nil }),
            line.fields.contains(where: { field in
                field.tokens.contains { token in
                    NotesSentence.changeVerbs.contains(NotesLabel.trimmingPunctuation(token.folded))
                }
            }),
            changesPasswordAbove(line, tokens: NotesTokenizer.tokens(line.text[...]))
        {
            return
        }
        // "linkedin = same as gmail", "Printful same as shopify", "audible -> same as amazon":
        // a service sharing another's login, named on a line before.
        // "Facebook" / "same email" / "FB4Margaret!": under a title, a line pointing at the
        // record before's login gives it.
        if let open = draft, open.title != nil, open.username == nil, line.fields.count == 1,
            line.fields[0].label == nil,
            Self.pointsToPreviousLogin(line.fields[0]), let previous = drafts.last?.username
        {
            draft!.touch(line.number)
            draft!.username = previous
            draft!.placed += 1
            draft!.unrecognized.append(line.text)
            return
        }
        if let (name, source, ownLogin, loginOnly) = Self.sharedLogin(line),
            let original = (source.isEmpty ? (draft ?? drafts.last).flatMap { $0.password == nil ? nil : $0 } : nil)
                ?? drafts.suffix(Self.sharedLoginReach).last(where: { draft in
                    !source.isEmpty && draft.password != nil
                        && draft.title.map { Self.titleNames($0, source) } == true
                })
                ?? (draft.flatMap { open in
                    !source.isEmpty && open.password != nil
                        && open.title.map { Self.titleNames($0, source) } == true
                        ? open : nil
                })
        {
            start(line)
            draft!.title = name
            draft!.username = ownLogin ?? original.username
            draft!.placed += 1
            draft!.unrecognized.append(line.text)
            // (Sharing the login only, the record stays open for its own password.)
            guard !loginOnly || next?.fields.first?.label?.field != .password else { return }
            draft!.password = original.password
            flush()
            return
        }
        // "Log in at https://…", "Sign in via https://…" under a record: where it signs in.
        if let open = draft, open.hasCredential, open.lastLine == line.number - 1, open.block == block,
            line.fields.count == 2, line.fields[0].label == nil, line.fields[0].shape == .word,
            line.fields[0].tokens.count <= 4, line.fields[1].shape == .url, line.fields[1].label == nil,
            let last = line.fields[0].tokens.last?.folded,
            ["at", "via", "on", "here", "unter", "auf", "sur", "en", "su", "em", "op", "to"].contains(last)
        {
            draft!.touch(line.number)
            draft!.urls.append(line.fields[1].text)
            draft!.unrecognized.append(line.fields[0].text)
            return
        }
        // "„Nicht weitergeben – nur für die Buchhaltung!“": a quoted sentence is a remark.
        if let first = line.text.first, "\"„“«‚'".contains(first), line.text.split(separator: " ").count >= 3,
            line.text.last.map({ "\"“”»'‘’".contains($0) }) == true
        {
            return unrecognized(line)
        }
        if line.isProse {
            let logins = NotesSentence.logins(line.text, tokens: line.tokens)
            // "Sparx Maths - 19colo / 1234ollie  <- changed this in Oct": a record, then a remark.
            // (The token's place is checked against the text: a range from another string would trap.)
            if logins.isEmpty, let cut = Self.remarkAfterRecord(line), let start = line.fields[cut].tokens[0].range,
                start.lowerBound > line.text.startIndex, start.lowerBound < line.text.endIndex,
                line.text.unicodeScalars.indices.contains(start.lowerBound)
            {
                var head = line
                head.isProse = false
                head.tokens = []
                head.fields = Array(line.fields[..<cut])
                head.text = line.text[..<start.lowerBound].trimmedWhitespace
                let remark = String(line.text[start.lowerBound...])
                let made = drafts.count
                content(head, next: next)
                if draft != nil {
                    draft!.unrecognized.append(remark)
                } else if drafts.count > made {
                    drafts[drafts.count - 1].unrecognized.append(remark)
                } else {
                    _ = current(line)
                    draft!.unrecognized.append(remark)
                }
                return
            }
            guard !logins.isEmpty else { return unrecognized(line) }
            for login in logins { sentence(login, line: line) }
            return
        }
        // "registration no: 48201937", "PPSN: 1234567TA", "TC Kimlik No: 10987654321" under a
        // title (or a heading just written) and over a labelled password: the identifier the
        // service signs in with — the record's username. (Only a number's name or an acronym:
        // "carte vitale : 2850775123456" stays a concealed field.)
        // ("NS&I number (for logging in) 40028815": a remark in brackets beside them.)
        // (The cheap tests first: most lines are no such line.)
        let identifies =
            (2...3).contains(line.fields.count) && next?.kind == .content
            && next?.fields.first?.label?.field == .password
            // ("Impôts (impots.gouv.fr)" above: a title and its address only.)
            && (draft.map({ open in
                open.title != nil && !open.hasCredential && open.customFields.isEmpty && open.notes.isEmpty
                    && open.unrecognized.isEmpty && open.lastLine == line.number - 1
            })
                ?? headings.last.map({ !$0.used && $0.line >= line.number - 2 }) ?? false)
        let identified = identifies ? line.fields.filter { !$0.parenthesised } : []
        if identified.count == 2, identified[0].label == nil, identified[0].tokens.count <= 4,
            identified[0].tokens.allSatisfy({ $0.shape != .email && $0.shape != .url }),
            identified[1].label == nil, Self.isIdentifier(identified[1].text),
            Self.isAccountNumberLabel(identified[0].text)
                || (identified[0].tokens.count == 1 && identified[0].tokens[0].marked
                    && (2...5).contains(identified[0].text.count)
                    && identified[0].text.allSatisfy({ $0.isUppercase })
                    // (National identity numbers are secrets, kept concealed: `SSN: 123-45-6789`.)
                    && !Self.identityNumberNames.contains(NotesLabel.fold(identified[0].text)))
        {
            if draft == nil { start(line) }
            draft!.username = identified[1].text
            draft!.usernameNumberLabel = identified[0].text
            draft!.placed += 1
            draft!.unrecognized += line.fields.filter { $0.parenthesised || $0.text == identified[0].text }.map(\.text)
            draft!.touch(line.number)
            return
        }
        // "customer no 4410087723" under a title: the account's number, its login.
        if let open = draft, open.isTitleOnly, open.lastLine == line.number - 1, line.fields.count == 2,
            line.fields[0].label == nil, line.fields[0].shape == .word, line.fields[0].tokens.count <= 3,
            Self.isAccountNumberLabel(line.fields[0].text), line.fields[1].shape == .number,
            line.fields[1].label == nil
        {
            draft!.username = line.fields[1].text
            draft!.placed += 1
            draft!.unrecognized.append(line.fields[0].text)
            draft!.touch(line.number)
            return
        }
        // "n° sécu : 2850775123456" under a title: words Coffer does not know as a label, and
        // a number — an identifier of the record, kept concealed; never its password.
        // ("Vertragskonto 2004 1187 33": without the colon, a capitalised word naming a number
        // in groups, the same.)
        if let open = draft, open.isTitleOnly, open.lastLine == line.number - 1, line.fields.count == 2,
            line.fields[0].label == nil, line.fields[0].shape == .word, line.fields[0].tokens.count <= 3,
            line.fields[0].tokens.last?.marked == true
                || (line.fields[0].text.first?.isUppercase == true && Self.isGroupedNumber(line.fields[1].text)),
            line.fields[1].shape == .number, line.fields[1].label == nil
        {
            draft!.customFields.append(.init(name: line.fields[0].text, value: line.fields[1].text, concealed: true))
            draft!.touch(line.number)
            return
        }
        // "Password varie", "Passwörter Familie", "PASSWORD LOG" opening a file: its name, not
        // `pw hunter`.
        if drafts.isEmpty, draft == nil, line.fields.count == 1, line.fields[0].label?.field == .password,
            !line.text.contains(where: { $0 == ":" || $0 == "=" }), line.fields[0].tokens.count == 1,
            line.fields[0].text.allSatisfy(\.isLetter),
            line.fields[0].text.first?.isLowercase == true
                || (line.text.allSatisfy({ !$0.isLowercase })
                    && Self.listNameWords.contains(NotesLabel.fold(line.fields[0].text)))
        {
            return words(line, text: line.text, next: next)
        }
        // "HASŁA — Tomek", "Acessos / palavras-passe — Rui" opening a file: the list's name and
        // its owner (a word for passwords or logins among plain names), never a record.
        if drafts.isEmpty, draft == nil, line.fields.count <= 4, !line.text.contains(":"), !line.text.contains("="),
            case let tokens = line.fields.flatMap(\.tokens), tokens.count >= 2,
            tokens.contains(where: {
                Self.namesPasswords($0.text) || Self.accountListWords.contains(NotesLabel.fold($0.text))
            }),
            !tokens.contains(where: { token in
                token.shape == .email || token.shape == .url || NotesToken.isPasswordLike(token.text)
            })
        {
            return words(line, text: line.text, next: next)
        }
        if line.labelled { return labelledFields(line.fields, line: line) }
        if line.isWordsOnly { return words(line, text: line.fields[0].text, next: next) }
        // "Check24" over "Benutzer: ana@x.de": a name with digits heading labelled lines is a
        // title, not a value.
        if line.isBareValue, case let token = line.fields[0].tokens[0], token.shape == .secret,
            token.text.first?.isLetter == true, !NotesToken.isPasswordLike(token.text), !token.marked,
            let next, next.kind == .content,
            next.fields.first?.label.map({ [.username, .email, .password].contains($0.field) }) == true,
            draft.map({ !$0.isTitleOnly && ($0.hasCredential || $0.block != block) }) ?? true
        {
            return words(line, text: line.text, next: next)
        }
        if line.isBareValue { return bareValue(line.fields[0].tokens[0], line: line, next: next) }
        let fields = line.fields
        if let open = draft, open.title != nil, !open.isTitleOnly, !line.isListItem {
            // "Trello" / "chloe76@ziggo.nl" / "Mari:4899MUS": one chunk under a bare username.
            if open.username != nil, open.password == nil, !open.oneLine, open.placed > 0,
                !line.text.contains(where: \.isWhitespace)
            {
                draft!.password = line.text
                draft!.placed += 1
                draft!.touch(line.number)
                return
            }
            // "work: costa@x.fr / Cherry1996" under a title: another account, named by a word.
            // ("old spam one: …", "Maria's: …": a few words, or a possessive, name it too.)
            let qualifier = fields.first?.tokens ?? []
            if open.hasCredential, !open.oneLine, open.titleLine, fields.count == 3, qualifier.count <= 3,
                qualifier.last?.marked == true, fields[0].shape == .word,
                fields[0].text.first?.isLowercase == true || fields[0].text.hasSuffix("'s"),
                fields[1].shape == .email, fields[2].shape != .url, fields[2].shape != .email
            {
                credentialPair(fields, line: line, skipFirst: true)
                return
            }
            // "Beveiligingsvraag: naam eerste huisdier? Toto": a label of its own in a record —
            // unless the line is a whole record of its own ("Chase: octo_chase / Ch@se!2024").
            // ("USAA: ana55 / Vet#1973 - member # 0091": the password need not end the line.)
            let ownRecord =
                fields.count >= 3 && fields.dropFirst(2).contains(where: { NotesToken.isPasswordLike($0.text) })
                && (fields[1].shape == .email || Self.isBracketedHandle(fields[1].text))
            if open.titleLine, !open.oneLine, !ownRecord, fields.count >= 2, fields[0].shape == .word,
                fields[0].tokens.count <= 3, fields[0].tokens.last?.marked == true,
                open.password != nil || fields[0].tokens.count > 1
            {
                draft!.customFields.append(
                    .init(
                        name: fields[0].text, value: fields.dropFirst().map(\.text).joined(separator: " "),
                        concealed: true))
                draft!.touch(line.number)
                return
            }
        }
        // "meter 0042 ok" under a labelled record: words with a value, no separator — its text.
        // "router admin at 192.168.1.1 (admin / admin)": a lowercase phrase running into values.
        let phrase =
            fields.count >= 2 && fields[0].tokens.count >= 2 && fields[0].text.first?.isLowercase == true
            && fields[1].tokens.first?.afterSeparator == false
        if let open = draft, open.labelled > 0, open.titleLine, !line.isListItem,
            phrase
                || (fields.dropFirst().allSatisfy({ !($0.tokens.first?.afterSeparator ?? false) })
                    && !fields.contains(where: { $0.shape == .email || $0.shape == .url }))
        {
            return unrecognized(line)
        }
        // Two runs of plain words ("Wi-Fi - home"): a title with a separator in it.
        // ("Xbox / Microsoft" over the lines of its record: two names, capitalised, one title.)
        let continues =
            next.map { next in
                next.kind == .content && (next.labelled || Self.indent(next.raw) > Self.indent(line.raw))
            } ?? false
        // ("EIRCOM / EIR" over "=====", "CGD - Caixadirecta" over "nº de contrato: 30017745"
        // and "código de acesso: 448192": a title over its underline or its record's labels.)
        func heads() -> Bool {
            next.map { next in
                if case .rule(let mark) = next.kind { return mark == "=" || mark == "-" }
                guard next.kind == .content, !line.isListItem else { return false }
                if let label = next.fields.first?.label {
                    return [.username, .email, .password].contains(label.field)
                }
                let identified = next.fields.filter { !$0.parenthesised }
                return identified.count == 2 && identified[0].tokens.last?.marked == true
                    && Self.isAccountNumberLabel(identified[0].text) && Self.isIdentifier(identified[1].text)
            } ?? false
        }
        // ("Spotify - ana.lopez" over "pw: Hunter22" is a name and its login: names only.)
        func capitalised() -> Bool {
            fields.allSatisfy { field in
                field.text.first?.isUppercase == true && field.text.allSatisfy { $0.isLetter || $0 == " " }
            }
        }
        if fields.count == 2, fields.allSatisfy({ $0.tokens.allSatisfy { !$0.isTyped } }),
            fields.contains(where: { $0.tokens.count > 1 }) || fields[1].parenthesised || (capitalised() && heads())
                || (continues && !line.isListItem
                    && fields.allSatisfy { field in
                        field.text.first?.isUppercase == true && field.text.allSatisfy { $0.isLetter || $0 == " " }
                    })
        {
            return words(line, text: line.text.trimmingSuffix(":"), next: next)
        }
        // Separators and nothing else between them (found by fuzzing): kept, never guessed.
        guard !fields.isEmpty else { return unrecognized(line) }
        // "milk, eggs, bread": lower-case words listed with commas, none of them a value — a
        // list, not a login.
        if fields.count >= 3, line.text.utf8.contains(0x2C),
            fields.allSatisfy({ field in
                field.label == nil && field.tokens.count == 1 && field.text.allSatisfy(\.isLetter)
                    && field.text.first?.isLowercase == true
            })
        {
            return unrecognized(line)
        }
        // "HBO Max, Peacock, Paramount+ -> ana@x.org / pw": services listed with commas before
        // one login share it — a record each.
        // (Names are looked for only in a line with a comma: most lines have none.)
        let comma = line.text.utf8.contains(0x2C)
        let names = fields.prefix { field in
            comma && !field.parenthesised && field.tokens.count <= 3 && field.text.first?.isUppercase == true
                && (field.shape == .word || field.shape == .secret) && !NotesToken.isPasswordLike(field.text)
                && !Self.isHandle(field.text)
        }
        if names.count >= 2, comma, fields.count >= names.count + 2,
            fields.dropFirst(names.count).contains(where: { NotesToken.isPasswordLike($0.text) }),
            draft?.isTitleOnly != true
        {
            values([names[0]] + fields.dropFirst(names.count), line: line, next: next)
            guard let shared = draft, shared.password != nil else { return }
            for name in names.dropFirst() {
                flush()
                draft = shared
                draft!.title = name.text
            }
            return
        }
        values(fields, line: line, next: next)
    }

    /// A sentence stating a login: its own record, the sentence kept with it, out of sight.
    private mutating func sentence(_ login: NotesSentence.Login, line: NotesLine) {
        // "Dropbox changed to Cl0ud-Og-23" after a Dropbox record: that record's new password;
        // the one it had is kept beside it, out of sight.
        if login.changed, let title = login.title {
            flush()
            if let earlier = drafts.indices.suffix(Self.sharedLoginReach).last(where: { index in
                Self.sameService(drafts[index], title: title, username: login.username)
            }) {
                if let old = drafts[earlier].password, old != login.password {
                    drafts[earlier].customFields.append(.init(name: "old password", value: old, concealed: true))
                }
                drafts[earlier].password = login.password
                if drafts[earlier].username == nil { drafts[earlier].username = login.username }
                drafts[earlier].unrecognized.append(String(NotesLineClassifier.trimmedSpaces(line.raw[...])))
                return
            }
        }
        if login.changed, !login.named { return unrecognized(line) }
        // "Email (the BT one): margaret@bt.com" over "password is Rosebud1948 - capital R": a
        // sentence giving only a password fills the record above that has none.
        if let open = draft, open.hasCredential, open.password == nil, open.lastLine == line.number - 1,
            login.username == nil || open.username == nil,
            login.title.map({ NotesLabel.fold($0) == NotesLabel.fold(open.title ?? "") }) ?? true
        {
            draft!.password = login.password
            if draft!.username == nil { draft!.username = login.username }
            draft!.labelled += 1
            draft!.touch(line.number)
            draft!.unrecognized.append(String(NotesLineClassifier.trimmedSpaces(line.raw[...])))
            return
        }
        // "amazon same email pw is x": the login of the record before.
        let pointer = line.tokens.indices.dropLast().contains { index in
            Self.pointerWords.contains(NotesLabel.fold(line.tokens[index].text))
                && ["email", "e-mail", "mail", "login", "user", "username", "courriel", "correo"].contains(
                    NotesLabel.fold(line.tokens[index + 1].text))
        }
        start(line)
        draft!.title = login.title.map { title in
            let words = title.split(separator: " ").filter { !Self.pointerWords.contains(NotesLabel.fold($0)) }
            return words.isEmpty ? title : words.joined(separator: " ")
        }
        draft!.username = login.username ?? (pointer ? drafts.last?.username : nil)
        draft!.password = login.password
        draft!.labelled += 1
        draft!.oneLine = true
        draft!.unrecognized.append(String(NotesLineClassifier.trimmedSpaces(line.raw[...])))
    }

    /// A line of plain words: a title, a username or password under a title, or free text.
    private mutating func words(_ line: NotesLine, text: String, next: NotesLine?) {
        let words = line.fields.reduce(0) { $0 + $1.tokens.count }
        if words > 8 || text.count > 80 { return unrecognized(line) }
        // "...", "***", "~~": punctuation alone titles nothing.
        if !text.contains(where: { $0.isLetter || $0.isNumber }) { return unrecognized(line) }
        let single = words == 1 && line.fields.count == 1
        // ("Welcome to PureGym!", "Subject: Your Bupa Dental account": the service welcomed.)
        let title = Self.welcomedService(text) ?? String(text.trimmingSuffix(":"))
        // "Filiale 551" on the last line of a labelled record's block: more of that record.
        if let open = draft, open.hasCredential, open.labelled > 0, !open.oneLine, open.lastLine == line.number - 1,
            !line.isListItem, !line.isCapitals, !title.isEmpty, !text.hasSuffix(":"),
            next.map({ $0.kind == .blank }) ?? true
        {
            return unrecognized(line)
        }
        // "### 500px" over "- olliebirch" and "- shutterbug": under a heading that names no
        // record yet, a login name and the value under it are one record's login and password.
        if single, headings.last.map({ !$0.used }) == true {
            let value = line.fields[0].tokens[0].text
            // ("### Shopping" / "- apples" / "- bananas" is a list: the login must look like one,
            // or the value under it like a password.)
            if draft == nil, Self.isHandle(value), let next, next.kind == .content, next.fields.count == 1,
                next.fields[0].label == nil, next.fields[0].tokens.count == 1,
                next.fields[0].tokens[0].shape != .email, !next.fields[0].parenthesised,
                // (Two values under the heading, not a list of three or more.)
                Self.endsBlock(at: line.number + 1, in: lines)
            {
                start(line)
                draft!.username = value
                draft!.placed += 1
                return
            }
            if let open = draft, open.title == nil, open.username != nil, open.password == nil,
                open.lastLine == line.number - 1, open.placed == 1
            {
                draft!.password = value
                draft!.placed += 1
                draft!.touch(line.number)
                return
            }
        }
        if let open = draft, open.title != nil, single, !line.isListItem {
            let value = line.fields[0].tokens[0].text
            // "Trello" / "oliver49@gmx.de" / "stone.orbit.dish": the password under a username.
            if open.username != nil, open.password == nil, open.placed > 0 || open.labelled > 0, !open.oneLine {
                draft!.password = value
                draft!.placed += 1
                draft!.touch(line.number)
                return
            }
            // "Gmail" / "analopez" / "hunter22": a handle over a password (a URL line may
            // come between: "Router" / "192.168.0.1" / "admin" / "Rtr#4455").
            if open.isTitleOnly
                || (open.username == nil && open.password == nil && !open.urls.isEmpty && !open.oneLine),
                Self.isHandle(value), let next, next.kind == .content, next.fields.count == 1,
                next.fields[0].label == nil, next.fields[0].tokens.count == 1, next.fields[0].tokens[0].shape != .url,
                // "Groceries" / "milk" / "eggs" is a list: the value under a handle looks like a password.
                next.fields[0].tokens[0].shape != .word || NotesToken.isPasswordLike(next.fields[0].tokens[0].text)
                    || next.fields[0].tokens[0].text.contains(where: { !$0.isLetter })
            {
                draft!.username = value
                draft!.placed += 1
                draft!.touch(line.number)
                return
            }
        }
        start(line)
        draft!.title = title
        // (The message's own words are kept, out of sight.)
        if title != String(text.trimmingSuffix(":")) { draft!.unrecognized.append(text) }
        draft!.titleLine = true
        draft!.capitals = line.isCapitals
    }

    /// One value alone on its line: an e-mail is a username, a URL a URL, a password-like
    /// string the password of a record that has a title or username and no password yet.
    private mutating func bareValue(_ token: NotesToken, line: NotesLine, next: NotesLine?) {
        // "- olliebirch" / "- mpb.Trade.In": under a login, a value shaped like a domain but
        // written with capitals inside and no scheme is its password (no one writes a host so).
        if token.shape == .url, let open = draft, open.username != nil, open.password == nil,
            open.lastLine == line.number - 1, !token.text.contains("/"), !token.text.lowercased().hasPrefix("www."),
            token.text.dropFirst().contains(where: \.isUppercase)
        {
            draft!.password = token.text
            draft!.placed += 1
            draft!.touch(line.number)
            return
        }
        switch token.shape {
        case .url:
            // "3. Medicare.gov" over "- username: BOkonkwo48": a site named alone after a
            // record with its password, over a labelled login, titles the next record (read as
            // the last record's address, it took the next record's login for its own).
            if let open = draft, open.password != nil, Self.isBareDomain(token.text), let next,
                Self.startsLabelledLogin(next)
            {
                start(line)
                draft!.title = token.text
                draft!.urls.append(token.text)
                draft!.titleLine = true
                return
            }
            _ = current(line)
            draft!.urls.append(token.text)
        case .email:
            if let open = draft, open.username == nil, open.hasContent {
                draft!.username = token.text
                draft!.placed += 1
                draft!.touch(line.number)
            } else {
                let title = draft?.bareCredentials == true ? draft?.title : nil
                start(line)
                draft!.title = title
                draft!.username = token.text
                draft!.placed += 1
            }
        case .secret, .number, .word:
            // "Twitter" / "@sarah_k" / "Tw33t!Sarah": a handle is the login, not the password.
            if token.text.first == "@", token.text.count > 2,
                token.text.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }),
                let open = draft, open.username == nil, open.password == nil, open.title != nil
            {
                draft!.username = token.text
                draft!.placed += 1
                draft!.touch(line.number)
                return
            }
            // "Bank" / "hcarter1958" / "Pension$58": two bare values on the lines under a title
            // are its login and its password — the first, read as the password, was the login.
            // ("Bank - 88120044" / "B4nk#2020": a number on the title's line, then the password.)
            if let open = draft, open.title != nil, open.username == nil, let first = open.password,
                open.labelled == 0, open.placed == 1, !open.bareCredentials, open.urls.isEmpty,
                open.lastLine == line.number - 1,
                token.shape == .secret
                    || (open.titleLine && token.shape == .word && token.text.contains(where: \.isNumber)),
                !Self.isBracketedHandle(token.text) || (open.titleLine && !NotesToken.isPasswordLike(first)),
                (Self.isBracketedHandle(first) && !open.oneLine)
                    || (first.count >= 4 && first.allSatisfy { $0.isASCII && $0.isNumber })
            {
                draft!.username = first
                draft!.password = token.text
                draft!.placed += 1
                draft!.touch(line.number)
                return
            }
            // "6. Kindle / Amazon" / "- barb@x.com" / "- BookClub-Barb22": a capitalised name
            // read as the password of the title's line was the title's other name, when a
            // password-like value comes under it.
            if let open = draft, let placed = open.password, open.passwordLabel == nil, open.labelled == 0,
                open.oneLine, Self.isPlainName(placed), token.shape == .secret, NotesToken.isPasswordLike(token.text),
                open.lastLine == line.number - 1, let written = titleBeforeColon(containing: placed, orWholeLine: true)
            {
                draft!.title = written
                draft!.password = token.text
                draft!.touch(line.number)
                return
            }
            guard let open = draft, open.password == nil, open.title != nil || open.username != nil else {
                return unrecognized(line)
            }
            // "Bank" / "52809213" / "Pa55word!": a number over a password is the username.
            // ("Pinterest" / "lindah55" / "recipes4me": so is any login name over another
            // value on the next line, unless only it looks like a password.)
            let nextValue = next.flatMap { $0.isBareValue ? $0.fields[0].tokens[0] : nil }
            let loginOverValue =
                open.username == nil && open.urls.isEmpty
                && nextValue.map { value in
                    value.shape != .email && value.shape != .url
                        && !NotesToken.isPasswordLike(token.text) && NotesToken.isPasswordLike(value.text)
                        && (Self.isHandle(token.text) || token.shape == .number)
                } == true
            if loginOverValue || (token.shape == .number && open.username == nil && nextValue?.shape == .secret) {
                draft!.username = token.text
            } else {
                draft!.password = token.text
            }
            draft!.placed += 1
            draft!.touch(line.number)
        }
    }

    /// `09:14`, `18:40:05`: hours and minutes (and seconds) of a clock.
    static func isTimeOfDay(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), (0...23).contains(hour)
        else { return false }
        return parts.dropFirst().allSatisfy { Int($0).map { (0...59).contains($0) } ?? false }
    }

    /// A line of three values (and remarks in brackets after them) whose first is shaped as a
    /// password (or a passphrase of capitalised words run together), the second as a login
    /// and the third as a site written in lower case or as a domain: a password written first.
    static func passwordFirstTriple(_ written: ArraySlice<NotesLine.Field>) -> (
        password: NotesLine.Field, login: NotesLine.Field, site: NotesLine.Field
    )? {
        // "xL9#vQ2!mT -> mbell@x.com on 1password.com", "pw for ana at site.com": words joining
        // the three say how they go together; without them, the same three.
        // Joining words at either end of a value, or alone between separators, go.
        var stripped = [NotesLine.Field]()
        for field in written {
            guard !field.parenthesised, field.label == nil else {
                stripped.append(field)
                continue
            }
            var tokens = field.tokens[...]
            while let first = tokens.first, Self.tripleJoinWords.contains(first.folded) { tokens.removeFirst() }
            while let last = tokens.last, Self.tripleJoinWords.contains(last.folded) { tokens.removeLast() }
            if tokens.count == field.tokens.count {
                stripped.append(field)
            } else if !tokens.isEmpty {
                stripped.append(NotesLine.Field(label: nil, tokens: Array(tokens)))
            }
        }
        let fields = stripped[...]
        guard fields.count >= 3, fields.dropFirst(3).allSatisfy(\.parenthesised) else { return nil }
        let (password, login, site) = (
            fields[fields.startIndex], fields[fields.startIndex + 1], fields[fields.startIndex + 2]
        )
        guard [password, login, site].allSatisfy({ $0.tokens.count == 1 && $0.label == nil && !$0.parenthesised })
        else { return nil }
        let camelPassphrase =
            password.text.count >= 12 && password.text.allSatisfy(\.isLetter)
            && password.text.count(where: \.isUppercase) >= 3
        // (Letters and digits alone, `hunter2hunter2`, when long: a login name is rarely so.)
        let lettersAndDigits = password.shape == .secret && password.text.count >= 10
        guard NotesToken.isPasswordLike(password.text) || camelPassphrase || lettersAndDigits,
            login.shape == .email || (isHandle(login.text) && !NotesToken.isPasswordLike(login.text)),
            (site.shape == .url && isBareDomain(site.text))
                || (site.shape == .word && site.text.count >= 3 && site.text.allSatisfy(\.isLowercase))
        else { return nil }
        return (password, login, site)
    }

    /// Words joining a password, its login and its site on one line (`pw for ana at site.com`).
    static let tripleJoinWords: Set<String> = [
        "for", "at", "on", "via", "pour", "sur", "bei", "para", "per", "voor", "op",
    ]

    /// `  2018: Guitar123!!`, `  2021: Strat-21  <-- CURRENT`: a year (or date) with its
    /// colon, one value after it, and only remarks after that; the value and the remarks'
    /// words. Indented: a year at the margin opens an entry of a journal.
    static func datedPassword(_ line: NotesLine) -> (String, [String])? {
        guard line.kind == .content, indent(line.raw) > 0, line.fields.allSatisfy({ $0.label == nil }) else {
            return nil
        }
        let tokens = line.fields.flatMap(\.tokens)
        guard tokens.count >= 2, tokens[0].marked,
            isDate(tokens[0].text) || (tokens[0].text.count == 4 && tokens[0].text.allSatisfy(\.isNumber)),
            tokens[1].shape == .secret || NotesToken.isPasswordLike(tokens[1].text)
        else { return nil }
        let rest = tokens.dropFirst(2).map(\.text)
        guard
            rest.allSatisfy({ word in
                word.allSatisfy { !$0.isLetter && !$0.isNumber } || currentMarks.contains(NotesLabel.fold(word))
            })
        else { return nil }
        return (tokens[1].text, rest)
    }

    /// Words marking the value in use: `<-- CURRENT`, `(now)`.
    static let currentMarks: Set<String> = ["current", "now", "latest", "actual", "aktuell", "actuel"]

    /// A host name alone (`Medicare.gov`, `ancestry.com`): no scheme, path, port or `www.`.
    static func isBareDomain(_ text: String) -> Bool {
        let lower = text.lowercased()
        return !lower.contains("/") && !lower.contains(":") && !lower.hasPrefix("www.")
            && lower.contains(".") && lower.allSatisfy { $0.isLetter || $0.isNumber || ".-".contains($0) }
    }

    /// A line that starts a login by a label: `username: x`, `- pw: y`, `login: ana@x.com`.
    static func startsLabelledLogin(_ line: NotesLine) -> Bool {
        guard line.kind == .content, let label = line.fields.first?.label else {
            if case .labelOnly(let label) = line.kind { return [.username, .email, .password].contains(label.field) }
            return false
        }
        return [.username, .email, .password].contains(label.field)
    }

    /// A line of bare values between separators: `user / password` under a title, or a
    /// one-line record `Title SEP user SEP password SEP url` in any order of URL and e-mail.
    private mutating func values(_ fields: [NotesLine.Field], line: NotesLine, next: NotesLine? = nil) {
        if slashPairAfterColon(fields, line: line) { return }
        let plain = fields.filter { $0.shape != .url && $0.shape != .email && !$0.parenthesised }
        let emails = fields.filter { $0.shape == .email }
        // A title in capitals alone ("PERSONAL") heads a line with its own name; a line that
        // starts with a login ("ana@x.com / pw") is still its account.
        // (A generic title alone, "Logins", heads "gmail ana@x.com pw" the same way.)
        let headingAbove =
            draft.map { ($0.capitals || $0.title.map(Self.isGenericHeading) == true) && $0.isTitleOnly } == true
            && fields[0].shape == .word && !fields[0].parenthesised && plain.count + emails.count >= 3
        let open =
            !headingAbove
            // ("libby -> library card 2198… -> pin 6612": a one-line record without a login is
            // whole; the line under it is not its login.)
            && (draft.map { $0.title != nil && ($0.hasCredential ? $0.bareCredentials : !$0.oneLine) } ?? false)
            // ("library card number 2123…" over "chegg - jess@x.org - pw": a record holding a field
            // and no login is whole before a line with its own name, login and password.)
            && !(draft.map { !$0.isTitleOnly && !$0.hasCredential } == true && fields.count >= 3
                && fields[0].shape == .word && !fields[0].parenthesised && fields[0].tokens.count <= 3
                && (fields[1].shape == .email || Self.isHandle(fields[1].text))
                && (NotesToken.isPasswordLike(fields[fields.count - 1].text)
                    || (fields.count == 3 && fields[1].shape == .email && fields[2].tokens.count == 1)))
        // "work - ana@x.com - pw" under a title: a lowercase word naming the account.
        // ("school stuff" over "canvas - ana@x.edu - pw" and more such lines: a heading over
        // a list of records, each line its own.)
        let listFollows =
            next.map { next in
                next.kind == .content && !next.labelled && next.fields.count >= 3 && !next.isProse
                    && next.fields[0].shape == .word
            } ?? false
        let qualifier =
            plain.count == 2 && emails.count == 1 && plain[0].tokens.count == 1
            && plain[0].tokens[0].text.first?.isLowercase == true && !plain[0].tokens[0].isTyped
            && (!listFollows || draft?.isTitleOnly != true || plain[0].tokens[0].marked)
        let firstIsTitle =
            fields[0].shape == .word && !fields[0].parenthesised && fields[0].tokens.count > 1
        // Under a title line of the same block (no blank line between), or when the first
        // value is plainly a username: the account of that title.
        let userFirst =
            fields[0].shape == .email
            || (fields[0].tokens.count == 1 && fields[0].shape != .url && Self.isHandle(fields[0].text))
        let sameBlock = draft?.block == block || userFirst
        // "Alarm: 9911" under a title: a name with a colon and one value is a record of its
        // own; a login name with a colon ("admin: R0uter!") is the account under the title.
        let namedValue =
            fields.count == 2 && fields[0].tokens.count == 1 && fields[0].tokens[0].marked
            && fields[0].shape == .word && !Self.isHandle(fields[0].text)
        // "Outlook work (d.okafor@x.com)" over "Summer2024$ (current)": the password of the
        // login the title line gave, a remark in brackets beside it.
        if let titled = draft, titled.title != nil, titled.username != nil, titled.password == nil,
            titled.lastLine == line.number - 1, titled.block == block, !line.isListItem, plain.count == 1,
            emails.isEmpty,
            fields.allSatisfy({ $0.shape != .url }), NotesToken.isPasswordLike(plain[0].text),
            fields.filter(\.parenthesised).allSatisfy({ $0.tokens.count > 1 || $0.shape == .word })
        {
            draft!.touch(line.number)
            draft!.password = plain[0].text
            draft!.placed += 1
            for field in fields where field.parenthesised { draft!.unrecognized.append(field.text) }
            return
        }
        // "## Proxmox" over "- URL: https://…" and "- root / pve-R00t!lab": under a heading that
        // names no record yet, a login and a password alone on a line are that record's (the
        // heading titles it when it is flushed), with the address above them if one came first.
        // (One such line: "## Streaming" over "hulu / pw1", "netflix / pw2" is a list.)
        if let heading = headings.last, !heading.used, !Self.isGenericHeading(heading.name), fields.count == 2,
            fields.allSatisfy({ !$0.parenthesised && $0.shape != .url }), fields[1].shape != .email,
            fields[0].shape == .email || (fields[0].tokens.count == 1 && Self.isHandle(fields[0].text)),
            fields[1].tokens.count == 1, NotesToken.isPasswordLike(fields[1].text) || fields[1].shape == .secret,
            next.map({ $0.kind != .content || $0.labelled || $0.fields.count != 2 }) ?? true,
            draft.map({ $0.title == nil && !$0.hasCredential && $0.block == block }) ?? true
        {
            if draft == nil { start(line) }
            credentialPair(fields, line: line, skipFirst: false)
            return
        }
        if open, sameBlock, !namedValue,
            !line.isListItem || draft?.isTitleOnly == true || draft?.bareCredentials == true,
            !firstIsTitle,
            plain.count + emails.count <= 2 || qualifier
        {
            credentialPair(fields, line: line, skipFirst: qualifier)
            return
        }
        start(line)
        draft!.oneLine = true
        defer { if Self.deniesPassword(line) { Self.refusePassword(&draft!) } }
        // "DC01 local admin: .\Administrator / Gr33nf!eld-DC", "Domain admin: ACME\it / x": words
        // naming an account's role with their colon, then its login and its password.
        if let marked = fields.firstIndex(where: { $0.tokens.last?.marked == true }), marked + 3 == fields.count,
            fields[..<marked].allSatisfy({ !$0.parenthesised && $0.tokens.count <= 2 }),
            (0...marked).dropFirst().allSatisfy({ fields[$0].tokens.first?.afterSeparator == false }),
            let role = fields[marked].tokens.last, fields[marked].shape == .word,
            Self.accountRoleWords.contains(role.folded),
            case let (login, password) = (fields[marked + 1], fields[marked + 2]),
            login.tokens.count == 1, password.tokens.count == 1, !login.parenthesised, !password.parenthesised,
            !NotesToken.isPasswordLike(login.text) || Self.isDomainLogin(login.text),
            NotesToken.isPasswordLike(password.text) || password.shape == .secret
        {
            draft!.title = fields[...marked].map(\.text).joined(separator: " ")
            draft!.username = login.text
            draft!.password = password.text
            draft!.usernameBesidePassword = true
            draft!.placed += 1
            return
        }
        var rest = fields[...]
        // "hulu same email Hulu4Kev": the name, then the pointer, in one run of words.
        if let first = rest.first, first.label == nil, first.tokens.count >= 3, let previous = drafts.last?.username,
            let cut = first.tokens.indices.dropFirst().first(where: {
                Self.pointerWords.contains(NotesLabel.fold(first.tokens[$0].text))
            }),
            case let pointer = NotesLine.Field(label: nil, tokens: Array(first.tokens[cut...])),
            Self.pointsToPreviousLogin(pointer)
        {
            draft!.unrecognized.append(pointer.text)
            rest[rest.startIndex] = NotesLine.Field(label: nil, tokens: Array(first.tokens[..<cut]))
            rest.insert(
                NotesLine.Field(label: nil, tokens: [NotesToken(previous, afterSeparator: true)]),
                at: rest.index(after: rest.startIndex))
        }
        // "disney+ olivia.b / vento89", "namecheap gjohnson / x": a service and a login name
        // joined by one space, then the password after the separator.
        if let first = rest.first, first.shape == .word, !first.parenthesised, first.tokens.count == 2,
            fields.count == 2, fields[1].shape != .url, fields[1].shape != .email, !fields[1].parenthesised,
            let user = first.tokens.last, Self.isBracketedHandle(user.text),
            !NotesToken.isPasswordLike(first.tokens[0].text)
        {
            draft!.title = first.tokens[0].text
            draft!.username = user.text
            draft!.password = fields[1].text
            draft!.placed += 1
            return
        }
        // "Tr0ub4dor&3   marcus.bell   reddit", "hunter2hunter2 — marcusbell — runescape (lol)",
        // "CorrectHorseBatteryStaple  mbell@fastmail.com  fastmail.com": a password first,
        // then a login, then the site in lower case or as a domain — the site is the title
        // (the first word-shaped value had been, and the site the login).
        if let (password, login, site) = Self.passwordFirstTriple(rest) {
            draft!.title = site.text
            if site.shape == .url { draft!.urls.append(site.text) }
            draft!.username = login.text
            draft!.password = password.text
            draft!.placed += 1
            // What is left stays, out of sight: remarks in brackets, the words joining the three.
            var used = [password.text, login.text, site.text]
            for field in rest {
                if let index = used.firstIndex(of: field.text), !field.parenthesised {
                    used.remove(at: index)
                } else {
                    draft!.unrecognized.append(field.text)
                }
            }
            return
        }
        // "2011 facebook ana@x.org pw", "2015-03-02 Hulu ana pw": a date opening a line of
        // values dates it; it is a remark, not the title or the login.
        if rest.count >= 3, let first = rest.first, first.tokens.count == 1, Self.isDate(first.text) {
            draft!.unrecognized.append(first.text)
            rest.removeFirst()
        }
        // "#work Jira - ana - pw": a hashtag opening the name is a tag.
        if rest.count >= 3, let first = rest.first, first.tokens.count >= 2, first.shape == .word,
            let tag = first.tokens.first?.text, tag.hasPrefix("#"), tag.count > 1,
            tag.dropFirst().allSatisfy(\.isLetter)
        {
            draft!.tags.append(String(tag.dropFirst()))
            rest[rest.startIndex] = NotesLine.Field(label: nil, tokens: Array(first.tokens.dropFirst()))
        }
        // "[bank] Sparkasse - 8812 - pw", "#work | Jira | ana | pw": a tag before the name.
        if rest.count >= 3, let first = rest.first, first.tokens.count == 1, rest[1].shape == .word,
            !rest[1].parenthesised, rest[1].text.first?.isUppercase == true,
            (first.parenthesised && first.shape == .word && first.tokens[0].bracket > 0)
                || (first.text.hasPrefix("#") && first.text.count > 1 && first.text.dropFirst().allSatisfy(\.isLetter))
        {
            draft!.tags.append(first.text.hasPrefix("#") ? String(first.text.dropFirst()) : first.text)
            rest.removeFirst()
        }
        // ("kindle/amazon -> ana@x.com -> pw", "AT&T - …": names joined by a slash or `&`.)
        // (Only beside a password-like value: `Red/Blue - netflix - ana@x.com` is a password.
        // "Twitter/X — alexriv — still birdsong44": capitalised names joined so, before a
        // value of letters and digits at the end of a later field, are the title even when
        // they look like a password.)
        let joinedTitle =
            Self.isJoinedServiceName(first: rest.first)
            && rest.dropFirst().contains(where: { field in
                NotesToken.isPasswordLike(field.text)
                    || field.tokens.last?.shape == .secret
            })
        if let first = rest.first,
            first.shape == .word || joinedTitle || Self.isNumberedServiceName(rest),
            !first.parenthesised,
            !NotesToken.isPasswordLike(first.text)
                || (joinedTitle && first.text.split(separator: "/").allSatisfy { $0.first?.isUppercase == true })
        {
            draft!.title = first.text
            rest = rest.dropFirst()
            // "Dropbox (business)": a remark in parentheses right after the title.
            if let remark = rest.first, remark.parenthesised, remark.shape == .word, remark.tokens.count > 1 {
                draft!.title! += " (\(remark.text))"
                rest = rest.dropFirst()
            } else if let name = rest.first, name.parenthesised, name.tokens.count == 1,
                Self.isPlainName(name.text)
                    || (name.text.count >= 3 && name.text.allSatisfy(\.isLetter)
                        && !Self.remarkWords.contains(NotesLabel.fold(name.text))
                        && !Self.accountQualifierWords.contains(NotesLabel.fold(name.text))),
                Self.categoryWords.contains(NotesLabel.fold(first.text))
            {
                // "Bank (Ally)", "Email (Proton)", "email (outlook)": a name in brackets after a
                // kind of account is the service (not "email (work)", which account it is): the
                // title as written (it was a remark, out of sight).
                draft!.title = "\(first.text) (\(name.text))"
                rest = rest.dropFirst()
            }
        }
        // "Battle.net — zara / pw", "web.de  ana@web.de  pw": a bare domain opening a line of
        // values names the service (and is its URL).
        if draft!.title == nil, let first = rest.first, first.shape == .url, !first.parenthesised,
            !first.text.utf8.contains(0x2F), !first.text.utf8.contains(0x3A), rest.count >= 3
        {
            draft!.title = first.text
            // "paypal.com -> PayPal -> ana -> pw": the service's name right after its domain.
            let second = rest[rest.index(after: rest.startIndex)]
            if rest.count >= 4, second.shape == .word, !second.parenthesised, second.tokens.count <= 4,
                second.text.first?.isUppercase == true, !NotesToken.isPasswordLike(second.text),
                !(second.tokens.count == 1 && Self.isHandle(second.text) && second.text.first?.isLowercase == true)
            {
                draft!.title = second.text
                rest.remove(at: rest.index(after: rest.startIndex))
            }
        }
        // "Gm4il!Ana - gmail - ana@gmail.com", "B4nk#2020 - bank - 88120044": the password
        // first, then a name among the values — that name is the title.
        // ("Blackpool1966 - facebook (ana@aol.com)", "Tuesday!Bingo - the bingo site (pauline_a)":
        // a value with digits or symbols first, beside a login of its own, is the password too.)
        let loginBeside = rest.dropFirst().contains { field in
            field.shape == .email || (field.parenthesised && Self.isBracketedHandle(field.text))
        }
        if draft!.title == nil, let first = rest.first, first.shape != .url, first.shape != .email,
            !first.parenthesised,
            NotesToken.isPasswordLike(first.text) || (first.shape == .secret && loginBeside),
            !rest.dropFirst().contains(where: { field in
                !field.parenthesised && field.shape != .email && field.shape != .url
                    && NotesToken.isPasswordLike(field.text)
            }) || NotesToken.isPasswordLike(first.text),
            rest.count >= 3 || rest.contains(where: { $0.shape == .email }),
            let name = rest.dropFirst().firstIndex(where: { field in
                field.shape == .word && !field.parenthesised && field.tokens.count <= 3
                    && !NotesToken.isPasswordLike(field.text)
            })
        {
            draft!.title = rest[name].text
            rest.remove(at: name)
        }
        // "KEQU/TB71 -> AWS console -> ana": the title is the first run of plain words.
        if draft!.title == nil,
            let name = rest.firstIndex(where: { field in
                field.shape == .word && !field.parenthesised && !Self.isHandle(field.text)
                    && field.text.first?.isUppercase == true
            })
        {
            draft!.title = rest[name].text
            rest.remove(at: name)
        }
        // "hulu - same email - Hulu4Kev", "Facebook, même e-mail, x": the login written on the
        // record before.
        if let previous = drafts.last?.username,
            let pointer = rest.firstIndex(where: { Self.pointsToPreviousLogin($0) })
        {
            draft!.unrecognized.append(rest[pointer].text)
            rest[pointer] = NotesLine.Field(label: nil, tokens: [NotesToken(previous, afterSeparator: true)])
        }
        // "VPN: skowalczyk — same as outlook": the password of the record so titled above.
        var pointedAt = false
        if let pointer = rest.firstIndex(where: { Self.pointedService($0.text) != nil && !$0.parenthesised }),
            let source = Self.pointedService(rest[pointer].text),
            let original = drafts.suffix(Self.sharedLoginReach).last(where: { draft in
                draft.password != nil && draft.title.map { Self.titleNames($0, source) } == true
            })
        {
            draft!.unrecognized.append(rest[pointer].text)
            draft!.password = original.password
            rest.remove(at: pointer)
            pointedAt = true
        }
        var remaining = [NotesLine.Field]()
        // ("free trial, ends 6/30": the words run into a date are what happens then.)
        // ("… - member # 00918273", "Kundennr 4411": a number named by words for an account's
        // number is a field of the record, kept concealed — not its login or password here.)
        var namedNumbers = Set<Int>()
        for index in rest.indices.dropLast() where !namedNumbers.contains(index) {
            let words = rest[index]
            let number = rest[rest.index(after: index)]
            if words.shape == .word, !words.parenthesised, words.tokens.count <= 3,
                Self.isAccountNumberLabel(words.text),
                number.tokens.count == 1, number.shape == .number, number.tokens.first?.afterSeparator == false,
                draft!.title != nil,
                // (After a login and a password only: "Library | member 20445 | Read!More9" and
                // "Ameli#62sm → Ameli  n° sécu 2620…" sign in with it.)
                rest[..<index].contains(where: { NotesToken.isPasswordLike($0.text) }),
                rest[..<index].count(where: { $0.shape != .word || Self.isHandle($0.text) }) >= 2
            {
                draft!.customFields.append(.init(name: words.text, value: number.text, concealed: true))
                namedNumbers.formUnion([index, rest.index(after: index)])
            }
        }
        rest = ArraySlice(rest.indices.filter { !namedNumbers.contains($0) }.map { rest[$0] })
        let dated = Set(
            rest.indices.dropLast().filter { index in
                let next = rest[rest.index(after: index)]
                return next.tokens.count == 1 && Self.isDate(next.text) && next.tokens.first?.afterSeparator == false
                    && rest[index].shape == .word
            })
        for index in rest.indices where dated.contains(index) { draft!.unrecognized.append(rest[index].text) }
        var afterDate = false
        for (index, field) in zip(rest.indices, rest) where !dated.contains(index) {
            defer { afterDate = field.tokens.count == 1 && Self.isFullDate(field.text) }
            // "Hulu cancelled 2022-02-14": a full date is when something happened, never a
            // login or a password; so is the time of day after it ("Modified 2023-06-11 09:14").
            if field.tokens.count == 1,
                Self.isFullDate(field.text) || (Self.isDate(field.text) && field.text.count <= 5)
                    || (afterDate && Self.isTimeOfDay(field.text))
            {
                draft!.unrecognized.append(field.text)
            } else if field.tokens.count > 1, field.tokens.allSatisfy({ $0.shape == .word && !$0.marked }),
                field.text.allSatisfy({ $0.isLetter || $0 == " " || $0 == "'" }),
                field.text.first?.isLowercase == true
            {
                // "bank (Monzo) no pw, uses phone": lower-case words between separators are
                // a remark, never a login or a password (those have no label here).
                draft!.unrecognized.append(field.text)
            } else if field.shape == .url {
                draft!.urls.append(field.text)
            } else if draft!.username == nil, let login = Self.bracketedLogin(field) {
                draft!.username = login  // "Hulu (login ana@x.com) pw"
            } else if field.parenthesised, field.tokens.count > 1 {
                // "(2fa on phone)": a remark, never a username or password.
                draft!.unrecognized.append(field.text)
            } else if field.parenthesised, field.shape == .word, Self.remarkWords.contains(NotesLabel.fold(field.text))
            {
                // "Netflix (family)", "old root pw (disabled)": a remark on the name.
                if let title = draft!.title {
                    draft!.title = title + " (\(field.text))"
                } else {
                    draft!.unrecognized.append(field.text)
                }
            } else if field.shape == .email, draft!.username == nil {
                draft!.username = field.text
            } else {
                remaining.append(field)
            }
        }
        // "wifi HomeNet5G = purple-monkey-dishwasher": a network word, its name, its key — no login.
        // ("Guest Wi-Fi \"Novak-Guest\" → key": a network word among the name's words too.)
        if let title = draft!.title, remaining.count == 2, title.utf8.count <= 24,
            NotesLabel.fold(title).split(separator: " ").contains(where: {
                NotesImporter.networkLabels.contains(String($0))
            }), fields.first?.text == title,
            draft!.username == nil,
            remaining.allSatisfy({ !$0.parenthesised && $0.tokens.count == 1 })
        {
            if NotesImporter.networkLabels.contains(NotesLabel.fold(title)) { draft!.title = nil }
            draft!.customFields.append(.init(name: title, value: remaining[0].text, concealed: false))
            draft!.password = remaining[1].text
            draft!.placed += 1
            return
        }
        // ("Hulu (ana@x.com) pw": one value beside the bracket; with more values beside it, a
        // bracket or `# comment` is a remark.)
        // (Beside a password pointed at, the one plain value is the login: "VPN (GlobalProtect):
        // skowalczyk — same as outlook".)
        if pointedAt, draft!.username == nil, remaining.count(where: { !$0.parenthesised }) == 1,
            let login = remaining.firstIndex(where: { !$0.parenthesised }), remaining[login].tokens.count == 1,
            !NotesToken.isPasswordLike(remaining[login].text)
        {
            draft!.username = remaining.remove(at: login).text
            draft!.usernameBesidePassword = true
        }
        if draft!.username == nil, remaining.count(where: { !$0.parenthesised }) <= 1,
            let paren = remaining.firstIndex(where: { field in
                // ("Premium bonds (NS&I)": an issuer's initials are no login.)
                field.parenthesised && field.tokens.count == 1 && !field.text.contains("&")
            })
        {
            // "the new VPN PIN (8093)": a number in brackets after a secret's label is that
            // secret, never a login.
            if remaining[paren].shape == .number, let title = draft!.title,
                let last = title.split(separator: " ").last,
                NotesLabel.lookup(NotesLabel.fold(last)).map({ [.secret, .password].contains($0.field) }) == true
            {
                draft!.customFields.append(
                    .init(name: String(last), value: remaining.remove(at: paren).text, concealed: true))
            } else if remaining[paren].shape == .url {
                // "Squarespace (lenaparkphoto.com) admin: …": a site in brackets is the record's
                // address, never its login.
                draft!.urls.append(remaining.remove(at: paren).text)
            } else if let title = draft!.title, remaining.count == 1, !draft!.hasCredential, draft!.urls.isEmpty,
                Self.isWordsAlternative(remaining[paren].text)
            {
                // "RIOT (league/valorant)", "Google (work/personal)": words or'd by a slash say
                // what the name covers, never a login. Alone on its line, the name heads the
                // records under it.
                draft!.title = title + " (\(remaining.remove(at: paren).text))"
                draft!.oneLine = false
                draft!.titleLine = true
                return
            } else {
                draft!.username = remaining.remove(at: paren).text
            }
        }
        // "alarm code 0613", "garage pin 4471": a name ending in a secret's label, and its value.
        if let value = remaining.first, value.shape == .number || value.shape == .secret,
            value.tokens.first?.afterSeparator == false, let title = draft!.title, title.utf8.contains(0x20),
            let last = title.split(separator: " ").last, NotesLabel.lookup(NotesLabel.fold(last))?.field == .secret
        {
            draft!.customFields.append(.init(name: title, value: value.text, concealed: true))
            remaining.removeFirst()
        }
        // "Proxmox: https://10.0.0.5:8006" then the login on the lines under it: a title and
        // its URL, read as a title line.
        if remaining.isEmpty, draft!.title != nil, !draft!.urls.isEmpty, !draft!.hasCredential {
            draft!.oneLine = false
            draft!.titleLine = true
            return
        }
        // "Photos — ana@x.org / pix2020 (weak, change it)": words in brackets beside a value
        // are a remark on it, never the password.
        if remaining.contains(where: { !$0.parenthesised }) {
            for field in remaining where field.parenthesised { draft!.unrecognized.append(field.text) }
            remaining.removeAll { $0.parenthesised }
        }
        // "USAA: ana55 / Vet#1973 - member: 0091", "… - Kundennr. 4411": a word Coffer does
        // not know as a label, marked with a colon, and the value after it name a field of
        // their own once two other values are left for the login and password.
        var named = [(String, String)]()
        var index = 0
        while index + 1 < remaining.count {
            let word = remaining[index]
            if remaining.count - 2 >= 2, word.shape == .word, word.tokens.count <= 2, !word.parenthesised,
                word.tokens.last?.marked == true, remaining[index + 1].tokens.count == 1,
                !remaining[index + 1].parenthesised, remaining[index + 1].shape != .email
            {
                named.append((word.text, remaining[index + 1].text))
                remaining.removeSubrange(index...(index + 1))
            } else {
                index += 1
            }
        }
        assignPositional(remaining, titleFirst: fields.first.map { draft!.title?.hasPrefix($0.text) == true } ?? false)
        for (name, value) in named { extra(name, value) }
    }

    /// User and password from the values left on a line, in the order people write them
    /// (user, then password); the password is the one that looks like a password when only
    /// one of the two does.
    /// `titleFirst`: the line opens with the record's name, so its values follow it.
    private mutating func assignPositional(_ remaining: [NotesLine.Field], titleFirst: Bool = false) {
        var remaining = remaining
        // "Paddy Power Mavis1938 Password Horses 4 Mavis" (dictated): a password label opening
        // words of its own says the password in words, kept out of sight; the one value just
        // before it is the login it goes with, never the password.
        if draft!.password == nil,
            let spoken = remaining.firstIndex(where: { field in
                field.label == nil && !field.parenthesised && field.tokens.count >= 2
                    && !field.tokens[1].afterSeparator && !field.tokens[0].marked
                    && NotesLabel.lookup(field.tokens[0].folded)?.field == .password
            }), spoken > 0
        {
            draft!.unrecognized.append(remaining[spoken].text)
            let before = remaining[spoken - 1]
            remaining.remove(at: spoken)
            // (A login by its look: an e-mail, or a name with a digit, `_` or `.`, not the title.)
            // (Not a value that looks like the password itself, or a PIN: `Kx9!mP2q`, `4471`.)
            if draft!.username == nil, draft!.title != nil, before.text != draft!.title, before.label == nil,
                !before.parenthesised, before.tokens.count == 1,
                before.shape == .email
                    || (Self.isHandle(before.text) && before.text.contains { $0.isNumber || $0 == "_" || $0 == "." }
                        && before.shape != .secret && before.shape != .number
                        && !NotesToken.isPasswordLike(before.text))
            {
                draft!.username = before.text
                remaining.remove(at: spoken - 1)
            } else if before.label == nil, !before.parenthesised, before.tokens.count == 1, before.text != draft!.title
            {
                // (Otherwise it may be the password or a PIN the words go on about: kept out of
                // sight with them, never a login.)
                draft!.unrecognized.append(before.text)
                remaining.remove(at: spoken - 1)
            }
            guard !remaining.isEmpty else { return }
        }
        // "nur für die Buchhaltung!", "ask Tom first": three plain words or more, without a
        // label, are a phrase — never a login or a password.
        if remaining.count > 1 || draft!.username != nil {
            let isPhrase = { (field: NotesLine.Field) in
                field.tokens.count >= 3 && field.tokens.allSatisfy { $0.shape == .word }
            }
            // "trainline  tomasz.k@gmail.com  Off Peak Return": capitalised words last on the
            // line, after its login and with no other password, are the passphrase. The login
            // is read already (not a number under six digits: a PIN), or is the one value before
            // the words: an e-mail, a number of six digits or more, or a handle with a digit, `_`
            // or `.`.
            func isLogin(_ value: NotesLine.Field) -> Bool {
                switch value.shape {
                case .email: return true
                case .number: return value.text.count(where: \.isNumber) >= 6
                default:
                    return Self.isHandle(value.text) && !NotesToken.isPasswordLike(value.text)
                        && value.text.contains(where: { $0.isNumber || $0 == "_" || $0 == "." })
                }
            }
            if draft!.password == nil, let last = remaining.last, isPhrase(last),
                Self.isCapitalisedPassphrase(last.tokens.map(\.text))
            {
                if remaining.count == 1, let username = draft!.username,
                    !(username.allSatisfy(\.isNumber) && username.count < 6)
                {
                    draft!.password = last.text
                    return
                }
                if remaining.count == 2, draft!.username == nil, !remaining[0].parenthesised,
                    remaining[0].tokens.count == 1, isLogin(remaining[0])
                {
                    draft!.username = remaining[0].text
                    draft!.password = last.text
                    return
                }
            }
            let phrases = remaining.filter(isPhrase)
            draft!.unrecognized += phrases.map(\.text)
            remaining.removeAll(where: isPhrase)
            // "Spotify - okafor_jen - Afrobeats on repeat": the one value left beside the phrase,
            // a login name with a dot or underscore, is the login — never the password.
            if !phrases.isEmpty, draft!.username == nil, draft!.password == nil, remaining.count == 1,
                case let login = remaining[0], login.tokens.count == 1, !login.parenthesised,
                login.shape == .word, Self.isHandle(login.text), !NotesToken.isPasswordLike(login.text),
                login.text.contains(where: { $0 == "_" || $0 == "." })
            {
                draft!.username = login.text
                return
            }
        }
        // "Diocese reporting site – Deacon Ray does that", "Facebook page – admin through
        // Linda's own FB": the one value a phrase of three plain words or more, with a word of
        // a sentence among them, is a remark — never a password ("purple monkey dishwasher",
        // with none, stays one).
        if remaining.count == 1, draft!.username == nil, draft!.password == nil, let only = remaining.first,
            only.label == nil, !only.parenthesised, only.tokens.count >= 3,
            only.tokens.allSatisfy({ $0.shape == .word }),
            // ("Paint It Black": a title-cased phrase may be a passphrase.)
            !only.tokens.allSatisfy({ $0.text.first?.isUppercase == true }),
            only.tokens.contains(where: {
                NotesLineClassifier.stopWords.contains($0.folded) || Self.remarkPhraseWords.contains($0.folded)
            })
        {
            draft!.unrecognized.append(only.text)
            return
        }
        // "Comptes internet - maj 2023": a year or number run into a word is a date, not a
        // login name and a password.
        if draft!.username == nil, remaining.count == 2, remaining[1].shape == .number,
            remaining[1].tokens.first?.afterSeparator == false, remaining[0].shape == .word
        {
            for field in remaining { draft!.unrecognized.append(field.text) }
            return
        }
        // "Credit Union | member 448812 | pw", "Delta -> SkyMiles 9876543210 -> pw": a word run
        // into a number or login name names it; the value is the login.
        if draft!.username == nil, remaining.count >= 3, remaining[0].shape == .word,
            remaining[0].tokens.count == 1, !remaining[0].parenthesised, remaining[1].tokens.count == 1,
            remaining[1].tokens.first?.afterSeparator == false, !remaining[1].parenthesised,
            remaining[1].shape == .number || Self.isBracketedHandle(remaining[1].text)
        {
            draft!.unrecognized.append(remaining.removeFirst().text)
        }
        // "same as amazon", "siehe oben": a phrase pointing elsewhere is a remark, not a password.
        if let last = remaining.last, last.tokens.count > 1,
            Self.pointerWords.contains(NotesLabel.fold(last.tokens[0].text))
        {
            draft!.unrecognized.append(remaining.removeLast().text)
        }
        // "… / Insta!Anna22 - 2FA via SMS": a trailing phrase is a remark when a single
        // password-like value stands before it.
        if remaining.count >= 2, remaining[remaining.count - 1].tokens.count > 1,
            !NotesToken.isPasswordLike(remaining[remaining.count - 1].text),
            remaining.dropLast().contains(where: { $0.tokens.count == 1 && NotesToken.isPasswordLike($0.text) })
        {
            draft!.unrecognized.append(remaining.removeLast().text)
        }
        if draft!.username == nil, remaining.count >= 2 {
            var userIndex = 0
            var passwordIndex = remaining.count - 1
            // A plain word last, after a password-like value, is a remark, not the password.
            if remaining.count >= 3, remaining[passwordIndex].shape == .word,
                !NotesToken.isPasswordLike(remaining[passwordIndex].text),
                let better = remaining.indices.dropFirst().last(where: { index in
                    NotesToken.isPasswordLike(remaining[index].text) && !remaining[index].parenthesised
                })
            {
                passwordIndex = better
            }
            // ("zara#21877 / Overw@tch-Zara": the second is no login name either — no swap.)
            let last = remaining[passwordIndex].text
            // "zara#21877 / Overw@tch-Zara": a gamer tag is the login, wherever it stands.
            if NotesImporter.isGamerTag(remaining[passwordIndex].text), !NotesImporter.isGamerTag(remaining[0].text) {
                swap(&userIndex, &passwordIndex)
            } else if NotesToken.isPasswordLike(remaining[0].text), !NotesToken.isPasswordLike(last),
                !NotesImporter.isGamerTag(remaining[0].text),
                last.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }),
                // ("roblox FrostyEJ2011 robux123ethan": after the name, letters and digits alone
                // are as much a login as a password, and people write the login first. A symbol
                // says password; so does a value before the name, "KnitOne2Purl ravelry -- x".)
                !titleFirst
                    || remaining[0].text.contains(where: { !$0.isLetter && !$0.isNumber && !"._-".contains($0) })
            {
                swap(&userIndex, &passwordIndex)
            }
            // Two password-like values: one is the password, the other is kept out of sight —
            // unless the first is a plain login name of letters and digits (`PlayerOne9`) and
            // the second has symbols too: a gamer tag before its password.
            let user = remaining[userIndex].text
            let tag =
                (userIndex < passwordIndex && user.allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) }
                    && remaining[passwordIndex].text.contains { !$0.isLetter && !$0.isNumber && !"._-".contains($0) })
                || NotesImporter.isGamerTag(user)
                // ("Medicare: DWallace38 / Medicare_Dot38": an initial, a surname and digits is a
                // login name's shape, before a password joined by `_`, `-` or `.`.)
                || (userIndex < passwordIndex && Self.isInitialAndSurname(user)
                    && remaining[passwordIndex].text.contains { "._-".contains($0) })
            if NotesToken.isPasswordLike(user), !tag {
                draft!.unrecognized.append(remaining[userIndex].text)
            } else {
                draft!.username = remaining[userIndex].text
                draft!.usernameBesidePassword = tag
            }
            draft!.password = remaining[passwordIndex].text
            draft!.placed += 1
            remaining = remaining.enumerated().filter { $0.offset != userIndex && $0.offset != passwordIndex }.map(
                \.element)
        } else if draft!.password == nil, let last = remaining.last,
            !(last.shape == .number && last.tokens.first?.afterSeparator == false && draft!.username == nil)
        {
            // "Netflix: flixpass", "Amazon | ana@x.com | pw": the value after the title or e-mail —
            // unless it is a plain word and a password-like value stands before it
            // ("USAA: ana55 / Vet#1973 - member # 0091": `member` is no password).
            var chosen = remaining.count - 1
            if last.shape == .word, !NotesToken.isPasswordLike(last.text),
                let better = remaining.lastIndex(where: { NotesToken.isPasswordLike($0.text) && !$0.parenthesised })
            {
                chosen = better
            }
            draft!.password = remaining.remove(at: chosen).text
            draft!.placed += 1
        }
        // "Buy milk 1234", "Room 1234": a number run into a few words, with no separator or
        // label, is no password; it stays in the record, concealed (it may be a code).
        for field in remaining { draft!.unrecognized.append(field.text) }
    }

    private mutating func credentialPair(_ fields: [NotesLine.Field], line: NotesLine, skipFirst: Bool) {
        // "Google recovery codes:" over "1234 5678": codes in a row, never a login.
        if let title = draft?.title, fields.allSatisfy({ !$0.text.contains(where: \.isLetter) }),
            NotesLabel.fold(title).split(whereSeparator: { !$0.isLetter }).contains(where: {
                Self.codeListWords.contains(String($0))
            })
        {
            return unrecognized(line)
        }
        if let open = draft, open.hasCredential {
            // Another account of the same service, on the next line.
            let title = open.title
            start(line)
            draft!.title = title
            draft!.titleLine = true
        }
        draft!.touch(line.number)
        draft!.bareCredentials = true
        var fields = fields
        if skipFirst, let first = fields.first { draft!.unrecognized.append(first.text) }
        if skipFirst { fields.removeFirst() }
        var remaining = [NotesLine.Field]()
        for (offset, field) in fields.enumerated() {
            // "emial ana@gym.com": a word run into the e-mail after it names it (a label Coffer
            // cannot spell), never the password.
            let namesNext =
                field.shape == .word && field.tokens.count == 1 && offset + 1 < fields.count
                && fields[offset + 1].shape == .email && fields[offset + 1].tokens.first?.afterSeparator == false
            if field.shape == .url {
                draft!.urls.append(field.text)
            } else if field.shape == .email, draft!.username == nil {
                draft!.username = field.text
            } else if (field.parenthesised && field.shape == .word) || namesNext {
                draft!.unrecognized.append(field.text)
            } else {
                remaining.append(field)
            }
        }
        if remaining.count >= 2, draft!.username == nil {
            draft!.username = remaining.removeFirst().text
        }
        if let last = remaining.popLast() {
            draft!.password = last.text
        }
        draft!.placed += 1
        for field in remaining { draft!.unrecognized.append(field.text) }
    }

    /// A line with labels: `user: x`, `Service user: x pass: y`, `id 123 pin 45 pw: z`.
    private mutating func labelledFields(_ written: [NotesLine.Field], line: NotesLine, also: Int? = nil) {
        let (fields, remarks, passwordFirst) = Self.serviceFirst(written)
        let firstLabel = fields.firstIndex { $0.label != nil } ?? fields.count
        let prefix = fields[..<firstLabel]
        var titleField = Self.titleField(prefix, line: fields)
        // "Your username is: x", "Votre identifiant : y": a possessive before the label is no
        // service's name.
        var possessive: String?
        if let field = titleField, field.tokens.allSatisfy({ Self.possessiveWords.contains($0.folded) }) {
            possessive = field.text
            titleField = nil
        }
        // "Vecchia password di Libero Mail: x — adesso è y": "old" alone before the label is no
        // service; the words after the label name it.
        var oldWord: String?
        if let field = titleField, !line.superseded.isEmpty,
            field.tokens.allSatisfy({ Self.oldWords.contains(NotesLabel.fold($0.text)) })
        {
            oldWord = field.text
            titleField = nil
        }
        // ("Login: https://…" names the address to log in at: a URL.)
        let sets = Set(
            fields.compactMap { field in
                field.tokens.isEmpty ? nil : Self.isLoginAddress(field) ? .url : field.label?.field
            })
        // "Chase" / "online: user x pass: y", "Bank of America" / "Online ID: x": a word that
        // qualifies the login under a titled record is no service of its own.
        var qualifier: String?
        if let field = titleField, field.tokens.allSatisfy({ Self.qualifierWords.contains($0.folded) }),
            let open = draft, open.title != nil, open.titleLine, !open.oneLine, open.block == block,
            !line.isListItem, !(sets.contains(.password) && open.password != nil),
            sets.isDisjoint(with: [.username, .email]) || open.username == nil
        {
            qualifier = field.text
            titleField = nil
        }
        let credentials: Set<NotesLabel.Field> = [.username, .email, .password, .url]
        if titleField != nil, sets.isDisjoint(with: credentials), let open = draft, open.title != nil, open.hasContent,
            !open.oneLine
        {
            // "Secret question - mother's maiden name: Biscotte" inside a record: a field of
            // it with a label of its own, kept concealed.
            // Words before the label name the field; values after it belong to its value
            // ("security q: first pet -> Biscuit" keeps "Biscuit" out of the name).
            let name = prefix.map(\.text) + fields.compactMap { $0.label == nil ? nil : $0.labelText }
            let value = fields[firstLabel...].filter { $0.label != nil || !$0.tokens.isEmpty }.map(\.text)
                .filter { !$0.isEmpty }.joined(separator: " ")
            draft!.touch(line.number)
            draft!.customFields.append(.init(name: name.joined(separator: " "), value: value, concealed: true))
            return
        }
        // "Zalando / login: x / pass: y / Memorable pass: z": a second password-like value in
        // the same block of a titled record is another secret of it, not a new record.
        // ("Яндекс почта  ana@x.ru  пароль  x", "Garanti BBVA:  TCKN ile giriş, şifre 190375": a
        // name with its own login, or with its own colon, before the label is a record of its own.)
        // (Only an e-mail or an account's number is a login here, and only after a name with no
        // label, old or qualifying word in it: "Security answer  fluffy_2009  passcode: 4417",
        // "was  Zal4ndo!2019  pass: x" stay secrets of the record.)
        let plainName =
            titleField?.tokens.allSatisfy({ token in
                ![.password, .secret, .notes, .extra].contains(NotesLabel.lookup(token.folded)?.field)
                    && !Self.oldWords.contains(token.folded)
                    && !Self.qualifierWords.contains(token.folded)
                    && !NotesLineClassifier.stopWords.contains(token.folded)
            }) ?? false
        let ownsLogin =
            plainName && prefix.count >= 2
            && prefix.dropFirst().contains { field in
                !field.parenthesised
                    && (field.shape == .email
                        || (field.shape == .number && field.text.count(where: \.isNumber) >= 6))
            }
        let namedWithColon = plainName && titleField?.tokens.last?.marked == true
        if let titleField, sets == [.password], let open = draft, open.titleLine, !open.oneLine, open.labelled > 0,
            open.password != nil, open.block == block, !line.isListItem, !ownsLogin, !namedWithColon
        {
            let name = ([titleField.text] + fields.compactMap { $0.label == nil ? nil : $0.labelText })
            let value = fields.filter { $0.label != nil }.map(\.text).joined(separator: " ")
            draft!.touch(line.number)
            draft!.customFields.append(.init(name: name.joined(separator: " "), value: value, concealed: true))
            // Values without a label before or after it stay with the record, out of sight.
            for field in prefix.dropFirst() { draft!.unrecognized.append(field.text) }
            for field in fields[firstLabel...] where field.label == nil { draft!.unrecognized.append(field.text) }
            return
        }
        // "Email on file: x", "Recovery email: y" in a titled block whose field is filled:
        // another value of the record, under the words its label was written with.
        if titleField == nil, fields.count == 1, let label = fields[0].label, !fields[0].tokens.isEmpty,
            fields[0].labelText.split(separator: " ").count > label.name.split(separator: " ").count,
            let open = draft, open.titleLine, !open.oneLine, open.block == block, !line.isListItem,
            (label.field == .password && open.password != nil)
                || ([.username, .email].contains(label.field) && open.username != nil)
        {
            draft!.touch(line.number)
            if label.field == .password {
                draft!.customFields.append(.init(name: fields[0].labelText, value: fields[0].text, concealed: true))
            } else {
                extra(fields[0].labelText, fields[0].text)
            }
            return
        }
        // "Wi-Fi guest: GuestNet / welcome2024" after a record with a password: a named network
        // opens its own record.
        if titleField == nil, let first = fields.first, let label = first.label, label.field == .extra,
            first.labelText.split(separator: " ").count > label.name.split(separator: " ").count
                || (NotesImporter.networkLabels.contains(label.name) && (sets.contains(.password) || fields.count > 1)),
            draft.map({ !$0.isTitleOnly }) ?? false
        {
            start(line)
        }
        // "acct # 0012 3456" under a record with its login: the account's number, a field of it.
        if titleField == nil, fields.count == 1, let label = fields[0].label, label.field == .username,
            !fields[0].tokens.isEmpty, Self.isAccountNumberLabel(fields[0].labelText),
            let open = draft, open.username != nil, open.title != nil, open.block == block, !line.isListItem
        {
            draft!.touch(line.number)
            extra(fields[0].labelText, fields[0].text)
            return
        }
        // "Gov.br - CPF … - senha x": a site named before the labels opens a record too.
        // "Netflix acct: tom@x.com" / "netflix pw = x": the same service named again on the
        // next line fills the record's empty fields instead of opening another.
        let sameService =
            titleField.map { field in
                guard let open = draft, let title = open.title, open.block == block, !line.isListItem else {
                    return false
                }
                let fills =
                    (sets.contains(.password) && open.password != nil)
                    || (!sets.isDisjoint(with: [.username, .email]) && open.username != nil)
                // ("Riot (Valorant)" over "  riot id NightOwl#EUW1": the service's name again.)
                let named = NotesLabel.fold(field.text)
                return
                    (NotesLabel.fold(title) == named
                    || (NotesLabel.fold(title).hasPrefix(named + " (") && open.titleLine)) && !fills
            } ?? false
        // "GITHUB_TOKEN=…" then "DB_PASSWORD=…": another variable's service opens its own record.
        if let envName = fields.first(where: { $0.label != nil })?.labelText, envName.utf8.contains(0x5F),
            let (_, service) = NotesLineClassifier.envLabel(NotesLabel.fold(envName)), let open = draft,
            open.title.map({ NotesLabel.fold($0).replacingOccurrences(of: " ", with: "_") != service })
                ?? open.hasCredential
        {
            start(line)
        }
        if sameService {
            _ = current(line)
        } else if titleField != nil
            || (firstLabel > 0 && prefix.first?.shape == .url && draft?.hasCredential == true)
        {
            start(line)
        } else if let open = draft {
            // ("Member ID: GF-2209" then "Username: ana": the login after the account's number.)
            let numberFirst = open.usernameNumberLabel != nil && open.password == nil
            let repeats =
                (open.username != nil && !numberFirst
                    && (sets.contains(.username) || sets.contains(.email) && open.password != nil))
                || (open.title != nil && sets.contains(.title)) || (open.password != nil && sets.contains(.password))
                // ("SITE: NATWEST" … "PASSWORD: x" then "SITE: RAC": the label that named the
                // record names the next one, once the record has its login.)
                || (open.hasCredential && fields.count == 1 && fields[0].label?.field == .url
                    && open.titleLabel
                        == NotesLabel.fold(
                            fields[0].labelText.isEmpty ? fields[0].label!.name : fields[0].labelText)
                    && NotesToken.shape(of: Self.unquoted(fields[0].text)) != .url
                    && !NotesToken.isPasswordLike(fields[0].text))
            // ("PSN" over "  sign in: ana@x.com" and "  online id: NightOwl": a line indented
            // under its title's record is more of it — a second login is a field of it.)
            let indentedUnder =
                !line.isListItem && open.titleLine
                && recordIndent.map { record in
                    record.line == open.firstLine && Self.indent(line.raw) > record.indent
                } == true
            // (A login label proper, `username:`, after an id, `riot id`, `gamertag`, is the login;
            // the id becomes a field. Another id after the login is a field.)
            if repeats, indentedUnder, titleField == nil, fields.count == 1, let label = fields[0].label,
                [.username, .email].contains(label.field), !fields[0].tokens.isEmpty,
                let current = open.username, open.password == nil || sets.isDisjoint(with: [.password])
            {
                let name = fields[0].labelText.isEmpty ? label.name : fields[0].labelText
                draft!.touch(line.number)
                if Self.isLoginLabel(name), let previous = open.usernameLabel, !Self.isLoginLabel(previous) {
                    draft!.username = fields[0].text
                    draft!.usernameLabel = name
                    extra(previous, current)
                } else {
                    extra(name, fields[0].text)
                }
                return
            }
            if repeats, line.isListItem || !(open.password != nil && sets == [.password]) {
                start(line)
            }
        }
        _ = current(line)
        draft!.unrecognized += remarks
        if let qualifier { draft!.unrecognized.append(qualifier) }
        if let oldWord { draft!.unrecognized.append(oldWord) }
        if let possessive { draft!.unrecognized.append(possessive) }
        if let passwordFirst, draft!.password == nil {
            draft!.password = passwordFirst
            draft!.placed += 1
        }
        if let also { draft!.touch(also) }
        if let titleField, !sameService {
            draft!.title = titleField.text
            if titleField.shape == .url { draft!.urls.append(titleField.text) }
        }
        var later = [NotesLine.Field]()
        let namesUser = sets.contains(.username) || sets.contains(.email)
        for field in prefix.dropFirst(titleField == nil && oldWord == nil && possessive == nil ? 0 : 1) {
            // "Etsy (chloe.wagner) pw Purple2013": a handle in brackets after the title.
            if field.parenthesised, field.tokens.count == 1, !namesUser, draft!.username == nil,
                Self.isBracketedHandle(field.text)
            {
                draft!.username = field.text
                draft!.placed += 1
            } else if let login = Self.bracketedLogin(field), draft!.username == nil {
                draft!.username = login
                draft!.placed += 1
            } else if field.parenthesised, field.shape == .word || !NotesToken.isPasswordLike(field.text),
                field.shape != .email, field.shape != .url, let title = draft!.title,
                // ("ING: x / y (mobiele code: 30571)": words opening a bracket that goes on with
                // a label name that label's value, not the service.)
                !fields[firstLabel...].contains(where: { $0.tokens.first?.bracket == field.tokens.first?.bracket })
            {
                draft!.title = title + " (\(field.text))"
            } else {
                later.append(field)
            }
        }
        // "Altes Netflix-Passwort: anna1234", "old Hulu pw x": a password the line calls old
        // is a secret kept beside the record, never its password.
        // (Only the word right before the label: "hotmail antigo: ana@x.com senha y" is an old
        // account whose password it still is, and so is "gmail (alt)".)
        for (index, field) in zip(fields.indices, fields) where index >= firstLabel && field.label != nil {
            // (On a line that tells the change, "Vecchia password: x — adesso è y", the old one
            // was taken out already: the value left is the new one.)
            if field.label!.field == .password, index > 0, fields[index - 1].label == nil, line.superseded.isEmpty,
                !fields[index - 1].parenthesised, let oldWord = fields[index - 1].tokens.last,
                Self.oldWords.contains(NotesLabel.fold(oldWord.text))
            {
                draft!.customFields.append(
                    .init(name: oldWord.text + " " + field.labelText, value: field.text, concealed: true))
                continue
            }
            apply(field.label!, field: field, linePassword: sets.contains(.password))
            // "hotmail - had to reset, new pw: x": a new password for a service named above
            // changes that record (``mergedIntoEarlier(_:_:)``), when the line opened this one.
            if field.label!.field == .password, draft!.firstLine == line.number, field.label!.name.utf8.contains(0x20),
                ["new ", "nouveau ", "neues ", "nueva ", "nuova ", "nieuw ", "nova "].contains(where: {
                    field.label!.name.hasPrefix($0)
                })
            {
                draft!.tellsChange = true
            }
        }
        // "ww Ziggo2019 -- nieuw sinds juni: Ziggo2023": a value after words opening with "new"
        // replaces the password, which is kept beside it as the old one.
        var bare = later + fields[firstLabel...].filter({ $0.label == nil })
        if let marker = bare.firstIndex(where: { field in
            field.shape == .word && field.tokens.last?.marked == true
                && Self.newWords.contains(NotesLabel.fold(field.tokens[0].text))
        }), marker + 1 < bare.count,
            NotesToken.isPasswordLike(bare[marker + 1].text) || bare[marker + 1].shape == .secret
        {
            if let old = draft!.password {
                draft!.customFields.append(.init(name: "old password", value: old, concealed: true))
            }
            draft!.password = bare[marker + 1].text
            draft!.unrecognized.append(bare[marker].text)
            bare.removeSubrange(marker...(marker + 1))
        }
        // "amazon same email, password x": the login of the record before.
        if draft!.username == nil, let pointer = bare.firstIndex(where: { Self.pointsToPreviousLogin($0) }),
            let previous = previousLogin(for: bare[pointer].text)
        {
            draft!.username = previous
            draft!.placed += 1
            draft!.unrecognized.append(bare.remove(at: pointer).text)
        }
        // "CAF : n° allocataire 7788123 / mdp x", "Kundennr. 4411 PW x": a number named by
        // words for an account or customer number is the login when no label gave one.
        if draft!.username == nil,
            let named = bare.indices.dropLast().first(where: { index in
                bare[index].shape == .word && !bare[index].parenthesised && bare[index].tokens.count <= 3
                    && bare[index + 1].tokens.count == 1
                    // ("TC 12345678950", "CURP GALU850312MDFRPP09", "СНИЛС 112-233-445 95" beside
                    // a password: an identity number's acronym, and the number or code after it.)
                    && (bare[index + 1].shape == .number
                        || (Self.isAcronym(bare[index].text) && Self.isCode(bare[index + 1].text)))
                    && (Self.isAccountNumberLabel(bare[index].text)
                        || (Self.isAcronym(bare[index].text) && !bare[index + 1].tokens[0].afterSeparator
                            // (Only the numbers people sign in with: others, `SSN`, `NHS`, a
                            // card's `AMEX`, stay secrets.)
                            && Self.loginNumberNames.contains(NotesLabel.fold(bare[index].text))
                            && NotesLabel.lookup(NotesLabel.fold(bare[index].text)) == nil
                            && fields.contains(where: { $0.label?.field == .password }))
                        // ("Air Miles - collector 80412233901 - PIN 4471": one lower-case word
                        // naming a long number, beside a password or PIN, names the login.)
                        || (bare[index].tokens.count == 1 && bare[index].text.first?.isLowercase == true
                            && bare[index + 1].text.count >= 8
                            && fields.contains(where: { field in
                                field.label?.field == .password
                                    || (field.label?.field == .secret
                                        && NotesLabel.fold(field.label!.name).hasPrefix("pin"))
                            })))
            })
        {
            draft!.username = bare[named + 1].text
            draft!.placed += 1
            draft!.unrecognized.append(bare[named].text)
            bare.removeSubrange(named...(named + 1))
        }
        // "ING: jvdberg82 / Leeuw&Bank-44 (code: 30571)": two values on a line whose labels name
        // neither the login nor the password are its login and its password, as on a line
        // without labels.
        let pair = bare.indices.filter { bare[$0].shape != .url && bare[$0].shape != .email && !bare[$0].parenthesised }
        if draft!.username == nil, draft!.password == nil, !namesUser, !sets.contains(.password), pair.count == 2,
            pair.allSatisfy({ bare[$0].tokens.count == 1 }), bare[pair[1]].tokens[0].afterSeparator,
            NotesToken.isPasswordLike(bare[pair[1]].text) || bare[pair[1]].shape == .secret,
            !NotesToken.isPasswordLike(bare[pair[0]].text) || bare[pair[0]].shape == .number,
            !bare[pair[0]].tokens[0].marked, bare[pair[0]].shape != .word || Self.isHandle(bare[pair[0]].text),
            !NotesLineClassifier.stopWords.contains(bare[pair[0]].tokens[0].folded),
            !NotesHistory.changeWords.contains(bare[pair[0]].tokens[0].folded)
        {
            draft!.username = bare[pair[0]].text
            draft!.password = bare[pair[1]].text
            draft!.placed += 1
            bare.remove(at: pair[1])
            bare.remove(at: pair[0])
        }
        // "buyer acct: sofiam1990 / etsyshopper", "login: ana@x.com - Hunter#22": a labelled login,
        // then one value of a password's shape after a separator (any one word after a slash),
        // on a line labelling no password, is that login's password.
        if namesUser, !sets.contains(.password), draft!.password == nil,
            let login = fields.firstIndex(where: { [.username, .email].contains($0.label?.field) }),
            login + 1 < fields.count, case let value = fields[login + 1], value.label == nil,
            value.tokens.count == 1, value.tokens[0].afterSeparator, !value.parenthesised,
            value.shape != .url, value.shape != .email,
            // (The last value: "ad: jreyes / temp Welcome2Acme!" names the password after a word.)
            fields[(login + 2)...].allSatisfy({ $0.parenthesised || $0.label != nil }),
            NotesToken.isPasswordLike(value.text) || value.shape == .secret
                // (Or any one word after the login and a slash: "login / password" is how the
                // pair is written.)
                || (value.shape == .word && line.text.contains(fields[login].text + " / " + value.text)),
            draft!.username == Self.unquoted(fields[login].text),
            let index = bare.firstIndex(where: { $0.text == value.text })
        {
            draft!.password = value.text
            draft!.placed += 1
            bare.remove(at: index)
        }
        // "InPost: 600123987 — hasło Paczkomat!55", "discord ShadowFox#0001 pw d1sc0rd_fox": the
        // one value beside a labelled password, on a line naming no login, is the login — a
        // number, an identifier or a handle, never a value shaped like a password.
        let loose =
            draft!.username == nil && sets.contains(.password)
            ? bare.indices.filter { !bare[$0].parenthesised && bare[$0].shape != .url } : []
        if draft!.username == nil, !namesUser, sets.contains(.password), let password = draft!.password,
            loose.count == 1, bare[loose[0]].tokens.count == 1, case let value = bare[loose[0]].text,
            value != password, !bare[loose[0]].tokens[0].marked, !Self.isDate(value),
            !NotesLineClassifier.stopWords.contains(bare[loose[0]].tokens[0].folded),
            !NotesHistory.changeWords.contains(bare[loose[0]].tokens[0].folded),
            // (A short number is a PIN, kept out of sight; a long one is a customer's or a phone's.)
            (bare[loose[0]].shape == .number && value.count >= 6) || Self.isIdentifier(value)
                || NotesImporter.isGamerTag(value)
                || (Self.isHandle(value) && !NotesToken.isPasswordLike(value) && value.count >= 4
                    && value.contains(where: \.isLetter))
        {
            draft!.username = value
            draft!.usernameBesidePassword = NotesImporter.isGamerTag(value)
            draft!.placed += 1
            bare.remove(at: loose[0])
        }
        // An e-mail is the login before any plain word beside it ("shared: ana@x.com pw y").
        let ordered = bare.filter({ $0.shape == .email }) + bare.filter({ $0.shape != .email })
        for (offset, field) in ordered.enumerated() {
            // "verizon - 5551234567 - Verizon#77 - pin 4421": a number before the password is
            // the login (a phone or customer number).
            if field.shape == .number, draft!.username == nil, draft!.password == nil, field.tokens.count == 1,
                !field.parenthesised, ordered.dropFirst(offset + 1).contains(where: { $0.shape == .secret })
            {
                draft!.username = field.text
                draft!.placed += 1
                continue
            }
            bareInRecord(field)
        }
    }

    /// The words before a line's first label, reordered so that the service's name comes
    /// first, and the words around it that are remarks:
    /// - "2021-09-05 Ally user x pw y": a date opening the line dates it;
    /// - "new bank - Ally - user x": a lower-case phrase, then a capitalised name — the name;
    /// - "signed up for Netflix  user x": a lower-case phrase ending in a capitalised name.
    /// - "Winter2023!! = Okta  user: jsmith": a value before the service's name, on a line
    ///   naming no password, is its password (returned apart).
    static func serviceFirst(_ fields: [NotesLine.Field]) -> ([NotesLine.Field], [String], String?) {
        var fields = fields
        var remarks = [String]()
        var firstLabel: Int { fields.firstIndex { $0.label != nil } ?? fields.count }
        guard firstLabel >= 1 else { return (fields, remarks, nil) }
        if firstLabel >= 2, fields[0].tokens.count == 1, isDate(fields[0].text) {
            remarks.append(fields.removeFirst().text)
        }
        let isName: (NotesLine.Field) -> Bool = { field in
            field.shape == .word && !field.parenthesised && field.tokens.count <= 3
                && field.text.first?.isUppercase == true && !NotesToken.isPasswordLike(field.text)
                && !isLabelPhrase(field)
        }
        // "steam kev_the_dev pw X": a service's name and a login name joined by one space.
        if firstLabel == 1, fields[0].tokens.count == 2, !fields[0].parenthesised,
            fields[0].tokens[0].shape == .word, !NotesToken.isPasswordLike(fields[0].tokens[0].text),
            fields[0].tokens[1].shape == .email || isBracketedHandle(fields[0].tokens[1].text),
            !fields[0].tokens[0].text.contains(where: \.isNumber), !fields[0].tokens[1].marked,
            !fields.contains(where: { [.username, .email].contains($0.label?.field) })
        {
            let login = fields[0].tokens[1]
            fields[0] = NotesLine.Field(label: nil, tokens: [fields[0].tokens[0]])
            fields.insert(NotesLine.Field(label: nil, tokens: [login]), at: 1)
        }
        // ("RoyalMail22 - royal mail redirection, username pash1955": a name in lower case too,
        // after a separator.)
        if firstLabel >= 2, fields[0].tokens.count == 1, !fields[0].parenthesised,
            fields[0].shape != .email, fields[0].shape != .url,
            isName(fields[1])
                || (isPlainName(fields[1]) && fields[1].tokens.first?.afterSeparator == true
                    && NotesToken.isPasswordLike(fields[0].text)),
            !fields.contains(where: { $0.label?.field == .password }),
            NotesToken.isPasswordLike(fields[0].text)
                || fields[1].tokens.first?.afterSeparator == true
                    && fields[0].text.first?.isLowercase == true && fields[0].text.allSatisfy(\.isLetter)
        {
            let password = fields.removeFirst().text
            return (fields, remarks, password)
        }
        guard let first = fields.first, first.shape == .word, !first.parenthesised, first.tokens.count >= 2,
            first.text.first?.isLowercase == true
        else { return (fields, remarks, nil) }
        // ("riot main: NightOwlMain  pw x": a phrase written with its colon names what follows —
        // here the login, when no other value is labelled one — so the name after it is no
        // service. "my bank: Chase  user ana_c" names its login: Chase is the service.)
        if firstLabel >= 2,
            first.tokens.last?.marked != true
                || fields.contains(where: { [.username, .email].contains($0.label?.field) }),
            let name = fields[1..<firstLabel].firstIndex(where: isName)
        {
            let service = fields.remove(at: name)
            remarks.append(fields.removeFirst().text)
            fields.insert(service, at: 0)
        } else if firstLabel == 1, first.tokens.count >= 3 {
            // ("opened Wise account": a generic word after the name is no part of it.)
            let generic = first.tokens.reversed().prefix { Self.genericServiceWords.contains(NotesLabel.fold($0.text)) }
            let named = first.tokens.dropLast(generic.count)
            let tail = named.reversed().prefix { token in
                token.text.first?.isUppercase == true && !token.isTyped && !token.parenthesised
            }
            if (1...2).contains(tail.count), tail.count < named.count {
                let cut = named.count - tail.count
                remarks.append(
                    (first.tokens[..<cut].map(\.text) + generic.reversed().map(\.text)).joined(separator: " "))
                fields[0] = NotesLine.Field(label: nil, tokens: Array(named[cut...]))
            }
        }
        return (fields, remarks, nil)
    }

    /// `4829 1038`, `a1b2c-3d4e5`, `K7PQ-2M9X, 88HJ-Q2W4`: codes only, each with a digit.
    static func isCodeLine(_ line: NotesLine) -> Bool {
        !line.fields.isEmpty
            && line.fields.allSatisfy { field in
                field.label == nil
                    && field.tokens.allSatisfy { token in
                        token.text.count >= 4 && token.text.contains(where: \.isNumber)
                            && token.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
                    }
            }
    }

    /// Words that make `PASSWORD LOG`, `PASSWORDS LIST` a file's name rather than a label and
    /// its value, in capitals (where the case says nothing).
    static let listNameWords: Set<String> = [
        "log", "logs", "list", "lists", "book", "file", "notes", "sheet", "records", "tracker", "vault", "keeper",
        "stuff", "info", "backup", "journal", "liste", "lista", "registro", "buch", "heft", "boek", "lijst",
    ]

    /// `Security questions (same everywhere):`, `Sicherheitsfragen`, `Preguntas de seguridad:`:
    /// a line naming a list of security questions and their answers.
    static func namesSecurityQuestions(_ text: String) -> Bool {
        // Most lines name nothing of the kind: in ASCII, one of these must be in them (a tenth
        // of reading a long notes list went to folding and splitting every line here).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let lower = Array(text.lowercased().utf8)
            guard
                Self.securityQuestionStems.contains(where: { stem in
                    lower.indices.contains { lower[$0...].starts(with: stem) }
                })
            else { return false }
        }
        let words = NotesLabel.fold(text).split(whereSeparator: { !$0.isLetter }).map(String.init)
        guard words.count <= 6 else { return false }
        if words.contains(where: { securityQuestionWords.contains($0) }) { return true }
        let secret = words.contains {
            ["security", "secret", "seguridad", "secretas", "secretes", "sicurezza", "seguranca", "segrete"].contains(
                $0)
        }
        let questions = words.contains {
            ["questions", "question", "preguntas", "domande", "perguntas", "answers", "qs"].contains($0)
        }
        return secret && questions
    }

    /// What every ASCII name of a list of security questions holds, in lower case: a stem
    /// of one of the words below.
    static let securityQuestionStems = ["frage", "vragen", "secu", "secre", "segur", "segre", "sicur"].map {
        Array($0.utf8)
    }

    /// One-word names of a list of security questions.
    static let securityQuestionWords: Set<String> = [
        "sicherheitsfragen", "geheimfragen", "beveiligingsvragen", "veiligheidsvragen", "sicherheitsfrage",
    ]

    /// `Google recovery codes:`, `Backup-Codes GitHub`: a line naming a list of codes.
    static func namesCodeList(_ text: String) -> Bool {
        // ("Backup password:", "Recovery email:" name a field, not codes: a code word is needed.)
        // In ASCII, no "cod" in any case is no code word (most lines; checked on bytes).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let lower = Array(text.utf8).map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
            guard lower.indices.contains(where: { lower[$0...].starts(with: "cod".utf8) }) else { return false }
        }
        let words = NotesLabel.fold(text).split(whereSeparator: { !$0.isLetter })
        return words.contains { codeListWords.contains(String($0)) }
            && words.contains { $0.hasPrefix("code") || $0.hasPrefix("codi") || $0.hasSuffix("codes") }
    }

    /// Words of a title over lists of codes (`Backup codes`, `Codes de secours`).
    static let codeListWords: Set<String> = [
        "recovery", "backup", "codes", "secours", "wiederherstellung", "wiederherstellungscodes", "backupcodes",
        "recuperacion", "recuperacao", "recupero", "herstelcodes", "reservecodes",
    ]

    /// Words after a service's name that name what it is, not which (`Wise account`).
    static let genericServiceWords: Set<String> = [
        "account", "accounts", "login", "site", "website", "app", "portal", "konto", "compte", "cuenta", "conta",
    ]

    /// Words that qualify a login (`online:`, `web panel:`, `IAM user:`) rather than name a
    /// service, in the seven languages.
    static let qualifierWords: Set<String> = [
        "online", "web", "app", "mobile", "local", "main", "primary", "work", "personal", "private", "business",
        "side", "home", "office", "desktop", "panel", "iam", "nic", "portal", "banking", "internet", "en", "ligne",
        "en-ligne", "appli", "application", "movil", "cellulare", "celular", "privat", "prive", "lokal", "intern",
        "internal", "zakelijk", "privado", "personale", "pessoal", "persoonlijk",
    ]

    /// Words that make a password an old one.
    static let oldWords: Set<String> = [
        "old", "previous", "former", "alt", "alte", "altes", "alter", "ancien", "ancienne", "antiguo", "antigua",
        "vecchio", "vecchia", "oud", "oude", "antigo", "antiga", "stare", "stary", "stara", "poprzednie", "gammel",
        "gamla", "gamle", "vanha", "eski",
    ]

    /// A value without a label on a labelled line: placed by its shape when its field is free.
    private mutating func bareInRecord(_ field: NotesLine.Field) {
        // "Wifi: GuestNet / freshbread": the value after a network's name is its key.
        if draft!.username == nil, draft!.password == nil, field.tokens.count == 1, !field.parenthesised,
            draft!.customFields.contains(where: { NotesImporter.namesNetwork($0.name) }),
            field.shape != .email, field.shape != .url
        {
            draft!.password = field.text
            draft!.placed += 1
            return
        }
        if draft!.username == nil, let login = Self.bracketedLogin(field) {
            draft!.username = login
            draft!.placed += 1
            return
        }
        // "Roblox Tommy - TommyN_2014  pw blox4days": beside a labelled password, one login-
        // shaped word (letters, digits, `._-`) is the login, however it mixes case and digits.
        let network =
            draft!.title.map {
                NotesLabel.fold($0).split(separator: " ").contains { NotesImporter.networkLabels.contains(String($0)) }
            }
            == true
            || draft!.customFields.contains(where: { NotesImporter.namesNetwork($0.name) })
        if draft!.username == nil, let password = draft!.password, !network, field.tokens.count == 1,
            !field.parenthesised,
            !field.tokens[0].marked, field.text != password, field.text.count >= 4,
            field.text.contains(where: \.isLetter),
            // (Not an acronym naming the number after it: "RFC TOAA880101AB1", "CPF 123…".)
            !(field.text.count <= 4 && field.text.allSatisfy(\.isUppercase)),
            field.text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }),
            !NotesLineClassifier.stopWords.contains(field.tokens[0].folded),
            !NotesHistory.changeWords.contains(field.tokens[0].folded)
        {
            draft!.username = field.text
            draft!.usernameBesidePassword = true
            draft!.placed += 1
            return
        }
        switch field.shape {
        case .url: draft!.urls.append(field.text)
        case .email where draft!.username == nil:
            draft!.username = field.text
            draft!.placed += 1
        case .secret where draft!.password == nil:
            draft!.password = field.text
            draft!.placed += 1
        case .secret, .word:
            // "@jperez80", "jsmith" next to a labelled password: the username.
            // ("online:" with its colon is a label of its own, not a login name.)
            // ("PIN: 5391 -> jetzt Passwort: x": "now" is no login.)
            if draft!.username == nil, field.tokens.count == 1, !NotesToken.isPasswordLike(field.text),
                field.text.hasPrefix("@") || Self.isHandle(field.text), !field.parenthesised,
                field.tokens[0].marked == false,
                !NotesHistory.changeWords.contains(field.tokens[0].folded),
                !NotesHistory.connectorWords.contains(field.tokens[0].folded),
                !NotesLineClassifier.stopWords.contains(field.tokens[0].folded)
            {
                draft!.username = field.text
                draft!.placed += 1
            } else {
                draft!.unrecognized.append(field.text)
            }
        default: draft!.unrecognized.append(field.text)
        }
    }

    private mutating func apply(
        _ label: NotesLabel, field: NotesLine.Field, inTable: Bool = false, linePassword: Bool = false
    ) {
        let value = Self.unquoted(field.text)
        guard !value.isEmpty else { return }
        draft!.labelled += 1
        let name = field.labelText.isEmpty ? label.name : field.labelText
        // "GITHUB_USER=ana": the variable's first part names the service.
        if draft!.title == nil, name.utf8.contains(0x5F),
            let (_, service) = NotesLineClassifier.envLabel(NotesLabel.fold(name))
        {
            // As written (`GITHUB`, `MY_APP`); a properties file's lower-case key, whose dots
            // were read as underscores, with its words apart: `greenleaf.wp.user` is `greenleaf wp`'s.
            let written = String(name.prefix(service.count))
            draft!.title =
                written.contains(where: \.isUppercase) ? written : written.replacingOccurrences(of: "_", with: " ")
        }
        // "Contraseña del banco: x", "Mot de passe Orange : x": the words after a credential
        // label name the service when nothing else has.
        // (Only a label that fills its field: "Senha do cartão:" after the password is the
        // card's PIN, not a service.)
        let fills = label.field == .password ? draft!.password == nil : draft!.username == nil
        if draft!.title == nil, fills, [.password, .username, .email].contains(label.field),
            let service = Self.serviceAfterLabel(field.labelText, label: label)
        {
            draft!.title = service
        }
        switch label.field {
        case .title:
            if draft!.title == nil { draft!.title = value } else { extra(name, value) }
        case .username where Self.isLoginAddress(field):
            draft!.urls.append(value)
        case .username:
            // (A login name of letters and digits, `SWhitfield84`, is the user's name, not a
            // password: only a value with other symbols.)
            if !inTable, draft!.username == nil, draft!.password == nil, NotesToken.isPasswordLike(value),
                ["user", "admin", "root", "login"].contains(NotesLabel.fold(name)),
                value.contains(where: { !($0.isLetter || $0.isNumber) }),
                // ("DigiD - user: JdeVries_72 pw: x": a line labelling its password names the login.)
                !linePassword
            {
                // "Router" / "user : 5.iAVB4dq+G": a default account name and its password.
                draft!.username = name
                draft!.password = value
            } else if draft!.title == nil, !label.bare, field.tokens.allSatisfy({ !$0.parenthesised }),
                (field.shape == .word && field.tokens.allSatisfy { !Self.isHandle($0.text) })
                    || Self.isNameWithNumber(field)
            {
                // "Konto: Deutsche Bank", "Account: Steam": a weak account word before a name
                // names the record; its login comes on a line of its own.
                draft!.title = value
                draft!.titleLine = true
            } else if draft!.username == nil {
                // "identifiant = n° sécu 184077511204533": a number's name inside the value names
                // the identifier after it, which is the login.
                var value = value
                if value.utf8.contains(0x20), let space = value.lastIndex(of: " "),
                    case let number = String(value[value.index(after: space)...]), Self.isIdentifier(number),
                    Self.isAccountNumberLabel(String(value[..<space]))
                {
                    draft!.unrecognized.append(String(value[..<space]))
                    value = number
                }
                draft!.username = value
                draft!.usernameLabelled = true
                draft!.usernameLabel = name
                if Self.isAccountNumberLabel(name), value.contains(where: \.isNumber), !value.contains("@") {
                    draft!.usernameNumberLabel = name
                }
            } else if !Self.isAccountNumberLabel(name) {
                loginNameOverNumber(name, value)
            } else {
                extra(name, value)
            }
        case .email:
            // "1. Email — Gmail": a capitalised word of letters under an e-mail label is no
            // address; it names the mail service, whose address comes on a line of its own.
            if draft!.title == nil, field.tokens.count == 1, let first = value.first, first.isUppercase,
                value.count >= 3, value.allSatisfy(\.isLetter)
            {
                draft!.title = value
                draft!.titleLine = true
            } else if draft!.username == nil {
                draft!.username = value
                draft!.usernameLabelled = true
                draft!.usernameLabel = name
            } else {
                loginNameOverNumber(name, value)
            }
        case .password:
            // "Password: (the one you chose at sign-up)": a remark in brackets, no password.
            // (Words only: `(user: x; pw: Größe1594.)` labels a value inside the brackets.)
            if !field.tokens.isEmpty, field.tokens.allSatisfy(\.parenthesised),
                !field.tokens.contains(where: { NotesToken.isPasswordLike($0.text) || $0.shape != .word })
            {
                draft!.unrecognized.append("\(name): \(field.text)")
            } else if draft!.password == nil {
                draft!.password = value
                draft!.passwordLabel = name
            } else if let weak = draft!.passwordLabel, Self.isPasscodeLabel(weak), !Self.isPasscodeLabel(name) {
                // "passcode 55210, password Barc-2024-DO": the one called password is the
                // password; the bank's passcode is a secret beside it.
                draft!.customFields.append(.init(name: weak, value: draft!.password!, concealed: true))
                draft!.password = value
                draft!.passwordLabel = name
            } else if draft!.passwordLabel == nil, let placed = draft!.password, Self.isPlainName(placed),
                let written = titleBeforeColon(containing: placed)
            {
                // "Kindle / Amazon: maggie@x.com" / "Password: BookClub!Tues": a word placed as
                // the password before its label came was the title's (`Amazon`, `(Libero)`), when
                // the first line wrote it before its colon. (`Netflix ana@x Sunshine` over a
                // labelled password keeps `Sunshine` concealed beside it.)
                draft!.title = written
                draft!.password = value
                draft!.passwordLabel = name
            } else {
                draft!.customFields.append(.init(name: name, value: value, concealed: true))
            }
        case .url:
            // "address: barb@gmail.com": an address that is an e-mail is the login.
            if NotesToken.shape(of: value) == .email, draft!.username == nil {
                draft!.username = value
            } else if field.shape == .url || NotesToken.shape(of: value) == .url {
                // (`url = "https://x"`: a quoted address is an address.)
                draft!.urls.append(value)
            } else if draft!.title == nil, !NotesToken.isPasswordLike(value) {
                draft!.title = value
                draft!.titleLabel = NotesLabel.fold(name)
            } else {
                extra(name, value)
            }
        case .notes:
            // A note naming a password ("never use Tulp_8700 again") is not shown in clear:
            // only plain words stay visible.
            let plain = field.tokens.allSatisfy { token in
                token.shape == .word && !token.text.dropFirst().dropLast().contains { $0 == "_" || $0 == "." }
            }
            if !plain {
                draft!.unrecognized.append("\(name): \(value)")
            } else {
                draft!.notes.append(value)
            }
        case .totp:
            draft!.totp = TOTP.itemValue(value, account: draft!.title ?? "import")
        case .secret:
            draft!.customFields.append(.init(name: name, value: value, concealed: true))
        case .extra:
            // "WiFi casa: NETGEAR42 / pw": a label extended by a name titles the record it opens.
            if draft!.title == nil, name.split(separator: " ").count > label.name.split(separator: " ").count {
                draft!.title = name
            }
            // "Domain admin: GREENFIELD\itadmin / x": a label ending in an account's role names
            // that account; its value is the login.
            if draft!.username == nil, field.tokens.count == 1,
                let role = NotesLabel.fold(name).split(separator: " ").last,
                Self.accountRoleWords.contains(String(role)),
                !NotesToken.isPasswordLike(value) || Self.isDomainLogin(value)
            {
                draft!.username = value
                draft!.usernameBesidePassword = true
                draft!.placed += 1
                return
            }
            extra(name, value)
        }
    }

    /// "Passwords", "LOGINS", "Mis cuentas", "Kennwörter": a heading that names what the
    /// list holds, never one record.
    /// (Judged on its words as a whole: "Home Assistant" and "Council tax portal" name a
    /// service though "home" and "portal" alone would not; "Work accounts", "Email" and
    /// "Bank logins" head a section.)
    static func isGenericHeading(_ name: String) -> Bool {
        let words = NotesLabel.fold(name).split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        func generic(_ word: String) -> Bool {
            genericHeadingWords.contains(word) || headingLinkWords.contains(word)
                || NotesLabel.lookup(word).map { $0.field != .title } == true
                || (word.hasSuffix("s") && NotesLabel.lookup(String(word.dropLast())) != nil)
        }
        guard let last = words.last else { return false }
        // A plural category ends it ("Bank accounts", "Streaming logins"), or every word is generic.
        let category =
            (genericHeadingWords.contains(last) && last.hasSuffix("s")) || categoryNouns.contains(last)
            || (last.hasSuffix("s") && NotesLabel.lookup(String(last.dropLast())) != nil)
        return category || words.allSatisfy(generic)
    }

    /// `HASŁA`, `Passwords`, `palavras-passe`, `Logins`: a word for passwords or logins, singular
    /// or plural, in any of the languages read.
    static func namesPasswords(_ word: String) -> Bool {
        let folded = NotesLabel.trimmingPunctuation(NotesLabel.fold(word))
        if passwordListWords.contains(folded) { return true }
        func passwordLabel(_ text: String) -> Bool {
            NotesLabel.lookup(text).map { $0.field == .password && $0.bare } == true
        }
        // (A plural: `pw` alone labels a value, `netflix pw sunshine22` is a record.)
        return folded.hasSuffix("s") && passwordLabel(String(folded.dropLast()))
    }

    /// `KONTA – Kasia`, `Accounts - Maria`: plural words for accounts, which name a list as its
    /// words for passwords do.
    static let accountListWords: Set<String> = [
        "accounts", "konta", "cuentas", "comptes", "contas", "konten", "conti", "rekeningen", "kontoer", "konton",
        "ucty", "účty", "hesaplar", "fiokok", "tilit", "conturi",
    ]

    static let passwordListWords: Set<String> = [
        "passwords", "logins", "credentials", "contrasenas", "claves", "accesos", "acessos", "kennworter",
        "passworter", "zugangsdaten", "identifiants", "wachtwoorden", "inloggegevens", "senhas", "credenziali",
        "hasla", "hasła", "losenord", "hesla", "sifreler", "şifreler", "palavras-passe", "mots de passe",
        "zugange", "accessi", "acces", "adgangskoder", "passord", "parole", "parolas",
    ]

    /// "Client A - SFTP sftp.clienta.com: acme_upload / Sftp-Upload-ClientA": a login and a
    /// password joined by a slash after the line's last colon, several words and an address
    /// before it — all before the colon names the record, its address a URL of it.
    private mutating func slashPairAfterColon(_ fields: [NotesLine.Field], line: NotesLine) -> Bool {
        guard fields.count >= 4, line.text.utf8.contains(0x2F), line.text.utf8.contains(0x3A),
            let colon = line.text.range(of: ": ", options: .backwards),
            case let tail = line.text[colon.upperBound...], case let parts = tail.split(separator: "/"),
            parts.count == 2, case let login = parts[0].trimmedWhitespace,
            case let password = parts[1].trimmedWhitespace,
            fields[fields.count - 2].text == login, fields[fields.count - 1].text == password,
            fields[fields.count - 3].tokens.last?.marked == true,
            !NotesToken.isPasswordLike(login) || NotesToken.isEmail(login),
            // (A password of its shape, or a login that could be nothing else: `acme_upload`.)
            NotesToken.isPasswordLike(password)
                || (password.count >= 6 && login.contains(where: { "@._".contains($0) || $0.isNumber })),
            NotesToken.shape(of: login) != .url, !login.contains(" "), !password.contains(" ")
        else { return false }
        let before = fields.dropLast(2)
        let urls = before.filter { $0.shape == .url && !$0.text.contains("@") }.map(\.text)
        guard !urls.isEmpty, before.contains(where: { $0.shape == .word && !$0.parenthesised }) else { return false }
        var title = String(line.text[..<colon.lowerBound])
        for url in urls { title = title.replacingOccurrences(of: url, with: "") }
        title = title.replacingOccurrences(of: "()", with: "").trimmingCharacters(
            in: CharacterSet(charactersIn: " -–—:|"))
        guard !title.isEmpty else { return false }
        start(line)
        draft!.title = title
        draft!.urls = urls
        draft!.username = login
        draft!.password = password
        draft!.oneLine = true
        draft!.placed += 1
        flush()
        return true
    }

    /// "Dentrix" / "  Dr. Okafor:  DOKAFOR / Implant$2022" / "  hygienists share:  HYG1 / x":
    /// people's own logins to one service, each on a line indented under the service's name —
    /// a person's or an account's name with its colon, then a login and a password. A record
    /// each, titled by the service and whose login it is; the first fills the service's record
    /// when it has no login yet. The name must read as a person's or an account's, not a
    /// service's (``isPersonOrAccountName(_:)``): "Utilities" / "  Comcast: …" is a heading
    /// over services.
    private mutating func personLogin(_ line: NotesLine) -> Bool {
        guard let open = draft, open.block == block, !line.isListItem,
            line.fields.count >= 3, line.fields.allSatisfy({ $0.label == nil })
        else { return false }
        // (A drawn tree, `└── Arcade: …`, `|-- Arcade: …`, nests folders, not accounts.)
        guard let lead = line.raw.utf8.first(where: { $0 != 0x20 && $0 != 0x09 }), lead < 0x80, lead != 0x7C,
            lead != 0x60
        else { return false }
        let indent = Self.indent(line.raw)
        let service: String
        let serviceIndent: Int
        if let person = open.personOf {
            guard indent > person.indent else { return false }
            service = person.service
            serviceIndent = person.indent
        } else {
            guard let title = open.title, open.titleLine, !open.oneLine, open.username == nil, open.password == nil,
                let record = recordIndent, record.line == open.firstLine, indent > record.indent,
                // ("Banks" / "  Chase: ana / x": a heading over services, not a service.)
                !Self.isGenericHeading(title), !open.capitals
            else { return false }
            service = title
            serviceIndent = record.indent
        }
        let fields = line.fields
        let (name, login, password) = (fields[0], fields[1], fields[2])
        // (A name with a remark in brackets, `Unit 2 (Smith):`, is read the usual way, and so
        // is a label's word: `server: x / y`, `wifi: Net / key`.)
        guard name.tokens.last?.marked == true, name.shape == .word, name.tokens.count <= 3, !name.parenthesised,
            name.text.utf8.count <= 40,
            name.tokens.allSatisfy({ NotesLabel.lookup($0.folded) == nil && !NotesToken.isPasswordLike($0.text) }),
            Self.isPersonOrAccountName(name.text),
            login.tokens.count == 1, password.tokens.count == 1, !login.parenthesised, !password.parenthesised,
            login.shape != .url, password.shape != .url, password.shape != .email,
            NotesToken.isPasswordLike(password.text) || password.shape == .secret, login.text != password.text,
            // (Only remarks after them: an address or a third value is read the usual way.)
            fields.dropFirst(3).allSatisfy({ field in
                field.shape != .url && field.shape != .email && !NotesToken.isPasswordLike(field.text)
                    && (field.parenthesised || field.tokens.count >= 2)
            })
        else { return false }
        let person = (service: service, indent: serviceIndent)
        if open.personOf != nil {
            start(line)
        }
        draft!.touch(line.number)
        draft!.title = "\(service) (\(name.text))"
        draft!.titleLine = true
        draft!.username = login.text
        draft!.password = password.text
        draft!.usernameBesidePassword = true
        draft!.placed += 2
        draft!.personOf = person
        for field in fields.dropFirst(3) { draft!.unrecognized.append(field.text) }
        return true
    }

    /// `414 Elm St`, `Unit 2`, `Flat 3B`: a record titled by a number and a word (a street
    /// address, a flat, a unit) names which account of the service a heading over it names —
    /// never a service itself.
    static func isPlaceOrUnit(_ title: String) -> Bool {
        let words = title.split(separator: " ")
        guard (2...4).contains(words.count), let first = words.first, let last = words.last else { return false }
        // A house number, then the street (`414 Elm St`), or a unit's word and its number.
        let street =
            first.count <= 5 && first.allSatisfy({ $0.isASCII && $0.isNumber })
            && words[1].first?.isUppercase == true && words[1].allSatisfy(\.isLetter)
        let unit =
            words.count == 2 && unitWords.contains(NotesLabel.fold(first)) && last.count <= 4
            && last.first?.isNumber == true
        return street || unit
    }

    static let unitWords: Set<String> = [
        "unit", "apt", "apt.", "apartment", "flat", "suite", "room", "house", "lot", "wohnung", "whg", "whg.",
        "appartement", "appart", "piso", "apto", "apto.", "appartamento", "woning",
    ]

    /// `Dr. Okafor`, `Tom's`, `hygienists share`, `old work one`, `mom`: a person's name after
    /// a title of address, a possessive, words in lower case, or a word of
    /// ``accountQualifierWords`` — never a capitalised name alone (`Comcast`, `Trish`), which
    /// may be a service's.
    static func isPersonOrAccountName(_ name: String) -> Bool {
        guard let first = name.split(separator: " ").first else { return false }
        return first.first?.isLowercase == true || name.hasSuffix("'s") || name.hasSuffix("’s")
            || personTitles.contains(NotesLabel.fold(first)) || accountQualifierWords.contains(NotesLabel.fold(first))
    }

    static let personTitles: Set<String> = [
        "dr", "dr.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "miss", "prof", "prof.", "fr", "fr.", "sr", "sr.",
        "sra", "sra.", "mme", "mme.", "m.", "herr", "frau", "sig.", "sig.ra", "dhr", "dhr.", "mevr", "mevr.",
    ]

    /// `personal`, `work (gsuite)`, `old/spam`, `kids' school`, `me`: words telling which of
    /// several accounts a record is, naming no service.
    static func isAccountQualifier(_ title: String) -> Bool {
        // (Asked of every record under a heading: its first word first.)
        guard accountQualifierWords.contains(NotesLabel.fold(title.prefix { $0.isLetter })) else { return false }
        let head = title.split(separator: "(", maxSplits: 1).first.map(String.init) ?? title
        // ("smurf1", "alt 2", "acc #3": a qualifier numbered among its kind.)
        let words = NotesLabel.fold(head).split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { String($0.prefix(while: \.isLetter)) }
            .filter { $0.count > 1 }
        return (1...3).contains(words.count) && words.allSatisfy(accountQualifierWords.contains)
    }

    /// Words of remarks besides ``NotesLineClassifier/stopWords`` (`does that`, `through his
    /// own`), in English: a phrase holding one is no passphrase.
    static let remarkPhraseWords: Set<String> = [
        "does", "do", "through", "own", "us", "them", "him", "her", "his", "my", "our", "your", "only", "just",
        "uses", "use", "via", "who", "which", "what", "there",
    ]

    static let accountQualifierWords: Set<String> = [
        "personal", "perso", "privat", "private", "prive", "privado", "work", "trabajo", "travail", "arbeit",
        "lavoro", "werk", "trabalho", "business", "old", "new", "main", "primary", "secondary", "second", "other",
        "alt", "backup", "spam", "junk", "throwaway", "burner", "me", "my", "mine", "kids", "kid", "school",
        "shared", "joint", "family", "test", "buyer", "seller", "shop", "store", "side",
        // A gamer's second accounts, and whose account it is in a family's list.
        "smurf", "acc", "acct", "account", "profile", "mom", "mum", "dad", "wife", "husband", "son", "daughter",
    ]

    /// Words naming a page or a console of a service rather than the service: `web UI`,
    /// `Controller`, `admin panel`, `Verwaltungsoberfläche`.
    static func isInterfaceName(_ text: String) -> Bool {
        let words = NotesLabel.fold(text).split(whereSeparator: { !$0.isLetter })
        return !words.isEmpty && words.count <= 3 && words.allSatisfy { interfaceWords.contains(String($0)) }
    }

    static let interfaceWords: Set<String> = [
        "web", "ui", "gui", "webui", "interface", "controller", "console", "panel", "admin", "dashboard", "portal",
        "page", "login", "site", "frontend", "backend", "management", "konsole", "oberflache", "weboberflache",
        "verwaltung", "interfaz", "consola", "panneau", "interfaccia", "pannello", "painel", "beheer",
    ]

    /// The service a heading names (`GOOGLE ACCOUNTS (I have too many)` → `GOOGLE`), or nil for
    /// a heading of generic words (`BANKS`, `Work logins`) or of remarks (`Family`).
    static func serviceInHeading(_ heading: String) -> String? {
        let head = heading.split(separator: "(", maxSplits: 1).first.map(String.init) ?? heading
        var words = head.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "-" }).map(String.init)
        // "GOOGLE ACCOUNTS", "Netflix logins": the service comes before the generic word; what
        // follows it is a remark ("ACCOUNTS DONT TOUCH MOM").
        // ("Personal Gmail", "Streaming: Netflix": one word after generic ones is the service.)
        if let generic = words.firstIndex(where: { genericHeadingWords.contains(NotesLabel.fold($0)) }) {
            if generic > 0 {
                words = Array(words[..<generic])
            } else {
                words = Array(words.drop { genericHeadingWords.contains(NotesLabel.fold($0)) })
                guard words.count == 1 else { return nil }
            }
        }
        let kept = words.filter { word in
            let folded = NotesLabel.fold(word)
            return !genericHeadingWords.contains(folded) && !headingLinkWords.contains(folded)
                && !passwordListWords.contains(folded) && !remarkWords.contains(folded)
                && !categoryNouns.contains(folded) && NotesLabel.lookup(folded) == nil
        }
        guard !kept.isEmpty, kept.count <= 2, kept.allSatisfy({ $0.contains(where: \.isLetter) }) else { return nil }
        return kept.joined(separator: " ")
    }

    /// Nouns that end a heading naming a kind of thing ("email stuff", "bank things").
    static let categoryNouns: Set<String> = [
        "stuff", "things", "misc", "sachen", "zeug", "trucs", "choses", "cosas", "cose", "coisas", "dingen", "spullen",
    ]

    /// Words joining a heading's generic words ("Work & home", "My passwords").
    static let headingLinkWords: Set<String> = [
        "and", "my", "the", "of", "for", "et", "mes", "les", "des", "de", "und", "meine", "y", "mis", "e", "i", "miei",
        "le", "meus", "en", "mijn",
    ]

    static let genericHeadingWords: Set<String> = [
        "passwords", "logins", "accounts", "credentials", "contrasenas", "claves", "cuentas", "accesos",
        "kennworter", "passworter", "zugange", "konten", "comptes", "identifiants", "acces", "wachtwoorden",
        "inloggegevens", "senhas", "contas", "acessos", "password", "credenziali", "account",
        "work", "home", "personal", "perso", "privat", "trabajo", "casa", "travail", "arbeit", "werk", "lavoro",
        "banking", "banks", "social", "streaming", "misc", "other", "others", "varios", "divers", "sonstiges",
        // Polish, Swedish, Czech, Turkish and German plurals of the words above.
        "hasla", "hasła", "konta", "losenord", "hesla", "sifreler", "şifreler", "hesaplar", "zugangsdaten",
    ]

    /// Kinds of account people name before the service in brackets: `Bank (Ally)`.
    static let categoryWords: Set<String> = [
        "email", "e-mail", "mail", "webmail", "bank", "banking", "insurance", "phone", "mobile", "cell", "internet",
        "isp", "electric", "electricity", "utilities", "power", "gas", "water", "pharmacy", "doctor", "streaming",
        "cloud", "vpn", "tv", "cable", "school", "car", "credit card", "card", "loan", "mortgage", "broker",
        "banco", "banque", "banca", "correo", "courriel", "posta", "versicherung", "assurance", "seguro",
    ]

    /// Words people put in brackets after a name as a remark, never a login name:
    /// `Netflix (family)`, `old root pw (disabled)`, `Amazon (dad)`.
    static let remarkWords: Set<String> = [
        "old", "new", "alt", "ancien", "nouveau", "antiguo", "nuevo", "vecchio", "nuovo", "oud", "nieuw", "velho",
        "novo", "disabled", "deactivated", "expired", "deprecated", "unused", "inactive", "family", "familia",
        "famille", "familie", "famiglia", "dad", "mum", "mom", "papa", "mama", "kids", "work", "trabajo", "travail",
        "arbeit", "lavoro", "werk", "trabalho", "personal", "perso", "privat", "private", "prive", "privado",
        "business", "shared", "home", "casa", "maison", "backup", "main", "test", "primary", "secondary", "mine",
        "joint", "school", "uni", "office", "phone", "app", "web",
    ]

    /// First words of a phrase that points at another value instead of being one.
    /// The records of a line that runs several together with `;`, ` | `, `, ` or a dash
    /// between them — only when every part is a whole record (a name, then a login and a
    /// password-like value, or a labelled password): `Netflix | ana | pw` stays one record.
    static func recordSegments(_ line: NotesLine) -> [NotesLine]? {
        // (Two whole records need four fields or more, and a separator byte: `;` `|` `,` or a
        // dash's first byte — checked before any search.)
        // (A line telling a change of password is one record's history, not several records.)
        guard line.kind == .content, !line.isProse, line.superseded.isEmpty, line.fields.count >= 4,
            line.text.utf8.count <= 1024,
            line.text.utf8.contains(where: { $0 == 0x3B || $0 == 0x7C || $0 == 0x2C || $0 == 0xE2 })
        else { return nil }
        for separator in [" ; ", "; ", " | ", " , ", ", ", " — ", " – "] where line.text.contains(separator) {
            let parts = line.text.components(separatedBy: separator).map { $0.trimmedWhitespace }
            guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else { continue }
            let segments = parts.map { part -> NotesLine in
                var segment = NotesLineClassifier.classify(part, number: line.number)
                segment.isListItem = true
                return segment
            }
            let whole = segments.allSatisfy { segment in
                guard segment.kind == .content, let first = segment.fields.first, first.label == nil,
                    first.shape == .word || first.shape == .secret, !first.parenthesised,
                    !NotesToken.isPasswordLike(first.text), first.text.first?.isLetter == true
                else { return false }
                let labelledPassword = segment.fields.contains { $0.label?.field == .password && !$0.tokens.isEmpty }
                let values = segment.fields.dropFirst()
                let secret = values.contains { value in
                    value.label == nil && (NotesToken.isPasswordLike(value.text) || value.shape == .secret)
                }
                // ("hulu same email Hulu4Kev": a login pointed at, then the password.)
                return labelledPassword
                    || (secret
                        && (values.count >= 2 || pointsToPreviousLogin(first)
                            || first.tokens.count >= 3 && first.text.includes(" same ")))
            }
            if whole { return segments }
        }
        return nil
    }

    /// How many records back "X same as Y" looks for Y: a bound, so a file of such lines
    /// stays linear.
    static let sharedLoginReach = 200

    /// `linkedin = same as gmail`, `Printful same as shopify`, `Kindle : idem Amazon`: the
    /// service and the one whose login it shares; nil for other lines.
    static func sharedLogin(_ line: NotesLine) -> (name: String, source: String, login: String?, loginOnly: Bool)? {
        // (A remark in brackets is one field more: "VPN (GlobalProtect): skowalczyk — same as outlook".)
        guard line.kind == .content, !line.labelled, line.text.utf8.count <= 120,
            line.fields.count <= 3 || (line.fields.count == 4 && line.fields.contains(where: \.parenthesised))
        else {
            return nil
        }
        // Most lines point nowhere: look for a pointer word before taking the line apart (in
        // ASCII, word by word as bytes: splitting and folding every line was a tenth of
        // reading a long notes list).
        let separators: Set<UInt8> = [0x20, 0x09, 0x28, 0x29]
        if line.text.utf8.allSatisfy({ $0 < 0x80 }) {
            guard
                line.text.utf8.split(whereSeparator: separators.contains).contains(where: { word in
                    word.count <= 8 && packedPointerWords.contains(NotesLabel.packedLowercase(word))
                })
            else { return nil }
        } else {
            guard
                line.text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" || $0 == ")" }).contains(
                    where: { $0.utf8.count <= 8 && pointerWords.contains(NotesLabel.fold($0)) })
            else { return nil }
        }
        // ("ameli : idem impôts (même mot de passe)": a remark in brackets says nothing more.)
        var text = line.text
        while let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") {
            text.removeSubrange(open...close)
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard
            let pointer = words.indices.dropFirst().first(where: { pointerWords.contains(NotesLabel.fold(words[$0])) })
        else { return nil }
        // "Audible -- sarah@mac.com -- same as Kindle": a login of its own before the pointer
        // shares only the password.
        var named = words[..<pointer].filter { !$0.allSatisfy { "=-–—>:|/".contains($0) } }
        // ("Play  hasło takie samo jak Allegro", "Netflix the same as Hulu": "such", "the".)
        if named.count >= 2, let last = named.last, pointerLeads.contains(NotesLabel.fold(last)) { named.removeLast() }
        // ("hasło takie samo jak Allegro" under a title: a password label names no service; the
        // line points for the record it is in.)
        if named.count == 1, NotesLabel.lookup(NotesLabel.fold(named[0]))?.field == .password { return nil }
        // "twitch: nightowl_live  pw same as discord": a password label before the pointer says
        // what is shared; it names nothing.
        if named.count >= 2, let last = named.last,
            NotesLabel.lookup(NotesLabel.fold(last.hasSuffix(":") ? String(last.dropLast()) : last))?.field == .password
        {
            named.removeLast()
        }
        var ownLogin: String?
        if named.count >= 2, let at = named.lastIndex(where: { NotesToken.isEmail($0) }) {
            ownLogin = named.remove(at: at)
        } else if named.count >= 2, let last = named.last, Self.isHandle(last), !NotesToken.isPasswordLike(last),
            last.first?.isLowercase == true, named.count - 1 <= 3,
            // ("VPN: skowalczyk — same as outlook", "Depop - laurenpikes - same as…": after a separator.)
            words[..<pointer].dropLast().contains(where: { word in
                word.hasSuffix(":") || word.allSatisfy({ "=-–—>|/".contains($0) })
            })
                // ("twitch  nightowl_live  same pw as discord": or a field of its own, between gaps.)
                || (line.fields.contains(where: { $0.label == nil && $0.tokens.count == 1 && $0.text == last })
                    && last.contains(where: { $0.isNumber || $0 == "_" || $0 == "." }))
        {
            ownLogin = named.removeLast()
        }
        named = named.map { $0.hasSuffix(":") && $0.count > 1 ? String($0.dropLast()) : $0 }
        // ("Telekom (mobil) 06 30 123 4567 jelszó ugyanaz mint az ügyfélkapu": a phone or
        // account number in groups after the name is its own login.)
        if ownLogin == nil, named.count >= 2,
            let number = line.fields.first(where: { field in
                field.label == nil && !field.parenthesised && field.text.contains(" ")
                    && field.text.allSatisfy({ $0.isNumber || " +-()".contains($0) })
                    && field.text.count(where: \.isNumber) >= 7
            }),
            case let words = number.text.split(separator: " ").map(String.init), named.count > words.count,
            Array(named.suffix(words.count)) == words
        {
            ownLogin = number.text
            named.removeLast(words.count)
        }
        let name = named.joined(separator: " ")
        var rest = words[(pointer + 1)...].map { NotesLabel.fold($0) }
        // "Facebook: same email as above" shares the login only: its password may follow.
        let loginOnly =
            rest.contains(where: loginWords.contains)
            && !rest.contains(where: {
                ["pw", "password", "pass", "passwort", "mdp", "senha", "contrasena", "wachtwoord"].contains($0)
            })
        // ("stessa mail e stessa password della Libero": the last pointer says whose.)
        if let again = rest.lastIndex(where: pointerWords.contains) { rest.removeSubrange(...again) }
        // "same as", "same login as", "même que", "wie bei", "come per", "igual que", "idem als".
        while let first = rest.first, Self.pointerFillers.contains(first) || first.hasSuffix("'") {
            rest.removeFirst()
        }
        // "same as above", "wie oben", "comme ci-dessus", "igual que arriba": the record before.
        // (After a separator or a name of two words at most: "the tablet uses the same as
        // above" is a sentence.)
        if !rest.isEmpty, rest.allSatisfy({ Self.aboveWords.contains($0) }), !name.isEmpty, name.count <= 40,
            !name.contains("@"), !words[..<pointer].contains(where: { NotesToken.isPasswordLike($0) }),
            named.count <= 2 || words[pointer - 1].allSatisfy({ ":=-–—>|".contains($0) })
                || words[pointer - 1].hasSuffix(":")
        {
            return (name, "", ownLogin, loginOnly)
        }
        // "Mutuelle MGEN : idem": the record before.
        // (Only after a separator: "My PIN is the same" is a sentence, not a record.)
        if rest.isEmpty, pointer == words.count - 1, !name.isEmpty, name.count <= 40, !name.contains("@"),
            !words[..<pointer].contains(where: { NotesToken.isPasswordLike($0) }),
            words[pointer - 1].allSatisfy({ ":=-–—>".contains($0) }) || words[pointer - 1].hasSuffix(":"),
            ["idem", "same", "ditto", "dito", "pareil", "igual"].contains(NotesLabel.fold(words[pointer]))
        {
            return (name, "", ownLogin, false)
        }
        guard !name.isEmpty, name.count <= 40, !name.contains("@"), (1...3).contains(rest.count),
            rest.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || ".+-".contains($0) } })
        else { return nil }
        return (name, rest.joined(separator: " "), ownLogin, loginOnly)
    }

    /// `same email`, `same login as gmail`, `même e-mail`, `mismo correo`: a phrase standing
    /// for the login of the record before.
    static func pointsToPreviousLogin(_ field: NotesLine.Field) -> Bool {
        // ("see email from support" sends the reader elsewhere: no pointer to a login.)
        guard field.label == nil, (2...5).contains(field.tokens.count),
            case let first = NotesLabel.fold(field.tokens[0].text), pointerWords.contains(first),
            !lookWords.contains(first)
        else { return false }
        return field.tokens.dropFirst().contains { token in loginWords.contains(NotesLabel.fold(token.text)) }
    }

    static let loginWords: Set<String> = [
        "email", "e-mail", "mail", "login", "user", "username", "courriel", "correo", "adresse", "address",
        "utilisateur", "usuario", "benutzer", "identifiant", "id", "gmail", "hotmail", "outlook", "icloud",
        "e-posta", "eposta",
    ]

    /// The login a pointer phrase stands for: the last record's, or the last e-mail when the
    /// phrase names a mail (`mismo gmail` after a phone number's record).
    private func previousLogin(for phrase: String) -> String? {
        let mail = NotesLabel.fold(phrase).includes("mail")
        return drafts.suffix(Self.sharedLoginReach).last(where: { draft in
            draft.username.map { !mail || NotesToken.isEmail($0) } == true
        })?.username
    }

    /// `same email`, `mesmo gmail`, `aynı mail`: a phrase standing for the login of a record above.
    static func pointsToPreviousLogin(_ text: String) -> Bool {
        // Most texts point nowhere: in ASCII, the first word (or the second, after "ten") must.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let first = text.utf8.split(separator: 0x20, maxSplits: 2).prefix(2)
            guard
                first.contains(where: { word in
                    word.count <= 8 && packedPointerWords.contains(NotesLabel.packedLowercase(word))
                })
            else { return false }
        }
        var words = NotesLabel.fold(text).split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        // ("ten sam mail", "ta sama poczta": Polish puts "this" before "same".)
        if words.count >= 3, ["ten", "ta", "to"].contains(words[0]), pointerWords.contains(words[1]) {
            words.removeFirst()
        }
        // ("same as outlook" points at Outlook's password, not at a login.)
        guard (2...5).contains(words.count), pointerWords.contains(words[0]), !lookWords.contains(words[0]),
            !comparisonWords.contains(words[1]), !["like", "to"].contains(words[1])
        else {
            return false
        }
        return words.dropFirst().contains(where: loginWords.contains)
            && !words.contains(where: { ["pw", "password", "pass", "senha", "sifre", "contrasena"].contains($0) })
    }

    /// `Login: https://pay.example`: an address with a scheme under a login label.
    static func isLoginAddress(_ field: NotesLine.Field) -> Bool {
        field.label?.field == .username && field.shape == .url && field.text.includes("://")
    }

    /// Pointer words that send the reader elsewhere ("see email from support"), not "same".
    static let lookWords: Set<String> = ["see", "voir", "ver", "zie", "siehe", "vedi"]

    /// Words pointing at the record written before (`same as above`).
    static let aboveWords: Set<String> = [
        "above", "before", "previous", "prev", "oben", "vorher", "dessus", "ci-dessus", "arriba", "anterior", "sopra",
        "acima", "boven", "hierboven",
    ]

    /// Words between a pointer and the service it points at ("same login as", "wie bei").
    static let pointerFillers: Set<String> = [
        "as", "que", "qu'", "wie", "bei", "come", "per", "login", "password", "pw", "mdp", "than", "for", "that",
        "of", "la", "le", "el", "il", "als", "comme", "como", "di", "de", "van", "dem", "der", "du", "do", "da",
        "one", "thing", "the", "della", "dello", "del", "des", "das", "pass", "passwort", "senha",
        "contrasena", "mail", "email", "e-mail", "correo", "and", "e", "y", "et", "und", "en", "co", "jak",
        "jako", "mint", "az", "kao", "kot", "kuin", "som", "nhu", "ca", "seperti", "dengan", "heslo", "haslo", "mk",
    ]

    /// Words before a pointer that say "this" or "such" (`takie samo jak`, `the same as`):
    /// no part of the name before it.
    static let pointerLeads: Set<String> = ["takie", "taki", "taka", "ten", "ta", "the", "az", "to"]

    /// The service a password written as a pointer names (`same as Amazon` → `amazon`).
    static func pointedService(_ value: String) -> String? {
        // One of the first three words must point ("same as …", "pw the same as …"): in ASCII,
        // checked on bytes before the rest (packed when it fits 8 bytes; `identique` is looked
        // up as a string).
        if value.utf8.allSatisfy({ $0 < 0x80 }),
            !value.utf8.split(separator: 0x20, maxSplits: 3).prefix(3).contains(where: { word in
                word.count <= 8
                    ? packedPointerWords.contains(NotesLabel.packedLowercase(word))
                    : pointerWords.contains(String(decoding: word, as: UTF8.self).lowercased())
            })
        {
            return nil
        }
        var words = value.split(separator: " ").map { NotesLabel.fold(String($0)) }
        // ("heslo stejné jako seznam", "hasło takie samo jak Allegro": the password's label and
        // "such" before the pointer.)
        if words.count >= 3, !pointerWords.contains(words[0]), NotesLabel.lookup(words[0])?.field == .password {
            words.removeFirst()
        }
        if words.count >= 3, pointerLeads.contains(words[0]), pointerWords.contains(words[1]) { words.removeFirst() }
        guard words.count >= 2, words.count <= 6, pointerWords.contains(words[0]) else { return nil }
        words.removeFirst()
        while let first = words.first, pointerFillers.contains(first) || first.hasSuffix("'") { words.removeFirst() }
        guard (1...3).contains(words.count), !words.contains(where: { aboveWords.contains($0) }),
            words.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || ".+-".contains($0) } })
        else { return nil }
        return words.joined(separator: " ")
    }

    /// ``pointerWords`` packed by ``NotesLabel/packedLowercase(_:)``.
    static let packedPointerWords = NotesLabel.packed(pointerWords)

    /// The word after a pointer that compares (`same as`, `gleich wie`, `même que`).
    static let comparisonWords: Set<String> = [
        "as", "als", "wie", "comme", "como", "que", "che", "ile", "jako", "som", "jak", "mint", "kao", "kot", "kuin",
        "nhu", "ca", "seperti", "dengan",
    ]

    /// "Off Peak Return", "Cozy Cabin 2023": three to six words, each a capitalised word of
    /// letters or a number, the first not pointing elsewhere ("Same As Gmail") and not all in
    /// capitals ("PASS WORD IS").
    static func isCapitalisedPassphrase(_ words: [String]) -> Bool {
        (3...6).contains(words.count) && !pointerWords.contains(NotesLabel.fold(words[0]))
            && NotesLabel.lookup(NotesLabel.fold(words[0])) == nil
            && words.allSatisfy { word in
                word.allSatisfy(\.isNumber)
                    || (word.first?.isUppercase == true && word.dropFirst().allSatisfy(\.isLowercase)
                        && word.count >= 2)
            }
            && words.contains { $0.first?.isUppercase == true }
    }

    static let pointerWords: Set<String> = Set<String>([
        "same", "idem", "see", "wie", "siehe", "gleich", "comme", "voir", "meme", "como", "ver", "igual", "mismo",
        "misma", "come", "vedi", "stesso", "stessa", "zelfde", "zie", "mesmo", "mesma", "ayni", "aynı", "samme",
        "samma", "stejny", "acelasi", "sam", "sama", "selbe", "selben", "gleiche", "gleichen", "dieselbe", "hetzelfde",
        "dezelfde", "pareil", "pareille", "wahi", "vahi", "ugyanaz", "ugyanazt", "sami", "samo",
        // Czech and Slovak, Vietnamese (giống), Romanian, Croatian and Serbian, Slovenian (not
        // `isto`, Portuguese for "this").
        "stejne", "stejna", "stejnou", "rovnake", "giong", "aceeasi", "isti", "enako",
    ]).union(NotesLabel.otherPointerWords.map { NotesLabel.fold($0) })

    /// Connectors between a label and the service it is for, in the seven languages.
    static let labelConnectors: Set<String> = [
        "de", "del", "de la", "du", "for", "of", "fur", "van", "di", "do", "da", "per", "pour", "para", "voor",
        "vom", "von", "der", "dello", "della", "dos", "das", "la", "le", "el", "my", "mon", "ma", "mi", "mein",
        "meine", "mijn", "il", "al", "au", "at", "to", "bei", "bij",
    ]

    /// "new" in the seven languages: a value after it replaces the one before.
    static let newWords: Set<String> = [
        "new", "nieuw", "nieuwe", "neu", "neues", "neue", "nouveau", "nouvel", "nouvelle", "nuevo", "nueva", "nuovo",
        "nuova", "novo", "nova", "now", "jetzt", "nu", "maintenant", "ahora", "adesso", "agora", "current", "actuel",
        "nowe", "nowy", "nowa", "aktualne", "obecne", "teraz", "ny", "nytt", "nya", "uusi", "yeni", "nyt",
    ]

    /// "banco" in "Contraseña del banco", "Orange" in "Mot de passe Orange": the words a
    /// label phrase was extended by, without connectors; nil when there are none.
    static func serviceAfterLabel(_ labelText: String, label: NotesLabel) -> String? {
        let words = labelText.split(separator: " ")
        let labelWords = label.name.split(separator: " ").count
        guard words.count > labelWords,
            words.prefix(labelWords).map({ NotesLabel.fold($0) }).joined(separator: " ") == label.name
        else { return nil }
        let rest = words.dropFirst(labelWords).drop { labelConnectors.contains(NotesLabel.fold($0)) }
        // "Senha de 8 dígitos:": a count describes the value, it names no service; nor do
        // "account no", "member #", "user id", "login name" (what the value is).
        guard !rest.isEmpty, rest.count <= 3, rest.first?.first?.isNumber == false,
            !rest.allSatisfy({ Self.valueKindWords.contains(NotesLabel.fold($0)) })
        else { return nil }
        return rest.joined(separator: " ")
    }

    /// Words after a label that say what kind of value it is, not whose.
    static let valueKindWords: Set<String> = [
        "no", "no.", "nr", "nr.", "#", "n°", "nº", "num", "num.", "number", "nummer", "numero", "id", "name", "naam",
        "nom", "nombre", "nome", "code", "handle", "address", "adresse", "adres", "email", "e-mail", "mail",
    ]

    /// A custom field, concealed when its value looks like a password or an account, card or
    /// identity number (six digits or more), or when its label names an identity document or
    /// a bank account: only plainly descriptive values (a network name, a port) are shown.
    /// "acct # 0091  user: bob": a login name labelled after an account number is the
    /// username; the number is kept as a field under its own label.
    private mutating func loginNameOverNumber(_ name: String, _ value: String) {
        // "Owen Xbox — gamertag OwenTheGr8 — email owen@x.com — pw x": an address after a name
        // shown to others (a gamertag, a nickname) is what signs in; the name is a field.
        if NotesToken.isEmail(value), let shown = draft!.usernameLabel, let current = draft!.username,
            !NotesToken.isEmail(current), Self.shownNameLabels.contains(NotesLabel.fold(shown))
        {
            draft!.username = value
            draft!.usernameLabel = name
            return extra(shown, current)
        }
        // ("org ID 4401  username stbrendans": a bare `ID` holding only digits, then a word
        // that names the login, is a number of the account's.)
        if draft!.usernameNumberLabel == nil, let label = draft!.usernameLabel, NotesLabel.fold(label) == "id",
            let number = draft!.username, number.allSatisfy({ $0.isASCII && $0.isNumber }), Self.isLoginLabel(name)
        {
            draft!.usernameNumberLabel = label
        }
        guard let numberLabel = draft!.usernameNumberLabel, let number = draft!.username else {
            return extra(name, value)
        }
        draft!.username = value
        draft!.usernameNumberLabel = nil
        extra(numberLabel, number)
    }

    /// Labels of a name others see, not the one that signs in: `gamertag`, `nickname`.
    static let shownNameLabels: Set<String> = [
        "gamertag", "gamer tag", "nickname", "nick", "screen name", "display name", "pseudo", "apodo", "psn id",
        "online id", "riot id", "battletag", "battle tag", "epic id", "epic name", "handle", "spitzname", "soprannome",
    ]

    /// Identity and tax numbers that are the login of their country's services: Turkey's
    /// e-Devlet (`TC`), Mexico's SAT and IMSS (`RFC`, `CURP`), Russia's Gosuslugi (`СНИЛС`),
    /// Spain's and Portugal's tax sites (`NIF`), Brazil's gov.br (`CPF`), Singapore's (`NRIC`),
    /// Argentina's (`CUIT`, `CUIL`), Chile's (`RUT`). (Not India's `PAN`: a card's number is
    /// called that too.)
    static let loginNumberNames: Set<String> = [
        "tc", "tckn", "rfc", "curp", "снилс", "nif", "cpf", "nric", "cuit", "cuil", "rut",
    ]

    static let identityNumberNames: Set<String> = [
        "ssn", "sin", "pesel", "bsn", "nino", "ni", "tfn", "cpr", "nir", "dni", "nie", "cnp", "egn", "oib", "amka",
    ]

    /// `DWallace38`, `JSmith2020`, `MHarris`: an initial, a capitalised surname and up to four
    /// digits — how employers and agencies make login names.
    static func isInitialAndSurname(_ text: String) -> Bool {
        let letters = text.prefix { $0.isLetter }
        let digits = text.dropFirst(letters.count)
        guard letters.count >= 4, digits.count <= 4, digits.allSatisfy(\.isNumber), digits.allSatisfy(\.isASCII)
        else { return false }
        let chars = Array(letters)
        return chars[0].isUppercase && chars[1].isUppercase && chars.dropFirst(2).allSatisfy(\.isLowercase)
    }

    /// `TC`, `RFC`, `CURP`, `СНИЛС`, `NIF`: two to six capital letters, an identity number's name.
    static func isAcronym(_ text: String) -> Bool {
        (2...6).contains(text.count) && text.allSatisfy { $0.isLetter && $0.isUppercase }
    }

    /// `12345678950`, `GALU850312MDFRPP09`: one word of `digits` digits or more (six unless
    /// told), and letters, dots, dashes or slashes — a code that identifies someone (a date
    /// is none).
    static func isCode(_ text: String, digits minimum: Int = 6) -> Bool {
        text.count <= 24 && text.filter(\.isNumber).count >= minimum
            && text.allSatisfy({ $0.isNumber || $0.isLetter || ".-/".contains($0) }) && !isDate(text)
    }

    /// `48201937`, `1234567TA`, `123.456.789-09`, `07-4418-2`: mostly digits, in one chunk — an
    /// identifier (customer, contract or tax number), not a word, a date or a password: a
    /// code of five digits or more, no more letters than digits and at most four marks.
    static func isIdentifier(_ text: String) -> Bool {
        guard isCode(text, digits: 5) else { return false }
        let digits = text.filter(\.isNumber).count
        let letters = text.filter(\.isLetter).count
        return letters <= digits && text.count - digits - letters <= 4
    }

    /// `acct`, `account`, `member #`, `Kundennummer`, `n° client`, `customer id`: a label
    /// naming an account, member or customer number — weaker than a login name's label.
    static func isAccountNumberLabel(_ name: String) -> Bool {
        let words = NotesLabel.fold(name).split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "°" })
        guard let first = words.first else { return false }
        // "Pers.Nr.", "Kunden-Nr", "policy no": words ending in a number's abbreviation.
        if words.count >= 2, let last = words.last, ["nr", "no", "number", "nummer", "numero", "num"].contains(last) {
            return !words.contains(where: { ["name", "user", "login"].contains($0) })
        }
        // "nº de contrato", "numéro de client", "n° adhérent": the abbreviation before its word.
        if words.count >= 2, ["n°", "nº", "no", "nr", "numero", "num", "numer", "nummer"].contains(first),
            !words.contains(where: { word in
                [
                    "tel", "telephone", "telefone", "telefono", "telefonu", "telefon", "phone", "serie", "tarjeta",
                    "carte",
                    "card", "karte", "carta", "cartao", "karty", "kort",
                ].contains(word)
            })
        {
            return true
        }
        return accountWords.contains(String(first))
            && !words.contains(where: { ["name", "user", "login"].contains($0) })
    }

    /// The first words of an account, member or customer number's label.
    static let accountWords: Set<String> = [
        "acct", "account", "konto", "cuenta", "compte", "conta", "rekening", "member", "membership", "customer",
        "client", "cliente", "kunde", "klant", "contrato", "contract", "vertrag", "vertragsnummer",
        "kundennummer", "kundennr", "klantnummer", "klantnr", "mitgliedsnummer", "mitgliedsnr", "nif", "n°",
        "nº", "no", "numero", "num", "nr", "policy", "card", "employee", "staff", "teilnehmernummer",
        "zugangsnummer", "anmeldenummer",
    ]

    private mutating func extra(_ name: String, _ value: String) {
        let words = value.split(separator: " ")
        let folded = NotesLabel.fold(name)
        // A label Coffer does not know as descriptive (a table's own column, a phrase) shows
        // only plain words; a value with digits or symbols under it may be any secret.
        let known = folded.split(separator: " ").contains { word in
            NotesLabel.lookup(String(word)).map { $0.field == .extra || $0.field == .username || $0.field == .email }
                ?? false
        }
        let plain = value.allSatisfy { $0.isLetter || $0 == " " || $0 == "'" }
        let secret =
            words.contains { NotesToken.isPasswordLike($0) || NotesToken.isSecretNumber($0) }
            || NotesToken.hasCardNumber(value)
            || Self.sensitiveExtraLabels.contains { folded.contains($0) } || (!known && !plain)
            || (Self.isAccountNumberLabel(name) && value.contains(where: \.isNumber))
        draft!.customFields.append(.init(name: name, value: value, concealed: secret))
    }

    static let sensitiveExtraLabels = [
        "dni", "nie", "cpf", "documento", "passport", "passeport", "reisepass", "pasaporte", "passaporto",
        "paspoort", "ssn", "social security", "iban", "account number", "kontonummer", "numero de compte",
        "numero de cuenta", "numero conto", "numero di conto", "rekeningnummer", "numero da conta", "tax",
    ]

    // MARK: Tables

    private mutating func tableHeader(_ line: NotesLine) {
        // The header's words are labels; the line is accounted for by the rows under it.
        _ = line
    }

    /// Every cell a label, a username or password among them: a table's header.
    /// The label a table's header cell names: `Password`, `Username / email`, `Login or e-mail`,
    /// `E-Mail (Login)`, `Passwort:` — for a cell joining two labels, the first one's.
    static func columnLabel(_ cell: String) -> NotesLabel? {
        let folded = NotesLabel.fold(cell)
        if let label = NotesLabel.lookup(folded) { return label }
        // (Every cell of every row is asked: only one with a mark or a joining word goes on.)
        guard
            folded.utf8.contains(where: { b in
                b == 0x20 || b == 0x2F || b == 0x26 || b == 0x2B || b == 0x2C
                    || b == 0x28 || b == 0x3A || b == 0x2A || b == 0x3F || b == 0x2E
            })
        else { return nil }
        let bare = folded.trimmingCharacters(in: CharacterSet(charactersIn: ":*?. "))
        if bare != folded, let label = NotesLabel.lookup(bare) { return label }
        let parts = bare.replacingOccurrences(of: " or ", with: "/").replacingOccurrences(of: " oder ", with: "/")
            .replacingOccurrences(of: " ou ", with: "/").replacingOccurrences(of: " o ", with: "/")
            .split(whereSeparator: { "/&+,()".contains($0) })
            .map { $0.trimmedWhitespace }.filter { !$0.isEmpty }
        guard parts.count >= 2, parts.count <= 3 else { return nil }
        let labels = parts.map { NotesLabel.lookup($0) }
        // Every part must be a label ("Username / email"), so "Site / App name" stays unread.
        guard labels.allSatisfy({ $0 != nil }) else { return nil }
        return labels[0]
    }

    static func isHeaderRow(_ cells: [String]) -> Bool {
        // (Every row of a table is asked: the first cell that is no label ends it.)
        guard cells.count >= 2 else { return false }
        var labels = [NotesLabel]()
        for cell in cells {
            guard let label = columnLabel(cell) else { return false }
            labels.append(label)
        }
        return labels.contains { $0.field == .password || $0.field == .username || $0.field == .email }
    }

    /// The cells of `a | b | c` (two or more), trimmed and without Markdown marks.
    static func pipeCells(_ text: String) -> [String]? {
        let cells = text.split(separator: "|", omittingEmptySubsequences: false).map {
            String(NotesMarkdown.plain(NotesLineClassifier.trimmedSpaces($0)))
        }
        return cells.count >= 2 ? cells : nil
    }

    /// A table's columns from its header row. A first column headed by a weak account word
    /// (`Account`, `Konto`, `Cuenta`) beside a username or e-mail column names the record.
    static func tableColumns(_ cells: [String]) -> [(label: NotesLabel?, name: String)] {
        var columns = cells.map { cell in (label: columnLabel(cell), name: cell) }
        let logins = columns.dropFirst().contains { [.username, .email].contains($0.label?.field) }
        if logins, let first = columns.first?.label, first.field == .username, !first.bare {
            columns[0].label = NotesLabel(field: .title, name: first.name, bare: false)
        }
        return columns
    }

    /// "Telekom (mobil) 06 30 123 4567", "Identifikační číslo: 114 882 019 (to je login)": a
    /// number written in groups (a phone, customer or identity number) is what one signs in
    /// with, never a password unless a password label says so. It becomes the login when the
    /// record has none or only a word (`mobil`); a password label's value kept in a field,
    /// for want of room, then becomes the password.
    static func groupedNumberIsTheLogin(_ open: inout NotesDraft) {
        guard open.passwordLabel == nil, let number = open.password, isGroupedNumber(number) else { return }
        open.password = nil
        let word = open.username.map { login in
            !NotesToken.isEmail(login) && !login.contains { $0.isNumber || $0 == "_" || $0 == "." }
        }
        if let login = open.username, word == true, login.first?.isUppercase == true {
            // ("Vertragskonto 2004 1187 33": a capitalised word names the number, a contract's
            // or a card's — kept out of sight, no login.)
            open.username = nil
            open.unrecognized.append("\(login) \(number)")
        } else if word ?? true {
            if let word = open.username { open.unrecognized.append(word) }
            open.username = number
        } else {
            open.unrecognized.append(number)
        }
        if let index = open.customFields.firstIndex(where: { field in
            field.concealed && NotesLabel.lookup(NotesLabel.fold(field.name))?.field == .password
        }) {
            open.password = open.customFields.remove(at: index).value
        }
    }

    /// `06 30 123 4567`, `+7 916 555-12-34`, `114 882 019`: nine digits or more in three
    /// groups or more (or two, opening with 0 or `+`), nothing but spaces, dashes, dots and a
    /// leading `+` between them — a phone's, a customer's or an identity number's shape.
    /// (`1234 5678` and a card's or a Wi-Fi key's four groups of four are no such number.)
    static func isGroupedNumber(_ text: String) -> Bool {
        let groups = text.split(separator: " ")
        guard groups.count >= 2, text.utf8.count(where: { (0x30...0x39).contains($0) }) >= 9,
            groups.count >= 3 || text.hasPrefix("0") || text.hasPrefix("+"),
            !(groups.count >= 4 && groups.allSatisfy { $0.count == 4 })
        else { return false }
        return text.utf8.enumerated().allSatisfy { index, byte in
            (0x30...0x39).contains(byte) || byte == 0x20 || byte == 0x2D || byte == 0x2E || (byte == 0x2B && index == 0)
        }
    }

    /// "same", "same as above", "ditto", `"`: a table cell repeating the one above it.
    static func meansSameAsAbove(_ cell: String) -> Bool {
        if ["\"", "〃", "''", "ditto", "do.", "id."].contains(cell.lowercased()) { return true }
        let words = NotesLabel.fold(cell).split(separator: " ").map(String.init)
        guard let first = words.first, words.count <= 3, pointerWords.contains(first), !lookWords.contains(first)
        else { return false }
        return words.dropFirst().allSatisfy { aboveWords.contains($0) || pointerFillers.contains($0) }
    }

    /// The cells of a line whose values are between tabs, trimmed, empty ones at its end
    /// dropped; nil for a line without tabs or with fewer than two cells.
    static func tabCells(_ raw: String) -> [String]? {
        guard raw.utf8.contains(0x09) else { return nil }
        var cells = raw.split(separator: "\t", omittingEmptySubsequences: false).map {
            $0.trimmedWhitespace
        }
        while cells.last?.isEmpty == true { cells.removeLast() }
        return cells.count >= 2 ? cells : nil
    }

    private mutating func tableRow(_ cells: [String], line: NotesLine) {
        guard let columns else {
            let joined = NotesLineClassifier.classify(cells.joined(separator: " | "), number: line.number)
            var row = joined
            row.raw = line.raw
            row.isListItem = true
            return content(row, next: nil)
        }
        start(line)
        draft!.oneLine = true
        var titled = columns.contains { $0.label?.field == .title }
        // (The row just above, read already: what "same" in a login column stands for.)
        let above = drafts.last.flatMap { $0.lastLine == line.number - 1 ? $0.username : nil }
        for (written, column) in zip(cells, columns) where !written.isEmpty {
            var cell = written
            if let field = column.label?.field {
                // "(SSO)", "[see vault]" under Password: a remark on the password, not one.
                if field == .password, let first = cell.first, let last = cell.last,
                    (first == "(" && last == ")") || (first == "[" && last == "]")
                {
                    draft!.unrecognized.append("\(column.name): \(cell)")
                    continue
                }
                // "123456789012 (num. de servicio)" under Username: the value, and a remark on it.
                if field == .username || field == .email, cell.last == ")", let open = cell.lastIndex(of: "("),
                    open > cell.startIndex, cell[cell.index(before: open)] == " ",
                    case let value = cell[..<open].trimmedWhitespace,
                    !value.contains(" ")
                        || Self.isGroupedNumber(value)
                {
                    draft!.unrecognized.append(String(cell[open...]))
                    cell = value
                }
                // "same", "ditto", "same as above" under Username: the login of the row above.
                if field == .username || field == .email, Self.meansSameAsAbove(cell) {
                    guard let above else {
                        draft!.unrecognized.append("\(column.name): \(cell)")
                        continue
                    }
                    cell = above
                }
            }
            let shape = NotesToken.shape(of: cell)
            // Only a column no label claims for a credential or a secret names the record
            // ("| Account | Email | Password | PIN |": never the PIN).
            let free = column.label.map { [.title, .url, .extra].contains($0.field) } ?? true
            if !titled, free, shape != .url, !NotesToken.isPasswordLike(cell) {
                draft!.title = cell
                titled = true
            } else if let label = column.label {
                // A cell is one value: a password with spaces or separators stays whole.
                let whole = NotesLine.Field(
                    label: label, tokens: [NotesToken(cell, afterSeparator: true)], labelText: column.name)
                apply(label, field: whole, inTable: true)
            } else {
                extra(column.name.isEmpty ? "Column" : column.name, cell)
            }
        }
        if cells.count > columns.count { draft!.unrecognized.append(cells[columns.count...].joined(separator: " | ")) }
        // (The first row is titled by the heading when it is flushed, which then stops naming
        // records; the rows after it are the same service's accounts all the same.)
        if !titled {
            if let tableTitle {
                draft!.title = tableTitle
            } else if let heading = headings.last, !heading.used, !Self.isGenericHeading(heading.name) {
                tableTitle = heading.name
            }
        }
    }

    // MARK: Headings found afterwards

    /// A title line with no fields of its own, followed by records with credentials (in its
    /// block, or in the next one when it stands alone or in capitals), is their heading:
    /// it becomes their folder. Words after a record in its block are that record's text.
    private func withImplicitHeadings() -> [NotesDraft] {
        var result = [NotesDraft]()
        var implicit: (name: String, epoch: Int, block: Int, standalone: Bool, childInBlock: Bool)?
        var headingLogin: (username: String, block: Int)?
        for (k, var d) in drafts.enumerated() {
            let epoch = epochs[k]
            // "ana@x.org" alone, then "Netflix: pw", "Amazon: pw" under it: the address heads
            // the accounts below it in its block, as their login.
            if let login = d.username, NotesToken.isEmail(login), d.title == nil, d.password == nil, d.urls.isEmpty,
                d.customFields.isEmpty, d.unrecognized.isEmpty, k + 1 < drafts.count,
                drafts[k + 1].block == d.block, drafts[k + 1].password != nil, drafts[k + 1].username == nil
            {
                headingLogin = (login, d.block)
                continue
            }
            if let login = headingLogin {
                if d.block == login.block, d.username == nil, d.password != nil {
                    d.username = login.username
                } else {
                    headingLogin = nil
                }
            }
            if d.isTitleOnly, d.titleLine, let title = d.title {
                // "city born - Dayton" on the line after a record's fields, then a blank line:
                // more text of that record, not a heading over the next block.
                if let previous = result.indices.last, result[previous].block == d.block,
                    result[previous].hasCredential, result[previous].lastLine == d.firstLine - 1, !d.capitals,
                    !result[previous].oneLine
                {
                    result[previous].unrecognized.append(title)
                    result[previous].touch(d.firstLine)
                    continue
                }
                let next = k + 1 < drafts.count ? drafts[k + 1] : nil
                // ("memorable data: Bristol" is a label and its value, never a heading.)
                let labelAndValue =
                    title.firstIndex(of: ":").map { title[title.index(after: $0)...].contains(where: \.isLetter) }
                    ?? false
                if let next, !labelAndValue, next.hasCredential, epochs[k + 1] == epoch, next.block <= d.block + 1,
                    next.title != nil || next.block == d.block || d.capitals || !next.urls.isEmpty
                {
                    let name = d.capitals ? title.capitalized : title
                    implicit = (name, epoch, d.block, next.block != d.block || d.capitals, false)
                    // The heading's line is accounted for by the records that carry it.
                    continue
                }
                if let previous = result.indices.last, result[previous].block == d.block,
                    result[previous].hasCredential, !d.capitals
                {
                    result[previous].unrecognized.append(title)
                    result[previous].touch(d.firstLine)
                    continue
                }
            }
            if let heading = implicit {
                // "SHOPEE" / "- toko utama: …" then, a block later, "TOKOPEDIA" / "user: …": a
                // record titled in capitals like the heading, after the heading's own records,
                // is its sibling, not under it. ("BANKING", a blank line, "CHASE" / "user: …"
                // stays under it: that heading had no record of its own block.)
                if heading.childInBlock, d.block != heading.block, d.capitals, d.titleLine, d.title != nil {
                    implicit = nil
                } else if epoch == heading.epoch, heading.standalone || d.block == heading.block {
                    d.folder.append(heading.name)
                    if d.block == heading.block { implicit?.childInBlock = true }
                } else {
                    implicit = nil
                }
            }
            result.append(d)
        }
        return result
    }

    /// `'S3rver!Pass'`, `"Octo#Cat42"`: a value wrapped in matching quotes, without them.
    static func unquoted(_ value: String) -> String {
        guard value.count > 2, let first = value.first, first == "'" || first == "\"", value.last == first,
            !value.dropFirst().dropLast().contains(first)
        else { return value }
        return String(value.dropFirst().dropLast())
    }

    /// `2011`, `2015-03-02`, `12/03/2021`, `3.5.19`: a year or a date.
    /// `2022-02-14`, `14/02/2022`, `3.4.21`: a day, a month and a year (not `555-201-7788`).
    static func isFullDate(_ text: String) -> Bool {
        // Every form below starts with a digit (beyond ASCII, Unicode's digits too).
        guard let first = text.utf8.first, (0x30...0x39).contains(first) || first >= 0x80 else { return false }
        // "31.08.", "31.08.!": a German day and month.
        let bare = text.reversed().drop { "!?,;".contains($0) }.reversed()
        let dayMonth = bare.split(separator: ".", omittingEmptySubsequences: false)
        if bare.last == ".", dayMonth.count == 3, dayMonth[2].isEmpty,
            dayMonth.prefix(2).allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isNumber) })
        {
            return true
        }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard isDate(text), parts.count == 3 else { return false }
        let years = parts.indices.filter { parts[$0].count == 4 }
        let short = parts.indices.filter { parts[$0].count <= 2 }
        return (years == [0] || years == [2] || years.isEmpty) && short.count == (years.isEmpty ? 3 : 2)
    }

    static func isDate(_ text: String) -> Bool {
        guard let first = text.utf8.first, (0x30...0x39).contains(first) || first >= 0x80 else { return false }
        let bytes = Array(text.utf8)
        let digit: (UInt8) -> Bool = { $0 >= 0x30 && $0 <= 0x39 }
        if bytes.count == 4, bytes.allSatisfy(digit),
            bytes[0] == 0x31 && bytes[1] == 0x39 || bytes[0] == 0x32 && bytes[1] == 0x30
        {
            return true
        }
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        // "ends 6/30", "renew 12/31": a month and a day with a slash.
        if parts.count == 2, text.contains("/"), let month = Int(parts[0]), let day = Int(parts[1]),
            parts.allSatisfy({ $0.count <= 2 }), (1...12).contains(month), (1...31).contains(day)
        {
            return true
        }
        // "Stand 11/2021", "03.2022": a month and a year.
        if parts.count == 2, parts[0].count <= 2, parts[1].count == 4, let month = Int(parts[0]),
            let year = Int(parts[1]), (1...12).contains(month), (1900...2099).contains(year)
        {
            return true
        }
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isNumber) }) else {
            return false
        }
        return parts.contains { $0.count == 4 } || parts[2].count == 2
    }

    /// The field naming the record on a labelled line: the words before the first label, or
    /// one value that is plainly a name there.
    static func titleField(_ prefix: ArraySlice<NotesLine.Field>, line fields: [NotesLine.Field]) -> NotesLine.Field? {
        guard let field = prefix.first else { return nil }
        if field.shape == .word, !field.parenthesised, !NotesToken.isPasswordLike(field.text), !isLabelPhrase(field) {
            return field
        }
        // "Check24 -- ana@x.de -- PW: x", "Office365 | ana@x.com | pw: y": a capitalised name
        // ending in digits opens the line, and the login is another value on it.
        if isNameWithNumber(field), fields.dropFirst().contains(where: { $0.shape == .email }) { return field }
        guard field.tokens.count == 1, !field.parenthesised else { return nil }
        // "Medicare.gov  login: x  password: y": a bare domain opening a labelled line names
        // it (and is its URL).
        if field.shape == .url, !field.text.utf8.contains(0x2F), !field.text.utf8.contains(0x3A),
            field.text.contains(where: \.isLetter)
        {
            return field
        }
        // "db01: user postgres / Pg#Admin99": a name with its colon opening a labelled line.
        if field.tokens[0].marked, field.shape == .secret, !NotesToken.isPasswordLike(field.text), prefix.count == 1 {
            return field
        }
        // "Outlook/AD: ana@x.com, PW: y", "AT&T: …", "Disney+: …": letters joined by `/`, `&`
        // or `+`, with its colon, opening the line — a name, never a password.
        if field.tokens[0].marked, prefix.count == 1, field.text.contains(where: \.isLetter),
            field.text.allSatisfy({ $0.isLetter || "/&+".contains($0) }),
            field.text.count(where: { "/&+".contains($0) }) <= 2
        {
            return field
        }
        return nil
    }

    /// "login with", "password for": a label word and a word that never follows a name —
    /// how a line about the record above begins, not a service's name.
    static func isLabelPhrase(_ field: NotesLine.Field) -> Bool {
        field.tokens.count == 2 && NotesLabel.lookup(field.tokens[0].folded) != nil
            && NotesLineClassifier.stopWords.contains(field.tokens[1].folded)
    }

    /// `Check24`, `Office365`, `Web2`: one capitalised word of letters, then digits.
    static func isNameWithNumber(_ field: NotesLine.Field) -> Bool {
        guard field.tokens.count == 1, !field.parenthesised, field.shape == .secret,
            !NotesToken.isPasswordLike(field.text), field.text.first?.isUppercase == true
        else { return false }
        let letters = field.text.prefix { $0.isLetter }
        let digits = field.text.dropFirst(letters.count)
        return letters.count >= 3 && !digits.isEmpty && digits.allSatisfy(\.isNumber)
    }

    /// `(username tonyr)`, `(login: ana_r)`: a username label and its one value in brackets.
    static func bracketedLogin(_ field: NotesLine.Field) -> String? {
        guard field.parenthesised, field.tokens.count == 2,
            let label = NotesLabel.lookup(field.tokens[0].folded), label.field == .username || label.field == .email
        else { return nil }
        let value = field.tokens[1].text
        return isBracketedHandle(value) || NotesToken.isEmail(value) || isHandle(value) ? value : nil
    }

    /// `league/valorant`, `work/personal`: two or three lower-case words joined by slashes.
    static func isWordsAlternative(_ text: String) -> Bool {
        let words = text.split(separator: "/", omittingEmptySubsequences: false)
        // (In lower case: `jsmith/Bluebird` is a login and its password.)
        return (2...3).contains(words.count)
            && words.allSatisfy { $0.count >= 2 && $0.allSatisfy { $0.isLetter && $0.isLowercase } }
    }

    /// `chloe.wagner`, `ana_r`, `raj82`: a login name, not a remark (`business`, `old`).
    static func isBracketedHandle(_ text: String) -> Bool {
        text.count >= 3 && text.contains(where: \.isLetter) && !text.utf8.contains(0x20)
            && (text.contains { "._@".contains($0) } || text.contains(where: \.isNumber))
            && !NotesToken.isPasswordLike(text)
    }

    /// "Bet365  mdunn_85  PutItOnRed:17", "Office365 - ana@x.com - pw": a name of letters and
    /// digits opening a line of three values, a login and then a password after it, names the
    /// service (it looks like a login name, and had been taken for one).
    static func isNumberedServiceName(_ values: ArraySlice<NotesLine.Field>) -> Bool {
        guard values.count == 3 else { return false }
        let (name, login, password) = (values[values.startIndex], values[values.startIndex + 1], values.last!)
        return name.tokens.count == 1 && name.shape == .secret && !name.parenthesised
            && name.text.allSatisfy({ $0.isLetter || $0.isNumber }) && !NotesToken.isPasswordLike(name.text)
            && !login.parenthesised && (login.shape == .email || (login.tokens.count == 1 && isHandle(login.text)))
            && !password.parenthesised && password.tokens.count == 1
            && (NotesToken.isPasswordLike(password.text) || password.shape == .secret)
    }

    /// Where the remark after a one-line record begins ("Sparx Maths - 19colo / 1234ollie  <-
    /// changed this in Oct", "Purple Mash: leow3 / blue5 — teacher says change it"), or nil: a
    /// name of words, one login-like value and one password-like value (remarks in brackets
    /// beside them), then a run of words that reads as a sentence. Only then is a line of prose
    /// read as a record: the sentence after it stays out of sight.
    static func remarkAfterRecord(_ line: NotesLine) -> Int? {
        let fields = line.fields
        guard fields.count >= 4, fields.allSatisfy({ $0.label == nil }),
            let cut = fields.indices.dropFirst(3).first(where: { index in
                !fields[index].parenthesised && fields[index].tokens.count >= 2
                    && fields[index].tokens.allSatisfy { $0.shape == .word }
            }),
            fields[cut...].contains(where: { field in
                field.tokens.contains { NotesLineClassifier.proseWords.contains($0.folded) }
            }),
            !fields[..<cut].contains(where: { field in
                field.tokens.contains { NotesLineClassifier.proseWords.contains($0.folded) }
            })
        else { return nil }
        let name = fields[0]
        let values = fields[1..<cut].filter { !$0.parenthesised }
        guard name.shape == .word, !name.parenthesised, name.tokens.count <= 4, values.count == 2,
            values.allSatisfy({ $0.tokens.count == 1 }),
            values[0].shape == .email || values[0].shape == .number || isHandle(values[0].text),
            values[1].shape == .secret || values[1].shape == .number || NotesToken.isPasswordLike(values[1].text),
            values[1].shape != .email, values[1].shape != .url
        else { return nil }
        return cut
    }

    static func isHandle(_ text: String) -> Bool {
        // The common case on bytes: a dot, underscore, at sign or digit makes a handle.
        if text.utf8.contains(where: { $0 == 0x2E || $0 == 0x5F || $0 == 0x40 || (0x30...0x39).contains($0) }) {
            return true
        }
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // The checks below on bytes (none of "._@" or a digit is in the text).
            let bytes = text.utf8
            return isDomainLogin(text)
                || (bytes.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D } && bytes.first != 0x2D)
                || isJoinedName(text)
                || (text.count >= 4 && text.count <= 12 && bytes.allSatisfy { $0 >= 0x41 && $0 <= 0x5A })
        }
        return isDomainLogin(text) || text.contains { "._@".contains($0) || $0.isNumber }
            || (text.allSatisfy { $0.isLowercase || $0 == "-" } && text.first != "-")
            || isJoinedName(text)
            // "DLOPEZ", "JSMITH": corporate login names in capitals.
            || (text.count >= 4 && text.count <= 12 && text.allSatisfy { $0.isUppercase && $0.isASCII })
    }

    /// `ACME\jdoe`: a Windows domain and its account.
    static func isDomainLogin(_ text: String) -> Bool {
        guard let slash = text.firstIndex(of: "\\") else { return false }
        let domain = text[..<slash]
        let user = text[text.index(after: slash)...]
        return !domain.isEmpty && !user.isEmpty
            && domain.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
            && user.allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) }
    }

    /// A first and last name run together (`CarmenGarcia`, `PaulBianchi`): two capitalised
    /// words of four letters or more, which brand names (`PayPal`, `GitHub`) are not.
    static func isJoinedName(_ text: String) -> Bool {
        guard text.allSatisfy(\.isLetter), text.first?.isUppercase == true else { return false }
        var words = [String]()
        for character in text {
            if character.isUppercase || words.isEmpty {
                words.append(String(character))
            } else {
                words[words.count - 1].append(character)
            }
        }
        return words.count == 2 && words.allSatisfy { $0.count >= 4 }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)).trimmedWhitespace : self
    }
}
