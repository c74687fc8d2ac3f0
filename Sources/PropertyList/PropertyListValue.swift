import Foundation

/// One property-list value: every type that bplist00 and Apple's XML plist can carry.
///
/// Dictionaries keep their insertion order (see ``PropertyListDictionary``); writers sort
/// keys only when asked. Dates are `Foundation.Date` (seconds since 2001-01-01 UTC as a
/// Double, exactly what bplist00 stores).
public enum PropertyListValue: Hashable, Sendable {
    case dictionary(PropertyListDictionary)
    case array([PropertyListValue])
    case string(String)
    case data(Data)
    case date(Date)
    case integer(PropertyListInteger)
    case real(Double)
    case bool(Bool)
    /// A keyed-archiver object reference (`CF$UID`); bplist00 marker 0x8N.
    case uid(UInt64)
}

extension PropertyListValue {
    /// Structural equality with one refinement for reals: all NaNs are equal to each other
    /// and 0.0 differs from -0.0, so "equal" means "the same document" (bplist00 keeps the
    /// sign of zero; every syntax keeps NaN-ness).
    public static func == (lhs: PropertyListValue, rhs: PropertyListValue) -> Bool {
        switch (lhs, rhs) {
        case (.dictionary(let a), .dictionary(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.data(let a), .data(let b)): a == b
        case (.date(let a), .date(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.real(let a), .real(let b)): (a.isNaN && b.isNaN) || (a == b && a.sign == b.sign)
        case (.bool(let a), .bool(let b)): a == b
        case (.uid(let a), .uid(let b)): a == b
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .dictionary(let d):
            hasher.combine(0)
            hasher.combine(d)
        case .array(let a):
            hasher.combine(1)
            hasher.combine(a)
        case .string(let s):
            hasher.combine(2)
            hasher.combine(s)
        case .data(let d):
            hasher.combine(3)
            hasher.combine(d)
        case .date(let d):
            hasher.combine(4)
            hasher.combine(d)
        case .integer(let i):
            hasher.combine(5)
            hasher.combine(i)
        case .real(let r):
            hasher.combine(6)
            hasher.combine(r.isNaN ? Double.nan.bitPattern : r.bitPattern)
        case .bool(let b):
            hasher.combine(7)
            hasher.combine(b)
        case .uid(let u):
            hasher.combine(8)
            hasher.combine(u)
        }
    }

    /// A short name for the value's type, used in error messages and `plist print`.
    public var typeName: String {
        switch self {
        case .dictionary: "dictionary"
        case .array: "array"
        case .string: "string"
        case .data: "data"
        case .date: "date"
        case .integer: "integer"
        case .real: "real"
        case .bool: "bool"
        case .uid: "uid"
        }
    }

    public static func integer(_ value: Int) -> PropertyListValue {
        .integer(PropertyListInteger(Int64(value)))
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var arrayValue: [PropertyListValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var dictionaryValue: PropertyListDictionary? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    /// The same value with every dictionary's keys in canonical order (by Unicode scalar
    /// values, i.e. UTF-8 byte order — the order python3 plistlib's `sort_keys` uses).
    public func withSortedKeys() -> PropertyListValue {
        switch self {
        case .dictionary(let d):
            var sorted = PropertyListDictionary(minimumCapacity: d.count)
            for (key, value) in d.sortedEntries() {
                sorted.appendUnchecked(key: key, value: value.withSortedKeys())
            }
            return .dictionary(sorted)
        case .array(let a):
            return .array(a.map { $0.withSortedKeys() })
        default:
            return self
        }
    }
}

extension PropertyListValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(PropertyListInteger(value)) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: PropertyListValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        var d = PropertyListDictionary()
        for (k, v) in elements { d[k] = v }
        self = .dictionary(d)
    }
}
