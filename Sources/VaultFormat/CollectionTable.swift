import Foundation
import PropertyList

/// The index's two keys of a vault with collections (spec/FORMAT.md §13.4): each keyslot's
/// member public key, and each private collection's id with the grants of its key. Every
/// holder of the file key reads this table (it is in the default collection's index), and a
/// writer that cannot open a collection carries its entry unchanged.
public struct CollectionTable: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// 16 random bytes, fixed for the collection's life.
        public var id: [UInt8]
        /// Sorted by member key, at most one per member.
        public var grants: [CollectionGrant]
        /// The sealed collection (§13.5), which a writer that cannot open it copies unchanged.
        public var sealed: Data

        public init(id: [UInt8], grants: [CollectionGrant], sealed: Data) {
            self.id = id
            self.grants = grants
            self.sealed = sealed
        }
    }

    /// One per keyslot, in header order: the slot's member public key (32 bytes), or empty
    /// until someone who opens that slot has saved the vault once.
    public var members: [[UInt8]]
    /// Sorted by id.
    public var collections: [Entry]

    static let entryKeys: Set<String> = ["id", "grants", "sealed"]
    static let grantKeys: Set<String> = ["member", "ephemeral", "key"]
    static let idBytes = 16
    static let keyBytes = 32

    public init(members: [[UInt8]], collections: [Entry] = []) {
        self.members = members
        self.collections = collections
    }

    /// The canonical order: collections by id, each one's grants by member.
    public func normalized() -> CollectionTable {
        var table = self
        table.collections.sort { $0.id.lexicographicallyPrecedes($1.id) }
        for i in table.collections.indices {
            table.collections[i].grants.sort { $0.member.lexicographicallyPrecedes($1.member) }
        }
        return table
    }

    public func entry(_ id: [UInt8]) -> Entry? { collections.first { $0.id == id } }

    var membersValue: PropertyListValue { .array(members.map { .data(Data($0)) }) }

    var collectionsValue: PropertyListValue {
        .array(
            collections.map { entry in
                var e = PropertyListDictionary()
                e["id"] = .data(Data(entry.id))
                e["sealed"] = .data(entry.sealed)
                e["grants"] = .array(
                    entry.grants.map { grant in
                        var g = PropertyListDictionary()
                        g["member"] = .data(Data(grant.member))
                        g["ephemeral"] = .data(Data(grant.ephemeral))
                        g["key"] = .data(Data(grant.wrappedKey))
                        return .dictionary(g)
                    })
                return .dictionary(e)
            })
    }

    /// Parses and checks the two values: one member per slot, each empty or 32 bytes;
    /// at most ``FormatLimits/maximumCollections`` collections in strictly ascending id
    /// order, each sealed in bytes of a length a sealed collection can have; grants in
    /// strictly ascending member order, each for a member the table lists.
    package init(members: PropertyListValue?, collections: PropertyListValue?, slotCount: Int) throws {
        guard let memberValues = members?.arrayValue, memberValues.count == slotCount else {
            throw IndexFailure("index \"members\" must be an array of one entry per keyslot (\(slotCount))")
        }
        self.members = try memberValues.enumerated().map { n, value in
            guard case .data(let key) = value, key.isEmpty || key.count == Self.keyBytes else {
                throw IndexFailure("member \(n) must be data of 0 or \(Self.keyBytes) bytes")
            }
            return Array(key)
        }
        let known = Set(self.members.filter { !$0.isEmpty })
        guard let entryValues = collections?.arrayValue else {
            throw IndexFailure("index \"collections\" must be an array")
        }
        guard entryValues.count <= FormatLimits.maximumCollections else {
            throw IndexFailure(
                "\(entryValues.count) collections; at most \(FormatLimits.maximumCollections)")
        }
        var entries = [Entry]()
        for (n, value) in entryValues.enumerated() {
            guard let e = value.dictionaryValue, Set(e.keys) == Self.entryKeys else {
                throw IndexFailure("collection \(n) must be a dictionary of exactly id, grants and sealed")
            }
            guard case .data(let idData)? = e["id"], idData.count == Self.idBytes else {
                throw IndexFailure("collection \(n): id must be \(Self.idBytes) bytes of data")
            }
            let id = Array(idData)
            if let last = entries.last, !last.id.lexicographicallyPrecedes(id) {
                throw IndexFailure("collection \(n): ids must be in strictly ascending order")
            }
            guard case .data(let sealed)? = e["sealed"] else {
                throw IndexFailure("collection \(n): sealed must be data")
            }
            if let problem = SealedCollection.lengthProblem(sealed.count) {
                throw IndexFailure("collection \(n): sealed: \(problem)")
            }
            guard let grantValues = e["grants"]?.arrayValue else {
                throw IndexFailure("collection \(n): grants must be an array")
            }
            var grants = [CollectionGrant]()
            for (m, grantValue) in grantValues.enumerated() {
                guard let g = grantValue.dictionaryValue, Set(g.keys) == Self.grantKeys,
                    case .data(let member)? = g["member"], member.count == Self.keyBytes,
                    case .data(let ephemeral)? = g["ephemeral"], ephemeral.count == Self.keyBytes,
                    case .data(let wrapped)? = g["key"], wrapped.count == FormatLimits.wrappedKeyBytes
                else {
                    throw IndexFailure(
                        "collection \(n) grant \(m) must be exactly member (32 bytes), ephemeral (32) and key (48)")
                }
                let grant = CollectionGrant(
                    member: Array(member), ephemeral: Array(ephemeral), wrappedKey: Array(wrapped))
                if let last = grants.last, !last.member.lexicographicallyPrecedes(grant.member) {
                    throw IndexFailure("collection \(n): grants must be in strictly ascending member order")
                }
                guard known.contains(grant.member) else {
                    throw IndexFailure("collection \(n) grant \(m) is for a member no keyslot has")
                }
                grants.append(grant)
            }
            entries.append(Entry(id: id, grants: grants, sealed: sealed))
        }
        self.collections = entries
    }
}
