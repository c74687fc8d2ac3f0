import Foundation
import TestSupport
import Testing

/// `coffer` on vaults whose chunks authenticate but whose decrypted layout is hostile (the
/// test kit's forged payload vectors): a payload failure, exit 16, from every command that
/// reads the payload — never a trap (exit 132 was a SIGILL) and never a silent drop.
@Suite struct HostilePayloadCLITests {
    static let kit = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../samples/testkit").standardized

    /// A vector's vault bytes (after the blank line) written to `dir/name.coffer`.
    static func vault(_ name: String, in dir: URL) throws -> String {
        let data = try Data(contentsOf: kit.appendingPathComponent(name))
        let blank = try #require(data.firstRange(of: Data("\n\n".utf8)))
        try data[blank.upperBound...].write(to: dir.appendingPathComponent(name + ".coffer"))
        return name + ".coffer"
    }

    @Test(arguments: [
        "payload_chunk0_frame_only", "payload_chunk0_index_length_cut", "payload_record_after_record_count",
        "payload_blobs_out_of_order", "payload_index_format_string", "payload_padme_extra_chunk",
    ])
    func readersExitWithPayloadFailure(vector: String) throws {
        let dir = try CLITests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try Self.vault(vector, in: dir)
        let pw = ["COFFER_PASSPHRASE": "correct horse battery staple"]
        for command in [["verify", file], ["export", file, "--format", "json", "-o", "out.json"], ["list", file]] {
            let run = try CLITests.coffer(command, environment: pw, in: dir)
            #expect(run.status == 16, "\(vector) \(command[0]): \(run.status) \(run.stderr)")
            #expect((run.stdout + run.stderr).contains("payload failure"), "\(vector) \(command[0]): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.json").path))
    }
}
