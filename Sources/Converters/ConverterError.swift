/// The one error type of Converters: which input, which line (or byte), what was expected.
public struct ConverterError: Error, Equatable, Sendable, CustomStringConvertible {
    public var input: String
    public var line: Int?
    public var reason: String
    /// What a person can do about it, for the program in front to say in its own terms
    /// (the CLI names its flags; the library names none).
    public var hint: Hint?

    public enum Hint: Equatable, Sendable {
        /// Forcing the input format would read it.
        case chooseFormat
        /// Mapping this (normalized) column to a field would resolve a clash.
        case mapColumn(String)
        /// Naming the columns, or forcing a format, would read it.
        case mapColumnsOrChooseFormat
    }

    public init(input: String, line: Int? = nil, _ reason: String, hint: Hint? = nil) {
        self.input = input
        self.line = line
        self.reason = reason
        self.hint = hint
    }

    public var description: String { "\(input)" + (line.map { ":\($0)" } ?? "") + ": \(reason)" }

    /// Equal by input and line, so tests can assert where without restating the wording.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.input == rhs.input && lhs.line == rhs.line }
}
