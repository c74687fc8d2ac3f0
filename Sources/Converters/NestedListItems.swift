/// "- Printer admin panel" / "  - admin" / "  - 1234": list items indented under a list
/// item are lines of its record, not records of their own (Logseq, Workflowy, nested
/// Markdown lists). Applied to a list's lines from the top, each line once.
struct NestedListItems {
    /// The indentation of the list item lines are nested under, while a list runs.
    private var parentIndent: Int?

    mutating func apply(to line: inout NotesLine) {
        switch line.kind {
        case .blank: return
        case .content where line.isListItem:
            let indent = NotesImporter.indentation(line.raw)
            if let parent = parentIndent, indent > parent {
                line.isListItem = false
            } else {
                parentIndent = indent
            }
        default: parentIndent = nil
        }
    }
}
