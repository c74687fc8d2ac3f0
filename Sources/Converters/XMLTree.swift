import PropertyList

/// A small XML document held as a tree, for exports whose records are a few elements each
/// (Password Safe, KeePass 1.x, Sticky Password). Parsed by ``XMLEventParser`` (no network,
/// no DTD, no entities: XXE and entity bombs fail at their declaration); nesting deeper
/// than ``ImportLimits/groupDepth`` plus ``extraDepth`` is refused. Only the attributes a
/// format asks for are kept.
final class XMLNode {
    let name: String
    var attributes: [String: String]
    var text = ""
    var children = [XMLNode]()

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    func first(_ name: String) -> XMLNode? { children.first { $0.name == name } }
    func all(_ name: String) -> [XMLNode] { children.filter { $0.name == name } }
    /// The text of the first child named `name`, nil when absent or empty.
    func value(_ name: String) -> String? {
        guard let text = first(name)?.text, !text.isEmpty else { return nil }
        return text
    }

    /// Levels of elements a record may add beneath its groups.
    static let extraDepth = 16

    /// The root element of `bytes`. Throws a ``ConverterError`` naming the line for XML
    /// that does not parse or nests too deeply.
    static func parse(
        _ bytes: [UInt8], input: String, expected: String, attributes: Set<String>, limits: ImportLimits
    ) throws -> XMLNode {
        let builder = Builder(attributes: attributes, maxDepth: limits.groupDepth + extraDepth)
        do {
            try bytes.withUnsafeBytes { try XMLEventParser.parse($0, handler: builder) }
        } catch let error as PropertyListError {
            if builder.tooDeep {
                throw ConverterError(
                    .tooDeep, input: input, line: error.line, column: error.column,
                    expected: "at most \(builder.maxDepth) nested elements",
                    "elements nested deeper than \(builder.maxDepth); refused")
            }
            throw ConverterError(error, input: input, expected: expected)
        }
        guard let root = builder.root else {
            throw ConverterError(.malformed, input: input, expected: expected, "no root element")
        }
        return root
    }

    private final class Builder: XMLEventHandler {
        let attributes: Set<String>
        let maxDepth: Int
        var root: XMLNode?
        var stack = [XMLNode]()
        var tooDeep = false

        init(attributes: Set<String>, maxDepth: Int) {
            self.attributes = attributes
            self.maxDepth = maxDepth
        }

        func xmlStart(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser) {
            guard stack.count < maxDepth else {
                tooDeep = true
                parser.fail("nested too deeply")
                return
            }
            let elementName = String(cString: name)
            if elementName == "br", let parent = stack.last {
                // KeePass 1.x writes line breaks in notes as <br />.
                parent.text += "\n"
            }
            var kept = [String: String]()
            for attribute in self.attributes {
                if let value = attributes.value(of: attribute) { kept[attribute] = value }
            }
            let node = XMLNode(name: elementName, attributes: kept)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }

        func xmlCharacters(_ text: UnsafeBufferPointer<UInt8>, parser: XMLEventParser) {
            stack.last?.text += String(decoding: text, as: UTF8.self)
        }

        func xmlEnd(parser: XMLEventParser) { _ = stack.popLast() }
    }
}
