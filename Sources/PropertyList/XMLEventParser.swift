internal import CLibXML2
import Foundation

/// Receives the events of ``XMLEventParser``. Names and text are borrowed bytes, valid only
/// during the call (no String per element: the plist reader parses 100,000 records a second).
public protocol XMLEventHandler: AnyObject {
    func xmlStart(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser)
    func xmlCharacters(_ text: UnsafeBufferPointer<UInt8>, parser: XMLEventParser)
    func xmlEnd(parser: XMLEventParser)
}

/// The attributes of a start tag, read on demand.
public struct XMLAttributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    let count: Int

    /// The value of the attribute with this local name, if present.
    public func value(of localName: String) -> String? {
        guard let pointer else { return nil }
        for i in 0..<count {
            // libxml2 gives five pointers per attribute: localname, prefix, URI, value start, value end.
            guard let name = pointer[5 * i], let start = pointer[5 * i + 3], let end = pointer[5 * i + 4] else {
                continue
            }
            if String(cString: name) == localName {
                return String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
            }
        }
        return nil
    }
}

/// Streaming XML on libxml2's SAX2 push parser, safe for untrusted input: no network
/// (XML_PARSE_NONET), no external DTD (no DTDLOAD, no externalSubset handler), no entity
/// substitution, and any entity declaration or reference to a non-predefined entity is an
/// error — XXE and billion-laughs inputs fail at their first declaration. XML_PARSE_HUGE
/// lifts libxml2's own 10 MB text and 256-level depth caps (callers apply their own
/// limits); input is fed in 64 KiB chunks. Used by the plist reader and the KeePass XML
/// importer; the one place in Coffer that touches libxml2.
public final class XMLEventParser {
    /// Unowned: `parse` is synchronous and its caller holds the handler (a weak reference
    /// cost an atomic load per event).
    private unowned(unsafe) let handler: any XMLEventHandler
    private var context: xmlParserCtxtPtr?
    private(set) var error: PropertyListError? {
        didSet { hasFailed = error != nil }
    }

    static let chunkSize = 1 << 16

    /// Documents at least this large are parsed on two threads (``parsePipelined``).
    static let pipelineThreshold = 4 << 20

    public static func parse(_ bytes: UnsafeRawBufferPointer, handler: some XMLEventHandler) throws {
        try withExtendedLifetime(handler) {
            if bytes.count >= pipelineThreshold, ProcessInfo.processInfo.activeProcessorCount > 1 {
                try parsePipelined(bytes, handler: handler)
            } else {
                try XMLEventParser(handler: handler).run(bytes)
            }
        }
    }

    init(handler: any XMLEventHandler) { self.handler = handler }

    /// While replaying recorded events (``parsePipelined``): the position of the current one.
    var replayPosition: (line: Int, column: Int)?

    public var line: Int { replayPosition?.line ?? context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }
    public var column: Int { replayPosition?.column ?? context.map { Int(xmlSAX2GetColumnNumber($0)) } ?? 0 }
    /// Set with `error`; what each event checks (reading the optional error struct cost
    /// retains per event).
    /// Unchecked: only the parsing thread touches it, and the check per event was 4 % of a parse.
    @exclusivity(unchecked) public private(set) var hasFailed = false

    /// Records the first failure at the current position and stops the parser.
    public func fail(_ reason: String, code: PropertyListError.Code = .invalidXML) {
        guard error == nil else { return }
        error = PropertyListError(code, line: line, column: column, reason)
        if let context { xmlStopParser(context) }
    }

    func run(_ bytes: UnsafeRawBufferPointer) throws {
        var sax = Self.makeHandler()
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard let ctxt = xmlCreatePushParserCtxt(&sax, me, nil, 0, nil) else {
            throw PropertyListError(.invalidXML, "libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(ctxt) }
        context = ctxt
        // libxml2 reports encoding-conversion and I/O errors without a parser context,
        // through a per-thread handler that prints to stderr. Routed here instead, they
        // become the error reported (the first one wins), rather than noise on stderr
        // followed by a later symptom such as "Extra content at the end of the document".
        // The thread's previous handler (an embedding program's) is put back afterwards.
        let previousHandler = __xmlStructuredError().pointee
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(me, Self.recordError)
        defer { xmlSetStructuredErrorFunc(previousContext, previousHandler) }
        xmlCtxtUseOptions(ctxt, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOCDATA.rawValue))
        var offset = 0
        repeat {
            let count = min(Self.chunkSize, bytes.count - offset)
            let base = bytes.baseAddress.map { $0.advanced(by: offset).assumingMemoryBound(to: CChar.self) }
            let status = xmlParseChunk(ctxt, base, Int32(count), offset + count == bytes.count ? 1 : 0)
            if let error { throw error }
            if status != 0 {
                throw PropertyListError(
                    .invalidXML, line: line, column: column, "malformed XML (libxml2 error \(status))")
            }
            offset += count
        } while offset < bytes.count
    }

    private static func parser(_ ctx: UnsafeMutableRawPointer?) -> XMLEventParser {
        Unmanaged<XMLEventParser>.fromOpaque(ctx!).takeUnretainedValue()
    }

    private static func makeHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = 0xDEED_BEAF  // XML_SAX2_MAGIC: the namespace-aware callbacks
        // The three per-event callbacks borrow the parser without retaining it: `run` keeps
        // it alive for the whole parse (a retain and release per event were a tenth of it).
        sax.startElementNs = { ctx, localname, _, _, _, _, count, _, attributes in
            Unmanaged<XMLEventParser>.fromOpaque(ctx!)._withUnsafeGuaranteedRef { me in
                guard !me.hasFailed, let localname else { return }
                me.handler.xmlStart(
                    localname, attributes: XMLAttributes(pointer: attributes, count: Int(count)), parser: me)
            }
        }
        sax.endElementNs = { ctx, _, _, _ in
            Unmanaged<XMLEventParser>.fromOpaque(ctx!)._withUnsafeGuaranteedRef { me in
                guard !me.hasFailed else { return }
                me.handler.xmlEnd(parser: me)
            }
        }
        sax.characters = { ctx, chars, length in
            Unmanaged<XMLEventParser>.fromOpaque(ctx!)._withUnsafeGuaranteedRef { me in
                guard !me.hasFailed, let chars else { return }
                me.handler.xmlCharacters(UnsafeBufferPointer(start: chars, count: Int(length)), parser: me)
            }
        }
        sax.cdataBlock = sax.characters
        sax.entityDecl = { ctx, name, _, _, _, _ in
            let entity = name.map { String(cString: $0) } ?? ""
            XMLEventParser.parser(ctx).fail("entity declaration \"\(entity)\" refused (XXE and entity-expansion guard)")
        }
        sax.reference = { ctx, name in
            XMLEventParser.parser(ctx).fail("entity reference &\(name.map { String(cString: $0) } ?? ""); refused")
        }
        sax.serror = recordError
        return sax
    }

    /// Keeps libxml2's first error (with its position, or the parser's when it has none).
    private static let recordError: xmlStructuredErrorFunc = { ctx, error in
        guard let error, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        let me = XMLEventParser.parser(ctx)
        guard me.error == nil else { return }
        var message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        if error.pointee.domain == Int32(XML_FROM_I18N.rawValue) {
            message = "the bytes do not match the declared encoding: " + message
        }
        let line = error.pointee.line > 0 ? Int(error.pointee.line) : me.line
        me.error = PropertyListError(
            .invalidXML, line: line, column: error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil,
            message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
