/// One line of a notes list, classified: the structure around records (blank lines, rules,
/// headings, table rows) or content made of fields.
struct NotesLine: Sendable {
    enum Kind: Equatable, Sendable {
        case blank
        /// `---`, `***`, `===`, `___`: a record boundary, or the underline of a heading.
        case rule(Character)
        /// `# Work`, `## Email` (level from the number of `#`).
        case heading(level: Int, text: String)
        /// `| Site | Username | Password |`, cells trimmed.
        case tableRow([String])
        /// `|---|:---:|`
        case tableDivider
        /// A label alone (`Password:`, `Benutzername`): its value is on the next line.
        case labelOnly(NotesLabel)
        /// Words, labels and values, read into ``fields``.
        case content
        /// Longer than ``NotesLineClassifier/maximumParsedLine``: kept, never scanned.
        case long
        /// "```": a Markdown code fence, markup around lines that are read as they are.
        case fence
    }

    /// A run of tokens between separators, or a label and its value.
    struct Field: Sendable {
        var label: NotesLabel?
        var tokens: [NotesToken]
        /// The label as written (`Code PIN`), naming the custom field it fills.
        var labelText = ""
        /// The value as written in the line, spaces and trailing punctuation included.
        var written: String?
        var parenthesised: Bool { tokens.first?.parenthesised ?? false }
        var text: String { written ?? tokens.map(\.text).joined(separator: " ") }
        /// The shape of a one-token field; `.word` for runs of words.
        var shape: NotesToken.Shape { tokens.count == 1 ? tokens[0].shape : .word }
    }

    var number: Int
    var raw: String
    var kind: Kind
    /// The line without list markers and Markdown emphasis, trimmed.
    var text: String = ""
    /// A bullet, number or checkbox started the line: each list item is its own record.
    var isListItem = false
    var fields: [Field] = []
    /// What opened the line before its text and is no part of it (a chat message's
    /// `[12/03/2021, 19:05] Ana:`): kept with the record the line goes to, out of sight.
    var prefix: String?
    /// A shell command the line's values were read from, its password left out
    /// (``NotesCommandLine``): kept in the notes of the record the line goes to.
    var command: String?
    /// A sentence, not a record ("old pw was x, changed to y"): kept, never read into fields
    /// unless it states a login (``NotesSentence``).
    var isProse = false
    /// Older passwords the line replaces (`Old#1 -> New#2`): kept out of sight beside its
    /// record, never read into fields (``NotesHistory``).
    var superseded: [String] = []
    /// Remarks taken out with them (`(current)`), kept out of sight too.
    var supersededRemarks: [String] = []
    /// A sentence's tokens, for ``NotesSentence`` (empty for other lines).
    var tokens: [NotesToken] = []
    /// Letters all in capitals (`BANKING`, `EMAIL ACCOUNTS:`): a heading when nothing
    /// under it reads as its record.
    var isCapitals = false

    var labelled: Bool { fields.contains { $0.label != nil } }
    var bareFields: [Field] { fields.filter { $0.label == nil } }
    /// One run of plain words and nothing else: a title, or free text.
    var isWordsOnly: Bool {
        kind == .content && fields.count == 1 && fields[0].label == nil && fields[0].tokens.allSatisfy { !$0.isTyped }
    }
    /// Nothing but one value token (`ana@x.com`, `R0uter-Adm1n`, `https://x`).
    var isBareValue: Bool {
        kind == .content && fields.count == 1 && fields[0].label == nil && fields[0].tokens.count == 1
            && fields[0].tokens[0].isTyped
    }
}
