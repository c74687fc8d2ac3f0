import Foundation
import Testing

@testable import Converters

/// Inputs are read whole, so each read is bounded and only regular files are read by path:
/// `/dev/zero` and endless pipes end in an error, a FIFO without a writer never blocks.
@Suite struct InputFileTests {
    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffer-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func devZeroIsRefusedAsADevice() throws {
        #expect(throws: ConverterError(.notRegularFile, input: "/dev/zero", "")) {
            try InputFile.read(path: "/dev/zero", limit: .importFile)
        }
        do {
            _ = try InputFile.read(path: "/dev/zero", limit: .propertyList)
            Issue.record("/dev/zero was read")
        } catch let error as ConverterError {
            #expect(error.found == "a character device" && error.expected == "a regular file")
        }
    }

    @Test func standardInputIsBoundedToo() throws {
        // What `coffer import - < /dev/zero` reads: the limit plus one byte, then an error.
        let fd = open("/dev/zero", O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let limit = InputLimit(bytes: 1 << 20, purpose: "imports")
        do {
            _ = try InputFile.read(fileDescriptor: fd, name: "<stdin>", limit: limit)
            Issue.record("read past the limit")
        } catch let error as ConverterError {
            #expect(error.code == .tooLarge)
            #expect(error.description == "<stdin>: larger than the 1 MiB limit for imports")
        }
    }

    @Test func aFIFOWithoutAWriterIsRefusedWithoutBlocking() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // The read runs on its own thread, so a read that blocks (as the old one did, in
        // open) fails this test instead of hanging the suite: a writer is opened to free it.
        nonisolated(unsafe) var outcome: Result<[UInt8], ConverterError>?
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            outcome = Result { try InputFile.read(path: fifo, limit: .importFile) }.mapError {
                $0 as? ConverterError ?? ConverterError(input: fifo, "\($0)")
            }
            done.signal()
        }
        if done.wait(timeout: .now() + 60) == .timedOut {
            Issue.record("reading a FIFO without a writer blocked")
            let writer = open(fifo, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            done.wait()
            return
        }
        #expect(throws: ConverterError(.notRegularFile, input: fifo, "")) { try outcome!.get() }
    }

    @Test func directoriesAreRefused() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: ConverterError(.notRegularFile, input: dir.path, "")) {
            try InputFile.read(path: dir.path, limit: .importFile)
        }
    }

    @Test func aFileAtTheLimitIsReadAndOneByteMoreIsRefused() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let limit = InputLimit(bytes: 100_000, purpose: "imports")
        let path = dir.appendingPathComponent("export.csv").path
        let bytes = (0..<limit.bytes).map { UInt8(truncatingIfNeeded: $0) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(try InputFile.read(path: path, limit: limit) == bytes)
        try Data(bytes + [0]).write(to: URL(fileURLWithPath: path))
        do {
            _ = try InputFile.read(path: path, limit: limit)
            Issue.record("read past the limit")
        } catch let error as ConverterError {
            #expect(error.description == "\(path): larger than the 100000 bytes limit for imports")
        }
    }

    @Test func aMissingFileIsNamed() {
        #expect(throws: ConverterError(.unreadable, input: "/nonexistent/export.csv", "")) {
            try InputFile.read(path: "/nonexistent/export.csv", limit: .importFile)
        }
    }

    @Test func theDocumentedLimits() {
        #expect(InputLimit.importFile.size == "256 MiB" && InputLimit.propertyList.size == "256 MiB")
        #expect(ImportLimits.standard.inflatedBytes == 512 << 20 && ImportLimits.standard.groupDepth == 256)
        #expect(InputLimit.size(ImportLimits.standard.referencedBytes) == "1 GiB")
    }
}
