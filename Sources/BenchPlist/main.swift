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

func report(_ peer: String, _ operation: String, _ seconds: Double, _ peakMB: Double) {
    print(String(format: "%@ %@ %.4f %.1f", peer, operation, seconds, peakMB))
}

/// Runs `operation` once cold — peak RSS is read right after, so it is one run plus the
/// input — then `runs` more times for the best wall-clock time. Each result is freed
/// before the next run starts, outside the timed region, for every peer alike: freeing
/// 700,000 objects costs about as much as building them and is not part of decoding.
func measure<T>(_ runs: Int, _ operation: () throws -> T) rethrows -> (seconds: Double, peakMB: Double) {
    var result: T? = nil
    var fastest = Double.infinity
    var peak = 0.0
    for run in 0...runs {
        result = nil
        let start = DispatchTime.now().uptimeNanoseconds
        result = try operation()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        if run == 0 { peak = peakRSSMegabytes() }
    }
    withExtendedLifetime(result) {}
    return (fastest, peak)
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    print("usage: BenchPlist generate DIR | PEER decode|encode FILE [runs]")
    exit(2)
}
let mode = arguments[1]
let operation = arguments[2]
let path = arguments[3]
let runs = arguments.count > 4 ? Int(arguments[4])! : 5

func load() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

switch (mode, operation) {
case ("generate", _):  // BenchPlist generate - DIR
    let value = payload(count: 100_000)
    try Data(try BinaryPropertyList.encode(value)).write(to: URL(fileURLWithPath: path + "/payload.bplist"))
    try Data(try XMLPropertyList.encode(value)).write(to: URL(fileURLWithPath: path + "/payload.xml"))
case ("coffer", "decode"), ("coffer", "xml-decode"):
    let bytes = [UInt8](try load())
    let xml = operation == "xml-decode"
    let m = try measure(runs) {
        (xml ? try XMLPropertyList.decode(bytes) : try BinaryPropertyList.decode(bytes))
    }
    report("coffer", operation, m.seconds, m.peakMB)
case ("coffer", "encode"):
    let value = try BinaryPropertyList.decode([UInt8](try load()))
    let m = try measure(runs) { (try BinaryPropertyList.encode(value)) }
    report("coffer", operation, m.seconds, m.peakMB)
case ("serialization", "decode"):
    let data = try load()
    let m = try measure(runs) {
        (try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
    }
    report("PropertyListSerialization", operation, m.seconds, m.peakMB)
case ("serialization", "encode"):
    let object = try PropertyListSerialization.propertyList(from: try load(), options: [], format: nil)
    let m = try measure(runs) {
        (try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0))
    }
    report("PropertyListSerialization", operation, m.seconds, m.peakMB)
case ("codable", "decode"):
    let data = try load()
    let m = try measure(runs) { (try PropertyListDecoder().decode([Record].self, from: data)) }
    report("PropertyListDecoder", operation, m.seconds, m.peakMB)
case ("codable", "encode"):
    let records = try PropertyListDecoder().decode([Record].self, from: try load())
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .binary
    let m = try measure(runs) { (try encoder.encode(records)) }
    report("PropertyListEncoder", operation, m.seconds, m.peakMB)
default:
    print("unknown mode \(mode) \(operation)")
    exit(2)
}
