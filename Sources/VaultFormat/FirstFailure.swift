import Foundation

/// The error of concurrent work (record encoding, chunk composition, record checks): the one
/// with the lowest index, so the report does not depend on thread timing.
final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var lowest = Int.max
    private(set) var error: Error?
    /// The index of ``error``'s work item.
    var index: Int? { lock.withLock { error == nil ? nil : lowest } }

    func record(_ error: Error, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        if index < lowest { (lowest, self.error) = (index, error) }
    }
}
