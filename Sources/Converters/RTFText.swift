import Foundation

/// The text of an RTF document (TextEdit's and WordPad's notes): paragraphs, tabs and
/// characters, without formatting. Destinations that hold no text of the document (font and
/// colour tables, style sheets, document info, pictures, `{\*\…}` groups) are skipped.
/// `\'hh` bytes are Windows-1252 (RTF's `\ansi` default, and what TextEdit and WordPad write);
/// `\uN` is a Unicode character, followed by `\ucN` fallback characters that are skipped.
/// Linear in the input; nesting deeper than ``maximumDepth`` is an error, never a crash.
enum RTFText {
    static let maximumDepth = 512

    struct Failure: Error {
        var offset: Int
        var message: String
    }

    static func isRTF(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: Array("{\\rtf".utf8))
    }

    static let skippedDestinations: Set<String> = [
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "header", "footer", "headerl", "headerr", "footerl",
        "footerr", "listtable", "listoverridetable", "revtbl", "rsidtbl", "generator", "xmlnstbl", "themedata",
        "colorschememapping", "latentstyles", "datastore", "object", "fldinst", "filetbl", "expandedcolortbl",
        "mmathPr", "operator", "author", "title", "subject", "keywords", "comment", "doccomm", "company",
    ]

    static func text(_ bytes: [UInt8]) throws -> String {
        var out = ""
        var pending = [UInt8]()  // \'hh bytes, decoded together
        func flushBytes() {
            guard !pending.isEmpty else { return }
            out += String(bytes: pending, encoding: .windowsCP1252) ?? String(decoding: pending, as: UTF8.self)
            pending.removeAll()
        }
        struct Group {
            var skip: Bool
            var fallback: Int  // \ucN
        }
        var stack = [Group(skip: false, fallback: 1)]
        var skipCharacters = 0  // fallback characters still to skip after \uN
        var index = 0
        var highSurrogate: Int?
        func emit(_ text: String) {
            flushBytes()
            if !stack[stack.count - 1].skip { out += text }
        }
        func control(_ word: String, _ parameter: Int?) {
            if skippedDestinations.contains(word) {
                stack[stack.count - 1].skip = true
                return
            }
            switch word {
            case "par", "line", "row", "sect", "page": emit("\n")
            case "tab", "cell": emit("\t")
            case "emdash": emit("—")
            case "endash": emit("–")
            case "lquote": emit("‘")
            case "rquote": emit("’")
            case "ldblquote": emit("“")
            case "rdblquote": emit("”")
            case "bullet": emit("•")
            case "uc": stack[stack.count - 1].fallback = min(max(0, parameter ?? 1), 8)
            case "u":
                guard var value = parameter else { return }
                if value < 0 { value += 65_536 }
                skipCharacters = stack[stack.count - 1].fallback
                // A character beyond the BMP is written as two: a UTF-16 surrogate pair.
                if (0xD800...0xDBFF).contains(value) {
                    highSurrogate = value
                    return
                }
                if let high = highSurrogate, (0xDC00...0xDFFF).contains(value) {
                    value = 0x10000 + (high - 0xD800) << 10 + (value - 0xDC00)
                }
                highSurrogate = nil
                // (A value outside Unicode, however written, is a replacement character.)
                let scalar = (0...0x10FFFF).contains(value) ? UnicodeScalar(UInt32(value)) : nil
                emit(scalar.map { String($0) } ?? "\u{FFFD}")
            default: break
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x7B:  // {
                guard stack.count < maximumDepth else {
                    throw Failure(offset: index, message: "groups nested deeper than \(maximumDepth)")
                }
                stack.append(stack[stack.count - 1])
                index += 1
                // `{\*\destination …}`: an optional destination, skipped.
                if bytes[index...].starts(with: Array("\\*".utf8)) { stack[stack.count - 1].skip = true }
            case 0x7D:  // }
                flushBytes()
                if stack.count > 1 { stack.removeLast() }
                skipCharacters = 0
                index += 1
            case 0x0D, 0x0A:
                index += 1
            case 0x5C:  // \
                index += 1
                guard index < bytes.count else { break }
                let next = bytes[index]
                if next == 0x27 {  // \'hh
                    let hex = bytes[(index + 1)..<min(index + 3, bytes.count)]
                    index += 1 + hex.count
                    if skipCharacters > 0 {
                        skipCharacters -= 1
                    } else if let value = UInt8(String(decoding: hex, as: UTF8.self), radix: 16),
                        !stack[stack.count - 1].skip
                    {
                        pending.append(value)
                    }
                    continue
                }
                if !isLetter(next) {
                    // A control symbol: `\\`, `\{`, `\}`, `\~` (no-break space), `\-`, `\_`.
                    index += 1
                    switch next {
                    case 0x5C, 0x7B, 0x7D: emit(String(UnicodeScalar(next)))
                    case 0x7E: emit("\u{A0}")
                    case 0x5F: emit("-")
                    case 0x0A, 0x0D: emit("\n")  // `\` before a line break: a paragraph
                    default: break
                    }
                    continue
                }
                let start = index
                while index < bytes.count, isLetter(bytes[index]) { index += 1 }
                let word = String(decoding: bytes[start..<index], as: UTF8.self)
                var parameter: Int?
                let parameterStart = index
                if index < bytes.count, bytes[index] == 0x2D || isDigit(bytes[index]) {
                    index += 1
                    while index < bytes.count, isDigit(bytes[index]), index - parameterStart < 11 { index += 1 }
                    parameter = Int(String(decoding: bytes[parameterStart..<index], as: UTF8.self))
                }
                if index < bytes.count, bytes[index] == 0x20 { index += 1 }  // the delimiter
                control(word, parameter)
            default:
                if skipCharacters > 0 {
                    skipCharacters -= 1
                } else {
                    flushBytes()
                    if !stack[stack.count - 1].skip { out.unicodeScalars.append(UnicodeScalar(byte)) }
                }
                index += 1
            }
        }
        flushBytes()
        return out
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
