// libFuzzer targets for every reader of untrusted bytes, built by scripts/fuzz with
// `-sanitize=fuzzer,address -DFUZZING`. Built normally, the same binary replays files
// through a target (`Fuzz TARGET FILE...`), so a crash found once stays reproducible.
// Any thrown error is a correct answer to bad input; a crash, a hang or a failed
// round-trip precondition is a bug.
import Converters
import Foundation
import PropertyList
import VaultCrypto
import VaultFormat
import VaultTestKit

enum FuzzTarget: String, CaseIterable {
    case bplist, xmlplist, jsonplist
    case vaultHeader = "vault-header"
    /// The decrypted payload: the input is sealed as a vault's plaintext under a fixed key
    /// (``PayloadHarness``), then read the ways `coffer` reads it.
    case vaultPayload = "vault-payload"
    /// A whole vault file through the keyless recovery code (spec/FORMAT.md §11): locate,
    /// check, repair, partial repair for salvage.
    case vaultRepair = "vault-repair"
    /// A private collection (spec/FORMAT.md §13): the input as a sealed collection's
    /// plaintext, sealed under a fixed key and opened; and as a bplist00 index's collection
    /// table.
    case vaultCollection = "vault-collection"
    case importer = "import"

    func run(_ bytes: [UInt8]) {
        switch self {
        case .bplist:
            guard let value = try? BinaryPropertyList.decode(bytes) else { return }
            // What was read must write and read back as the same value.
            guard let encoded = try? BinaryPropertyList.encode(value) else { return }
            precondition((try? BinaryPropertyList.decode(encoded)) == value, "bplist round trip changed the value")
        case .xmlplist:
            guard let value = try? XMLPropertyList.decode(bytes) else { return }
            guard let encoded = try? XMLPropertyList.encode(value) else { return }
            precondition((try? XMLPropertyList.decode(encoded)) == value, "XML plist round trip changed the value")
        case .jsonplist:
            _ = try? JSONPropertyList.decodeForeign(bytes)
            guard let value = try? JSONPropertyList.decode(bytes) else { return }
            guard let encoded = try? JSONPropertyList.encode(value) else { return }
            precondition((try? JSONPropertyList.decode(encoded)) == value, "JSON round trip changed the value")
        case .vaultHeader:
            // Random bytes never pass the checksums, so they are recomputed first: the fuzzer
            // then reaches every field check behind them.
            _ = try? VaultHeader.parse(Self.withValidChecks(bytes))
            _ = try? VaultHeader.parse(bytes)
        case .vaultPayload:
            let sealed = Self.payloadHarness.seal(plaintext: bytes)
            guard let vault = try? VaultFile(bytes: sealed).unlock(with: Self.payloadHarness.credentials) else {
                preconditionFailure("the harness's own vault did not open")
            }
            let verified = (try? vault.verifyEverything()) != nil
            let records = try? vault.readRecords()
            // What verify accepts, every other reader accepts too.
            precondition(!verified || records != nil, "verify accepted a payload readRecords refuses")
            for blob in (try? vault.blobList()) ?? [] {
                let read = (try? vault.readBlob(id: blob.id) { _ in }) != nil
                precondition(!verified || read, "verify accepted a blob readBlob refuses")
            }
            _ = vault.salvage()
        case .vaultRepair:
            for candidate in [bytes, Self.withValidFooter(Self.withValidChecks(bytes))] {
                _ = try? VaultFile(bytes: candidate)
                _ = try? VaultRepair.check(bytes: candidate)
                _ = try? VaultRepair.repaired(bytes: candidate, partial: true)
                // What a repair writes has nothing left to repair.
                if let repaired = try? VaultRepair.repaired(bytes: candidate) {
                    precondition(
                        (try? VaultRepair.check(bytes: repaired))?.isClean == true, "a repair left damage behind")
                }
            }
        case .vaultCollection:
            let plain = Array(bytes.prefix(1 << 20))
            let sealed = SealedCollection.sealPlaintext(
                plain, id: Self.collectionID, key: Self.collectionKey, salt: Self.collectionID + Self.collectionID)
            if let contents = try? SealedCollection.open(sealed, id: Self.collectionID, key: Self.collectionKey) {
                _ = try? CollectionContents(decoding: contents)
            }
            if let value = try? BinaryPropertyList.decode(bytes), let d = value.dictionaryValue {
                _ = try? CollectionTable(members: d["members"], collections: d["collections"], slotCount: 2)
            }
        case .importer:
            _ = try? Importer.importFile(bytes, input: "fuzz")
        }
    }

    static let collectionID = [UInt8](repeating: 0x0C, count: 16)
    static let collectionKey = [UInt8](repeating: 0x42, count: 32).withUnsafeBytes { SecureBytes(copying: $0) }

    /// `bytes` with the recovery footer's checksum made right, when they end in something
    /// that starts like one: the fuzzer then reaches the layout behind it.
    static func withValidFooter(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 32 else { return bytes }
        var bytes = bytes
        let start = bytes.count - 32
        guard Array(bytes[start..<start + 8]) == Array("COFFPAR1".utf8) else { return bytes }
        bytes.replaceSubrange(start + 24..<start + 32, with: BLAKE2b.hash(Array(bytes[start..<start + 24])).prefix(8))
        return bytes
    }

    /// `bytes` with the prefix check and the header checksum made right for whatever
    /// header length they claim.
    static func withValidChecks(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        guard bytes.count >= FormatLimits.prefixBytes else { return bytes }
        bytes.replaceSubrange(16..<20, with: BLAKE2b.hash(Array(bytes[0..<16])).prefix(4))
        let length = Int(bytes[12]) | Int(bytes[13]) << 8 | Int(bytes[14]) << 16 | Int(bytes[15]) << 24
        let checksumStart = length - FormatLimits.checksumBytes - FormatLimits.macBytes
        guard checksumStart >= FormatLimits.prefixBytes, length <= bytes.count else { return bytes }
        bytes.replaceSubrange(
            checksumStart..<checksumStart + FormatLimits.checksumBytes,
            with: BLAKE2b.hash(Array(bytes[..<checksumStart])))
        return bytes
    }
}

extension FuzzTarget {
    // swift-format-ignore: NeverUseForceTry
    /// Built once: a fuzzer run must not pay for it on every input.
    static let payloadHarness = try! PayloadHarness()
}

/// The target named by COFFER_FUZZ_TARGET (libFuzzer owns the command line).
let fuzzTarget: FuzzTarget = {
    let name = getenv("COFFER_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("COFFER_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzTarget.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if FUZZING
    // SwiftPM links an executable's entry point as `<Target>_main` and points `main` at it;
    // here it hands control to libFuzzer's driver with the callback above.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @_cdecl("Fuzz_main")
    func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var argc = argc
        var argv = argv
        // Made before the first input, so LeakSanitizer does not count the harness's one
        // allocation against the input that happened to build it.
        if fuzzTarget == .vaultPayload { _ = FuzzTarget.payloadHarness }
        return LLVMFuzzerRunDriver(&argc, &argv) { fuzzOneInput($0, $1) }
    }
#else
    /// Replay: `Fuzz TARGET FILE...` runs each file through the target.
    @main enum Replay {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                print("usage: Fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE...")
                exit(2)
            }
            for path in arguments.dropFirst() {
                target.run([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            }
            print("\(arguments.count - 1) inputs through \(name): no crash")
        }
    }
#endif
