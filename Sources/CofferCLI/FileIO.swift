import CofferKit
import Foundation

/// Reading inputs and writing outputs for commands; `-` means stdin or stdout.
enum FileIO {
    static func read(_ path: String) throws -> [UInt8] {
        do {
            if path == "-" {  // bounded like a named file
                return try InputFile.read(fileDescriptor: 0, name: "stdin", limit: .otherInput)
            }
            return try InputFile.read(path: path, limit: .otherInput, regularOnly: false)
        } catch let error as ConverterError {
            throw CofferFailure.io(error.description)
        }
    }

    /// Writes an output (export, report, conversion, identity) the safe way: atomically,
    /// mode 0600, a symlink at `path` replaced and never written through, and on failure the
    /// old file left as it was (``OutputFile``). `exclusive` refuses an existing file.
    /// ``write(_:to:exclusive:)`` of `parts`, one after another, never joined.
    static func write(parts: [[UInt8]], to path: String) throws {
        if path == "-" {
            for part in parts { FileHandle.standardOutput.write(Data(part)) }
            return
        }
        try reporting(path) {
            try OutputFile.write(to: path) { emit in
                for part in parts { try part.withUnsafeBytes { try emit($0) } }
            }
        }
    }

    static func write(_ bytes: [UInt8], to path: String, exclusive: Bool = false) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try reporting(path) { try OutputFile.write(bytes, to: path, exclusive: exclusive) }
    }
}
