import Foundation

/// Turns an export's bytes into text: UTF-8 with or without a BOM, UTF-16 LE/BE with a
/// BOM, and — when the bytes are not valid UTF-8 — Windows-1252 with a warning (what
/// Excel and older Windows tools write).
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
        let text = String(bytes.map { Character(windows1252[Int($0)]) })
        return Decoded(
            text: text, encoding: "Windows-1252",
            warnings: [
                "\(input): not valid UTF-8 (first bad byte at offset \(firstBad)); read as Windows-1252 — check accented characters"
            ])
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
