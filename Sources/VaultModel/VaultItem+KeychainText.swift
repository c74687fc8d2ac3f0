extension VaultItem.KeychainAttributes {
    /// The attribute names people write (`--attr KEY=VALUE`, `show`, exports' field names),
    /// in the order they are shown, each with the Security framework's four-character code
    /// (what `security dump-keychain` and SecItem dictionaries call it).
    public static let names: [(name: String, code: String)] = [
        ("class", "class"), ("service", "svce"), ("account", "acct"), ("server", "srvr"), ("protocol", "ptcl"),
        ("port", "port"), ("path", "path"), ("authenticationType", "atyp"), ("securityDomain", "sdmn"),
        ("label", "labl"), ("comment", "icmt"),
    ]

    /// Attributes that only an internet password (`inet`) has; setting one on an item with
    /// no attributes yet makes it `inet`, else it is `genp`.
    static let internetOnly: Set<String> = [
        "server", "protocol", "port", "path", "authenticationType", "securityDomain",
    ]

    /// The canonical name for `key` (a name in any case, or a four-character code), or nil.
    public static func canonicalName(_ key: String) -> String? {
        names.first { $0.name.caseInsensitiveCompare(key) == .orderedSame || $0.code == key }?.name
    }

    /// The attributes that are set, as (name, text) pairs in ``names`` order.
    public var entries: [(name: String, value: String)] {
        let values: [String: String?] = [
            "class": itemClass, "service": service, "account": account, "server": server, "protocol": `protocol`,
            "port": port.map(String.init), "path": path, "authenticationType": authenticationType,
            "securityDomain": securityDomain, "label": label, "comment": comment,
        ]
        return Self.names.compactMap { entry in
            guard let value = values[entry.name] ?? nil, !value.isEmpty else { return nil }
            return (entry.name, value)
        }
    }

    /// Sets the attribute `key` (as ``canonicalName(_:)`` reads it) from text; an empty value
    /// clears it. Refuses an unknown key, a class other than `genp` or `inet`, a port that
    /// is not an integer in 0…65535, and a protocol or authentication type that is not a
    /// four-character code.
    public mutating func set(_ key: String, to value: String) throws {
        guard let name = Self.canonicalName(key) else {
            let known = Self.names.map(\.name).joined(separator: ", ")
            throw ModelError(key: "keychain", "unknown attribute \"\(key)\" (known: \(known))")
        }
        let text: String? = value.isEmpty ? nil : value
        switch name {
        case "class":
            guard value == "genp" || value == "inet" else {
                throw ModelError(
                    key: "keychain.class", "\"\(value)\" is not genp (generic password) or inet (internet password)")
            }
            itemClass = value
        case "port":
            if let text {
                guard let number = Int(text), (0...65_535).contains(number) else {
                    throw ModelError(key: "keychain.port", "\"\(text)\" is not a port number (0…65535)")
                }
                port = number
            } else {
                port = nil
            }
        case "protocol", "authenticationType":
            if let text, !(1...4).contains(text.utf8.count) || !text.allSatisfy(\.isASCII) {
                throw ModelError(
                    key: "keychain.\(name)", "\"\(text)\" is not a four-character code (like htps, ftp , form)")
            }
            if name == "protocol" { self.protocol = text } else { authenticationType = text }
        case "service": service = text
        case "account": account = text
        case "server": server = text
        case "path": path = text
        case "securityDomain": securityDomain = text
        case "label": label = text
        default: comment = text
        }
    }
}

extension VaultItem {
    /// Applies `KEY=VALUE` keychain assignments; an item without attributes gets them, as
    /// `inet` when one of them is an internet-password attribute, else `genp`.
    public mutating func setKeychainAttributes(_ assignments: [(key: String, value: String)]) throws {
        var attributes = keychain ?? KeychainAttributes(itemClass: "genp")
        if keychain == nil,
            assignments.contains(where: {
                KeychainAttributes.canonicalName($0.key).map(KeychainAttributes.internetOnly.contains) == true
            })
        {
            attributes.itemClass = "inet"
        }
        for (key, value) in assignments { try attributes.set(key, to: value) }
        keychain = attributes
    }
}
