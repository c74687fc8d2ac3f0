/// The one error type of the PropertyList module.
///
/// Carries what a person needs to act: a stable code, where in the input (a byte offset for
/// bplist00 and JSON, a line and column for XML and JSON) and a reason. Errors compare
/// equal by code, so tests can assert the class without restating the wording.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable, CaseIterable {
        /// The input does not start with a supported header (`bplist00`, `<?xml`/`<plist`, JSON).
        case unknownFormat
        /// The bplist00 trailer is inconsistent (sizes, counts, offsets, file length).
        case invalidTrailer
        /// An object offset or object bytes fall outside the object area.
        case outOfBounds
        /// A marker byte that bplist00 does not define, or one Coffer refuses (sets, fill, null).
        case unsupportedObject
        /// A length, integer width, date marker or real width that is not allowed.
        case invalidObject
        /// A string that is not valid ASCII / UTF-16 / UTF-8.
        case invalidString
        /// A dictionary key that is not a string, or a key that appears twice.
        case invalidKey
        /// A container that contains itself.
        case cycle
        /// Nesting deeper than ``PropertyListLimits/maximumDepth``.
        case tooDeep
        /// More expanded nodes than the budget allows (shared-reference amplification).
        case tooManyNodes
        /// XML that is malformed or not a property list.
        case invalidXML
        /// JSON that is malformed or does not map to a property list.
        case invalidJSON
        /// A value the target syntax cannot carry (e.g. a control character in XML).
        case unrepresentable
        /// A Codable type did not match the value.
        case typeMismatch
    }

    public var code: Code
    /// Byte offset in the input, when known.
    public var offset: Int?
    /// 1-based line and column, for text syntaxes.
    public var line: Int?
    public var column: Int?
    public var reason: String

    public init(_ code: Code, offset: Int? = nil, line: Int? = nil, column: Int? = nil, _ reason: String) {
        self.code = code
        self.offset = offset
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        var location = ""
        if let line {
            location = "line \(line)"
            if let column { location += ", column \(column)" }
            location += ": "
        } else if let offset {
            location = "byte \(offset): "
        }
        return "\(location)\(reason) [\(code.rawValue)]"
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// Named limits, each documented in spec/PLIST.md and crossed by a test.
public enum PropertyListLimits {
    /// Deepest nesting of arrays and dictionaries accepted by every reader. Real plists
    /// rarely pass 20; 512 leaves room while keeping recursion far from the stack limit
    /// (CF and Foundation crash on 10,000-deep inputs).
    public static let maximumDepth = 512

    /// The expanded-node budget for an input of `byteCount` bytes: 2^20 nodes or 4 per
    /// input byte, whichever is larger. Without shared containers a bplist can describe
    /// at most one node per object reference (≥ 1 byte each), so honest files stay far
    /// below it; shared references (8^24 nodes in 282 bytes) do not.
    public static func expandedNodeBudget(forByteCount byteCount: Int) -> Int {
        max(1 << 20, byteCount.multipliedReportingOverflow(by: 4).overflow ? Int.max : byteCount * 4)
    }
}
