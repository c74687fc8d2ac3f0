/// The one error type of Converters: which input, which line (or byte), what was expected.
public struct ConverterError: Error, Equatable, Sendable, CustomStringConvertible {
    public var input: String
    public var line: Int?
    public var reason: String

    public init(input: String, line: Int? = nil, _ reason: String) {
        self.input = input
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(input)" + (line.map { ":\($0)" } ?? "") + ": \(reason)" }

    /// Equal by input and line, so tests can assert where without restating the wording.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.input == rhs.input && lhs.line == rhs.line }
}
