import Foundation
import PropertyList
import VaultCrypto
import VaultFormat

/// The 1.1 vectors of private collections (spec/FORMAT.md §13). Sealed collections are made
/// here from the spec's rules (``sealed(_:id:key:salt:)``), apart from the library's
/// ``SealedCollection``, so the vectors check the writer's reading of §13 too.
extension TestKitGenerator {
    /// `u32 n ‖ contents ‖ zeros` to Padmé(4 + n), or to `length` when given (to forge).
    static func collectionPlaintext(_ contents: [UInt8], length: Int? = nil, fill: UInt8 = 0) -> [UInt8] {
        let total = length ?? PayloadForge.padme(4 + contents.count)
        return le(UInt32(contents.count)) + contents + [UInt8](repeating: fill, count: total - 4 - contents.count)
    }

    /// §13.5: the salt, then `plaintext` in 64 KiB pieces, each sealed under the chunk key.
    static func sealed(_ plaintext: [UInt8], id: [UInt8], key: SecureBytes, salt: [UInt8]) -> [UInt8] {
        let chunkKey = BLAKE2b.deriveKey(key: key, message: Array("coffer collection v1".utf8) + salt)
        let binding = BLAKE2b.hash(Array("coffer collection binding v1".utf8) + id + salt)
        let count = max(1, (plaintext.count + 65_535) / 65_536)
        var out = salt
        for i in 0..<count {
            let piece = Array(plaintext[i * 65_536..<min(plaintext.count, (i + 1) * 65_536)])
            var nonce = [UInt8](repeating: 0, count: 12)
            for b in 0..<8 { nonce[10 - b] = UInt8(truncatingIfNeeded: i >> (8 * b)) }
            nonce[11] = i == count - 1 ? 1 : 0
            var sealedPiece = [UInt8](repeating: 0, count: piece.count + 16)
            piece.withUnsafeBytes { p in
                sealedPiece.withUnsafeMutableBytes {
                    ChaCha20Poly1305.seal(p, into: $0, key: chunkKey, nonce: nonce, associatedData: binding)
                }
            }
            out += sealedPiece
        }
        return out
    }

    static func contents(name: String, revision: Int = 1, members: [[UInt8]], records: [PropertyListValue])
        -> PropertyListValue
    {
        [
            "format": 1, "name": .string(name), "revision": .integer(revision),
            "members": .array(members.sorted { $0.lexicographicallyPrecedes($1) }.map { .data(Data($0)) }),
            "records": .array(records), "blobs": [],
        ]
    }

    static func collectionVectors(
        success: (String, Base, String, String) throws -> Void,
        failure: (String, VaultError.Kind, [UInt8], String, String) -> Void
    ) throws {
        let random = random(60)
        let keys = VaultKeys(fileKey: random.secureBytes(FormatLimits.fileKeyBytes))
        let pass = SlotRecipe.passphrase(secure(Array(passphrase.utf8)), .minimum)
        let (ana, anaMember) = try VaultStore.makeSlotWithMember(pass, label: "ana", keys: keys, random: random)
        let (bo, boMember) = try VaultStore.makeSlotWithMember(
            .keyFile(secure(keyFile)), label: "bo", keys: keys, random: random)
        let (cy, cyMember) = try VaultStore.makeSlotWithMember(
            .recipient(recipient), label: "cy", keys: keys, random: random)
        let (dee, _) = try VaultStore.makeSlotWithMember(
            .keyFile(secure(secondKeyFile)), label: "dee", keys: keys, random: random)
        let slots = [ana, bo, cy, dee]
        let members = [anaMember, boMember, cyMember, []]  // dee's member key not recorded yet
        let idA = [UInt8](repeating: 0x0A, count: 16)
        let idB = [UInt8](repeating: 0x0B, count: 16)
        let idC = [UInt8](repeating: 0x0C, count: 16)
        let keyA = random.secureBytes(32)
        let keyB = random.secureBytes(32)
        let keyC = random.secureBytes(32)
        let big = (0..<1600).map { i -> PropertyListValue in
            ["title": .string("shared item \(i)"), "password": .string("pw-\(i * 7919)")]
        }
        let contentsA = PayloadForge.bplist(contents(name: "Ana only", members: [anaMember], records: [records[0]]))
        let contentsB = PayloadForge.bplist(
            contents(name: "Household", revision: 7, members: [anaMember, boMember], records: big))
        let contentsC = PayloadForge.bplist(
            contents(name: "Cy's", members: [boMember, cyMember], records: [records[1]]))
        func grant(_ key: SecureBytes, _ id: [UInt8], _ member: [UInt8]) throws -> CollectionGrant {
            try CollectionGrant.make(collectionKey: key, collectionID: id, member: member, random: random)
        }
        let grantsA = [try grant(keyA, idA, anaMember)]
        let grantsB = try [grant(keyB, idB, anaMember), grant(keyB, idB, boMember)]
        let grantsC = try [grant(keyC, idC, boMember), grant(keyC, idC, cyMember)]
        let sealedA = sealed(collectionPlaintext(contentsA), id: idA, key: keyA, salt: random.bytes(32))
        let sealedB = sealed(collectionPlaintext(contentsB), id: idB, key: keyB, salt: random.bytes(32))
        let sealedC = sealed(collectionPlaintext(contentsC), id: idC, key: keyC, salt: random.bytes(32))

        /// A vault of the four slots whose index lists these collections, sealed by the writer.
        func vault(_ entries: [CollectionTable.Entry], seed: UInt8) throws -> Base {
            var payload = VaultPayload(records: records)
            payload.collections = CollectionTable(members: members, collections: entries)
            let output = MemoryOutput()
            let sealer = VaultSealer(
                keys: keys, slots: slots, extensions: [VaultHeader.collectionsExtension], generation: 1,
                random: Self.random(seed))
            let parsed = try sealer.seal(payload, to: output)
            return Base(bytes: output.bytes, keys: keys, header: parsed.header)
        }
        func entry(_ id: [UInt8], _ grants: [CollectionGrant], _ sealed: [UInt8]) -> CollectionTable.Entry {
            CollectionTable.Entry(id: id, grants: grants, sealed: Data(sealed))
        }
        let all = [entry(idA, grantsA, sealedA), entry(idB, grantsB, sealedB), entry(idC, grantsC, sealedC)]
        let household = try vault(all, seed: 61)
        try success(
            "success_collections_passphrase", household, "passphrase", "1.1: ana's slot opens 2 of 3 collections")
        try success(
            "success_collections_key_file", household, "key file",
            "1.1: bo's key file opens 2 of 3 collections, one of them over two chunks")
        try success(
            "success_collections_identity", household, "identity",
            "1.1: a recipient slot's member key is the recipient's own: cy opens 1 collection")
        try success(
            "success_collections_none", household, "second key file",
            "1.1: dee's slot has no member key recorded and no grant: the default collection only")

        var flipped = sealedA
        flipped[flipped.count - 20] ^= 0x01
        let damagedA = try vault([entry(idA, grantsA, flipped)] + all.dropFirst(), seed: 62)
        failure(
            "payload_collection_chunk", .payloadDamaged, damagedA.bytes, "passphrase",
            "a bit of ana's collection's sealed chunk flipped (the payload's own tags hold)")
        try success(
            "success_collection_damage_unreadable", damagedA, "key file",
            "the same file: bo is not granted the damaged collection, so it is never opened")
        var badGrant = grantsA
        badGrant[0].wrappedKey[3] ^= 0x80
        failure(
            "payload_collection_grant", .payloadDamaged,
            try vault([entry(idA, badGrant, sealedA)] + all.dropFirst(), seed: 63).bytes, "passphrase",
            "ana's grant does not open")
        func forgedA(_ plaintext: [UInt8], _ name: String, _ comment: String) throws {
            let bytes = sealed(plaintext, id: idA, key: keyA, salt: random.bytes(32))
            failure(
                name, .payloadDamaged, try vault([entry(idA, grantsA, bytes)] + all.dropFirst(), seed: 64).bytes,
                "passphrase", comment)
        }
        let padded = PayloadForge.padme(4 + contentsA.count)
        precondition(padded > 4 + contentsA.count, "payload_collection_padding needs contents that Padmé pads")
        try forgedA(
            collectionPlaintext(contentsA, length: padded + 2048), "payload_collection_padme",
            "the collection's plaintext is longer than Padmé of its contents")
        try forgedA(
            collectionPlaintext(contentsA, length: padded, fill: 1), "payload_collection_padding",
            "non-zero bytes after the contents")
        try forgedA(
            le(UInt32(0)) + [UInt8](repeating: 0, count: 12), "payload_collection_length_zero", "contents length 0")
        func withContents(_ edit: (inout PropertyListDictionary) -> Void) -> [UInt8] {
            var d = contents(name: "Ana only", members: [anaMember], records: [records[0]]).dictionaryValue!
            edit(&d)
            return collectionPlaintext(PayloadForge.bplist(.dictionary(d)))
        }
        try forgedA(
            withContents { $0["comment"] = "hi" }, "payload_collection_unknown_key", "a contents key not in §13.6")
        try forgedA(withContents { $0["revision"] = 0 }, "payload_collection_revision_zero", "revision 0")
        try forgedA(withContents { $0["name"] = "" }, "payload_collection_name_empty", "an empty name")
        try forgedA(withContents { $0["format"] = 2 }, "payload_collection_format_2", "contents format 2")
        try forgedA(withContents { $0["members"] = [] }, "payload_collection_members_empty", "no member listed")
        try forgedA(
            withContents {
                $0["members"] = .array(
                    [anaMember, boMember].sorted { $1.lexicographicallyPrecedes($0) }.map { .data(Data($0)) })
            }, "payload_collection_members_unsorted", "listed members in descending order")
        try forgedA(
            withContents {
                $0["blobs"] = [
                    ["id": .data(Data(count: 16)), "data": .data(Data())],
                    ["id": .data(Data(count: 16)), "data": .data(Data())],
                ]
            },
            "payload_collection_blob_twice", "two blobs with one id")

        // The index (§13.4), forged by hand: any key fails it.
        func index(members: [[UInt8]], _ entries: [PropertyListValue]) -> PropertyListValue {
            var d = PayloadForge.index(recordCount: 2, records: [0, 1]).dictionaryValue!
            d["members"] = .array(members.map { .data(Data($0)) })
            d["collections"] = .array(entries)
            return .dictionary(d)
        }
        func value(_ id: [UInt8], _ grants: [CollectionGrant], _ sealed: [UInt8]) -> PropertyListValue {
            [
                "id": .data(Data(id)), "sealed": .data(Data(sealed)),
                "grants": .array(
                    grants.map {
                        [
                            "member": .data(Data($0.member)), "ephemeral": .data(Data($0.ephemeral)),
                            "key": .data(Data($0.wrappedKey)),
                        ]
                    }),
            ]
        }
        func forgedIndex(_ name: String, _ value: PropertyListValue, _ comment: String) {
            let plaintexts = PayloadForge.plaintexts([recordsRegion(index: value)])
            failure(
                name, .payloadDamaged, PayloadForge.seal(plaintexts, header: household.header, keys: keys), "key file",
                comment)
        }
        let a = value(idA, grantsA, sealedA)
        let b = value(idC, grantsC, sealedC)  // small: the records region stays one chunk
        try success(
            "success_collections_forged_index",
            Base(
                bytes: PayloadForge.seal(
                    PayloadForge.plaintexts([recordsRegion(index: index(members: members, [a, b]))]),
                    header: household.header, keys: keys), keys: keys, header: household.header),
            "key file", "1.1: an index with two collections laid out by hand")
        forgedIndex("payload_collection_ids_unsorted", index(members: members, [b, a]), "collection ids descending")
        forgedIndex(
            "payload_collection_members_short", index(members: Array(members.dropLast()), [a, b]),
            "one member entry fewer than keyslots")
        forgedIndex(
            "payload_collection_member_length", index(members: [anaMember, boMember, cyMember, [1, 2, 3]], [a]),
            "a member entry of 3 bytes")
        forgedIndex(
            "payload_collection_grant_unknown_member",
            index(members: [anaMember, boMember, [], []], [a, b]), "a grant to a member no keyslot has")
        forgedIndex(
            "payload_collection_grants_unsorted",
            index(members: members, [a, value(idC, grantsC.reversed(), sealedC)]),
            "grants not in ascending member order")
        forgedIndex(
            "payload_collection_sealed_short",
            index(members: members, [value(idA, grantsA, Array(sealedA.prefix(52)))]),
            "sealed bytes too short for a salt and a chunk of 5 bytes")
        forgedIndex(
            "payload_collection_index_without_members",
            PayloadForge.index(recordCount: 2, records: [0, 1]), "the extension is set but the index has four keys")
        var extra = a.dictionaryValue!
        extra["name"] = "Ana only"
        forgedIndex(
            "payload_collection_entry_key", index(members: members, [.dictionary(extra)]),
            "a collection entry with a name in clear")

        // The extension itself.
        let wrongData = edited(household) { header in
            header.extensions = [VaultHeader.Extension(type: FormatLimits.collectionsExtensionType, data: [2])]
        }
        failure(
            "header_collections_extension_data", .headerCorrupted, wrongData, "key file",
            "collections extension holding 02")
    }
}
