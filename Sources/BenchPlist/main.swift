// Benchmark driver for scripts/bench-plist. Each peer runs in its own process so peak
// RSS is its own; the script prints the ratios. Not a test: nothing here asserts timings.
import Foundation
import PropertyList

struct Record: Codable {
    var service, username, password, url, notes, folder: String
}

/// 100,000 dictionaries of 6 short unique strings (~20 MB as bplist00).
func payload(count: Int) -> PropertyListValue {
    var records = [PropertyListValue]()
    records.reserveCapacity(count)
    for i in 0..<count {
        let n = String(i)
        var d = PropertyListDictionary(minimumCapacity: 6)
        d["service"] = .string("service-\(n)-example.com")
        d["username"] = .string("user\(n)@mail.example.org")
        d["password"] = .string("pw-\(n)-Xk9#q2!vLm7$")
        d["url"] = .string("https://site\(n).example.net/")
        d["notes"] = .string("note number \(n) ok")
        d["folder"] = .string("folder/\(i % 977)/sub")
        records.append(.dictionary(d))
    }
    return .array(records)
}

func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024  // Linux reports KiB
}

/// Best of `runs` wall-clock times, in seconds.
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var fastest = Double.infinity
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return fastest
}

func report(_ peer: String, _ operation: String, _ seconds: Double) {
    print(String(format: "%@ %@ %.4f %.1f", peer, operation, seconds, peakRSSMegabytes()))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    print("usage: BenchPlist generate DIR | MODE FILE [runs]")
    exit(2)
}
let mode = arguments[1]
let path = arguments[2]
let runs = arguments.count > 3 ? Int(arguments[3])! : 5

switch mode {
case "generate":
    let value = payload(count: 100_000)
    try Data(try BinaryPropertyList.encode(value)).write(to: URL(fileURLWithPath: path + "/payload.bplist"))
    try Data(try XMLPropertyList.encode(value)).write(to: URL(fileURLWithPath: path + "/payload.xml"))
case "coffer-binary":
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var value = PropertyListValue.bool(false)
    report("coffer", "decode", try best(runs) { value = try BinaryPropertyList.decode(bytes) })
    report("coffer", "encode", try best(runs) { _ = try BinaryPropertyList.encode(value) })
case "coffer-xml":
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var value = PropertyListValue.bool(false)
    report("coffer", "xml-decode", try best(runs) { value = try XMLPropertyList.decode(bytes) })
    report("coffer", "xml-encode", try best(runs) { _ = try XMLPropertyList.encode(value) })
case "serialization":
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var object: Any = 0
    report(
        "PropertyListSerialization", "decode",
        try best(runs) {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        })
    report(
        "PropertyListSerialization", "encode",
        try best(runs) {
            _ = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        })
case "codable":
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var records = [Record]()
    report(
        "PropertyListDecoder", "decode",
        try best(runs) {
            records = try PropertyListDecoder().decode([Record].self, from: data)
        })
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    report("PropertyListEncoder", "encode", try best(runs) { _ = try encoder.encode(records) })
default:
    print("unknown mode \(mode)")
    exit(2)
}
