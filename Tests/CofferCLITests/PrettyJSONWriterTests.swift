import Foundation
import Testing

@testable import CofferCLI

/// `list --json`'s writer gives exactly what JSONSerialization (pretty, sorted keys) and
/// TerminalSafeJSON gave before it, for strings of every awkward kind.
@Suite struct PrettyJSONWriterTests {
    static let strings = [
        "", "plain", "quote \" backslash \\ slash /", "tab\tnew\nline\rcr", "\u{0}\u{1}\u{1F}\u{7F}",
        "bidi \u{202E}evil\u{202C} and \u{2066}isolate\u{2069}", "line\u{2028}para\u{2029}", "C1 \u{85}\u{9B}",
        "é ñ 中文 🔑 \u{1F600}", "zero\u{200B}width", "https://example.com/a?b=c&d",
    ]

    @Test func matchesJSONSerializationAndTerminalSafeEscaping() throws {
        var objects = [[(String, PrettyJSONWriter.Value)]]()
        var plain = [[String: Any]]()
        for (n, text) in Self.strings.enumerated() {
            let list = Array(Self.strings.prefix(n % 4))
            objects.append([
                ("title", .string(text)), ("id", .string("\(n)")), ("urls", .strings(list)), ("b", .strings([])),
            ])
            plain.append(["title": text, "id": "\(n)", "urls": list, "b": [String]()])
        }
        for count in [0, 1, objects.count] {
            var writer = PrettyJSONWriter()
            writer.writeArray(of: Array(objects.prefix(count)))
            let data = try JSONSerialization.data(
                withJSONObject: Array(plain.prefix(count)), options: [.prettyPrinted, .sortedKeys])
            let expected = TerminalSafeJSON.escape(String(decoding: data, as: UTF8.self))
            #expect(String(decoding: writer.bytes, as: UTF8.self) == expected, "\(count) objects")
            // Keys given already in order (as list gives them) print the same.
            var inOrder = PrettyJSONWriter()
            inOrder.writeArray(of: objects.prefix(count).map { $0.sorted { $0.0 < $1.0 } })
            #expect(inOrder.bytes == writer.bytes, "\(count) objects, keys given in order")
        }
    }
}
