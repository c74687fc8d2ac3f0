/// The root element of an XML or HTML document, read from its first bytes without
/// parsing it: the byte-order mark, whitespace, `<?xml …?>`, comments and the DOCTYPE (with
/// any internal subset, never read) are skipped. Detection asks it, so a KeePass or plist
/// file that merely mentions `<html>` in a value is never taken for a web page.
enum MarkupSniffer {
    /// The lowercased name of the first element, and the DOCTYPE's text (lowercased) if any.
    static func root(_ bytes: [UInt8]) -> (name: String, doctype: String)? {
        let text = Array(String(decoding: bytes.prefix(8192), as: UTF8.self).unicodeScalars)
        var i = 0
        var doctype = ""
        func skip(past end: String) {
            let pattern = Array(end.unicodeScalars)
            while i < text.count {
                if text[i] == pattern[0], i + pattern.count <= text.count, Array(text[i..<i + pattern.count]) == pattern
                {
                    i += pattern.count
                    return
                }
                i += 1
            }
        }
        if text.first == "\u{FEFF}" { i = 1 }
        while i < text.count {
            let c = text[i]
            if c == " " || c == "\n" || c == "\r" || c == "\t" {
                i += 1
                continue
            }
            guard c == "<", i + 1 < text.count else { return nil }
            let next = text[i + 1]
            if next == "?" {
                skip(past: "?>")
            } else if next == "!", i + 3 < text.count, text[i + 2] == "-", text[i + 3] == "-" {
                skip(past: "-->")
            } else if next == "!" {
                let start = i
                var depth = 0
                while i < text.count {
                    if text[i] == "[" {
                        depth += 1
                    } else if text[i] == "]" {
                        depth -= 1
                    } else if text[i] == ">", depth <= 0 {
                        break
                    }
                    i += 1
                }
                doctype = String(String.UnicodeScalarView(text[start..<min(i, text.count)])).lowercased()
                i += 1
            } else {
                var name = ""
                var j = i + 1
                while j < text.count, text[j] != " ", text[j] != ">", text[j] != "/", text[j] != "\n", text[j] != "\t",
                    text[j] != "\r"
                {
                    name.unicodeScalars.append(text[j])
                    j += 1
                }
                return (name.lowercased(), doctype)
            }
        }
        return nil
    }

    /// An HTML page: `<html>` first, or an HTML DOCTYPE.
    static func isHTML(_ bytes: [UInt8]) -> Bool {
        guard let root = root(bytes) else { return false }
        return root.name == "html" || root.doctype.hasPrefix("<!doctype html")
    }
}
