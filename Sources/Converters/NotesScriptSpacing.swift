import Foundation

/// Spaces put into a line written in a script that needs none between words — Chinese,
/// Japanese, Thai, and Korean where it is glued to Latin — so that the grammar finds its words:
/// `楽天ID:tanaka_y1980パスワード:Rakuten2020` → `楽天 ID:tanaka_y1980 パスワード:Rakuten2020`,
/// `淘宝账号lihua_1982密码Alipay_Li82` → `淘宝 账号 lihua_1982 密码 Alipay_Li82`.
///
/// The rules change no character of a value:
/// - a space where such a script meets a word of other letters or digits and one of the two
///   is a label of the lexicon (`楽天ID`, `lihua_1982密码`, `パスワードmercari`), never inside a
///   name (`会社のVPN`, `SMBCダイレクト`) or a value (`我爱你1314`, `사랑해2020!`, `2023年`);
/// - in Chinese, Japanese and Thai, a space before a label word ending a run of the script
///   when a value follows it (`工商银行网银登录名wanglei` → `工商银行网银 登录名 wanglei`), the
///   longest such label in the lexicon (``NotesLabel``), not inside a katakana word
///   (`キャンパス`);
/// - punctuation as the grammar reads it: `、` a comma, `／` a slash between spaces, `→` an
///   arrow between spaces; a Japanese topic particle after a label (`パスワードは`) its colon.
enum NotesScriptSpacing {
    /// Whether `line` holds a character of such a script (by its UTF-8 lead bytes first:
    /// most lines have none to look at).
    static func applies(to line: String) -> Bool {
        guard line.utf8.contains(where: { $0 >= 0xE0 }) else { return false }
        return line.unicodeScalars.contains { script(of: $0) != nil }
    }

    enum Script { case hanKanaThai, hangul, punctuation }

    /// The unspaced script a scalar is written in; CJK punctuation and symbols (`【`, `■`,
    /// `・`) count as part of it.
    static func script(of scalar: Unicode.Scalar) -> Script? {
        switch scalar.value {
        case 0x0E00...0x0E7F, 0x3040...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xF900...0xFAFF:
            return .hanKanaThai
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return .hangul
        case 0x3000...0x303F, 0x30FB, 0x25A0...0x25FF, 0x2605...0x2606, 0xFF01...0xFF65: return .punctuation
        default: return nil
        }
    }

    private struct Run {
        var text: [Character]
        /// nil for marks of other scripts (a Latin word, a value), and for spaces.
        var script: Script?
        var isSpace: Bool { text.first?.isWhitespace == true }
    }

    static func spaced(_ line: String) -> String {
        guard applies(to: line) else { return line }
        var runs = [Run]()
        func add(_ character: Character) {
            let script = character.isWhitespace ? nil : character.unicodeScalars.first.flatMap(Self.script)
            if var last = runs.popLast() {
                let same =
                    character.isWhitespace
                    ? last.isSpace : !last.isSpace && (last.script == nil) == (script == nil)
                if same {
                    last.text.append(character)
                    if last.script == .punctuation { last.script = script }
                    runs.append(last)
                    return
                }
                runs.append(last)
            }
            runs.append(Run(text: [character], script: script))
        }
        for character in line {
            switch character {
            case "、":
                add(",")
                add(" ")
            case "／":
                add(" ")
                add("/")
                add(" ")
            case "→", "⇒": for mark in " -> " { add(mark) }
            default: add(character)
            }
        }
        var result = ""
        result.reserveCapacity(line.utf8.count + 16)
        for (index, run) in runs.enumerated() {
            let next = index + 1 < runs.count ? runs[index + 1] : nil
            guard let script = run.script else {
                result += String(run.text)
                // "tanaka_y1980パスワード", "楽天ID": a word, then the script, one side a label.
                // (`我爱你1314`, `사랑해2020!` are one value.)
                if !run.isSpace, let next, next.script != nil, isLabel(run.text) || startsWithLabel(next.text) {
                    result.append(" ")
                }
                continue
            }
            // What follows, past one space: a value the run's last word may label.
            let after = next.flatMap { $0.isSpace ? (index + 2 < runs.count ? runs[index + 2] : nil) : $0 }
            let valueAfter = after.map { $0.script == nil && isValue($0.text) } ?? false
            var text = String(run.text)
            var labelled = label(run.text[...]) != nil
            if script != .hangul, !labelled, valueAfter || next?.text.first == ":" {
                (text, labelled) = labelSeparated(run.text)
            }
            result += text
            // "楽天ID", "パスワードmercari#Yoko": the script, then a Latin label, or a label of the
            // script, then its value.
            if let next, next.script == nil, !next.isSpace, let first = next.text.first,
                first.isLetter || first.isNumber || "@#$%&*!?+_~(".contains(first),
                labelled || isLabel(next.text)
            {
                result.append(" ")
            }
        }
        return result
    }

    /// A word holding a digit or a value's mark.
    private static func isValue(_ run: [Character]) -> Bool {
        run.contains { $0.isNumber || "@_.#!$%&*+~".contains($0) }
    }

    /// A Latin label of the lexicon, two letters or more (`ID`, `PW:`; `U盾` is no `U:`).
    private static func isLabel(_ run: [Character]) -> Bool {
        // (`ID:s1234567`: the label before its colon.)
        let word = String(run.prefix { $0 != ":" }).trimmingCharacters(in: CharacterSet(charactersIn: "()[],"))
        return word.count >= 2 && word.count <= 12 && NotesLabel.lookup(NotesLabel.fold(word)) != nil
    }

    /// A run of the script opening with a label (`密码Alipay…`, `用户名wang…`).
    private static func startsWithLabel(_ run: [Character]) -> Bool {
        stride(from: min(8, run.count), through: 2, by: -1).contains { label(run[..<$0]) != nil }
    }

    /// The run with a label ending it set apart by a space (a topic particle after that label
    /// turned into its colon), and whether it ends in a label.
    private static func labelSeparated(_ run: [Character]) -> (String, Bool) {
        var run = run
        var particle = false
        // "パスワードはLine2018yoko": the label, then は, then its value.
        if run.count >= 3, run.last == "は", label(run.dropLast()[...]) != nil {
            run.removeLast()
            particle = true
        }
        var text = String(run)
        var labelled = particle
        if !particle, run.count >= 3 {
            // The longest label ending the run, with something before it.
            for length in stride(from: min(8, run.count - 1), through: 2, by: -1) {
                let suffix = run[(run.count - length)...]
                // (Katakana compounds: `キャンパス` is no `キャン` and `パス`.)
                let compound = isKatakana(suffix.first!) && isKatakana(run[run.count - length - 1])
                if !compound, label(suffix) != nil {
                    text = String(run[..<(run.count - length)]) + " " + String(suffix)
                    labelled = true
                    break
                }
            }
        }
        return (particle ? text + ":" : text, labelled)
    }

    private static func isKatakana(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0x30A0...0x30FF).contains($0.value) } ?? false
    }

    /// A label of two characters or more (`站`, `号` alone are parts of names: `B站`).
    private static func label(_ characters: ArraySlice<Character>) -> NotesLabel? {
        characters.count >= 2 ? NotesLabel.lookup(NotesLabel.fold(String(characters))) : nil
    }
}
