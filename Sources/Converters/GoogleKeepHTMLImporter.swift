import Foundation

/// One Google Keep note as Takeout's HTML (`Takeout/Keep/NAME.html`, written beside the
/// JSON): `<div class="note COLOR">` holding `<div class="heading">` (the date, and
/// `meta-icons` spans `pinned`, `archived`, `trashed`), `<div class="title">`,
/// `<div class="content">` (lines as `<br>`, checklists as `listitem` with `checked`), and
/// `<div class="chips">` with a `label` (or `label-name`) span per label.
struct GoogleKeepHTMLImporter: ImportFormat {
    var name: String { "keep-html" }
    var syntaxes: Set<ImportSource.Syntax> { [.xml] }
    var expectation: String? { "a Google Keep note (HTML with <div class=\"note\">)" }

    func detect(_ source: ImportSource) throws -> ImportConfidence? {
        guard source.syntax == .xml else { return nil }
        return Self.matches(source.bytes) ? .high : nil
    }

    static func matches(_ bytes: [UInt8]) -> Bool {
        guard MarkupSniffer.isHTML(bytes) else { return false }
        let text = String(decoding: bytes.prefix(16_384), as: UTF8.self)
        // Keep's parts too: other exporters wrap notes in `<div class="note">` (one file of
        // many notes, read as Keep's one note, came out empty).
        return (text.contains("<div class=\"note ") || text.contains("<div class=\"note\""))
            && (text.contains("class=\"content\"") || text.contains("class=\"title\"")
                || text.contains("class=\"heading\""))
    }

    func read(_ source: ImportSource) throws -> ImportResult {
        let decoded = try source.text()
        return ExportedNote.importNotes(
            [Self.note(decoded.text, origin: "note 1")], input: source.name, format: "keep-html",
            encoding: decoded.encoding, warnings: decoded.warnings)
    }

    private enum Part { case heading, title, content, label, other }

    static func note(_ html: String, origin: String) -> ExportedNote {
        var note = ExportedNote(title: "", text: "", origin: origin)
        var parts: [Part: [HTMLTokenizer.Token]] = [:]
        var stack = [(name: String, part: Part)]()
        var labels = [String]()
        var label = ""
        for token in HTMLTokenizer.tokens(html) {
            let current = stack.last?.part ?? .other
            switch token {
            case .start(let name, let attributes, let selfClosing):
                let classes = Set((attributes["class"] ?? "").split(separator: " ").map(String.init))
                if classes.contains("pinned") { note.pinned = true }
                if classes.contains("archived") { note.archived = true }
                if classes.contains("trashed") { note.trashed = true }
                var part = current
                if name == "div" && classes.contains("heading") {
                    part = .heading
                } else if name == "div" && classes.contains("title") {
                    part = .title
                } else if name == "div" && classes.contains("content") {
                    part = .content
                } else if classes.contains("label-name") || (classes.contains("label") && current != .label) {
                    part = .label
                    label = ""
                } else if classes.contains("meta-icons") {
                    part = .other
                }
                if part == current { parts[part, default: []].append(token) }
                if !selfClosing && !HTMLText.void.contains(name) { stack.append((name, part)) }
            case .end(let name):
                guard let index = stack.lastIndex(where: { $0.name == name }) else { continue }
                let closing = stack[index].part
                let parent = index > 0 ? stack[index - 1].part : .other
                stack.removeSubrange(index...)
                if closing == .label && parent != .label {
                    let trimmed = label.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !trimmed.isEmpty { labels.append(trimmed) }
                    label = ""
                } else if closing == parent {
                    parts[closing, default: []].append(token)
                }
            case .text(let text):
                if current == .label { label += text } else { parts[current, default: []].append(token) }
            }
        }
        note.title = HTMLText.render(parts[.title] ?? []).replacingOccurrences(of: "\n", with: " ")
        note.text = HTMLText.render(parts[.content] ?? [])
        note.tags = labels
        let heading = HTMLText.render(parts[.heading] ?? []).replacingOccurrences(of: "\u{202F}", with: " ")
        note.modified = heading.split(separator: "\n").lazy.compactMap { NoteDates.parse(String($0)) }.first
        return note
    }
}
