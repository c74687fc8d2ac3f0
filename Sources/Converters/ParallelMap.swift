import Foundation

/// `(0..<count).map(transform)` on every core, in order. For work that is independent per
/// element and costly enough to share out (classifying a notes list's lines, finishing its
/// records); below `serialBelow` elements it runs on the calling thread.
package enum ParallelMap {
    package static func map<T>(_ count: Int, serialBelow: Int = 2048, _ transform: @Sendable (Int) -> T) -> [T] {
        guard count >= serialBelow else { return (0..<count).map(transform) }
        // A few slices per core, so one slow slice does not leave a core idle.
        let slices = min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = Output(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                for i in count * slice / slices..<count * (slice + 1) / slices {
                    (out.base + i).initialize(to: transform(i))
                }
            }
            initialized = count
        }
    }

    /// Each slice writes only its own elements of the buffer.
    private struct Output<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T>
    }
}
