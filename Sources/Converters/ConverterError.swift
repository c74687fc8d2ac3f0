import PropertyList

/// The one error type of Converters: which input, where in it (a line and column for text,
/// a byte offset for binary data), what was expected and what was found.
///
/// Reading a file (``InputFile``), inflating a compressed attachment and parsing an export
/// all fail with it. Errors compare equal by code, input and line, so tests can assert the
/// class and place without restating the wording.
public struct ConverterError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        /// The file does not exist or cannot be opened or read.
        case unreadable
        /// A FIFO, device, directory or socket was named where a regular file is needed.
        case notRegularFile
        /// The input is larger than its ``InputLimit``.
        case tooLarge
        /// The input starts like JSON, XML or a binary property list but does not parse.
        case malformed
        /// The input is not an export Coffer recognizes (or not the one `format` named).
        case unrecognized
        /// Compressed data inflates beyond an ``ImportLimits`` total or ratio.
        case inflationLimit
        /// Nesting deeper than an ``ImportLimits`` depth.
        case tooDeep
        /// The export parses but what it holds cannot be imported as it is.
        case invalidData
    }

    public var code: Code
    public var input: String
    /// 1-based line (and column) for text inputs.
    public var line: Int?
    public var column: Int?
    /// Byte offset, for binary inputs and reads.
    public var offset: Int?
    /// What a valid input has there, and what this one has, when known (for programs:
    /// ``reason`` says it for people too).
    public var expected: String?
    public var found: String?
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

    public init(
        _ code: Code = .invalidData, input: String, line: Int? = nil, column: Int? = nil, offset: Int? = nil,
        expected: String? = nil, found: String? = nil, _ reason: String, hint: Hint? = nil
    ) {
        self.code = code
        self.input = input
        self.line = line
        self.column = column
        self.offset = offset
        self.expected = expected
        self.found = found
        self.reason = reason
        self.hint = hint
    }

    /// A parse failure of `input` as `expected` ("JSON"), with its position.
    init(_ error: PropertyListError, input: String, expected: String) {
        self.init(
            error.code == .tooDeep ? .tooDeep : .malformed, input: input, line: error.line, column: error.column,
            offset: error.line == nil ? error.offset : nil, expected: expected,
            "not valid \(expected): \(error.reason)")
    }

    /// `FILE:LINE:COLUMN: reason`, or `FILE: byte N: reason` for binary data.
    public var description: String {
        var text = input
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        } else if let offset {
            text += ": byte \(offset)"
        }
        return text + ": \(reason)"
    }

    /// Equal by code, input and line, so tests can assert where without restating the wording.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.input == rhs.input && lhs.line == rhs.line
    }
}
