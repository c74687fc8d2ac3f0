import Foundation
import PropertyList

/// Typed reads from a record's dictionary, each failure naming the key.
struct PlistFields {
    var dictionary: PropertyListDictionary
    let record: Int?
    /// Positions of the entries read so far, as bits (a record has a few dozen keys at most;
    /// positions past 63 go to `consumedBeyond`). What remains is kept as unknown keys. A set
    /// of key strings cost 11 % of listing 100,000 items.
    private var consumed: UInt64 = 0
    private var consumedBeyond: Set<Int> = []

    /// Whether every key is ASCII: then a key equal to an ASCII key is the same bytes, so
    /// lengths are compared before strings (most of reading 100,000 items was comparing each
    /// of a record's keys with each key the model knows).
    private let asciiKeys: Bool
    /// With ASCII keys, a bit for each key present (``keyBit(count:first:)``): most keys the model asks
    /// for are absent from a record (an item has a few of two dozen), and a clear bit settles
    /// that without comparing any key.
    private let presentKeyBits: UInt64

    init(_ dictionary: PropertyListDictionary, record: Int?) {
        self.dictionary = dictionary
        self.record = record
        var ascii = true
        var bits: UInt64 = 0
        // Keys read in place: a copy of each entry was a retain and a release of its key and
        // its value, a fifth of reading an item.
        dictionary.entries.withUnsafeBufferPointer { entries in
            for i in entries.indices where ascii {
                let utf8 = entries[i].key.utf8
                if utf8.allSatisfy({ $0 < 0x80 }) {
                    bits |= Self.keyBit(count: utf8.count, first: utf8.first)
                } else {
                    ascii = false
                }
            }
        }
        asciiKeys = ascii
        presentKeyBits = bits
    }

    /// A key's bit among 64, from its length and its first byte (keys of equal bit are told
    /// apart by comparing them; of an item's keys, only `totp` and `tags`, `fields` and `folder`
    /// share one). Not the last byte: finding it in a string's UTF-8 cost more than the scan.
    @inline(__always)
    private static func keyBit(count: Int, first: UInt8?) -> UInt64 {
        guard let first else { return 1 }
        return 1 << ((UInt64(count) &+ UInt64(first) &* 10) & 63)
    }

    /// The position of `key` (an ASCII key of the model). Keys equal as Unicode are one key
    /// (spec/PLIST.md), and a non-ASCII key can equal an ASCII one ("\u{212A}" is "K"): those
    /// records are searched the slow way.
    private func position(of key: String) -> Int? {
        guard asciiKeys else { return dictionary.position(of: key) }
        let utf8 = key.utf8
        let length = utf8.count
        guard presentKeyBits & Self.keyBit(count: length, first: utf8.first) != 0 else { return nil }
        return dictionary.entries.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }

    mutating func take(_ key: String) -> PropertyListValue? {
        guard let position = position(of: key) else { return nil }
        if position < 64 { consumed |= 1 << UInt64(position) } else { consumedBeyond.insert(position) }
        return dictionary.entries[position].value
    }

    private func isConsumed(_ position: Int) -> Bool {
        position < 64 ? consumed & (1 << UInt64(position)) != 0 : consumedBeyond.contains(position)
    }

    func mismatch(_ key: String, _ expected: String, _ found: PropertyListValue) -> ModelError {
        ModelError(record: record, key: key, "expected \(expected), found \(found.typeName)")
    }

    mutating func string(_ key: String) throws -> String? {
        guard let value = take(key) else { return nil }
        guard case .string(let s) = value else { throw mismatch(key, "a string", value) }
        return s
    }

    mutating func requiredString(_ key: String) throws -> String {
        guard let s = try string(key) else { throw ModelError(record: record, key: key, "missing") }
        return s
    }

    mutating func bool(_ key: String) throws -> Bool? {
        guard let value = take(key) else { return nil }
        guard case .bool(let b) = value else { throw mismatch(key, "a bool", value) }
        return b
    }

    mutating func integer(_ key: String) throws -> Int? {
        guard let value = take(key) else { return nil }
        guard case .integer(let i) = value, let v = i.int64Value.flatMap({ Int(exactly: $0) }) else {
            throw mismatch(key, "an integer", value)
        }
        return v
    }

    mutating func date(_ key: String) throws -> Date? {
        guard let value = take(key) else { return nil }
        guard case .date(let d) = value else { throw mismatch(key, "a date", value) }
        return d
    }

    mutating func data(_ key: String) throws -> Data? {
        guard let value = take(key) else { return nil }
        guard case .data(let d) = value else { throw mismatch(key, "data", value) }
        return d
    }

    mutating func strings(_ key: String) throws -> [String] {
        guard let value = take(key) else { return [] }
        guard case .array(let a) = value else { throw mismatch(key, "an array of strings", value) }
        // A loop into room made once (a throwing `map` grew its array as it went).
        var strings = [String]()
        strings.reserveCapacity(a.count)
        for element in a {
            guard case .string(let s) = element else { throw mismatch(key, "an array of strings", element) }
            strings.append(s)
        }
        return strings
    }

    mutating func dictionaries(_ key: String) throws -> [PropertyListDictionary] {
        guard let value = take(key) else { return [] }
        guard case .array(let a) = value else { throw mismatch(key, "an array of dictionaries", value) }
        return try a.map {
            guard case .dictionary(let d) = $0 else { throw mismatch(key, "an array of dictionaries", $0) }
            return d
        }
    }

    mutating func dictionary(_ key: String) throws -> PropertyListDictionary? {
        guard let value = take(key) else { return nil }
        guard case .dictionary(let d) = value else { throw mismatch(key, "a dictionary", value) }
        return d
    }

    /// Entries not consumed, in their original order.
    var unknown: PropertyListDictionary {
        // Most records hold only keys the model knows, every one read by now.
        if consumedBeyond.isEmpty, consumed.nonzeroBitCount == dictionary.count { return PropertyListDictionary() }
        var rest = PropertyListDictionary()
        for (position, entry) in dictionary.entries.enumerated() where !isConsumed(position) {
            rest[entry.key] = entry.value
        }
        return rest
    }
}

/// Writes optional fields, leaving out what is absent or empty.
struct PlistBuilder {
    var dictionary = PropertyListDictionary()

    mutating func set(_ key: String, _ value: String?) { if let value { dictionary[key] = .string(value) } }
    mutating func set(_ key: String, _ value: Date?) { if let value { dictionary[key] = .date(value) } }
    mutating func set(_ key: String, _ value: Int?) { if let value { dictionary[key] = .integer(value) } }
    mutating func set(_ key: String, _ value: Bool, omitIfFalse: Bool = true) {
        if value || !omitIfFalse { dictionary[key] = .bool(value) }
    }
    mutating func set(_ key: String, _ values: [String]) {
        if !values.isEmpty { dictionary[key] = .array(values.map { .string($0) }) }
    }
    mutating func set(_ key: String, _ values: [PropertyListDictionary]) {
        if !values.isEmpty { dictionary[key] = .array(values.map { .dictionary($0) }) }
    }
    mutating func set(_ key: String, _ value: PropertyListDictionary?) {
        if let value, !value.isEmpty { dictionary[key] = .dictionary(value) }
    }

    /// Unknown keys go back after the known ones, unchanged.
    mutating func merge(_ unknown: PropertyListDictionary) {
        for (key, value) in unknown where dictionary[key] == nil { dictionary[key] = value }
    }
}
