import ArgumentParser
import CofferKit

struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Convert and print property lists (binary, XML, JSON).",
        discussion: examples(
            "coffer plist print ~/Library/Preferences/com.apple.Finder.plist",
            "coffer plist convert in.plist --to json -o out.json"),
        subcommands: [Convert.self, Print.self]
    )
}

extension PropertyListFormat: ExpressibleByArgument {}

extension PlistCommand {
    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Convert a property list between binary, XML and JSON.",
            discussion: "The input syntax is detected from its content. JSON uses Coffer's mapping (spec/PLIST.md)."
                + "\n\n"
                + examples(
                    "coffer plist convert Info.plist --to xml", "coffer plist convert - --to json < keychain.bplist"))

        @Argument(help: "Input file, or - for standard input.")
        var input: String

        @Option(name: .long, help: "Output syntax: binary, xml or json.")
        var to: PropertyListFormat

        @Option(name: .shortAndLong, help: "Output file, or - for standard output.")
        var output: String = "-"

        @Flag(name: .long, help: "Write dictionary keys in sorted order (plistlib's default).")
        var sortKeys = false

        func run() throws {
            let value = try decodeInput(input)
            let bytes: [UInt8]
            do {
                bytes = try PropertyListCoding.encode(value, as: to, sortKeys: sortKeys)
            } catch let error as PropertyListError {
                throw CofferFailure.invalidData("cannot write \(to.rawValue): \(error)")
            }
            try FileIO.write(bytes, to: output)
        }
    }

    struct Print: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a property list for reading, like plutil -p.",
            discussion: examples("coffer plist print Info.plist"))

        @Argument(help: "Input files, or - for standard input.")
        var inputs: [String]

        func validate() throws {
            guard !inputs.isEmpty else {
                throw ValidationError("name at least one input file, or - for standard input")
            }
        }

        func run() throws {
            for input in inputs {
                if inputs.count > 1 { print("\(input):") }
                print(PropertyListPrinter.render(try decodeInput(input)), terminator: "")
            }
        }
    }
}

/// Reads and decodes a file, turning codec errors into messages that name the file.
func decodeInput(_ path: String) throws -> PropertyListValue {
    let bytes = try ImportInputs.readInput(path, limit: .propertyList)
    do {
        return try PropertyListCoding.decode(bytes).value
    } catch let error as PropertyListError {
        throw CofferFailure.invalidData("\(path == "-" ? "<stdin>" : path): \(error)")
    }
}
