import Foundation
import VaultCrypto

/// A private collection this vault's key opens: its id, key and contents.
public struct OpenedCollection: Sendable {
    public let id: [UInt8]
    public let key: SecureBytes
    public var contents: CollectionContents

    static let fingerprintDomain = Array("coffer collection fingerprint v1".utf8)

    /// 8 bytes (hex) that only the key gives: a collection replaced by one of someone else's
    /// making, or given a new key by `unshare`, shows a new fingerprint.
    public var fingerprint: String {
        let mac = BLAKE2b.hash(Self.fingerprintDomain, key: key)
        return mac.prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}

extension UnlockedVault {
    /// The members and collections of a vault with the collections extension (§13); nil for
    /// a vault without it.
    public func collectionTable() throws -> CollectionTable? { try readIndex().collections }

    /// Every private collection granted to the member key that opened the vault, opened and
    /// checked (§13.7), in id order. A grant to that member that does not open, or a sealed
    /// collection that fails any check, is a payload failure naming the collection.
    public func openCollections() throws -> [OpenedCollection] {
        let (opened, damaged) = try openCollectionsSkippingDamaged()
        if let first = damaged.first { throw first.error }
        return opened
    }

    /// ``openCollections()`` for readers that go on without a damaged collection (anyone with
    /// the file key can damage or replace one, §13.8): those that open, and the failure of
    /// each that does not. `verify` uses the strict form.
    public func openCollectionsSkippingDamaged() throws -> (
        opened: [OpenedCollection], damaged: [(id: [UInt8], error: VaultError)]
    ) {
        if let cached = openedCollections.value { return cached }
        guard let table = try collectionTable(), let member else { return ([], []) }
        var opened = [OpenedCollection]()
        var damaged = [(id: [UInt8], error: VaultError)]()
        for entry in table.collections {
            guard let grant = entry.grants.first(where: { $0.member == member.publicKey }) else { continue }
            guard let key = grant.open(with: member, collectionID: entry.id) else {
                damaged.append((entry.id, collectionFailure(entry.id, "its grant to this key does not open")))
                continue
            }
            do {
                let contents = try openSealedCollection(Array(entry.sealed), id: entry.id, key: key)
                opened.append(OpenedCollection(id: entry.id, key: key, contents: contents))
            } catch let error as VaultError {
                damaged.append((entry.id, error))
            }
        }
        openedCollections.value = (opened, damaged)
        return (opened, damaged)
    }

    /// The contents of collection `id`, sealed in `sealed`, under `key`.
    func openSealedCollection(_ sealed: [UInt8], id: [UInt8], key: SecureBytes) throws -> CollectionContents {
        do {
            var plain = try SealedCollection.open(sealed, id: id, key: key)
            defer { wipe(&plain) }
            return try CollectionContents(decoding: plain)
        } catch let failure as CollectionFailure {
            throw collectionFailure(id, failure.reason)
        }
    }

    func collectionFailure(_ id: [UInt8], _ why: String) -> VaultError {
        let hex = id.map { String(format: "%02x", $0) }.joined()
        let chunk = 0  // the index, which holds it, starts in chunk 0
        return VaultError(
            .payloadDamaged, "collection \(hex): \(why)", byteRange: file.fileRange(ofChunk: chunk), chunk: chunk)
    }
}
