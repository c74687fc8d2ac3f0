// Benchmark driver for scripts/bench-container. One operation per process so peak RSS is
// its own; prints "NAME SECONDS". Not a test.
import Foundation
import PropertyList
import VaultCrypto
import VaultFormat

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let args = CommandLine.arguments
// scripts/bench-container compares the engines through the environment; the library reads none.
if let name = ProcessInfo.processInfo.environment["COFFER_CHUNK_ENGINE"],
    let engine = ChaCha20Poly1305.Engine(rawValue: name)
{
    ChaCha20Poly1305.select(engine)
}
let mode = args[1]
let identityPath = "\(args[2])"

func identity() throws -> SecureBytes {
    try IdentityText.parseIdentityFile(
        [UInt8](Data(contentsOf: URL(fileURLWithPath: identityPath))), name: identityPath)
}

// Made only by the modes that use them: top-level values in main.swift are built at start,
// and 10,000 records would count in every mode's peak RSS.
func makeRecords() -> [PropertyListValue] {
    (0..<10_000).map { i in
        [
            "title": .string("service \(i)"), "username": .string("user\(i)@example.com"),
            "password": .string("pw-\(i)-secret"),
        ]
    }
}

switch mode {
case "seal":  // seal IDENTITY SOURCE OUT
    let recipient = X25519.publicKey(of: try identity())
    let out = open(args[4], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let blob = try FileBlob(path: args[3])
    let t = try seconds {
        try VaultStore.stream(
            VaultPayload(blobs: [(id: Array(repeating: 1, count: 16), source: blob)]),
            slots: [(.recipient(recipient), "bench")], to: out)
    }
    close(out)
    print("coffer-seal \(t)")
case "open":  // open IDENTITY VAULT
    let devnull = open("/dev/null", O_WRONLY)
    let t = try seconds {
        let vault = try VaultFile(path: args[3]).unlock(with: Credentials(identities: [try identity()]))
        try vault.readBlob(id: Array(repeating: 1, count: 16)) { bytes in
            _ = write(devnull, bytes.baseAddress, bytes.count)
        }
    }
    print("coffer-open \(t)")
case "records-vault":  // records-vault IDENTITY OUT [BLOB]: 10,000 records, optionally one blob
    let recipient = X25519.publicKey(of: try identity())
    let out = open(args[3], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let blobs: [(id: [UInt8], source: any BlobSource)] =
        args.count > 4 ? [(Array(repeating: 1, count: 16), try FileBlob(path: args[4]))] : []
    try VaultStore.stream(
        VaultPayload(records: makeRecords(), blobs: blobs), slots: [(.recipient(recipient), "bench")], to: out)
    close(out)
case "read-records":  // read-records IDENTITY VAULT: best of 5
    let vault = try VaultFile(path: args[3]).unlock(with: Credentials(identities: [try identity()]))
    let expected = makeRecords().count
    var best = Double.infinity
    for _ in 0..<5 {
        best = min(
            best,
            try seconds {
                let count = try vault.readRecords().count
                precondition(count == expected)
            })
    }
    print("read-records \(best)")
case "loop":  // loop ENGINE SOURCE: one core, 64 KiB chunks, the raw AEAD limit of ENGINE
    guard let engine = ChaCha20Poly1305.Engine(rawValue: args[2]) else {
        print("engine must be libsodium or openssl")
        exit(2)
    }
    let fd = open(args[3], O_RDONLY)
    let key = SystemRandom.shared.secureBytes(32)
    let plain = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 64)
    let sealed = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_552, alignment: 64)
    let nonce = [UInt8](repeating: 0, count: 12)
    let t = seconds {
        while true {
            let n = read(fd, plain.baseAddress, 65_536)
            if n <= 0 { break }
            ChaCha20Poly1305.seal(
                UnsafeRawBufferPointer(rebasing: plain[0..<n]), into: sealed, key: key, nonce: nonce,
                associatedData: [],
                engine: engine)
        }
    }
    print("\(engine)-loop \(t)")
default:
    print("unknown mode")
    exit(2)
}
