import Foundation
import PropertyList

/// What a sealed collection holds (spec/FORMAT.md §13.6): a bplist00 dictionary of exactly
/// `format` (1), `name`, `revision`, `members`, `records` and `blobs`. Records are whatever the vault
/// model stores (items), as in the default collection; blobs are the attachments of those
/// items, kept inside the collection so nobody else can read them.
public struct CollectionContents: Sendable {
    /// 1…256 bytes of UTF-8; never in clear (the vault stores it sealed).
    public var name: String
    /// 1 when created, +1 each time the collection is sealed again: a member who remembers
    /// it can tell an older copy put back in its place.
    public var revision: Int
    /// The member keys the collection is granted to, as its members wrote them: only they
    /// can change this list, so a grant the file holds for anyone else (which any co-owner
    /// can add) is not followed (§13.8).
    public var members: [[UInt8]]
    public var records: [PropertyListValue]
    public var blobs: [(id: [UInt8], bytes: Data)]

    static let keys: Set<String> = ["format", "name", "revision", "members", "records", "blobs"]
    static let blobKeys: Set<String> = ["id", "data"]
    public static let maximumNameBytes = 256

    public init(
        name: String, revision: Int = 1, members: [[UInt8]], records: [PropertyListValue] = [],
        blobs: [(id: [UInt8], bytes: Data)] = []
    ) {
        self.name = name
        self.revision = revision
        self.members = members.sorted { $0.lexicographicallyPrecedes($1) }
        self.records = records
        self.blobs = blobs
    }

    /// A name a collection may have, or why not.
    public static func nameProblem(_ name: String) -> String? {
        if name.isEmpty || name.utf8.count > maximumNameBytes {
            return "a collection name is 1…\(maximumNameBytes) bytes of UTF-8"
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a collection name has no control characters"
        }
        return nil
    }

    package func encoded() throws -> [UInt8] {
        var d = PropertyListDictionary()
        d["format"] = 1
        d["name"] = .string(name)
        d["revision"] = .integer(revision)
        d["members"] = .array(members.map { .data(Data($0)) })
        d["records"] = .array(records)
        d["blobs"] = .array(
            blobs.map { blob in
                var b = PropertyListDictionary()
                b["id"] = .data(Data(blob.id))
                b["data"] = .data(blob.bytes)
                return .dictionary(b)
            })
        return try BinaryPropertyList.encode(.dictionary(d))
    }

    package init(decoding bytes: [UInt8]) throws {
        let value: PropertyListValue
        do { value = try BinaryPropertyList.decode(bytes[...]) } catch {
            throw CollectionFailure("its contents are not a valid bplist00: \(error)")
        }
        guard let d = value.dictionaryValue, Set(d.keys) == Self.keys else {
            throw CollectionFailure(
                "its contents must be a dictionary of exactly \(Self.keys.sorted().joined(separator: ", "))")
        }
        guard case .integer(let format)? = d["format"], format.int64Value == 1 else {
            throw CollectionFailure("its \"format\" must be the integer 1")
        }
        guard case .string(let name)? = d["name"], Self.nameProblem(name) == nil else {
            throw CollectionFailure(
                "its \"name\" must be a string of 1…\(Self.maximumNameBytes) bytes without controls")
        }
        guard case .integer(let r)? = d["revision"], let revision = r.int64Value.flatMap({ Int(exactly: $0) }),
            revision >= 1
        else { throw CollectionFailure("its \"revision\" must be an integer ≥ 1") }
        guard let memberValues = d["members"]?.arrayValue, !memberValues.isEmpty else {
            throw CollectionFailure("its \"members\" must be a non-empty array")
        }
        var members = [[UInt8]]()
        for (n, value) in memberValues.enumerated() {
            guard case .data(let member) = value, member.count == 32 else {
                throw CollectionFailure("its member \(n) must be 32 bytes of data")
            }
            if let last = members.last, !last.lexicographicallyPrecedes(Array(member)) {
                throw CollectionFailure("its members must be in strictly ascending order")
            }
            members.append(Array(member))
        }
        guard let records = d["records"]?.arrayValue else { throw CollectionFailure("its \"records\" is not an array") }
        guard let blobValues = d["blobs"]?.arrayValue else { throw CollectionFailure("its \"blobs\" is not an array") }
        var blobs = [(id: [UInt8], bytes: Data)]()
        var ids = Set<[UInt8]>()
        for (n, blobValue) in blobValues.enumerated() {
            guard let b = blobValue.dictionaryValue, Set(b.keys) == Self.blobKeys,
                case .data(let id)? = b["id"], id.count == PayloadIndex.blobIDBytes, case .data(let data)? = b["data"]
            else { throw CollectionFailure("blob \(n) must be exactly id (16 bytes of data) and data") }
            guard ids.insert(Array(id)).inserted else { throw CollectionFailure("blob \(n): id appears twice") }
            blobs.append((Array(id), data))
        }
        self.init(name: name, revision: revision, members: members, records: records, blobs: blobs)
    }
}
