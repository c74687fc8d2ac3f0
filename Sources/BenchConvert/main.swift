// Benchmark driver for scripts/bench-convert. One operation per process (so peak RSS is
// its own); prints "NAME SECONDS". Not a test.
import CofferKit
import Converters
import Foundation
import PropertyList
import VaultCrypto
import VaultFormat
import VaultModel
import ZIPFoundation

/// Resident memory now, in MiB (for the phase breakdown).
func residentMiB() -> Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = Int(statm.split(separator: " ").dropFirst().first ?? "0") ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func entries(_ count: Int) -> VaultDocument {
    var items = [VaultItem]()
    items.reserveCapacity(count)
    for i in 0..<count {
        var item = VaultItem(title: "service \(i)")
        item.username = "user\(i)@example.com"
        item.password = "pw-\(i)-Xk9#q2!vLm"
        item.urls = ["https://site\(i % 5000).example.net/login"]
        item.notes = i % 10 == 0 ? "note for \(i)\nsecond line" : nil
        item.folder = ["Group \(i % 20)"]
        items.append(item)
    }
    return VaultDocument(name: "bench", items: items)
}

/// A notes list of exactly `lines` lines in the styles people write: labelled blocks,
/// one-line records with several separators, headings, free text.
func notesList(lines: Int) -> String {
    var out = [String]()
    out.reserveCapacity(lines + 8)
    var i = 0
    while out.count < lines {
        switch i % 6 {
        case 0: out += ["Service \(i)", "user: user\(i)@example.com", "password: pw-\(i)-Xk9#q2!vLm", ""]
        case 1: out += ["Site\(i) | user\(i) | Pass-\(i)-Qz"]
        case 2: out += ["Bank \(i) - ana\(i) / Pw\(i)!x", ""]
        case 3: out += ["# Group \(i / 6)", ""]
        case 4: out += ["Remember to renew the card before \(i % 28 + 1) March", ""]
        default: out += ["Router \(i)", "https://router\(i).example.net", "admin", "R0uter-\(i)-Adm1n", ""]
        }
        i += 1
    }
    return out.prefix(lines).joined(separator: "\n") + "\n"
}

/// A Google Keep Takeout ZIP of `count` notes, each as JSON and as HTML (Takeout writes both).
func keepTakeout(count: Int) throws -> Data {
    let archive = try Archive(data: Data(), accessMode: .create)
    func add(_ path: String, _ text: String) throws {
        let bytes = Array(text.utf8)
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate
        ) { position, size in Data(bytes[Int(position)..<Int(position) + size]) }
    }
    for i in 0..<count {
        let text = i % 3 == 0 ? "user: user\(i)@example.com\npassword: pw-\(i)-Xk9#q2!vLm" : "Buy milk \(i)\nCall mum"
        let json = """
            {"color":"DEFAULT","isTrashed":false,"isPinned":\(i % 7 == 0),"isArchived":false,\
            "textContent":"\(text.replacingOccurrences(of: "\n", with: "\\n"))","title":"Note \(i)",\
            "userEditedTimestampUsec":\(1_600_000_000_000_000 + i * 1_000_000),\
            "createdTimestampUsec":\(1_600_000_000_000_000 + i * 1_000_000),"labels":[{"name":"Label \(i % 10)"}]}
            """
        try add("Takeout/Keep/Note \(i).json", json)
        let html = """
            <?xml version="1.0" encoding="UTF-8"?><html><head><title>Note \(i)</title></head><body>\
            <div class="note DEFAULT"><div class="heading">Sep 13, 2020, 12:26:40 PM</div>\
            <div class="title">Note \(i)</div><div class="content">\(text.replacingOccurrences(of: "\n", with: "<br>"))</div>\
            </div></body></html>
            """
        try add("Takeout/Keep/Note \(i).html", html)
    }
    return archive.data!
}

let args = CommandLine.arguments
let mode = args[1]
let dir = args[2]
let count = args.count > 3 ? Int(args[3])! : 100_000

switch mode {
case "generate":
    let document = entries(count)
    try Data(CSVExporter.export(document, dialect: .keepassxc).bytes).write(
        to: URL(fileURLWithPath: dir + "/entries.csv"))
    try Data(KeePassXMLExporter.export(document).bytes).write(to: URL(fileURLWithPath: dir + "/entries.xml"))
case "generate-notes":
    // COUNT lines of notes list.
    try Data(notesList(lines: count).utf8).write(to: URL(fileURLWithPath: dir + "/notes-\(count).txt"))
case "generate-keep":
    // COUNT notes in a Google Keep Takeout ZIP.
    try keepTakeout(count: count).write(to: URL(fileURLWithPath: dir + "/keep-\(count).zip"))
case "import-csv", "import-xml", "import-notes", "import-keep":
    // Read, parse, build the records and seal them into a vault (to /dev/null; key-file slot, so no KDF).
    let file =
        switch mode {
        case "import-csv": dir + "/entries.csv"
        case "import-xml": dir + "/entries.xml"
        case "import-notes": dir + "/notes-\(count).txt"
        default: dir + "/keep-\(count).zip"
        }
    let key = SystemRandom.shared.secureBytes(32)
    let devnull = open("/dev/null", O_WRONLY)
    var imported = 0
    var phases = [(String, Double, Int)]()
    // Past the CLI's import limit: 1,000,000 entries of KeePass XML are 550 MiB.
    let readLimit = InputLimit(bytes: 4 << 30, purpose: "benchmarks")
    let t = try seconds {
        var bytes = [UInt8]()
        phases.append(
            ("read", try seconds { bytes = try InputFile.read(path: file, limit: readLimit) }, residentMiB()))
        var items = [VaultItem]()
        phases.append(
            (
                "parse",
                try seconds {
                    items = try Importer.importFile(bytes, input: file).items
                    bytes = []  // as `coffer import` lets go of each input once imported
                }, residentMiB()
            ))
        imported = items.count
        // As `coffer import` saves: records made while they are encoded, on both cores.
        let payload = VaultPayload(recordSource: VaultDocument(name: "bench", items: items).recordSource)
        items = []
        phases.append(
            (
                "records+seal",
                try seconds { try VaultStore.stream(payload, slots: [(.keyFile(key), "bench")], to: devnull) },
                residentMiB()
            ))
    }
    // A notes list of COUNT lines makes fewer items; a Takeout makes one per note.
    precondition(mode == "import-notes" ? imported > 0 : imported == count, "imported \(imported)")
    // Phases on stderr, so the script's timing line stays one line.
    FileHandle.standardError.write(
        Data(
            (phases.map { "\($0.0) \(String(format: "%.2f", $0.1)) s (RSS \($0.2) MiB)" }.joined(separator: ", ") + "\n")
                .utf8))
    print("\(mode) \(t)")
case "export":
    let document = entries(count)
    for format in ["json", "xml-plist", "binary-plist", "keepass-xml", "csv-keepassxc", "csv-bitwarden"] {
        let t = try seconds {
            switch format {
            case "keepass-xml": _ = try KeePassXMLExporter.export(document)
            case "csv-keepassxc": _ = CSVExporter.export(document, dialect: .keepassxc)
            case "csv-bitwarden": _ = CSVExporter.export(document, dialect: .bitwarden)
            default: _ = try Exporter.export(document, as: Exporter.Format(rawValue: format)!)
            }
        }
        print("export-\(format) \(t)")
    }
default:
    print("unknown mode")
    exit(2)
}
