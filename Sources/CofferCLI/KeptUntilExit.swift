import Foundation

/// Documents a command is done with, kept until the process exits instead of freed. Freeing
/// a 100,000-item document releases every string and array of every item one at a time, on
/// one core, after the command's work is done (a tenth of a second of each `add`); at exit
/// the system takes the whole address space back at once. Only item models are kept here:
/// keys live in guarded memory their owners wipe, and decrypted buffers are wiped by their
/// readers before any document is made.
enum KeptUntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    /// Keeps `values` (a document, and what a read kept of its items for the save).
    static func keep(_ values: Any...) {
        lock.withLock { kept += values }
    }
}
