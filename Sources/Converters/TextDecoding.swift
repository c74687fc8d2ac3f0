import Foundation

/// Turns an export's bytes into text: UTF-8 with or without a BOM, UTF-16 LE/BE with a
/// BOM, and — when the bytes are not valid UTF-8 — the 8-bit code page older Windows tools
/// and Excel write (Windows-1252, or the Central European, Cyrillic, Greek or Turkish one its
/// letters read best in) with a warning.
public enum TextDecoding {
    public struct Decoded: Sendable {
        public var text: String
        public var encoding: String
        public var warnings: [String]
    }

    public static func decode(_ bytes: [UInt8], input: String) throws -> Decoded {
        // Text files never hold NUL; binary data read as Windows-1252 made "records" of
        // whatever bytes it held (found by scripts/fuzz on a damaged ZIP).
        if let nul = firstNUL(bytes) {
            throw ConverterError(
                input: input, offset: nul, found: "a NUL byte",
                "binary data, not text (a NUL byte at offset \(nul)); export the file again as text, CSV, JSON or XML")
        }
        return try decodeText(bytes, input: input)
    }

    /// The offset of the first NUL character: a zero byte, or a zero unit after a UTF-16 BOM.
    static func firstNUL(_ bytes: [UInt8]) -> Int? {
        guard bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) else {
            return bytes.firstIndex(of: 0)
        }
        return stride(from: 2, to: bytes.count - 1, by: 2).first { bytes[$0] == 0 && bytes[$0 + 1] == 0 }
    }

    private static func decodeText(_ bytes: [UInt8], input: String) throws -> Decoded {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard let text = String(validating: bytes.dropFirst(3), as: UTF8.self) else {
                throw ConverterError(input: input, "starts with a UTF-8 byte-order mark but is not valid UTF-8")
            }
            return Decoded(text: text, encoding: "UTF-8 (BOM)", warnings: [])
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            guard (bytes.count - 2) % 2 == 0 else {
                throw ConverterError(input: input, "UTF-16 text with an odd number of bytes")
            }
            var units = [UInt16]()
            units.reserveCapacity((bytes.count - 2) / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(
                    little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
                )
                i += 2
            }
            var text = ""
            var decoder = UTF16()
            var iterator = units.makeIterator()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): text.unicodeScalars.append(scalar)
                case .emptyInput: break loop
                case .error: throw ConverterError(input: input, "invalid UTF-16 (unpaired surrogate)")
                }
            }
            return Decoded(text: text, encoding: little ? "UTF-16LE" : "UTF-16BE", warnings: [])
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return Decoded(text: text, encoding: "UTF-8", warnings: [])
        }
        let firstBad = firstInvalidUTF8(bytes)
        let (text, name) = legacyText(bytes)
        return Decoded(
            text: text, encoding: name,
            warnings: [
                "\(input): not valid UTF-8 (first bad byte at offset \(firstBad)); read as \(name) — check accented characters"
            ])
    }

    /// Text that is not UTF-8, in the 8-bit code page its letters read best in: Windows-1252
    /// (Western Europe) unless another makes fewer oddities of the same bytes — `Has³o` is
    /// `Hasło` in Windows-1250, `Ïàðîëü` is `Пароль` in Windows-1251. Judged on the first
    /// 64 KiB; another code page is chosen only when Windows-1252 reads at least three
    /// oddities and it at most a third of them.
    static func legacyText(_ bytes: [UInt8]) -> (text: String, encoding: String) {
        func western(_ bytes: some Sequence<UInt8>) -> String { String(bytes.map { Character(windows1252[Int($0)]) }) }
        let sample = Array(bytes.prefix(65_536))
        let westernOddities = oddities(western(sample))
        // A file from a Mac before OS X: lines ended by CR alone, and a byte Windows-1252
        // leaves undefined (Mac OS Roman's `ç`, `è`, `ê`, `ù`, `Å`), read no worse as Mac OS
        // Roman than as Windows-1252.
        let classicMac = sample.contains(0x0D) && !sample.contains(0x0A)
        if classicMac, sample.contains(where: { [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains($0) }),
            oddities(macRoman(sample)) <= westernOddities
        {
            return (macRoman(bytes), "Mac OS Roman")
        }
        // (Only by a clear margin: a pound sign or two in an English sheet is no Polish.)
        var best: (encoding: String.Encoding, name: String, oddities: Int)?
        for (encoding, name) in legacyCandidates where westernOddities >= 3 {
            guard let text = String(bytes: sample, encoding: encoding) else { continue }
            let count = oddities(text)
            if count < best?.oddities ?? westernOddities, count * 3 <= westernOddities {
                best = (encoding, name, count)
            }
        }
        if let best, let text = String(bytes: bytes, encoding: best.encoding) { return (text, best.name) }
        return (western(bytes), "Windows-1252")
    }

    static let legacyCandidates: [(encoding: String.Encoding, name: String)] = [
        (.windowsCP1250, "Windows-1250"), (.isoLatin2, "ISO-8859-2"), (.windowsCP1251, "Windows-1251"),
        (.windowsCP1253, "Windows-1253"), (.windowsCP1254, "Windows-1254"),
    ]

    /// Mac OS Roman, a file from a Mac before OS X (its accents are Windows-1252's control
    /// codes, `ç` and `è` among them; CR line ends often with it). By table: Foundation's
    /// `.macOSRoman` decodes other characters on Linux.
    static func macRoman(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { $0 < 0x80 ? Unicode.Scalar($0) : macRomanHigh[Int($0) - 0x80] }))
    }

    static let macRomanHigh: [Unicode.Scalar] = [
        0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1, 0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7,
        0x00E9, 0x00E8, 0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3, 0x00F2, 0x00F4, 0x00F6, 0x00F5,
        0x00FA, 0x00F9, 0x00FB, 0x00FC, 0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF, 0x00AE, 0x00A9,
        0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8, 0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211,
        0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8, 0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248,
        0x2206, 0x00AB, 0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153, 0x2013, 0x2014, 0x201C, 0x201D,
        0x2018, 0x2019, 0x00F7, 0x25CA, 0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02, 0x2021, 0x00B7,
        0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1, 0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,
        0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD,
        0x02DB, 0x02C7,
    ].map { Unicode.Scalar(UInt32($0))! }

    /// The symbols Windows-1252 and Windows-1250 make of the other Central European code
    /// page's letters (`G±bka` is ISO-8859-2's `Gąbka`): odd even inside a password.
    static let latin2Letters: Set<Character> = ["±", "³", "¹", "¿", "¯", "£", "¥", "¼", "¾", "¶", "¦", "ª", "¬", "º"]

    /// `à è ì ò ù` and their capitals.
    static let graveVowels: Set<Unicode.Scalar> = ["à", "è", "ì", "ò", "ù", "À", "È", "Ì", "Ò", "Ù"]

    /// Cyrillic and Greek vowels (lower case).
    static let vowels = Set("аеёиоуыэюяіїєўαεηιουωάέήίόύώϊϋΐΰ")

    /// How oddly `text` reads, from its non-ASCII characters: in a word of letters, a symbol
    /// between two of them (`Has³o`, `WA¯NE`) counts 2 (in a word with digits, a password that
    /// may hold any — `Aok«Gesund»58` — only one of ``latin2Letters``, 1); a non-ASCII Latin
    /// letter right after another (`Ïàðîëü`), a word mixing Latin with Cyrillic or Greek
    /// letters, or a Cyrillic or Greek word of four letters or more without a vowel (Greek read
    /// as Cyrillic) counts 1. (Turkish differs from Windows-1252 only in letters Icelandic
    /// spells, `þ ð ý`: it stays Windows-1252 unless other oddities decide.)
    static func oddities(_ text: String) -> Int {
        var count = 0
        // Hungarian's `ő` and `ű` are Windows-1252's `õ` and `û`: letters, so no symbol
        // between letters tells the code page. Each counts 2 where the text holds both (Estonian
        // and Portuguese write `õ` without `û`, French `û` without `õ`) and no grave accent
        // (`à`, `è`, `ù`: French, Italian and Portuguese write them, Hungarian never); `õ` only
        // when no `e` follows it (Portuguese `ões`).
        let hungarianReadAsWestern =
            text.unicodeScalars.contains { $0 == "õ" || $0 == "Õ" }
            && text.unicodeScalars.contains { $0 == "û" || $0 == "Û" }
            && !text.unicodeScalars.contains { graveVowels.contains($0) }
        for word in text.split(whereSeparator: \.isWhitespace) where !word.allSatisfy(\.isASCII) {
            let characters = Array(word)
            let hasDigit = characters.contains(where: \.isNumber)
            var latin = false
            var other = false
            for (index, character) in characters.enumerated() {
                let scalar = character.unicodeScalars.first!.value
                let isLatin = character.isLetter && scalar < 0x250
                if isLatin { latin = true }
                if character.isLetter && (0x370...0x52F).contains(scalar) { other = true }
                guard !character.isASCII else { continue }
                if hungarianReadAsWestern, "õÕûÛ".contains(character),
                    "ûÛ".contains(character) || index + 1 == characters.count
                        || !"eE".contains(characters[index + 1])
                {
                    count += 2
                }
                if !character.isLetter, index > 0, index + 1 < characters.count,
                    characters[index - 1].isLetter, characters[index + 1].isLetter
                {
                    count += !hasDigit ? 2 : latin2Letters.contains(character) ? 1 : 0
                }
                if isLatin, index > 0, !characters[index - 1].isASCII, characters[index - 1].isLetter,
                    characters[index - 1].unicodeScalars.first!.value < 0x250
                {
                    count += 1
                }
            }
            if latin && other { count += 1 }
            // Greek read as Cyrillic (or Cyrillic as Greek) spells words without vowels.
            if other, !latin, characters.count(where: \.isLetter) >= 4,
                !characters.contains(where: { vowels.contains(Character(String($0).lowercased())) })
            {
                count += 1
            }
        }
        return count
    }

    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput, .error: return offset
            }
        }
    }

    /// Windows-1252: Latin-1 with the 0x80–0x9F block of typographic characters.
    static let windows1252: [Unicode.Scalar] = (0..<256).map { byte in
        let high: [UInt32] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
            0x017D, 0x8F,
            0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D,
            0x017E, 0x0178,
        ]
        return Unicode.Scalar((0x80..<0xA0).contains(byte) ? high[byte - 0x80] : UInt32(byte))!
    }
}
