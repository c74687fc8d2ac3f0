import Foundation

/// Runs work on many threads at once: one thread per task (DispatchQueue.concurrentPerform
/// would use one per core, two on a small machine), all released together.
public enum Simultaneous {
    /// Runs `body(0..<count)` on `count` threads started together; returns when all are done.
    public static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let ready = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for i in 0..<count {
            ready.enter()
            done.enter()
            let thread = Thread {
                ready.leave()
                start.wait()
                body(i)
                done.leave()
            }
            thread.start()
        }
        ready.wait()
        for _ in 0..<count { start.signal() }
        done.wait()
    }
}
