import Foundation
import PropertyList

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
        public init(name: String, mediaType: String, size: Int, blob: Data) {
            self.name = name
            self.mediaType = mediaType
            self.size = size
            self.blob = blob
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
    /// Icon or logo URL of the service.
    public var icon: String?
    public var keychain: KeychainAttributes?
    public var created: Date?
    public var modified: Date?
    public var lastUsed: Date?
    public var passwordHistory: [HistoryEntry] = []
    public var attachments: [Attachment] = []
    /// Kind-specific fields (card number, expiry, SSH private key…), keys per spec/MODEL.md.
    public var details = PropertyListDictionary()
    /// Keys this version does not know, preserved on every round trip.
    public var unknown = PropertyListDictionary()

    public init(id: UUID = UUID(), kind: Kind = .login, title: String) {
        self.id = id
        self.kind = kind
        self.title = title
    }
}
