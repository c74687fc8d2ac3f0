import Foundation

/// A strict RFC 8259 reader producing property-list values (mapping in ``JSONPropertyList``).
///
/// Refuses: null (a plist has none), duplicate keys, lone surrogates in `\u` escapes,
/// control characters in strings, invalid UTF-8, trailing content, nesting deeper than
/// ``PropertyListLimits/maximumDepth``. Errors carry byte offset, line and column.
struct JSONReader {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    /// Plain JSON from other programs: no tagged objects, no `$` escaping, and `null`
    /// read as "no value" (left out of objects and arrays).
    private let foreign: Bool

    init(bytes: UnsafeRawBufferPointer, foreign: Bool = false) {
        self.bytes = bytes
        self.foreign = foreign
    }

    mutating func readDocument() throws -> PropertyListValue {
        // A UTF-8 byte-order mark is tolerated, as Windows editors write one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        let value = try readValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw failure("unexpected content after the JSON value") }
        guard !(foreign && value == Self.null) else { throw failure("the document is null") }
        return value
    }

    // MARK: Errors

    private func failure(_ reason: String, at offset: Int? = nil) -> PropertyListError {
        let at = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<at where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return PropertyListError(.invalidJSON, offset: at, line: line, column: at - lineStart + 1, reason)
    }

    // MARK: Values

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func readValue(depth: Int) throws -> PropertyListValue {
        guard position < bytes.count else { throw failure("unexpected end of input; expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            guard foreign else { throw failure("null has no property-list equivalent") }
            try expectLiteral("null")
            return Self.null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw failure("unexpected character; expected a value")
        }
    }

    /// Stands for JSON null while parsing foreign JSON; never escapes the reader.
    static let null = PropertyListValue.uid(UInt64.max)

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count,
            memcmp(bytes.baseAddress! + position, literal.utf8Start, count) == 0
        else { throw failure("invalid literal; expected \(literal)") }
        position += count
    }

    private mutating func enter(_ depth: Int) throws {
        guard depth < PropertyListLimits.maximumDepth else {
            var error = failure("nesting deeper than \(PropertyListLimits.maximumDepth) levels")
            error.code = .tooDeep
            throw error
        }
        position += 1
        skipWhitespace()
    }

    private mutating func readArray(depth: Int) throws -> PropertyListValue {
        try enter(depth)
        var elements = [PropertyListValue]()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            let element = try readValue(depth: depth + 1)
            if !(foreign && element == Self.null) { elements.append(element) }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input in an array") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            } else {
                throw failure("expected , or ] in an array")
            }
        }
    }

    private mutating func readObject(depth: Int) throws -> PropertyListValue {
        let objectStart = position
        try enter(depth)
        var dictionary = PropertyListDictionary()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .dictionary(dictionary)
        }
        while true {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw failure("expected a string key")
            }
            let keyStart = position
            var key = try readString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw failure("expected : after a key")
            }
            position += 1
            skipWhitespace()
            let value = try readValue(depth: depth + 1)
            // Foreign JSON: no tags, no `$` escaping, null members left out.
            if !foreign, JSONPropertyList.tags.contains(key), dictionary.isEmpty {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else {
                    throw failure("tagged value \(key) must be the only key of its object", at: objectStart)
                }
                position += 1
                return try untag(key, value, at: objectStart)
            }
            if !foreign, key.hasPrefix("$") {
                guard key.hasPrefix("$$") else {
                    throw failure(
                        "key \"\(key)\": keys starting with $ are escaped as $$ (spec/PLIST.md)", at: keyStart)
                }
                key.removeFirst()
            }
            guard (foreign && value == Self.null) || dictionary.insertNew(key: key, value: value) else {
                var error = failure("duplicate key \"\(key)\"", at: keyStart)
                error.code = .invalidKey
                throw error
            }
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input in an object") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .dictionary(dictionary)
            } else {
                throw failure("expected , or } in an object")
            }
        }
    }

    private func untag(_ tag: String, _ value: PropertyListValue, at offset: Int) throws -> PropertyListValue {
        switch (tag, value) {
        case ("$data", .string(let s)):
            guard case .success(let decoded) = Base64.decode(s.utf8) else {
                throw failure("$data is not base64", at: offset)
            }
            return .data(Data(decoded))
        case ("$date", .string(let s)):
            guard let date = ISO8601Fraction.parse(s) else {
                throw failure("$date \"\(s)\" is not YYYY-MM-DDTHH:MM:SS[.fraction]Z", at: offset)
            }
            return .date(date)
        case ("$date", .real(let seconds)) where seconds.isFinite:
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case ("$date", .integer(let i)) where i.int64Value != nil:
            return .date(Date(timeIntervalSinceReferenceDate: Double(i.int64Value!)))
        case ("$uid", .integer(let i)) where i.uint64Value != nil:
            return .uid(i.uint64Value!)
        case ("$real", .string(let s)) where ["nan", "inf", "-inf"].contains(s):
            return .real(s == "nan" ? .nan : s == "inf" ? .infinity : -.infinity)
        case ("$integer", .string(let s)):
            guard let i = PropertyListInteger(parsing: Substring(s).utf8) else {
                throw failure("$integer \"\(s)\" is not an integer in −2^63 … 2^64−1", at: offset)
            }
            return .integer(i)
        default:
            throw failure("\(tag) holds a \(value.typeName), which it cannot", at: offset)
        }
    }

    // MARK: Numbers

    private mutating func readNumber() throws -> PropertyListValue {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard digits() > 0 else { throw failure("expected digits", at: position) }
        if bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == UInt8(ascii: "0"),
            position - start > (bytes[start] == UInt8(ascii: "-") ? 2 : 1)
        {
            throw failure("leading zeros are not allowed", at: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard digits() > 0 else { throw failure("expected digits after the decimal point") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard digits() > 0 else { throw failure("expected digits in the exponent") }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger {
            guard let integer = PropertyListInteger(parsing: Substring(text).utf8) else {
                throw failure("integer \(text) is outside −2^63 … 2^64−1", at: start)
            }
            return .integer(integer)
        }
        guard let real = Double(text), real.isFinite else {
            throw failure("number \(text) is out of range for a double", at: start)
        }
        return .real(real)
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            position += 1
        }
        return position - start
    }

    // MARK: Strings

    private mutating func readString() throws -> String {
        position += 1  // opening quote
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return try validatedUTF8(slice, at: start)
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { throw failure("control character in a string; it must be escaped") }
            position += 1
        }
        var buffer = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let c = bytes[position]
            switch c {
            case UInt8(ascii: "\""):
                position += 1
                return try buffer.withUnsafeBytes { try validatedUTF8($0, at: start) }
            case UInt8(ascii: "\\"):
                try readEscape(into: &buffer)
            case 0x00..<0x20:
                throw failure("control character in a string; it must be escaped")
            default:
                buffer.append(c)
                position += 1
            }
        }
        throw failure("unterminated string", at: start - 1)
    }

    private func validatedUTF8(_ slice: UnsafeRawBufferPointer, at offset: Int) throws -> String {
        guard let s = String(validating: slice, as: UTF8.self) else {
            var error = failure("string is not valid UTF-8", at: offset)
            error.code = .invalidString
            throw error
        }
        return s
    }

    private mutating func readEscape(into buffer: inout [UInt8]) throws {
        guard position + 1 < bytes.count else { throw failure("unterminated escape") }
        let c = bytes[position + 1]
        position += 2
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(c)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hex4())
            if UTF16.isLeadSurrogate(UInt16(scalar)) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw failure("lead surrogate \\u\(String(scalar, radix: 16)) without a trail surrogate") }
                position += 2
                let trail = try hex4()
                guard UTF16.isTrailSurrogate(trail) else {
                    throw failure("lead surrogate not followed by a trail surrogate")
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
            } else if UTF16.isTrailSurrogate(UInt16(scalar)) {
                throw failure("trail surrogate without a lead surrogate")
            }
            buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            throw failure("invalid escape \\\(Character(Unicode.Scalar(c)))", at: position - 2)
        }
    }

    private mutating func hex4() throws -> UInt16 {
        guard bytes.count - position >= 4 else { throw failure("\\u needs four hex digits") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let c = bytes[position]
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
            default: throw failure("\\u needs four hex digits")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }
}
