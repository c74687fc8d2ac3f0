internal import CLibXML2
import Foundation

/// Large documents on two threads: libxml2 runs on a worker and records its events into
/// compact batches; the calling thread replays them into the handler. The handler sees the
/// same events, in the same order, with the same positions, as from a one-thread parse —
/// but the tokenizing and the handling overlap (a 55 MB KeePass export: 0.75 s → ~0.45 s).
/// Memory stays at a few batches.
extension XMLEventParser {
    static func parsePipelined(_ bytes: UnsafeRawBufferPointer, handler: some XMLEventHandler) throws {
        xmlInitParser()  // libxml2's global state, set up before a second thread uses it
        let channel = EventBatchChannel(capacity: 4)
        let recorder = EventRecorder(channel: channel)
        let producer = XMLEventParser(handler: recorder)
        let consumer = XMLEventParser(handler: handler)
        let finished = DispatchSemaphore(value: 0)
        let work = ProducerWork(parser: producer, bytes: bytes)
        let thread = Thread {
            do { try work.parser.run(work.bytes) } catch { work.error = error }
            recorder.flush()
            channel.close()
            finished.signal()
        }
        thread.stackSize = 8 << 20  // as the main thread's: libxml2 on hostile nesting
        thread.start()
        var replayer = EventReplayer()
        while let batch = channel.next() {
            guard !consumer.hasFailed else { continue }  // drain, so the producer can finish
            replayer.replay(batch, to: handler, parser: consumer)
            if consumer.hasFailed { channel.cancel() }
        }
        finished.wait()
        if let error = consumer.error { throw error }
        if let error = work.error { throw error }
    }
}

/// What the producer thread works on. Only it touches the parser and the input until it
/// signals `finished`; the caller reads `error` after that.
private final class ProducerWork: @unchecked Sendable {
    let parser: XMLEventParser
    let bytes: UnsafeRawBufferPointer
    var error: Error?
    init(parser: XMLEventParser, bytes: UnsafeRawBufferPointer) {
        self.parser = parser
        self.bytes = bytes
    }
}

/// A batch of recorded events in one malloc'd buffer, handed from thread to thread whole.
private final class EventBatch: @unchecked Sendable {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    }

    deinit { base.deallocate() }

    @inline(__always) func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let bigger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
        bigger.copyMemory(from: base, byteCount: count)
        base.deallocate()
        (base, capacity) = (bigger, grown)
    }

    @inline(__always) func byte(_ value: UInt8) {
        reserve(1)
        base.storeBytes(of: value, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    @inline(__always) func u32(_ value: Int) {
        reserve(4)
        base.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, toByteOffset: count, as: UInt32.self)
        count += 4
    }

    @inline(__always) func bytes(_ start: UnsafeRawPointer, _ length: Int) {
        reserve(length)
        (base + count).copyMemory(from: start, byteCount: length)
        count += length
    }

    /// A NUL-terminated name, terminator included.
    @inline(__always) func cString(_ name: UnsafePointer<UInt8>) {
        bytes(name, strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)) + 1)
    }
}

/// Batches handed from the producer to the consumer, at most `capacity` waiting.
private final class EventBatchChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [EventBatch] = []
    private var closed = false
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// False once the consumer has given up (the producer then stops).
    func send(_ batch: EventBatch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= capacity && !cancelled { condition.wait() }
        if cancelled { return false }
        queue.append(batch)
        condition.broadcast()
        return true
    }

    func next() -> EventBatch? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !closed { condition.wait() }
        if queue.isEmpty { return nil }
        let batch = queue.removeFirst()
        condition.broadcast()
        return batch
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func cancel() {
        condition.lock()
        cancelled = true
        queue.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}

/// Event encoding in a batch (little-endian):
/// start `1, line u32, column u32, name…NUL, attribute count u16, (name…NUL, value length u32, value)*`;
/// characters `2, length u32, bytes`; end `3, line u32, column u32`.
private enum EventCode: UInt8 {
    case start = 1
    case characters, end
}

private final class EventRecorder: XMLEventHandler, @unchecked Sendable {
    static let batchBytes = 256 << 10
    private let channel: EventBatchChannel
    @exclusivity(unchecked) private var batch = EventBatch(capacity: EventRecorder.batchBytes + 4096)

    init(channel: EventBatchChannel) { self.channel = channel }

    func xmlStart(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, parser: XMLEventParser) {
        let batch = batch
        batch.byte(EventCode.start.rawValue)
        batch.u32(parser.line)
        batch.u32(parser.column)
        batch.cString(name)
        batch.byte(UInt8(truncatingIfNeeded: attributes.count))
        batch.byte(UInt8(truncatingIfNeeded: attributes.count >> 8))
        for i in 0..<attributes.count {
            let entry = attributes.pointer! + 5 * i
            batch.cString(entry[0]!)
            let start = entry[3]!, end = entry[4]!
            batch.u32(end - start)
            batch.bytes(start, end - start)
        }
        sendIfFull(parser)
    }

    func xmlCharacters(_ text: UnsafeBufferPointer<UInt8>, parser: XMLEventParser) {
        let batch = batch
        batch.byte(EventCode.characters.rawValue)
        batch.u32(text.count)
        if let start = text.baseAddress { batch.bytes(start, text.count) }
        sendIfFull(parser)
    }

    func xmlEnd(parser: XMLEventParser) {
        let batch = batch
        batch.byte(EventCode.end.rawValue)
        batch.u32(parser.line)
        batch.u32(parser.column)
        sendIfFull(parser)
    }

    @inline(__always) private func sendIfFull(_ parser: XMLEventParser) {
        guard batch.count >= Self.batchBytes else { return }
        if !channel.send(batch) { parser.fail("stopped: the reader failed") }
        batch = EventBatch(capacity: Self.batchBytes + 4096)
    }

    func flush() {
        if batch.count > 0 { _ = channel.send(batch) }
    }
}

/// Calls the handler for each recorded event, with pointers into the batch.
private struct EventReplayer {
    private var attributePointers = [UnsafePointer<UInt8>?]()

    mutating func replay(_ batch: EventBatch, to handler: some XMLEventHandler, parser: XMLEventParser) {
        withExtendedLifetime(batch) {
            let buffer = UnsafeBufferPointer(start: batch.base.assumingMemoryBound(to: UInt8.self), count: batch.count)
            let base = buffer.baseAddress!
            var at = 0
            func u32() -> Int {
                let value = UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self)
                at += 4
                return Int(UInt32(littleEndian: value))
            }
            func cString() -> UnsafePointer<UInt8> {
                let start = base + at
                at += strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)) + 1
                return start
            }
            while at < buffer.count, !parser.hasFailed {
                let code = buffer[at]
                at += 1
                switch EventCode(rawValue: code) {
                case .start:
                    parser.replayPosition = (u32(), u32())
                    let name = cString()
                    let count = Int(buffer[at]) | Int(buffer[at + 1]) << 8
                    at += 2
                    guard count > 0 else {  // most elements: no attribute array touched at all
                        handler.xmlStart(name, attributes: XMLAttributes(pointer: nil, count: 0), parser: parser)
                        continue
                    }
                    attributePointers.removeAll(keepingCapacity: true)
                    for _ in 0..<count {
                        let attributeName = cString()
                        let length = u32()
                        attributePointers += [attributeName, nil, nil, base + at, base + at + length]
                        at += length
                    }
                    attributePointers.withUnsafeMutableBufferPointer { pointers in
                        handler.xmlStart(
                            name, attributes: XMLAttributes(pointer: pointers.baseAddress, count: count), parser: parser
                        )
                    }
                case .characters:
                    let length = u32()
                    handler.xmlCharacters(UnsafeBufferPointer(start: base + at, count: length), parser: parser)
                    at += length
                case .end:
                    parser.replayPosition = (u32(), u32())
                    handler.xmlEnd(parser: parser)
                case nil:
                    preconditionFailure("corrupt event batch")  // written by EventRecorder just above
                }
            }
        }
    }
}
