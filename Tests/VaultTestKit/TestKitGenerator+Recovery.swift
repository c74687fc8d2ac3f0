import Foundation
import PropertyList
import VaultCrypto
import VaultFormat

extension TestKitGenerator {
    /// `protected` (a header with the recovery extension and its payload) with a recovery
    /// trailer of `parity` rows appended (spec/FORMAT.md §11).
    public static func withTrailer(_ protected: [UInt8], headerLength: Int, parity: Int = 1) throws -> [UInt8] {
        let layout = RecoveryLayout(
            headerLength: headerLength, payloadLength: protected.count - headerLength, parity: parity)!
        let output = MemoryOutput()
        try RecoveryTrailer.write(for: layout, from: FileBytes(bytes: protected), to: output.write)
        return protected + output.bytes
    }

    /// The 1.1 vectors: files with a recovery trailer, intact, damaged and repairable,
    /// damaged beyond repair, and forged.
    static func recoveryVectors(
        success: (String, Base, String, String) throws -> Void,
        failure: (String, VaultError.Kind, [UInt8], String, String, _ repair: [UInt8]?) -> Void
    ) throws {
        let keyFileRecipe = SlotRecipe.keyFile(secure(keyFile))
        let recovery = [VaultHeader.recoveryExtension]
        var small = try build(
            seed: 40, slots: [(keyFileRecipe, "")], payload: VaultPayload(records: records), extensions: recovery)
        small.bytes = try withTrailer(small.bytes, headerLength: small.headerLength)
        try success("success_recovery_trailer", small, "key file", "1.1: one chunk and a recovery trailer, parity 1")
        var three = try build(
            seed: 41, slots: [(keyFileRecipe, "")],
            payload: VaultPayload(records: records, blobs: [blob(140_000, 5)]), extensions: recovery)
        three.bytes = try withTrailer(three.bytes, headerLength: three.headerLength, parity: 3)
        try success("success_recovery_parity_3", three, "key file", "1.1: three chunks, parity 3 per group")

        let layout = RecoveryLayout(
            headerLength: small.headerLength, payloadLength: Int(small.header.payloadLength), parity: 1)!
        let intact = SHA256.hash(small.bytes)
        func flipped(_ offsets: [Int], in bytes: [UInt8] = small.bytes) -> [UInt8] {
            var bytes = bytes
            for offset in offsets { bytes[offset] ^= 0x08 }
            return bytes
        }
        failure(
            "payload_recovery_repairable", .payloadDamaged, flipped([small.headerLength + 100]), "key file",
            "1.1: one bit of the chunk flipped; a keyless repair restores it", intact)
        failure(
            "not_coffer_recovery_repairable", .notCofferFile, flipped([2]), "key file",
            "1.1: one bit of the magic flipped; the footer locates the trailer and a repair restores it", intact)
        failure(
            "header_recovery_repairable", .headerCorrupted, flipped([40]), "key file",
            "1.1: one bit of the header's generation flipped; a repair restores it", intact)
        failure(
            "payload_recovery_footer", .payloadDamaged, flipped([layout.footerOffset + 12]), "key file",
            "1.1: the footer damaged: the vault opens (found by its length), full verification fails; repairable",
            intact)
        failure(
            "payload_recovery_table", .payloadDamaged, flipped([layout.tableOffset + 1]), "key file",
            "1.1: the checksum table damaged; the data is proved intact by its parity, and a repair rewrites the table",
            intact)
        failure(
            "payload_recovery_parity", .payloadDamaged, flipped([layout.parityOffset + 5]), "key file",
            "1.1: the parity block damaged; a repair recomputes it", intact)
        let twoBlocks = [
            layout.range(ofBlock: layout.headerBlocks).lowerBound + 1,
            layout.range(ofBlock: layout.blockCount - 1).lowerBound,
        ]
        failure(
            "payload_recovery_unrepairable", .payloadDamaged, flipped(twoBlocks), "key file",
            "1.1: two blocks of the one group damaged, parity 1: a repair must refuse", nil)
        // Anyone can recompute every keyless check: repair finds nothing, the tag still fails.
        let forged = try withTrailer(
            flipped([small.headerLength + 100]).prefix(layout.protectedLength).map { $0 },
            headerLength: small.headerLength)
        failure(
            "payload_recovery_forged", .payloadDamaged, forged, "key file",
            "1.1: a chunk byte changed and the whole trailer recomputed: nothing to repair, and it still fails",
            SHA256.hash(forged))
        failure(
            "header_recovery_extension_data", .headerCorrupted,
            edited(small) { $0.extensions = [.init(type: FormatLimits.recoveryExtensionType, data: [2])] },
            "key file",
            "1.1: the recovery extension changed to scheme 2 and the header re-MACed: two header blocks differ, beyond parity 1",
            nil)
        failure(
            "truncated_recovery_trailer", .truncated, Array(small.bytes.dropLast(40)), "key file",
            "1.1: the file cut inside the recovery trailer", nil)
        failure(
            "trailing_recovery", .trailingData, small.bytes + [0], "key file", "1.1: a byte after the footer", nil)
    }
}
