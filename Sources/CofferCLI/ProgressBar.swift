import CofferKit
import Foundation

/// A byte-count progress bar on stderr, drawn only when stderr is a terminal (a pipe or
/// log file gets nothing). Safe to advance from several threads: a save reads a new
/// attachment on every core.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let visible: Bool
    private let lock = NSLock()
    private var done = 0
    private var drawnPercent = -1

    init(label: String, total: Int) {
        self.label = label
        self.total = total
        visible = isatty(STDERR_FILENO) == 1
    }

    func advance(_ bytes: Int) {
        guard visible else { return }
        lock.withLock {
            done += bytes
            let percent = total > 0 ? min(100, done * 100 / total) : 100
            guard percent != drawnPercent else { return }  // at most 101 redraws
            drawnPercent = percent
            let width = 30
            let filled = width * percent / 100
            let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
            let text = "\r\(TerminalText.safe(label, multiline: false)) [\(bar)] \(percent)% of \(Self.size(total))"
            FileHandle.standardError.write(Data(text.utf8))
        }
    }

    /// Ends the bar's line (when one was drawn).
    func finish() {
        lock.withLock {
            if visible, drawnPercent >= 0 { FileHandle.standardError.write(Data("\n".utf8)) }
        }
    }

    static func size(_ bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) bytes" : String(format: "%.1f %@", value, units[unit])
    }
}

/// A blob source that moves a progress bar as the save reads it.
struct ProgressBlob: BlobSource {
    let source: any BlobSource
    let bar: ProgressBar

    var length: Int { source.length }
    var readsConcurrently: Bool { source.readsConcurrently }
    var storedFrame: (any BlobSource)? { source.storedFrame.map { ProgressBlob(source: $0, bar: bar) } }

    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws -> Int {
        let n = try source.read(into: buffer, at: offset)
        bar.advance(n)
        return n
    }
}
