import Foundation

/// A private collection as the item model sees it (spec/MODEL.md "Collections"): an id, and
/// for one the opening key can read, its name, revision and who it is granted to. Items name
/// their collection by id (``VaultItem/collection``); items without one are in the default
/// collection, which every keyslot opens.
public struct VaultCollection: Equatable, Sendable {
    /// 16 bytes, fixed for the collection's life.
    public var id: Data
    /// Nil for a collection the opening key cannot read (carried unchanged by every save).
    public var name: String?
    /// The revision the vault holds (0 for a collection not saved yet).
    public var revision: Int
    /// The member public keys the collection's key is granted to.
    public var members: [Data]
    /// 16 hex digits that only the collection's key gives (nil when unreadable or new).
    public var keyFingerprint: String?
    /// Why a collection granted to the opening key did not open (damaged, or replaced by
    /// someone else's); nil for one that opened or is not granted to it. It is carried
    /// unchanged, like one the key cannot read.
    public var damage: String?
    /// Grants the file holds for member keys the collection's own list does not name: added
    /// by someone with the file key but not the collection's. Dropped at the next save.
    public var unlistedGrants = 0
    /// Set by ``VaultDocument`` callers that take someone's access away: the next save gives
    /// the collection a new key, granted only to `members`.
    public var rotatesKey = false

    public var isReadable: Bool { name != nil }

    public init(id: Data, name: String?, revision: Int, members: [Data]) {
        self.id = id
        self.name = name
        self.revision = revision
        self.members = members
    }

    /// The id as lowercase hex, as listings show it.
    public var idString: String { id.map { String(format: "%02x", $0) }.joined() }
}
