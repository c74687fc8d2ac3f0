import VaultModel

/// What an export could not carry, counted by kind, so the person exporting is told in
/// one line what stayed behind: `chrome CSV cannot hold icons (2 items), keychain
/// attributes (3 items)`. Every exporter checks every item against what its format holds
/// (``ExportLosses/Feature``); nothing is dropped without being counted here.
public struct ExportLosses: Equatable, Sendable {
    /// Something an item may hold that some formats cannot.
    public enum Feature: String, CaseIterable, Sendable {
        case folders
        case folderSlashes = "folder names containing / (written \\/)"
        case extraURLs = "extra URLs"
        case totp = "TOTP"
        case customFields = "custom fields"
        case concealedFlags = "concealed flags of custom fields"
        case multilineFields = "custom field values with line breaks"
        case tags
        case favorites
        case passwordHistory = "password history"
        case attachments
        case keychain = "keychain attributes"
        case icons
        case details = "card, identity and SSH key details"
        case notePasswords = "passwords of note items"
        case nonLogins = "non-login items (notes, cards…)"
        case trash = "trashed items"

        /// Whether the item at `item` holds something of this feature. Read in place: an
        /// item handed by value was copied (a retain and a release of every field).
        func isPresent(in item: UnsafePointer<VaultItem>) -> Bool {
            switch self {
            case .folders: !item.pointee.folder.isEmpty
            case .folderSlashes:
                item.pointee.folder.contains { name in
                    name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
                }
            case .extraURLs: item.pointee.urls.count > 1
            case .totp: item.pointee.totp != nil
            case .customFields: !item.pointee.customFields.isEmpty
            case .concealedFlags: item.pointee.customFields.contains(where: \.concealed)
            case .multilineFields: item.pointee.customFields.contains { $0.value.contains(where: \.isNewline) }
            case .tags: !item.pointee.tags.isEmpty
            case .favorites: item.pointee.favorite
            case .passwordHistory: !item.pointee.passwordHistory.isEmpty
            case .attachments: !item.pointee.attachments.isEmpty
            case .keychain: item.pointee.keychain != nil
            case .icons: item.pointee.icon != nil
            case .details: !item.pointee.details.isEmpty
            case .notePasswords: item.pointee.kind == .secureNote && !(item.pointee.password ?? "").isEmpty
            case .nonLogins: item.pointee.kind != .login
            case .trash: item.pointee.trashed != nil
            }
        }
    }

    /// The format as the warning names it ("chrome CSV").
    public let target: String
    /// Items per feature left out.
    public private(set) var counts: [Feature: Int] = [:]

    public init(target: String) { self.target = target }

    /// Counts `item` under every feature of `lost` it holds.
    public mutating func check(_ item: VaultItem, cannotHold lost: [Feature]) {
        withUnsafePointer(to: item) { check($0, cannotHold: lost) }
    }

    /// ``check(_:cannotHold:)`` of the item at `item`, read in place.
    public mutating func check(_ item: UnsafePointer<VaultItem>, cannotHold lost: [Feature]) {
        for feature in lost where feature.isPresent(in: item) { counts[feature, default: 0] += 1 }
    }

    /// Counts `items` items under `feature` (for what an exporter finds itself).
    public mutating func add(_ feature: Feature, items: Int = 1) {
        if items > 0 { counts[feature, default: 0] += items }
    }

    /// Counts what `other` counted (losses counted apart, on other threads).
    public mutating func add(_ other: ExportLosses) {
        for (feature, items) in other.counts { counts[feature, default: 0] += items }
    }

    public var isEmpty: Bool { counts.isEmpty }

    /// The one warning line, features in ``Feature`` order; nil when nothing was lost.
    public var warning: String? {
        guard !counts.isEmpty else { return nil }
        let parts = Feature.allCases.compactMap { feature in
            counts[feature].map { "\(feature.rawValue) (\($0) item\($0 == 1 ? "" : "s"))" }
        }
        return "\(target) cannot hold " + parts.joined(separator: ", ")
    }
}
