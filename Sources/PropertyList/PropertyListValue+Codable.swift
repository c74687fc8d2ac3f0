import Foundation

/// `PropertyListValue` is `Codable` so models can hold arbitrary plist values (unknown
/// keys carried through a round trip). ``PropertyListValueEncoder`` and
/// ``PropertyListValueDecoder`` store it as it is; other coders (JSONEncoder…) get the
/// nearest natural form, which loses the distinctions their syntax lacks.
extension PropertyListValue: Codable {
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .dictionary(let d):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in d { try container.encode(value, forKey: AnyKey(stringValue: key)) }
        case .array(let a):
            var container = encoder.unkeyedContainer()
            for value in a { try container.encode(value) }
        case .string(let s):
            var c = encoder.singleValueContainer()
            try c.encode(s)
        case .data(let d):
            var c = encoder.singleValueContainer()
            try c.encode(d)
        case .date(let d):
            var c = encoder.singleValueContainer()
            try c.encode(d)
        case .integer(let i):
            var c = encoder.singleValueContainer()
            if let s = i.int64Value { try c.encode(s) } else { try c.encode(i.uint64Value!) }
        case .real(let r):
            var c = encoder.singleValueContainer()
            try c.encode(r)
        case .bool(let b):
            var c = encoder.singleValueContainer()
            try c.encode(b)
        case .uid(let u):
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(u, forKey: AnyKey(stringValue: "CF$UID"))
        }
    }

    public init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var d = PropertyListDictionary()
            for key in keyed.allKeys { d[key.stringValue] = try keyed.decode(PropertyListValue.self, forKey: key) }
            self = .dictionary(d)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var a = [PropertyListValue]()
            while !unkeyed.isAtEnd { a.append(try unkeyed.decode(PropertyListValue.self)) }
            self = .array(a)
        } else {
            let c = try decoder.singleValueContainer()
            if let b = try? c.decode(Bool.self) {
                self = .bool(b)
            } else if let i = try? c.decode(Int64.self) {
                self = .integer(PropertyListInteger(i))
            } else if let u = try? c.decode(UInt64.self) {
                self = .integer(PropertyListInteger(u))
            } else if let r = try? c.decode(Double.self) {
                self = .real(r)
            } else {
                self = .string(try c.decode(String.self))
            }
        }
    }
}
