internal import CLibXML2
import Foundation

/// Reads Apple's XML plist with libxml2's SAX2 push parser.
///
/// Safety settings: no network (XML_PARSE_NONET), no external DTD (no DTDLOAD option and no
/// externalSubset handler), no entity substitution (no NOENT), and any entity declaration
/// or reference to a non-predefined entity is an error — so XXE and billion-laughs inputs
/// fail at their first declaration. XML_PARSE_HUGE lifts libxml2's 10 MB text-node and
/// 256-level depth caps, because our own limits (``PropertyListLimits``) apply instead and
/// attachments in XML exports exceed 10 MB.
final class XMLPropertyListReader {
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

    private var stack: [Frame] = []
    private var leaf: Element? = nil
    private var text: [UInt8] = []
    private var error: PropertyListError? = nil
    private var context: xmlParserCtxtPtr? = nil
    /// Elements open inside a leaf (e.g. `<string><b>x</b></string>`) are an error, but
    /// we count them so libxml2's end callbacks stay balanced until we stop.
    private var finished: PropertyListValue? = nil

    static let chunkSize = 1 << 16

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> PropertyListValue {
        let reader = XMLPropertyListReader()
        return try reader.parse(bytes)
    }

    private func parse(_ bytes: UnsafeRawBufferPointer) throws -> PropertyListValue {
        var handler = Self.makeHandler()
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let ctxt = xmlCreatePushParserCtxt(&handler, me, nil, 0, nil) else {
            throw PropertyListError(.invalidXML, "libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(ctxt) }
        context = ctxt
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOCDATA.rawValue)
        xmlCtxtUseOptions(ctxt, options)
        var offset = 0
        repeat {
            let count = min(Self.chunkSize, bytes.count - offset)
            let base = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
            let last: Int32 = offset + count == bytes.count ? 1 : 0
            let status = xmlParseChunk(ctxt, base, Int32(count), last)
            if let error { throw error }
            if status != 0 {
                throw PropertyListError(
                    .invalidXML, line: Int(xmlSAX2GetLineNumber(ctxt)),
                    column: Int(xmlSAX2GetColumnNumber(ctxt)), "malformed XML (libxml2 error \(status))")
            }
            offset += count
        } while offset < bytes.count
        guard let finished else {
            throw PropertyListError(
                .invalidXML, line: Int(xmlSAX2GetLineNumber(ctxt)),
                column: nil, "document ended before </plist>")
        }
        return finished
    }

    // MARK: Events

    private func fail(_ reason: String) {
        guard error == nil else { return }
        let line = context.map { Int(xmlSAX2GetLineNumber($0)) }
        let column = context.map { Int(xmlSAX2GetColumnNumber($0)) }
        error = PropertyListError(.invalidXML, line: line, column: column, reason)
        if let context { xmlStopParser(context) }
    }

    private func start(_ name: UnsafePointer<xmlChar>) {
        guard error == nil else { return }
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
                let error = "nesting deeper than \(PropertyListLimits.maximumDepth) levels"
                fail(error)
                self.error?.code = .tooDeep
                return
            }
            stack.append(element == .dict ? .dictionary(PropertyListDictionary(), pendingKey: nil) : .array([]))
        default:
            leaf = element
            text.removeAll(keepingCapacity: true)
        }
    }

    private func end() {
        guard error == nil else { return }
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

    private func characters(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        guard error == nil else { return }
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
                error = PropertyListError(
                    .invalidKey,
                    line: context.map { Int(xmlSAX2GetLineNumber($0)) }, column: nil,
                    "duplicate dictionary key \"\(pendingKey)\"")
                if let context { xmlStopParser(context) }
                return
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

    private static func element(named name: UnsafePointer<xmlChar>) -> Element? {
        let length = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        for entry in names where entry.bytes.count == length {
            if memcmp(name, entry.bytes, length) == 0 { return entry.element }
        }
        return nil
    }

    // MARK: libxml2 glue

    private static func reader(_ ctx: UnsafeMutableRawPointer?) -> XMLPropertyListReader {
        Unmanaged<XMLPropertyListReader>.fromOpaque(ctx!).takeUnretainedValue()
    }

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = 0xDEED_BEAF  // XML_SAX2_MAGIC: use the namespace-aware callbacks
        handler.startElementNs = { ctx, localname, _, _, _, _, _, _, _ in
            XMLPropertyListReader.reader(ctx).start(localname!)
        }
        handler.endElementNs = { ctx, _, _, _ in
            XMLPropertyListReader.reader(ctx).end()
        }
        handler.characters = { ctx, chars, length in
            XMLPropertyListReader.reader(ctx).characters(chars!, Int(length))
        }
        handler.cdataBlock = handler.characters
        handler.entityDecl = { ctx, name, _, _, _, _ in
            XMLPropertyListReader.reader(ctx).fail(
                "entity declaration \"\(name.map { String(cString: $0) } ?? "")\" refused (XXE and entity-expansion guard)"
            )
        }
        handler.reference = { ctx, name in
            XMLPropertyListReader.reader(ctx).fail(
                "entity reference &\(name.map { String(cString: $0) } ?? "");  refused")
        }
        handler.serror = { ctx, error in
            guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            let me = XMLPropertyListReader.reader(ctx)
            guard me.error == nil else { return }
            me.error = PropertyListError(
                .invalidXML, line: Int(error.pointee.line),
                column: error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil,
                message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return handler
    }
}
