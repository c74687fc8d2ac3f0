/// HTML, XHTML and ENML as the lines a person sees: block elements (`div`, `p`, `br`,
/// headings, `li`, `tr`) end lines, table cells are joined with ` | ` (a separator the
/// notes grammar reads), list items start with `- `, Evernote's `<en-todo>` is `[ ]` or
/// `[x]` and `<en-media>` is noted as `[attachment: TYPE]`. Runs of whitespace collapse as
/// a browser shows them, except inside `<pre>`.
enum HTMLText {
    static let blocks: Set<String> = [
        "div", "p", "br", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "table", "ul", "ol", "blockquote",
        "pre", "hr", "en-note", "body", "section", "article", "header", "footer", "dl", "dt", "dd", "title",
    ]
    static let void: Set<String> = ["br", "hr", "img", "meta", "link", "input", "col", "area", "base", "wbr"]

    /// The text of `tokens` (the `<head>` is left out: its `<title>` is the caller's). A
    /// paragraph ends with a blank line, as a browser spaces it; `<div>`s do not.
    static func render(_ tokens: some Sequence<HTMLTokenizer.Token>) -> String {
        let tokens = Array(tokens)
        // Apple Notes (`<p><br></p>`) and Word (`<p>&nbsp;</p>`) write each blank line as an
        // empty paragraph, and space their paragraphs by nothing: there a paragraph's end is
        // a line's end only.
        let explicitBlanks = hasEmptyParagraph(tokens)
        var tight = [Bool]()  // per open `<p>`: ends without a blank line
        var lines = [String]()
        var line = ""
        var pre = 0
        var head = 0
        var cellsInRow = 0
        /// Inside a `<td>`: its paragraphs and line breaks stay on the row's line.
        var inCell = 0
        /// Ends a table row as a Markdown row (`| a | b |`), which the notes grammar reads
        /// as a table under its header row.
        func endRow() {
            if cellsInRow > 0, !line.trimmingCharacters(in: .whitespaces).isEmpty {
                line = "| " + line.trimmingCharacters(in: .whitespaces) + " |"
            }
            endLine()
            cellsInRow = 0
            inCell = 0
        }
        /// Ends the line; an empty one only counts when `blank` (a `<br>` on its own, the end
        /// of a paragraph), so whitespace between `<div>`s makes no blank lines.
        func endLine(blank: Bool = false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty || (blank && lines.last.map { !$0.isEmpty } ?? false) { lines.append(trimmed) }
            line = ""
        }
        func append(_ text: String) {
            if pre > 0 {
                let parts = text.split(separator: "\n", omittingEmptySubsequences: false)
                for (index, part) in parts.enumerated() {
                    if index > 0 { endLine() }
                    line += part.replacingOccurrences(of: "\r", with: "")
                }
                return
            }
            var collapsed = ""
            var space = line.last == " " || line.isEmpty
            for c in text {
                if c.isWhitespace && c != "\u{A0}" {
                    if !space { collapsed.append(" ") }
                    space = true
                } else {
                    collapsed.append(c == "\u{A0}" ? " " : c)
                    space = false
                }
            }
            line += collapsed
        }
        for token in tokens {
            switch token {
            case .text(let text):
                if head == 0 { append(text) }
            case .start(let name, let attributes, let selfClosing):
                switch name {
                case "head": if !selfClosing { head += 1 }
                case "pre":
                    endLine()
                    if !selfClosing { pre += 1 }
                case "p" where inCell == 0:
                    endLine()
                    // Word's `style='margin-bottom:0cm'`: a paragraph with no space after it.
                    let style = (attributes["style"] ?? "").lowercased().filter { $0 != " " }
                    if !selfClosing {
                        tight.append(explicitBlanks || style.contains("margin-bottom:0") || style.hasPrefix("margin:0"))
                    }
                case "td", "th":
                    if cellsInRow == 0 { endLine() }
                    if cellsInRow > 0 { line += " | " }
                    cellsInRow += 1
                    if !selfClosing { inCell += 1 }
                case "tr":
                    endRow()
                case _ where inCell > 0 && (blocks.contains(name) || name == "br"):
                    if line.last != " " { line += " " }
                case "li":
                    endLine()
                    line = "- "
                case "en-todo":
                    line += attributes["checked"]?.lowercased() == "true" ? "[x] " : "[ ] "
                case "en-media", "img":
                    let type = attributes["type"] ?? attributes["alt"] ?? "image"
                    line += "[attachment: \(type)]"
                case "br": endLine(blank: true)
                default:
                    // `<li><div>Milch</div></li>` (Evernote): the block inside a list item
                    // continues the item's `- ` line.
                    if blocks.contains(name), line != "- " { endLine() }
                }
            case .end(let name):
                switch name {
                case "head": head = max(0, head - 1)
                case "pre":
                    endLine()
                    pre = max(0, pre - 1)
                case "tr", "table":
                    endRow()
                case "td", "th":
                    inCell = max(0, inCell - 1)
                case _ where inCell > 0 && blocks.contains(name):
                    if line.last != " " { line += " " }
                case "p":
                    endLine()
                    if !(tight.popLast() ?? false) { endLine(blank: true) }
                default:
                    if blocks.contains(name) && !void.contains(name) { endLine() }
                }
            }
        }
        endLine()
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// A `<p>` holding nothing but a `<br>`, spaces or `&nbsp;` (an author's blank line).
    static func hasEmptyParagraph(_ tokens: [HTMLTokenizer.Token]) -> Bool {
        var open = false
        var empty = true
        for token in tokens {
            switch token {
            case .start("p", _, false):
                open = true
                empty = true
            case .end("p"):
                if open, empty { return true }
                open = false
            case .text(let text) where open:
                if text.contains(where: { !$0.isWhitespace && $0 != "\u{A0}" }) { empty = false }
            case .start(let name, _, _) where open:
                if !["br", "span", "o:p", "font", "b", "i"].contains(name) { empty = false }
            default: break
            }
        }
        return false
    }

    /// The text of `<title>` in the document, if any.
    static func title(_ tokens: [HTMLTokenizer.Token]) -> String? {
        guard let start = tokens.firstIndex(where: { if case .start("title", _, _) = $0 { true } else { false } })
        else { return nil }
        var text = ""
        for token in tokens[(start + 1)...] {
            if case .text(let t) = token { text += t } else { break }
        }
        let title = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return title.isEmpty ? nil : title
    }
}
