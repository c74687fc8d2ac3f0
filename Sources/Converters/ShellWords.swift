/// A command line split into words as a POSIX shell splits it, each word's quotes removed and
/// its place in the line kept: `-p'S3 cret'` is the one word `-pS3 cret`.
///
/// A backslash escapes only a space, a quote, `$`, `!` or a backtick (elsewhere it is kept: `\\nas\share` and
/// `DOMAIN\ana` are written for Windows, where it is no escape). An unclosed quote runs to
/// the end of the line.
struct ShellWords {
    struct Word: Equatable {
        var text: String
        /// The word as written, quotes included.
        var range: Range<String.Index>
        /// Two or more spaces, a tab, `(` or `#` before it: what follows is no part of the
        /// command but a remark beside it (`psql -h db -U app   (pw: x)`).
        var closesSegment: Bool
    }

    let words: [Word]

    init(_ line: String) {
        var words = [Word]()
        var index = line.startIndex
        var gap = 0
        var sawTab = false
        while index < line.endIndex {
            let character = line[index]
            if character == " " || character == "\t" {
                gap += 1
                sawTab = sawTab || character == "\t"
                index = line.index(after: index)
                continue
            }
            let start = index
            var text = ""
            var quote: Character?
            while index < line.endIndex {
                let c = line[index]
                if let open = quote {
                    if c == open {
                        quote = nil
                    } else if open == "\"", c == "\\", case let next = line.index(after: index), next < line.endIndex,
                        "\"\\$`".contains(line[next])
                    {
                        text.append(line[next])
                        index = next
                    } else {
                        text.append(c)
                    }
                } else if c == " " || c == "\t" {
                    break
                } else if c == "'" || c == "\"" {
                    quote = c
                } else if c == "\\", case let next = line.index(after: index), next < line.endIndex,
                    " '\"$!`".contains(line[next])
                {
                    text.append(line[next])
                    index = next
                } else {
                    text.append(c)
                }
                index = line.index(after: index)
            }
            let closes = !words.isEmpty && (gap >= 2 || sawTab || character == "(" || character == "#")
            words.append(Word(text: text, range: start..<index, closesSegment: closes))
            gap = 0
            sawTab = false
        }
        self.words = words
    }
}
