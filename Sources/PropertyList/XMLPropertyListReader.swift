import Foundation

/// Reads Apple's XML plist from the events of ``XMLEventParser`` (libxml2, with every
/// safety setting described there).
final class XMLPropertyListReader: XMLEventHandler {
    private enum Element {
        case plist, dict, array, key, string, integer, real, date, data, `true`, `false`
        var isLeaf: Bool {
            switch self {
            case .plist, .dict, .array: false
            default: true
            }
        }
    }

    private enum Frame {
        case plist(PropertyListValue?)
        case array([PropertyListValue])
        case dictionary(PropertyListDictionary, pendingKey: String?)
    }

    // Unchecked exclusivity: one thread drives the reader and never re-enters it, and the
    // dynamic check on every access was a large share of each event.
    @exclusivity(unchecked) private var stack: [Frame] = []
    @exclusivity(unchecked) private var leaf: Element? = nil
    @exclusivity(unchecked) private var text: [UInt8] = []
    /// Set at the first event; unowned because the parser lives for the whole `decode` call.
    @exclusivity(unchecked) private unowned(unsafe) var parser: XMLEventParser?
    @exclusivity(unchecked) private var finished: PropertyListValue? = nil
    /// Whether this reader failed (libxml2's own errors stop the events at the parser).
    /// Kept here because reading the unowned parser reference retained it on every event.
    @exclusivity(unchecked) private var failed = false

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> PropertyListValue {
        let reader = XMLPropertyListReader()
        try XMLEventParser.parse(bytes, handler: reader)
        guard let finished = reader.finished else {
            throw PropertyListError(.invalidXML, "document ended before </plist>")
        }
        return finished
    }

    func xmlStart(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser) {
        self.parser = parser  // a store only: no retain
        start(name)
    }

    func xmlCharacters(_ text: UnsafeBufferPointer<UInt8>, parser: XMLEventParser) {
        characters(text.baseAddress!, text.count)
    }

    func xmlEnd(parser: XMLEventParser) {
        end()
    }

    // MARK: Events

    private func fail(_ reason: String, code: PropertyListError.Code = .invalidXML) {
        failed = true
        parser?.fail(reason, code: code)
    }

    private func start(_ name: UnsafePointer<UInt8>) {
        guard !failed else { return }
        guard let element = Self.element(named: name) else {
            return fail("unknown element <\(String(cString: name))>")
        }
        guard leaf == nil else { return fail("element <\(String(cString: name))> inside a value element") }
        guard finished == nil else { return fail("content after </plist>") }
        if stack.isEmpty {
            guard element == .plist else { return fail("root element is <\(String(cString: name))>; expected <plist>") }
            stack.append(.plist(nil))
            return
        }
        if element == .plist { return fail("<plist> nested inside the document") }
        if case .dictionary(_, let pendingKey) = stack[stack.count - 1] {
            if element == .key {
                if pendingKey != nil { return fail("<key> follows a <key>; expected its value") }
            } else if pendingKey == nil {
                return fail("<\(String(cString: name))> in a dictionary where a <key> was expected")
            }
        } else if element == .key {
            return fail("<key> outside a dictionary")
        }
        switch element {
        case .dict, .array:
            guard stack.count <= PropertyListLimits.maximumDepth else {
                return fail("nesting deeper than \(PropertyListLimits.maximumDepth) levels", code: .tooDeep)
            }
            stack.append(element == .dict ? .dictionary(PropertyListDictionary(), pendingKey: nil) : .array([]))
        default:
            leaf = element
            text.removeAll(keepingCapacity: true)
        }
    }

    private func end() {
        guard !failed else { return }
        if let element = leaf {
            leaf = nil
            if element == .key {
                guard case .dictionary(let d, _) = stack.removeLast() else { return fail("<key> outside a dictionary") }
                stack.append(.dictionary(d, pendingKey: String(decoding: text, as: UTF8.self)))
                return
            }
            if let value = leafValue(element) { add(value) }
            return
        }
        switch stack.popLast() {
        case .plist(let value)?:
            guard let value else { return fail("<plist> holds no value") }
            finished = value
        case .array(let elements)?:
            add(.array(elements))
        case .dictionary(let d, let pendingKey)?:
            if let pendingKey { return fail("key \"\(pendingKey)\" has no value") }
            add(Self.uidOrDictionary(d))
        case nil:
            fail("unbalanced end tag")
        }
    }

    private func characters(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        guard !failed else { return }
        let chunk = UnsafeBufferPointer(start: bytes, count: count)
        if leaf != nil {
            text.append(contentsOf: chunk)
        } else if chunk.contains(where: { !Self.isWhitespace($0) }) {
            fail("text outside a value element")
        }
    }

    private func add(_ value: PropertyListValue) {
        switch stack.popLast() {
        case .plist(nil)?:
            stack.append(.plist(value))
        case .plist(_)?:
            fail("<plist> holds more than one value")
        case .array(var elements)?:
            elements.append(value)
            stack.append(.array(elements))
        case .dictionary(var d, let pendingKey?)?:
            if !d.insertNew(key: pendingKey, value: value) {
                return fail("duplicate dictionary key \"\(pendingKey)\"", code: .invalidKey)
            }
            stack.append(.dictionary(d, pendingKey: nil))
        case .dictionary(_, nil)?, nil:
            fail("value without a key")
        }
    }

    // MARK: Leaf values

    private func leafValue(_ element: Element) -> PropertyListValue? {
        switch element {
        case .string:
            return .string(String(decoding: text, as: UTF8.self))
        case .true, .false:
            guard text.allSatisfy(Self.isWhitespace) else {
                fail("<\(element == .true ? "true" : "false")/> must be empty")
                return nil
            }
            return .bool(element == .true)
        case .integer:
            let trimmed = Self.trimmed(text)
            guard let integer = PropertyListInteger(parsing: Substring(decoding: trimmed, as: UTF8.self).utf8) else {
                fail("integer \"\(String(decoding: trimmed, as: UTF8.self))\" is malformed or outside −2^63 … 2^64−1")
                return nil
            }
            return .integer(integer)
        case .real:
            let trimmed = String(decoding: Self.trimmed(text), as: UTF8.self)
            guard let real = Self.parseReal(trimmed) else {
                fail("real \"\(trimmed)\" is not a number")
                return nil
            }
            return .real(real)
        case .date:
            guard let civil = CivilTime(iso8601: Self.trimmed(text)) else {
                fail("date \"\(String(decoding: text, as: UTF8.self))\" is not YYYY-MM-DDTHH:MM:SSZ")
                return nil
            }
            return .date(Date(timeIntervalSinceReferenceDate: civil.secondsSinceReferenceDate))
        case .data:
            switch Base64.decode(text) {
            case .success(let bytes): return .data(Data(bytes))
            case .failure(let failure):
                fail("<data> is not base64 (character \(failure.position) of the element)")
                return nil
            }
        case .plist, .dict, .array, .key:
            preconditionFailure("not a leaf value")
        }
    }

    /// nan, inf and infinity in any case, with optional sign, plus what strtod's decimal
    /// grammar accepts; hexadecimal floats are refused (no plist writer emits them).
    static func parseReal(_ text: String) -> Double? {
        let lower = text.lowercased()
        let unsigned = lower.hasPrefix("+") || lower.hasPrefix("-") ? lower.dropFirst() : Substring(lower)
        switch unsigned {
        case "nan": return .nan
        case "inf", "infinity": return lower.hasPrefix("-") ? -.infinity : .infinity
        default:
            guard !unsigned.isEmpty, !unsigned.contains("x"), !unsigned.contains("n") else { return nil }
            return Double(text)
        }
    }

    /// CF reads `<dict><key>CF$UID</key><integer>N</integer></dict>` as a UID; so do we.
    private static func uidOrDictionary(_ d: PropertyListDictionary) -> PropertyListValue {
        if d.count == 1, case .integer(let i)? = d["CF$UID"], let u = i.uint64Value {
            return .uid(u)
        }
        return .dictionary(d)
    }

    private static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }

    private static func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var slice = bytes[...]
        while let first = slice.first, isWhitespace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isWhitespace(last) { slice = slice.dropLast() }
        return slice
    }

    private static let names: [(bytes: [UInt8], element: Element)] =
        ([
            ("key", .key), ("string", .string), ("dict", .dict), ("integer", .integer), ("array", .array),
            ("true", .true), ("false", .false), ("real", .real), ("date", .date), ("data", .data), ("plist", .plist),
        ] as [(String, Element)]).map { (Array($0.0.utf8), $0.1) }

    private static func element(named name: UnsafePointer<UInt8>) -> Element? {
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        for entry in names where entry.bytes.count == length {
            if memcmp(name, entry.bytes, length) == 0 { return entry.element }
        }
        return nil
    }
}
