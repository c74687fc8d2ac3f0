/// A property-list dictionary: string keys, unique, in insertion order.
///
/// Order is kept because people read exported files and because a round trip should not
/// reshuffle what another tool wrote; writers sort on request. Lookups are linear for
/// small dictionaries (the common case: an item has a dozen keys) and go through a lazily
/// built index for large ones.
public struct PropertyListDictionary: Hashable, Sendable, Sequence {
    public private(set) var keys: [String] = []
    public private(set) var values: [PropertyListValue] = []

    /// Above this many entries a hash index is kept for lookups.
    private static let indexThreshold = 16
    private var index: [String: Int]? = nil

    public init() {}

    public init(minimumCapacity: Int) {
        keys.reserveCapacity(minimumCapacity)
        values.reserveCapacity(minimumCapacity)
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        return keys.firstIndex(of: key)
    }

    public subscript(key: String) -> PropertyListValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys.remove(at: i)
                    values.remove(at: i)
                    index = nil
                    buildIndexIfLarge()
                }
            } else if let newValue {
                appendUnchecked(key: key, value: newValue)
            }
        }
    }

    /// Appends without checking for an existing key; callers guarantee uniqueness.
    mutating func appendUnchecked(key: String, value: PropertyListValue) {
        keys.append(key)
        values.append(value)
        if index != nil {
            index![key] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            buildIndexIfLarge()
        }
    }

    /// Appends a new key; returns false (and changes nothing) if the key is present.
    public mutating func insertNew(key: String, value: PropertyListValue) -> Bool {
        if position(of: key) != nil { return false }
        appendUnchecked(key: key, value: value)
        return true
    }

    private mutating func buildIndexIfLarge() {
        guard keys.count > Self.indexThreshold else { return }
        var built = [String: Int](minimumCapacity: keys.count)
        for (i, k) in keys.enumerated() { built[k] = i }
        index = built
    }

    /// Entries ordered by key in Unicode scalar (UTF-8 byte) order.
    public func sortedEntries() -> [(key: String, value: PropertyListValue)] {
        let order = keys.indices.sorted { Self.scalarOrder(keys[$0], keys[$1]) }
        return order.map { (keys[$0], values[$0]) }
    }

    /// Code-point order, as python3 sorts strings; Swift's `<` on String is not that.
    static func scalarOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: PropertyListValue)> {
        zip(keys, values).lazy.map { (key: $0, value: $1) }.makeIterator()
    }

    // Equality is order-insensitive: two dictionaries with the same entries are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (i, key) in lhs.keys.enumerated() {
            guard let value = rhs[key], value == lhs.values[i] else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: combine per-entry hashes commutatively.
        var combined = 0
        for (i, key) in keys.enumerated() {
            var h = Hasher()
            h.combine(key)
            h.combine(values[i])
            combined ^= h.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
