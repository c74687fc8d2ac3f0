import Foundation
import VaultCrypto

/// Writes a complete vault file (header and sealed chunks) to a file descriptor, streaming:
/// memory stays at a few chunks whatever the blobs weigh.
package struct VaultSealer {
    static let batchChunks = ChunkStream.batchChunks

    let keys: VaultKeys
    let slots: [KeySlot]
    let extensions: [VaultHeader.Extension]
    let generation: UInt64
    let random: RandomSource

    package init(
        keys: VaultKeys, slots: [KeySlot], extensions: [VaultHeader.Extension], generation: UInt64,
        random: RandomSource
    ) {
        self.keys = keys
        self.slots = slots
        self.extensions = extensions
        self.generation = generation
        self.random = random
    }

    /// Seals `payload`; returns the header it wrote.
    package func seal(_ payload: VaultPayload, to output: some ByteOutput) throws -> VaultHeader.Parsed {
        if let table = payload.collections, table.members.count != slots.count {
            throw VaultError(
                .invalidArgument,
                "the collection table lists \(table.members.count) members for \(slots.count) keyslots")
        }
        let compress = extensions.contains { $0.type == FormatLimits.compressionExtensionType }
        let plan = try PayloadPlan(payload, compressRecords: compress)
        var header = VaultHeader(
            generation: generation, payloadLength: UInt64(plan.geometry.payloadLength),
            payloadSalt: random.bytes(FormatLimits.payloadSaltBytes), slots: slots, extensions: extensions)
        // A file is 1.1 when it uses a 1.1 feature; without one it is a 1.0 file.
        if header.hasRecoveryTrailer || header.compressesRecords || header.hasCollections {
            header.minorVersion = FormatLimits.minorVersionWith11Features
        }
        let headerBytes = header.encode(macKey: keys.macKey)
        let parsed = VaultHeader.Parsed(header: header, bytes: headerBytes)
        try output.write(headerBytes)
        let geometry = plan.geometry
        let stream = ChunkStream(
            key: keys.payloadKey(salt: header.payloadSalt), binding: parsed.payloadBinding,
            chunkCount: geometry.chunkCount, fileRange: { _ in 0..<0 })
        // Chunks are independent: seal a batch on every core, then write it in order. The
        // records region's chunks share items and are composed in order first; blob and
        // padding chunks sit at known offsets and are composed on every core too.
        let batch = ChunkBatch(capacity: Self.batchChunks)
        defer { batch.release() }
        let composer = ChunkComposer(plan: plan, payload: payload)
        func sealAndWrite(composingFrom start: Int = Int.max, firstChunk: Int = 0) throws {
            let failure = FirstFailure()
            DispatchQueue.concurrentPerform(iterations: batch.count) { i in
                if i >= start {
                    do { try composer.composeIndependent(firstChunk + i - start, into: batch.slot(i)) } catch {
                        failure.record(error, at: i)
                        return
                    }
                }
                stream.seal(batch.plaintext(i), into: batch.sealedBuffer(i), chunk: batch.firstIndex + i)
            }
            if let error = failure.error { throw error }
            for i in 0..<batch.count { try output.write(batch.sealed(i)) }
            batch.reset(firstIndex: batch.firstIndex + batch.count)
        }
        try composer.forEachChunk(upTo: composer.recordsChunkCount, { _ in batch.nextSlot() }) { _, size in
            batch.commit(size: size)
            if batch.isFull { try sealAndWrite() }
        }
        var chunk = composer.recordsChunkCount
        while chunk < geometry.chunkCount {
            let count = min(Self.batchChunks - batch.count, geometry.chunkCount - chunk)
            let start = batch.count
            for i in 0..<count { batch.commit(size: geometry.plaintextBytes(ofChunk: chunk + i)) }
            if (chunk..<chunk + count).allSatisfy(composer.isIndependent) {
                try sealAndWrite(composingFrom: start, firstChunk: chunk)
            } else {  // a blob source that must be read from one thread
                for i in 0..<count { try composer.composeIndependent(chunk + i, into: batch.slot(start + i)) }
                try sealAndWrite()
            }
            chunk += count
        }
        if batch.count > 0 { try sealAndWrite() }
        return parsed
    }
}
