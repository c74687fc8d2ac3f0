import Foundation

/// Encodes `Encodable` types to ``PropertyListValue`` — the bridge later modules use to
/// define their model as `Codable` and still control the bytes.
///
/// `Date` becomes a date, `Data` data, `URL` its absolute string, a nested
/// `PropertyListValue` is stored as it is (so unknown keys can be carried through), keys
/// keep the order the type encodes them in. A plist has no null: optional properties that
/// are nil are left out (as synthesized `Codable` does); an explicit `encodeNil` throws.
public struct PropertyListValueEncoder {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> PropertyListValue {
        let root = EncodingBox()
        try root.store(value, codingPath: [])
        return try root.materialize(codingPath: [])
    }
}

/// A node under construction; containers are reference types so nested encoders can fill
/// them after they were handed out.
final class EncodingBox {
    enum Content {
        case empty
        case value(PropertyListValue)
        case array([EncodingBox])
        case dictionary(keys: [String], values: [EncodingBox])
    }
    var content = Content.empty

    func store<T: Encodable>(_ value: T, codingPath: [CodingKey]) throws {
        switch value {
        case let v as PropertyListValue: content = .value(v)
        case let d as Date: content = .value(.date(d))
        case let d as Data: content = .value(.data(d))
        case let u as URL: content = .value(.string(u.absoluteString))
        default: try value.encode(to: BoxEncoder(box: self, codingPath: codingPath))
        }
    }

    func materialize(codingPath: [CodingKey]) throws -> PropertyListValue {
        switch content {
        case .empty:
            throw EncodingError.invalidValue(
                (), .init(codingPath: codingPath, debugDescription: "the value encoded nothing"))
        case .value(let v): return v
        case .array(let boxes):
            return .array(try boxes.map { try $0.materialize(codingPath: codingPath) })
        case .dictionary(let keys, let values):
            var d = PropertyListDictionary(minimumCapacity: keys.count)
            for (key, box) in zip(keys, values) {
                d[key] = try box.materialize(codingPath: codingPath)
            }
            return .dictionary(d)
        }
    }

    func child(forKey key: String) -> EncodingBox {
        guard case .dictionary(var keys, var values) = content else { preconditionFailure("not a dictionary") }
        if let i = keys.firstIndex(of: key) { return values[i] }
        let box = EncodingBox()
        keys.append(key)
        values.append(box)
        content = .dictionary(keys: keys, values: values)
        return box
    }

    func appendChild() -> EncodingBox {
        guard case .array(var boxes) = content else { preconditionFailure("not an array") }
        let box = EncodingBox()
        boxes.append(box)
        content = .array(boxes)
        return box
    }
}

struct BoxEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .dictionary = box.content {} else { box.content = .dictionary(keys: [], values: []) }
        return KeyedEncodingContainer(KeyedBoxContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .array = box.content {} else { box.content = .array([]) }
        return UnkeyedBoxContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleBoxContainer(box: box, codingPath: codingPath)
    }
}

/// Scalars shared by the three container kinds.
enum ScalarEncoding {
    static func value(of v: some BinaryInteger) -> PropertyListValue {
        if let signed = Int64(exactly: v) { return .integer(PropertyListInteger(signed)) }
        return .integer(PropertyListInteger(UInt64(v)))
    }

    static func nilError(_ codingPath: [CodingKey]) -> EncodingError {
        EncodingError.invalidValue(
            Optional<Int>.none as Any,
            .init(codingPath: codingPath, debugDescription: "a property list has no null; leave the value out"))
    }
}

struct KeyedBoxContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [CodingKey]

    private func set(_ value: PropertyListValue, _ key: Key) {
        box.child(forKey: key.stringValue).content = .value(value)
    }

    mutating func encodeNil(forKey key: Key) throws { throw ScalarEncoding.nilError(codingPath + [key]) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.real(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.real(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(ScalarEncoding.value(of: value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try box.child(forKey: key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        BoxEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        BoxEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        BoxEncoder(box: box.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        BoxEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

struct IndexKey: CodingKey {
    var stringValue: String { String(intValue!) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

struct UnkeyedBoxContainer: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [CodingKey]
    var count: Int {
        if case .array(let boxes) = box.content { return boxes.count }
        return 0
    }

    private func append(_ value: PropertyListValue) { box.appendChild().content = .value(value) }

    mutating func encodeNil() throws { throw ScalarEncoding.nilError(codingPath + [IndexKey(count)]) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.real(value)) }
    mutating func encode(_ value: Float) throws { append(.real(Double(value))) }
    mutating func encode(_ value: Int) throws { append(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: Int64) throws { append(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: UInt64) throws { append(ScalarEncoding.value(of: value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try box.appendChild().store(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let path = codingPath + [IndexKey(count)]
        return BoxEncoder(box: box.appendChild(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        return BoxEncoder(box: box.appendChild(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        let path = codingPath + [IndexKey(count)]
        return BoxEncoder(box: box.appendChild(), codingPath: path)
    }
}

struct SingleBoxContainer: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [CodingKey]

    mutating func encodeNil() throws { throw ScalarEncoding.nilError(codingPath) }
    mutating func encode(_ value: Bool) throws { box.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { box.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { box.content = .value(.real(value)) }
    mutating func encode(_ value: Float) throws { box.content = .value(.real(Double(value))) }
    mutating func encode(_ value: Int) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: Int8) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: Int16) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: Int32) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: Int64) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: UInt) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: UInt8) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: UInt16) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: UInt32) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode(_ value: UInt64) throws { box.content = .value(ScalarEncoding.value(of: value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try box.store(value, codingPath: codingPath) }
}
