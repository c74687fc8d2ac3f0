/// A property-list dictionary: string keys, unique, in insertion order.
///
/// Order is kept because people read exported files and because a round trip should not
/// reshuffle what another tool wrote; writers sort on request. Lookups are linear for
/// small dictionaries (the common case: an item has a dozen keys) and go through a lazily
/// built index for large ones.
public struct PropertyListDictionary: Hashable, Sendable, Sequence {
    public typealias Entry = (key: String, value: PropertyListValue)

    /// One array of entries (not parallel key and value arrays): one allocation per
    /// dictionary matters when a vault holds 100,000 of them.
    public private(set) var entries: [Entry] = []

    public var keys: [String] { entries.map(\.key) }
    public var values: [PropertyListValue] { entries.map(\.value) }

    /// Above this many entries a hash index is kept for lookups.
    private static let indexThreshold = 16
    private var index: [String: Int]? = nil

    public init() {}

    public init(minimumCapacity: Int) {
        entries.reserveCapacity(minimumCapacity)
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    public func position(of key: String) -> Int? {
        if let index { return index[key] }
        // String equality, not bytes: keys equal as Unicode are one key (spec/PLIST.md), and
        // they can differ in length ("é" and "e\u{301}", "\u{212A}" and "K").
        return entries.firstIndex { $0.key == key }
    }

    public subscript(key: String) -> PropertyListValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let i = position(of: key) {
                if let newValue {
                    entries[i].value = newValue
                } else {
                    entries.remove(at: i)
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
        entries.append((key, value))
        if index != nil {
            index![key] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
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
        guard entries.count > Self.indexThreshold else { return }
        var built = [String: Int](minimumCapacity: entries.count)
        for (i, entry) in entries.enumerated() { built[entry.key] = i }
        index = built
    }

    /// Entries ordered by key in Unicode scalar (UTF-8 byte) order.
    public func sortedEntries() -> [Entry] {
        entries.sorted { Self.scalarOrder($0.key, $1.key) }
    }

    /// Code-point order, as python3 sorts strings; Swift's `<` on String is not that.
    static func scalarOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    public func makeIterator() -> IndexingIterator<[Entry]> {
        entries.makeIterator()
    }

    // Equality is order-insensitive: two dictionaries with the same entries are equal.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.entries {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-insensitive: combine per-entry hashes commutatively.
        var combined = 0
        for (key, value) in entries {
            var h = Hasher()
            h.combine(key)
            h.combine(value)
            combined ^= h.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension PropertyListDictionary: ExpressibleByDictionaryLiteral {
    /// Later duplicates replace earlier ones, as with `Dictionary`'s subscript.
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self.init(minimumCapacity: elements.count)
        for (key, value) in elements { self[key] = value }
    }
}
