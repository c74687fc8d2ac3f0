import Foundation

/// A notes list's lines as the record assembler reads them: classified in chunks, on the
/// other cores while the assembler reads from the top, so that reading a long list costs
/// about as long as classifying it rather than classifying it and then assembling it.
///
/// Every line is classified on its own (``NotesLineClassifier/classify(_:number:)`` reads
/// one line), so the lines come out the same whatever thread classified them and in
/// whatever order; the assembler sees them in order, as it would from an array. A line the
/// assembler asks for whose chunk no core has started is classified by the assembler's
/// thread itself, so the stream never waits on work that is not under way, and a list
/// shorter than one chunk is read on the calling thread alone.
///
/// As each chunk is handed to the assembler, list items indented under a list item become
/// lines of its record (``NestedListItems``) — a pass from the top that needs only the
/// lines before.
final class NotesLineStream: @unchecked Sendable {
    let count: Int
    private let classify: @Sendable (Int) -> NotesLine
    private let lines: UnsafeMutablePointer<NotesLine>
    /// Lines per chunk: enough that handing one out costs nothing next to classifying it,
    /// few enough that the assembler starts at once.
    private static let chunkLines = 256
    private let chunks: Int
    /// (Asked once: the count is read from the system.)
    private static let otherCores = ProcessInfo.processInfo.activeProcessorCount - 1

    // Shared with the classifying threads, under `condition`.
    private let condition = NSCondition()
    private var claimed = 0
    private var classified: [Bool]

    // The assembler's own: one thread reads a stream (the assembler's), so these need no lock.
    /// Lines handed to the assembler so far (their chunks classified, nesting applied).
    private var available = 0
    private var nesting = NestedListItems()

    /// The stream of `count` lines, line `index` (from 0) made by `classify(index)`.
    /// `helpers` other threads (by default one per other core) classify ahead of the reader;
    /// each holds the stream until no chunk is left to start.
    init(count: Int, helpers: Int? = nil, classify: @escaping @Sendable (Int) -> NotesLine) {
        self.count = count
        self.classify = classify
        lines = .allocate(capacity: max(count, 1))
        chunks = (count + Self.chunkLines - 1) / Self.chunkLines
        classified = [Bool](repeating: false, count: chunks)
        guard chunks > 1 else { return }
        for _ in 0..<max(0, min(helpers ?? Self.otherCores, chunks - 1)) {
            DispatchQueue.global().async { [self] in
                while let chunk = claim() { fill(chunk) }
            }
        }
    }

    deinit {
        // (The helpers hold the stream until every chunk is started, and a started chunk is
        // finished before its helper lets go: none runs by now. The chunks done are released;
        // the assembler reads every line, so that is all of them.)
        condition.lock()
        let done = classified
        condition.unlock()
        for chunk in done.indices where done[chunk] {
            let range = range(of: chunk)
            (lines + range.lowerBound).deinitialize(count: range.count)
        }
        lines.deallocate()
    }

    /// Line `index`, waiting for (or doing) its chunk's classification the first time.
    subscript(index: Int) -> NotesLine {
        precondition(index >= 0 && index < count, "line \(index) of \(count)")
        if index >= available { makeAvailable(through: index) }
        return lines[index]
    }

    /// Lines `range`, in order.
    subscript(range: Range<Int>) -> [NotesLine] {
        range.map { self[$0] }
    }

    private func range(of chunk: Int) -> Range<Int> {
        chunk * Self.chunkLines..<min(count, (chunk + 1) * Self.chunkLines)
    }

    /// The next chunk nobody has started, taken.
    private func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        guard claimed < chunks else { return nil }
        claimed += 1
        return claimed - 1
    }

    private func fill(_ chunk: Int) {
        for index in range(of: chunk) { (lines + index).initialize(to: classify(index)) }
        condition.lock()
        classified[chunk] = true
        condition.broadcast()
        condition.unlock()
    }

    /// Hands the assembler every line up to `index`, chunk by chunk in order. While the chunk
    /// it needs is being classified elsewhere, this thread classifies the next chunk nobody
    /// has started rather than wait, so both do the work whichever is ahead.
    private func makeAvailable(through index: Int) {
        while available <= index {
            let chunk = available / Self.chunkLines
            while true {
                condition.lock()
                if classified[chunk] {
                    condition.unlock()
                    break
                }
                guard claimed < chunks else {
                    // Every chunk is under way: wait for this one.
                    while !classified[chunk] { condition.wait() }
                    condition.unlock()
                    break
                }
                // (Chunks are claimed in order and every chunk before this one was handed out,
                // so the one taken is this one or one after it.)
                let next = claimed
                claimed += 1
                condition.unlock()
                fill(next)
            }
            for line in range(of: chunk) { nesting.apply(to: &lines[line]) }
            available = range(of: chunk).upperBound
        }
    }
}
