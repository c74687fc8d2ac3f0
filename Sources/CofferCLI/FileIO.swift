import CofferKit
import Foundation

/// Reading inputs and writing outputs for commands; `-` means stdin or stdout.
enum FileIO {
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        do {
            return try InputFile.read(path: path, limit: .otherInput, regularOnly: false)
        } catch let error as ConverterError {
            throw CofferFailure.io(error.description)
        }
    }

    /// Writes atomically (temporary file in the same directory, then rename), so a failed
    /// conversion never leaves half a file where the old one was.
    static func write(_ bytes: [UInt8], to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CofferFailure.io("\(path): cannot be written (\(error.localizedDescription))")
        }
    }
}
