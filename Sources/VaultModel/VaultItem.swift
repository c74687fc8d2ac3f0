import Foundation
import PropertyList
import VaultCrypto

/// One account or secret: a login, secure note, card, identity, SSH key… (spec/MODEL.md).
/// Stored as a plist dictionary with documented keys; keys this version does not know are
/// kept in ``unknown`` and written back unchanged.
public struct VaultItem: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case login, secureNote, card, identity, sshKey
        /// A kind written by a newer version: kept as its name.
        case other(String)

        public var name: String {
            switch self {
            case .login: "login"
            case .secureNote: "note"
            case .card: "card"
            case .identity: "identity"
            case .sshKey: "ssh-key"
            case .other(let name): name
            }
        }

        public init(name: String) {
            self =
                switch name {
                case "login": .login
                case "note": .secureNote
                case "card": .card
                case "identity": .identity
                case "ssh-key": .sshKey
                default: .other(name)
                }
        }
    }

    public struct CustomField: Equatable, Sendable {
        public var name: String
        public var value: String
        /// Shown masked (a PIN, a recovery code).
        public var concealed: Bool
        public init(name: String, value: String, concealed: Bool = false) {
            self.name = name
            self.value = value
            self.concealed = concealed
        }
    }

    public struct HistoryEntry: Equatable, Sendable {
        public var password: String
        public var date: Date?
        public init(password: String, date: Date?) {
            self.password = password
            self.date = date
        }
    }

    public struct Attachment: Equatable, Sendable {
        public var name: String
        public var mediaType: String
        public var size: Int
        /// The container blob holding the bytes (16 bytes).
        public var blob: Data
        /// The bytes themselves while the item travels outside a vault (an export, an import
        /// not yet saved). Inside a vault they live in the blob; saving moves them there.
        public var content: Data?
        public init(name: String, mediaType: String, size: Int, blob: Data, content: Data? = nil) {
            self.name = name
            self.mediaType = mediaType
            self.size = size
            self.blob = blob
            self.content = content
        }

        /// A new attachment holding `content`, with a fresh random blob id.
        public init(name: String, content: Data, mediaType: String? = nil) {
            self.init(
                name: name, mediaType: mediaType ?? Self.mediaType(forName: name), size: content.count,
                blob: Data(UUID.randomV4().uuidBytes), content: content)
        }

        /// A media type from the file name's extension, for attachments that come without one.
        public static func mediaType(forName name: String) -> String {
            let types = [
                "txt": "text/plain", "md": "text/markdown", "csv": "text/csv", "json": "application/json",
                "xml": "application/xml", "pdf": "application/pdf", "png": "image/png", "jpg": "image/jpeg",
                "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "svg": "image/svg+xml",
                "zip": "application/zip", "gz": "application/gzip", "pem": "application/x-pem-file",
                "key": "application/octet-stream", "pub": "text/plain", "html": "text/html",
            ]
            let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last!.lowercased() : ""
            return types[ext] ?? "application/octet-stream"
        }
    }

    /// Apple Keychain attributes, for items that came from or go to a keychain.
    public struct KeychainAttributes: Equatable, Sendable {
        /// "genp" (generic password) or "inet" (internet password).
        public var itemClass: String
        public var service: String?
        public var account: String?
        public var server: String?
        public var `protocol`: String?
        public var port: Int?
        public var path: String?
        public var authenticationType: String?
        public var securityDomain: String?
        /// The keychain's label (`labl`), which Keychain Access shows as the name.
        public var label: String?
        /// The keychain's comment (`icmt`).
        public var comment: String?
        public init(itemClass: String) { self.itemClass = itemClass }
    }

    public var id: UUID
    public var kind: Kind
    public var title: String
    public var username: String?
    public var password: String?
    public var urls: [String] = []
    /// An `otpauth://` URI.
    public var totp: String?
    public var notes: String?
    public var customFields: [CustomField] = []
    public var tags: [String] = []
    /// Folder path, outermost first.
    public var folder: [String] = []
    public var favorite = false
    public var created: Date?
    public var modified: Date?
    public var passwordHistory: [HistoryEntry] = []
    public var attachments: [Attachment] = []

    /// Icon or logo URL of the service.
    public var icon: String? {
        get { rare.value.icon }
        set { if newValue != rare.value.icon { rare = rare.with { $0.icon = newValue } } }
    }
    public var keychain: KeychainAttributes? {
        get { rare.value.keychain }
        set { if newValue != rare.value.keychain { rare = rare.with { $0.keychain = newValue } } }
    }
    public var lastUsed: Date? {
        get { rare.value.lastUsed }
        set { if newValue != rare.value.lastUsed { rare = rare.with { $0.lastUsed = newValue } } }
    }
    /// When the item was moved to the trash; nil for a live item (spec/MODEL.md "Trash").
    public var trashed: Date? {
        get { rare.value.trashed }
        set { if newValue != rare.value.trashed { rare = rare.with { $0.trashed = newValue } } }
    }
    /// The private collection that holds the item (its 16-byte id); nil for the default
    /// collection. Not a key of the item's record: where the record is stored says it.
    public var collection: Data? {
        get { rare.value.collection }
        set { if newValue != rare.value.collection { rare = rare.with { $0.collection = newValue } } }
    }
    /// Kind-specific fields (card number, expiry, SSH private key…), keys per spec/MODEL.md.
    public var details: PropertyListDictionary {
        get { rare.value.details }
        set { if newValue != rare.value.details { rare = rare.with { $0.details = newValue } } }
    }
    /// Keys this version does not know, preserved on every round trip.
    public var unknown: PropertyListDictionary {
        get { rare.value.unknown }
        set { if newValue != rare.value.unknown { rare = rare.with { $0.unknown = newValue } } }
    }

    /// Sets every rare field at once: reading a record allocates their storage once, and not
    /// at all when it has none of them (setting each in turn allocated seven times an item).
    mutating func setRareFields(
        icon: String?, keychain: KeychainAttributes?, lastUsed: Date?, trashed: Date?,
        details: PropertyListDictionary, unknown: PropertyListDictionary
    ) {
        // Most items have none of them: settled without building and comparing a value.
        if icon == nil, keychain == nil, lastUsed == nil, trashed == nil, details.isEmpty, unknown.isEmpty,
            rare.value.isEmpty
        {
            return
        }
        let value = RareFields.Value(
            icon: icon, keychain: keychain, lastUsed: lastUsed, trashed: trashed, collection: rare.value.collection,
            details: details, unknown: unknown)
        if value != rare.value { rare = RareFields(value) }
    }

    /// Fields most items leave empty, kept out of line: 100,000 imported logins each
    /// carried ~200 bytes of empty keychain attributes and dictionaries. Immutable and
    /// shared, so copies stay cheap and value semantics hold.
    private var rare = RareFields.empty

    /// The rare fields' storage, for ``StubRecord``: an object, whose identity is what a
    /// stub's comparison asks.
    var rareStorage: AnyObject {
        get { rare }
        set { rare = newValue as! RareFields }
    }
    /// Where ``rareStorage`` lies in a `VaultItem`.
    static let rareOffset = MemoryLayout<VaultItem>.offset(of: \.rare)

    /// Where each stored property lies in a `VaultItem` (offset, size), for
    /// ``sameStorage(_:_:)``; nil when they do not account for every stored property (a
    /// property added without being listed here), so that comparison is never trusted.
    static let storedFieldSpans: [(offset: Int, size: Int)]? = {
        func span<T>(_ path: KeyPath<VaultItem, T>) -> (offset: Int, size: Int)? {
            MemoryLayout<VaultItem>.offset(of: path).map { ($0, MemoryLayout<T>.size) }
        }
        let spans = [
            span(\.id), span(\.kind), span(\.title), span(\.username), span(\.password), span(\.urls),
            span(\.totp), span(\.notes), span(\.customFields), span(\.tags), span(\.folder), span(\.favorite),
            span(\.created), span(\.modified), span(\.passwordHistory), span(\.attachments), span(\.rare),
        ].compactMap { $0 }
        let stored = Mirror(
            reflecting: VaultItem(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), title: "")
        ).children.count
        return spans.count == 17 && stored == 17 ? spans : nil
    }()

    private final class RareFields: Equatable, Sendable {
        struct Value: Equatable, Sendable {
            var icon: String?
            var keychain: KeychainAttributes?
            var lastUsed: Date?
            var trashed: Date?
            var collection: Data?
            var details = PropertyListDictionary()
            var unknown = PropertyListDictionary()

            /// Whether every field is empty (what ``RareFields/empty`` holds).
            var isEmpty: Bool {
                icon == nil && keychain == nil && lastUsed == nil && trashed == nil && collection == nil
                    && details.isEmpty && unknown.isEmpty
            }
        }
        static let empty = RareFields(Value())
        let value: Value
        init(_ value: Value) { self.value = value }

        func with(_ change: (inout Value) -> Void) -> RareFields {
            var copy = value
            change(&copy)
            return RareFields(copy)
        }

        static func == (a: RareFields, b: RareFields) -> Bool { a === b || a.value == b.value }
    }

    public init(id: UUID = .randomV4(), kind: Kind = .login, title: String) {
        self.id = id
        self.kind = kind
        self.title = title
    }
}

extension UUID {
    /// The 16 bytes, in order.
    public var uuidBytes: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }

    /// `uuidString` without going through snprintf (5 % of writing 100,000 records).
    public var recordString: String {
        let digits = Array("0123456789ABCDEF".utf8)
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var o = 0
                for (i, byte) in bytes.enumerated() {
                    if i == 4 || i == 6 || i == 8 || i == 10 {
                        out[o] = UInt8(ascii: "-")
                        o += 1
                    }
                    out[o] = digits[Int(byte >> 4)]
                    out[o + 1] = digits[Int(byte & 0x0F)]
                    o += 2
                }
                return o
            }
        }
    }

    /// Parses what ``recordString`` writes (either case of hex digit), without Foundation's
    /// sscanf (4 % of listing 100,000 items); any other text gets Foundation's own reading,
    /// so what is accepted does not change.
    public init?(recordString text: String) {
        var text = text
        let parsed = text.withUTF8 { utf8 -> uuid_t? in
            guard utf8.count == 36, let p = utf8.baseAddress, p[8] == 0x2D, p[13] == 0x2D, p[18] == 0x2D, p[23] == 0x2D
            else { return nil }
            // The 32 digits as two 64-bit halves, any bad digit noted in `bad`'s high bits:
            // no branch per digit (a byte at a time was 4 % of listing 100,000 items).
            var bad: UInt8 = 0
            func digits(_ range: Range<Int>, into value: inout UInt64) {
                for i in range {
                    let digit = Self.hexDigit(p[i])
                    bad |= digit
                    value = value << 4 | UInt64(digit & 0x0F)
                }
            }
            var high: UInt64 = 0
            var low: UInt64 = 0
            digits(0..<8, into: &high)
            digits(9..<13, into: &high)
            digits(14..<18, into: &high)
            digits(19..<23, into: &low)
            digits(24..<36, into: &low)
            guard bad & 0xF0 == 0 else { return nil }
            return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.loadUnaligned(as: uuid_t.self) }
        }
        if let parsed {
            self.init(uuid: parsed)
        } else {
            self.init(uuidString: text)
        }
    }

    /// A hex digit's value (either case), with 0xF0 set for any other byte. Without branches:
    /// random ids mix digits and letters, and a branch on which was mispredicted half the time.
    @inline(__always)
    private static func hexDigit(_ c: UInt8) -> UInt8 {
        let isDecimal = c &- UInt8(ascii: "0") < 10
        let isLetter = (c | 0x20) &- UInt8(ascii: "a") < 6
        let invalid: UInt8 = (isDecimal ? 0 : 0xF0) & (isLetter ? 0 : 0xF0)
        // '0'…'9' are 0x30…0x39, 'A'…'F' and 'a'…'f' end in 1…6 with bit 6 set.
        return ((c & 0x0F) &+ 9 &* ((c >> 6) & 1)) & 0x0F | invalid
    }

    /// A version-4 UUID from the one random source (VaultCrypto's ``SystemRandom``), drawn
    /// from a pool refilled 4 KiB at a time: a system call per id was 13 % of a 100,000-row
    /// import, and Foundation's `UUID()` is a second source of randomness.
    public static func randomV4() -> UUID { v4(UUIDRandomPool.shared.take16()) }

    /// A version-4 UUID whose random bits come from `random` (a ``DeterministicRandom`` in tests).
    public static func randomV4(using random: RandomSource) -> UUID { v4(random.bytes(16)) }

    private static func v4(_ random: [UInt8]) -> UUID {
        var bytes = random
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10],
                bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// Bytes of ``SystemRandom`` drawn 4 KiB at a time, for ids.
final class UUIDRandomPool: @unchecked Sendable {  // every mutable field is guarded by `lock`
    static let shared = UUIDRandomPool()
    private var buffer = [UInt8]()
    private var position = 0
    private let lock = NSLock()

    func take16() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if position + 16 > buffer.count {
            buffer = SystemRandom.shared.bytes(4096)
            position = 0
        }
        defer { position += 16 }
        return Array(buffer[position..<position + 16])
    }
}
