import Foundation
import PropertyList
import VaultCrypto
import VaultFormat

/// Builds every test-kit vector from fixed seeds, byte for byte reproducibly
/// (`scripts/gen-testkit` writes them; a test regenerates and compares). The vectors use
/// the cheapest legal KDF so a full run takes seconds.
public enum TestKitGenerator {
    static let passphrase = "correct horse battery staple"
    static let keyFile: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    static let identity: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
    /// A key file of a slot that no collection is granted to (§13 vectors).
    static let secondKeyFile: [UInt8] = (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 5 &+ 200) }

    static func secure(_ bytes: [UInt8]) -> SecureBytes { bytes.withUnsafeBytes { SecureBytes(copying: $0) } }
    static var identityKey: SecureBytes { secure(identity) }
    static var recipient: [UInt8] { X25519.publicKey(of: identityKey) }

    /// A sealed vault in memory, with what it takes to forge variants of it.
    struct Base: Sendable {
        var bytes: [UInt8]
        var keys: VaultKeys
        var header: VaultHeader
        var headerLength: Int { header.encodeBody().count + 64 }
        var payload: [UInt8] { Array(bytes[headerLength...]) }
    }

    static func random(_ seed: UInt8) -> DeterministicRandom {
        DeterministicRandom(seed: Array(repeating: seed, count: 32))
    }

    static func build(
        seed: UInt8, slots: [(SlotRecipe, label: String)], payload: VaultPayload = VaultPayload(),
        extensions: [VaultHeader.Extension] = [], minor: UInt16 = 0
    ) throws -> Base {
        let random = random(seed)
        let keys = VaultKeys(fileKey: random.secureBytes(FormatLimits.fileKeyBytes))
        let made = try slots.map {
            try VaultStore.makeSlot($0.0, label: $0.label, keys: keys, random: random)
        }
        let output = MemoryOutput()
        let sealer = VaultSealer(keys: keys, slots: made, extensions: extensions, generation: 1, random: random)
        var parsed = try sealer.seal(payload, to: output)
        var bytes = output.bytes
        if minor != 0 {  // re-MAC with another minor version; the payload binding covers it, so reseal
            parsed.header.minorVersion = minor
            return try reseal(Base(bytes: bytes, keys: keys, header: parsed.header), payload: payload, seed: seed)
        }
        bytes = output.bytes
        return Base(bytes: bytes, keys: keys, header: parsed.header)
    }

    /// Re-seals `payload` under `base`'s keys and (possibly edited) header fields.
    static func reseal(_ base: Base, payload: VaultPayload, seed: UInt8) throws -> Base {
        let plan = try PayloadPlan(payload)
        var header = base.header
        header.payloadLength = UInt64(plan.geometry.payloadLength)
        let headerBytes = header.encode(macKey: base.keys.macKey)
        let stream = ChunkStream(
            key: base.keys.payloadKey(salt: header.payloadSalt), binding: header.payloadBinding,
            chunkCount: plan.geometry.chunkCount, fileRange: { _ in 0..<0 })
        var bytes = headerBytes
        let sealed = UnsafeMutableRawBufferPointer.allocate(byteCount: FormatLimits.chunkCiphertextBytes, alignment: 16)
        let plain = UnsafeMutableRawBufferPointer.allocate(byteCount: FormatLimits.chunkPlaintextBytes, alignment: 16)
        defer {
            sealed.deallocate()
            plain.deallocate()
        }
        try ChunkComposer(plan: plan, payload: payload).forEachChunk({ _ in plain }) { index, size in
            stream.seal(UnsafeRawBufferPointer(rebasing: plain[0..<size]), into: sealed, chunk: index)
            bytes += sealed[0..<size + FormatLimits.chunkTagBytes]
        }
        return Base(bytes: bytes, keys: base.keys, header: header)
    }

    // MARK: Forgeries

    /// Recomputes the prefix check and the checksum (not the MAC): what anyone can do.
    static func rechecksum(_ bytes: [UInt8], headerLength: Int) -> [UInt8] {
        var bytes = bytes
        bytes.replaceSubrange(16..<20, with: VaultHeader.prefixCheck(bytes[0..<16]))
        let at = headerLength - 64
        bytes.replaceSubrange(at..<at + 32, with: BLAKE2b.hash(Array(bytes[..<at])))
        return bytes
    }

    /// A header edited through its fields and re-encoded with a valid MAC, followed by the
    /// original payload bytes (which then no longer match if the binding changed).
    static func edited(_ base: Base, _ edit: (inout VaultHeader) -> Void) -> [UInt8] {
        var header = base.header
        edit(&header)
        return header.encode(macKey: base.keys.macKey) + base.payload
    }

    static func patched(_ bytes: [UInt8], at offset: Int, _ values: [UInt8]) -> [UInt8] {
        var bytes = bytes
        bytes.replaceSubrange(offset..<offset + values.count, with: values)
        return bytes
    }

    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// Chunks of `base`, re-assembled (and the header's payload length fixed, re-MACed).
    static func rechunked(_ base: Base, _ edit: (inout [[UInt8]]) -> Void) -> [UInt8] {
        let geometry = PayloadGeometry(payloadLength: base.header.payloadLength)!
        var chunks = (0..<geometry.chunkCount).map { Array(base.payload[geometry.ciphertextRange(ofChunk: $0)]) }
        edit(&chunks)
        var header = base.header
        header.payloadLength = UInt64(chunks.reduce(0) { $0 + $1.count })
        return header.encode(macKey: base.keys.macKey) + chunks.flatMap { $0 }
    }

    // MARK: The vectors

    static let records: [PropertyListValue] = [
        [
            "title": "Mail", "username": "ana@example.com", "password": "correct horse",
            "urls": ["https://mail.example.com"],
        ],
        [
            "title": "Bank ✓", "notes": "PIN 4321\nsecond line", "port": 443,
            "created": .date(Date(timeIntervalSinceReferenceDate: 7e8)),
        ],
    ]

    static func blob(_ count: Int, _ seed: UInt8) -> (id: [UInt8], source: any BlobSource) {
        (
            Array(repeating: seed, count: 16),
            DataBlob(Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }))
        )
    }

    public static func vectors() throws -> [TestVector] {
        var out = [TestVector]()
        let pass = SlotRecipe.passphrase(secure(Array(passphrase.utf8)), .minimum)
        let keyFileRecipe = SlotRecipe.keyFile(secure(keyFile))
        let recipientRecipe = SlotRecipe.recipient(recipient)

        func success(_ name: String, _ base: Base, credential: String = "passphrase", _ comment: String) throws {
            var v = vector(name, "success", base.bytes, credential: credential, comment)
            let vault = try VaultFile(bytes: base.bytes).unlock(with: v.credentials)
            v.payload = try vault.plaintextDigest()
            if vault.file.header.hasCollections { v.collections = try TestVector.collectionDigest(vault) }
            out.append(v)
        }
        func failure(
            _ name: String, _ expect: VaultError.Kind, _ bytes: [UInt8], credential: String = "passphrase",
            _ comment: String
        ) {
            out.append(vector(name, expect.rawValue, bytes, credential: credential, comment))
        }

        // Success: every slot kind, several slots, payload shapes, extensions.
        let empty = try build(seed: 1, slots: [(pass, "")])
        try success("success_passphrase_empty", empty, "passphrase slot, no records: one empty-content chunk")
        let withRecords = try build(seed: 2, slots: [(pass, "ana")], payload: VaultPayload(records: records))
        try success("success_passphrase_records", withRecords, "two records")
        let keyFileVault = try build(seed: 3, slots: [(keyFileRecipe, "usb")], payload: VaultPayload(records: records))
        try success("success_key_file", keyFileVault, credential: "key file", "key-file slot")
        let recipientVault = try build(
            seed: 4, slots: [(recipientRecipe, "recovery")], payload: VaultPayload(records: records))
        try success("success_recipient", recipientVault, credential: "identity", "X25519 recipient slot")
        let three = try build(
            seed: 5, slots: [(pass, "ana"), (keyFileRecipe, "usb"), (recipientRecipe, "recovery")],
            payload: VaultPayload(records: records))
        for credential in ["passphrase", "key file", "identity"] {
            try success(
                "success_three_slots_\(credential.replacingOccurrences(of: " ", with: "_"))", three,
                credential: credential, "three slots, opened by the \(credential)")
        }
        try success(
            "success_unicode_label", try build(seed: 6, slots: [(pass, "Zoë Ørsted — 家族")]), "non-ASCII label")
        let blobs = try build(
            seed: 7, slots: [(pass, "")], payload: VaultPayload(records: records, blobs: [blob(100, 1), blob(0, 2)]))
        try success("success_blobs", blobs, "records and two blobs (one empty), each blob in its own chunk range")
        let bigBlob = try build(
            seed: 8, slots: [(keyFileRecipe, "")], payload: VaultPayload(records: records, blobs: [blob(140_000, 3)]))
        try success("success_blob_three_chunks", bigBlob, credential: "key file", "a blob spanning three chunks")
        let manyRecords = (0..<1500).map { i -> PropertyListValue in
            ["title": .string("item \(i)"), "password": .string(String(repeating: "x", count: 40))]
        }
        let twoChunkRecords = try build(
            seed: 9, slots: [(keyFileRecipe, "")], payload: VaultPayload(records: manyRecords))
        try success(
            "success_records_two_chunks", twoChunkRecords, credential: "key file", "records region spanning chunks")
        try success(
            "success_noncritical_extension",
            try build(seed: 10, slots: [(pass, "")], extensions: [.init(type: 0x0123, data: Array("grease".utf8))]),
            "an unknown non-critical extension is ignored (grease)")
        try success(
            "success_minor_version", try build(seed: 11, slots: [(pass, "")], minor: 7), "minor version 7 reads as 1.x")
        let maxSlots = try build(seed: 12, slots: Array(repeating: (keyFileRecipe, "k"), count: 32))
        try success("success_32_slots", maxSlots, credential: "key file", "the maximum of 32 slots")
        try success(
            "success_64k_exact",
            try build(seed: 13, slots: [(keyFileRecipe, "")], payload: VaultPayload(blobs: [blob(65_528 - 24, 4)])),
            credential: "key file", "a blob region that exactly fills a chunk body")

        // Not a Coffer file.
        failure(
            "not_coffer_magic", .notCofferFile, patched(withRecords.bytes, at: 0, Array("NOTCOFFR".utf8)), "wrong magic"
        )
        failure("not_coffer_text", .notCofferFile, Array("hello, this is a text file\n".utf8), "a text file")
        failure(
            "not_coffer_magic_bit", .notCofferFile, patched(withRecords.bytes, at: 6, [0x1B]), "one bit of the magic")

        // Unsupported version.
        let major2 = rechecksum(
            patched(withRecords.bytes, at: 8, le(UInt16(2))), headerLength: withRecords.headerLength)
        failure("unsupported_major", .unsupportedVersion, major2, "major version 2 with valid checks")
        failure(
            "unsupported_critical_extension", .unsupportedVersion,
            edited(withRecords) { $0.extensions = [.init(type: 0x8001, data: [1])] },
            "unknown critical extension 0x8001")

        // Header failures.
        let h = withRecords.headerLength
        failure(
            "header_checksum", .headerCorrupted,
            patched(withRecords.bytes, at: h - 64, [withRecords.bytes[h - 64] ^ 1]), "checksum bit")
        failure(
            "header_prefix_check", .headerCorrupted, patched(withRecords.bytes, at: 16, [withRecords.bytes[16] ^ 1]),
            "prefix check bit")
        failure(
            "header_version_bit", .headerCorrupted, patched(withRecords.bytes, at: 8, [3]),
            "major damaged: prefix check catches it")
        failure(
            "header_length_bit", .headerCorrupted, patched(withRecords.bytes, at: 13, [withRecords.bytes[13] ^ 0x40]),
            "header length damaged")
        failure(
            "header_length_too_small", .headerCorrupted,
            rechecksumPrefixOnly(patched(withRecords.bytes, at: 12, le(UInt32(100)))), "header length below the minimum"
        )
        failure(
            "header_length_too_large", .headerCorrupted,
            rechecksumPrefixOnly(patched(withRecords.bytes, at: 12, le(UInt32(1 << 20)))), "header length above 128 KiB"
        )
        failure(
            "header_body_bit", .headerCorrupted, patched(withRecords.bytes, at: 50, [withRecords.bytes[50] ^ 0x10]),
            "payload salt bit")
        failure(
            "header_slot_bit", .headerCorrupted, patched(withRecords.bytes, at: 100, [withRecords.bytes[100] ^ 2]),
            "keyslot bit")
        failure("header_cipher", .headerCorrupted, edited(withRecords) { $0.cipher = 2 }, "cipher 2 is undefined")
        failure("header_generation_zero", .headerCorrupted, edited(withRecords) { $0.generation = 0 }, "generation 0")
        failure(
            "header_payload_length_15", .headerCorrupted, edited(withRecords) { $0.payloadLength = 15 },
            "payload shorter than a tag")
        failure(
            "header_empty_final_chunk", .headerCorrupted,
            edited(withRecords) { $0.payloadLength = UInt64(FormatLimits.chunkCiphertextBytes + 16) },
            "an empty final chunk after a full one")
        failure("header_no_slots", .headerCorrupted, edited(withRecords) { $0.slots = [] }, "zero keyslots")
        failure(
            "header_33_slots", .headerCorrupted,
            edited(withRecords) { $0.slots = Array(repeating: $0.slots[0], count: 33) }, "33 keyslots")
        failure(
            "header_17_extensions", .headerCorrupted,
            edited(withRecords) { $0.extensions = (1...17).map { .init(type: UInt16($0), data: []) } }, "17 extensions")
        failure(
            "header_duplicate_extension", .headerCorrupted,
            edited(withRecords) { $0.extensions = [.init(type: 5, data: []), .init(type: 5, data: [1])] },
            "extension type twice")
        failure(
            "header_extension_too_long", .headerCorrupted,
            edited(withRecords) { $0.extensions = [.init(type: 5, data: Array(repeating: 0, count: 4097))] },
            "4097-byte extension")
        failure(
            "header_label_too_long", .headerCorrupted,
            edited(withRecords) { $0.slots[0].label = String(repeating: "a", count: 65) }, "65-byte label")
        failure(
            "header_label_control", .headerCorrupted, edited(withRecords) { $0.slots[0].label = "a\u{7}b" },
            "control character in a label")
        let slotType = FormatLimits.fixedHeaderBytes
        failure(
            "header_slot_type_4", .headerCorrupted,
            rechecksum(patched(withRecords.bytes, at: slotType, [4]), headerLength: h), "unknown keyslot type")
        failure(
            "header_label_invalid_utf8", .headerCorrupted,
            rechecksum(patched(withRecords.bytes, at: slotType + 2, [0xFF]), headerLength: h), "label bytes not UTF-8")
        var trailing = withRecords.header.encodeBody() + [0xEE]
        trailing.replaceSubrange(12..<16, with: le(UInt32(trailing.count + 64)))
        trailing.replaceSubrange(16..<20, with: VaultHeader.prefixCheck(trailing[0..<16]))
        trailing += BLAKE2b.hash(trailing)
        trailing += BLAKE2b.hash(trailing, key: withRecords.keys.macKey)
        failure(
            "header_trailing_byte", .headerCorrupted, trailing + withRecords.payload, "a byte after the last extension")

        // KDF bounds, refused before any KDF runs.
        for (name, ops, memory) in [
            ("kdf_ops_0", UInt32(0), UInt32(8_192)), ("kdf_ops_17", 17, 8_192), ("kdf_ops_max", UInt32.max, 8_192),
            ("kdf_memory_8191", 1, 8_191), ("kdf_memory_4tib", 1, UInt32.max), ("kdf_both_max", UInt32.max, UInt32.max),
        ] {
            failure(
                name, .kdfBounds,
                edited(withRecords) { header in
                    if case .passphrase(let salt, _) = header.slots[0].kind {
                        header.slots[0].kind = .passphrase(
                            salt: salt, kdf: KDFParameters(operations: ops, memoryKiB: memory))
                    }
                }, "Argon2id \(ops) passes, \(memory) KiB")
        }

        // No match: the header is intact, the key is wrong.
        var wrong = vector(
            "no_match_passphrase", "no match", withRecords.bytes, credential: "passphrase", "wrong passphrase")
        wrong.passphrase = "correct horse battery stapler"
        out.append(wrong)
        var wrongKey = vector(
            "no_match_key_file", "no match", keyFileVault.bytes, credential: "key file", "wrong key file")
        wrongKey.keyFile = Array(keyFile.reversed())
        out.append(wrongKey)
        var wrongIdentity = vector(
            "no_match_identity", "no match", recipientVault.bytes, credential: "identity", "wrong identity")
        wrongIdentity.identity = Array(identity.reversed())
        out.append(wrongIdentity)
        failure(
            "no_match_wrong_kind", .noMatch, keyFileVault.bytes, credential: "passphrase",
            "a passphrase for a key-file slot")
        failure(
            "no_match_label_changed", .noMatch,
            rechecksum(patched(withRecords.bytes, at: slotType + 2, Array("x".utf8)), headerLength: h),
            "label edited with a recomputed checksum: the slot's associated data no longer matches")

        // HMAC failure: a slot opens, the header was changed afterwards.
        failure(
            "hmac_mac_bit", .headerAuthentication,
            patched(withRecords.bytes, at: h - 1, [withRecords.bytes[h - 1] ^ 1]), "MAC bit")
        failure(
            "hmac_generation", .headerAuthentication,
            rechecksum(patched(withRecords.bytes, at: 24, le(UInt64(9))), headerLength: h),
            "generation changed, checksum recomputed")
        failure(
            "hmac_salt", .headerAuthentication,
            rechecksum(patched(withRecords.bytes, at: 45, [withRecords.bytes[45] ^ 1]), headerLength: h),
            "payload salt changed, checksum recomputed")
        failure(
            "hmac_extension_added", .headerAuthentication,
            rechecksumAfterEdit(withRecords) { $0.extensions = [.init(type: 9, data: [1])] },
            "extension added, checksum recomputed")

        // Payload failures (headers valid and MACed: these are chunk-level attacks).
        let last = withRecords.bytes.count - 1
        failure(
            "payload_bit", .payloadDamaged,
            patched(withRecords.bytes, at: last - 20, [withRecords.bytes[last - 20] ^ 1]), "a ciphertext bit")
        failure(
            "payload_tag_bit", .payloadDamaged, patched(withRecords.bytes, at: last, [withRecords.bytes[last] ^ 0x80]),
            "a tag bit")
        failure(
            "payload_swapped_chunks", .payloadDamaged, rechunked(bigBlob) { $0.swapAt(1, 2) }, credential: "key file",
            "chunks 1 and 2 swapped")
        failure(
            "payload_missing_final", .payloadDamaged, rechunked(bigBlob) { _ = $0.removeLast() },
            credential: "key file", "final chunk removed, length fixed")
        failure(
            "payload_missing_middle", .payloadDamaged, rechunked(bigBlob) { _ = $0.remove(at: 1) },
            credential: "key file", "a middle chunk removed")
        failure(
            "payload_duplicated_chunk", .payloadDamaged, rechunked(bigBlob) { $0.insert($0[1], at: 1) },
            credential: "key file", "a chunk duplicated")
        failure(
            "payload_extra_chunk", .payloadDamaged, rechunked(bigBlob) { $0.append($0[0]) }, credential: "key file",
            "a chunk appended after the final one, length fixed")
        var earlier = bigBlob
        earlier.header.payloadSalt = random(99).bytes(FormatLimits.payloadSaltBytes)
        let otherSave = try reseal(earlier, payload: VaultPayload(records: records, blobs: [blob(140_000, 3)]), seed: 8)
        failure(
            "payload_chunk_from_other_file", .payloadDamaged,
            rechunked(bigBlob) { $0[1] = Array(twoChunkRecords.payload.prefix(FormatLimits.chunkCiphertextBytes)) },
            credential: "key file",
            "chunk 1 replaced by a chunk of another vault")
        failure(
            "payload_chunk_from_other_save", .payloadDamaged,
            rechunked(bigBlob) { chunks in
                let g = PayloadGeometry(payloadLength: otherSave.header.payloadLength)!
                chunks[1] = Array(otherSave.payload[g.ciphertextRange(ofChunk: 1)])
            }, credential: "key file", "chunk 1 taken from an earlier save of the same vault with another salt")

        // The decrypted payload's layout (§6), forged by hand and sealed with the real key.
        let forgeBase = try build(seed: 20, slots: [(pass, "")])
        try payloadVectors(
            base: forgeBase,
            success: { name, bytes, comment in
                try success(name, Base(bytes: bytes, keys: forgeBase.keys, header: forgeBase.header), comment)
            },
            failure: { name, bytes, comment in failure(name, .payloadDamaged, bytes, comment) })

        // Chunk geometry: every chunk holds at least its 8-byte frame.
        failure(
            "header_payload_length_16", .headerCorrupted, edited(withRecords) { $0.payloadLength = 16 },
            "one empty chunk: no room for its frame")
        failure(
            "header_final_chunk_7_bytes", .headerCorrupted,
            edited(withRecords) { $0.payloadLength = UInt64(FormatLimits.chunkCiphertextBytes + 16 + 7) },
            "a final chunk of 7 plaintext bytes after a full one")

        // The order of checks within step 5: fields in file order, the first failure decides.
        failure(
            "order_cipher_before_kdf", .headerCorrupted,
            edited(withRecords) { header in
                header.cipher = 2
                header.slots[0].kind = hostileKDF(header.slots[0].kind)
            }, "cipher 2 and a slot over the KDF bounds: the cipher comes first")
        failure(
            "order_payload_length_before_slots", .headerCorrupted,
            edited(withRecords) { header in
                header.payloadLength = 17
                header.slots[0].kind = hostileKDF(header.slots[0].kind)
            }, "a bad payload length and a slot over the KDF bounds: fixed fields come first")
        let twoPass = try build(seed: 21, slots: [(pass, "a"), (pass, "b")])
        failure(
            "order_first_slot_decides", .kdfBounds,
            edited(twoPass) { header in
                header.slots[0].kind = hostileKDF(header.slots[0].kind)
                header.slots[1].label = "b\u{1}"
            }, "slot 0 over the KDF bounds, slot 1 with a control character: slot 0 decides")
        failure(
            "order_slot_before_later_slot", .headerCorrupted,
            edited(twoPass) { header in
                header.slots[0].label = "a\u{1}"
                header.slots[1].kind = hostileKDF(header.slots[1].kind)
            }, "slot 0 with a control character, slot 1 over the KDF bounds: slot 0 decides")
        failure(
            "order_slots_before_extensions", .headerCorrupted,
            edited(withRecords) { header in
                header.slots[0].label = "x\u{7F}"
                header.extensions = [.init(type: 0x8001, data: [])]
            }, "a slot label with DEL and an unknown critical extension: slots come first")
        failure(
            "order_kdf_before_extension", .kdfBounds,
            edited(withRecords) { header in
                header.slots[0].kind = hostileKDF(header.slots[0].kind)
                header.extensions = [.init(type: 0x8001, data: [])]
            }, "a slot over the KDF bounds and an unknown critical extension: the slot comes first")
        failure(
            "header_label_del", .headerCorrupted, edited(withRecords) { $0.slots[0].label = "a\u{7F}" },
            "DEL in a label")

        // Several slots (§3): the first slot whose file key verifies the MAC is used.
        let twoKeyFiles = try build(
            seed: 24, slots: [(keyFileRecipe, "a"), (keyFileRecipe, "b")], payload: VaultPayload(records: records))
        func wrongKeySlot(_ label: String, seed: UInt8) throws -> KeySlot {
            let other = VaultKeys(fileKey: random(seed).secureBytes(FormatLimits.fileKeyBytes))
            return try VaultStore.makeSlot(keyFileRecipe, label: label, keys: other, random: random(seed &+ 1))
        }
        let wrongA = try wrongKeySlot("a", seed: 30)
        let wrongB = try wrongKeySlot("b", seed: 32)
        let firstWrong = edited(twoKeyFiles) { $0.slots[0] = wrongA }
        var firstWrongVector = vector(
            "success_two_slots_first_wrong_file_key", "success", firstWrong, credential: "key file",
            "slot 0 unwraps a file key the MAC refuses; slot 1's verifies and is used")
        firstWrongVector.payload = try VaultFile(bytes: firstWrong).unlock(with: firstWrongVector.credentials)
            .plaintextDigest()
        out.append(firstWrongVector)
        let bothWrong = edited(twoKeyFiles) { $0.slots = [wrongA, wrongB] }
        failure(
            "hmac_two_slots_both_wrong_file_key", .headerAuthentication, bothWrong, credential: "key file",
            "both slots unwrap file keys the MAC refuses")
        var noneOpen = vector(
            "no_match_two_slots", "no match", firstWrong, credential: "key file",
            "neither slot opens with this key file")
        noneOpen.keyFile = Array(keyFile.reversed())
        out.append(noneOpen)

        // The total KDF cost of a file (§3): passes × KiB summed over its passphrase slots.
        func costly(_ slot: KeySlot, memoryKiB: UInt32) -> KeySlot {
            var slot = slot
            if case .passphrase(let salt, _) = slot.kind {
                slot.kind = .passphrase(salt: salt, kdf: KDFParameters(operations: 16, memoryKiB: memoryKiB))
            }
            return slot
        }
        failure(
            "kdf_total_over_limit", .kdfBounds,
            edited(withRecords) { header in
                header.slots += Array(repeating: costly(header.slots[0], memoryKiB: 262_144), count: 17)
            }, "slot 0 at the minimum and 17 slots at 16 passes × 256 MiB: 71,311,360 > 67,108,864")
        let atLimit = edited(withRecords) { header in
            header.slots +=
                Array(repeating: costly(header.slots[0], memoryKiB: 262_144), count: 15) + [
                    costly(header.slots[0], memoryKiB: 261_632)
                ]
        }
        try success(
            "success_kdf_total_at_limit", Base(bytes: atLimit, keys: withRecords.keys, header: withRecords.header),
            "a total cost of exactly 67,108,864; only slot 0 runs")

        // Labels: C1 controls and bidi overrides are valid in the file (printed escaped).
        let bidiKeys = VaultKeys(fileKey: random(27).secureBytes(FormatLimits.fileKeyBytes))
        var bidi = twoKeyFiles
        bidi.header.slots = [
            try KeySlotCrypto.makeSlot(
                keyFileRecipe, label: "a\u{202E}b\u{85}c", fileKey: bidiKeys.fileKey, random: random(28),
                checksLabel: false)
        ]
        bidi.keys = bidiKeys
        bidi = try reseal(bidi, payload: VaultPayload(records: records), seed: 27)
        try success(
            "success_label_bidi_c1", bidi, credential: "key file", "a label with U+202E and U+0085: valid in the file")

        // Test-kit syntax: the passphrase is the line after "passphrase: ", exactly.
        /// A success vector for a vault sealed to `passphrase` exactly as written.
        func passphraseVector(_ name: String, _ passphrase: String, seed: UInt8, _ comment: String) throws
            -> TestVector
        {
            let base = try build(
                seed: seed, slots: [(.passphrase(secure(Array(passphrase.utf8)), .minimum), "")],
                payload: VaultPayload(records: records))
            var v = vector(name, "success", base.bytes, credential: "", comment)
            v.passphrase = passphrase
            v.payload = try VaultFile(bytes: base.bytes).unlock(with: v.credentials).plaintextDigest()
            return v
        }
        out.append(
            try passphraseVector(
                "success_passphrase_empty_string", "", seed: 22, "the empty passphrase: nothing after \"passphrase: \""
            ))
        let spacedVector = try passphraseVector(
            "success_passphrase_trailing_space", "correct horse battery staple ", seed: 23,
            "a passphrase ending in a space, kept: values are not trimmed")
        out.append(spacedVector)
        var trimmed = spacedVector
        trimmed.name = "no_match_passphrase_trimmed"
        trimmed.expect = "no match"
        trimmed.payload = nil
        trimmed.passphrase = "correct horse battery staple"
        trimmed.comment = "the same vault, the passphrase without its trailing space"
        out.append(trimmed)

        // Truncation, at every kind of place.
        for (name, length, comment) in [
            ("truncated_empty", 0, "an empty file"), ("truncated_in_magic", 4, "inside the magic"),
            ("truncated_in_prefix", 12, "inside the 20-byte prefix"),
            ("truncated_in_fixed", 40, "inside the fixed header"),
            ("truncated_in_slots", FormatLimits.fixedHeaderBytes + 20, "inside the keyslots"),
            ("truncated_in_checksum", h - 50, "inside the checksum"),
            ("truncated_at_header_end", h, "right after the header"),
            ("truncated_in_payload", h + 10, "inside the only chunk"),
        ] {
            failure(name, .truncated, Array(withRecords.bytes.prefix(length)), comment)
        }
        failure(
            "truncated_chunk_boundary", .truncated,
            Array(bigBlob.bytes.prefix(bigBlob.headerLength + 2 * FormatLimits.chunkCiphertextBytes)),
            credential: "key file", "at a chunk boundary, the final chunk missing")

        // Trailing data.
        failure("trailing_byte", .trailingData, withRecords.bytes + [0], "one zero byte appended")
        failure(
            "trailing_chunk", .trailingData, bigBlob.bytes + bigBlob.payload.prefix(FormatLimits.chunkCiphertextBytes),
            credential: "key file", "a whole chunk appended")
        failure("trailing_vault", .trailingData, withRecords.bytes + withRecords.bytes, "a second vault appended")

        try compressionVectors(
            success: { try success($0, $1, credential: $2, $3) },
            failure: { out.append(vector($0, $1.rawValue, $2, credential: $3, $4)) })
        try collectionVectors(
            success: { try success($0, $1, credential: $2, $3) },
            failure: { out.append(vector($0, $1.rawValue, $2, credential: $3, $4)) })
        try recoveryVectors(
            success: { try success($0, $1, credential: $2, $3) },
            failure: { name, kind, bytes, credential, comment, repair in
                var v = vector(name, kind.rawValue, bytes, credential: credential, comment)
                v.repair = repair
                v.repairImpossible = repair == nil
                out.append(v)
            })
        return out
    }

    /// The slot kind with Argon2id passes over the bound (for the order-of-checks vectors).
    static func hostileKDF(_ kind: KeySlot.Kind) -> KeySlot.Kind {
        guard case .passphrase(let salt, _) = kind else { return kind }
        return .passphrase(salt: salt, kdf: KDFParameters(operations: 17, memoryKiB: 8_192))
    }

    /// Like ``rechecksum`` but only for the prefix check (the length field is out of range,
    /// so the checksum is never reached).
    static func rechecksumPrefixOnly(_ bytes: [UInt8]) -> [UInt8] {
        patched(bytes, at: 16, VaultHeader.prefixCheck(bytes[0..<16]))
    }

    /// Fields edited, body re-encoded, checksum recomputed, MAC left as it was.
    static func rechecksumAfterEdit(_ base: Base, _ edit: (inout VaultHeader) -> Void) -> [UInt8] {
        var header = base.header
        edit(&header)
        var bytes = header.encodeBody()
        bytes += BLAKE2b.hash(bytes)
        bytes += base.bytes[(base.headerLength - 32)..<base.headerLength]
        return bytes + base.payload
    }

    static func vector(_ name: String, _ expect: String, _ bytes: [UInt8], credential: String, _ comment: String)
        -> TestVector
    {
        var v = TestVector(name: name, expect: expect, comment: comment, bytes: bytes)
        switch credential {
        case "key file": v.keyFile = keyFile
        case "identity": v.identity = identity
        case "second key file": v.keyFile = secondKeyFile
        default: v.passphrase = passphrase
        }
        return v
    }
}
