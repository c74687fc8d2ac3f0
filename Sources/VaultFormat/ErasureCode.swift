/// The systematic Reed–Solomon erasure code of a recovery group (spec/FORMAT.md §11.3):
/// up to 16 data blocks and N parity blocks, parity row `p` being Σᵢ c(p, i) · blockᵢ over
/// GF(2⁸), byte by byte, with
///
///     c(p, i) = (16 ⊕ i) / ((16 + p) ⊕ i)
///
/// a Cauchy matrix 1 / (xₚ ⊕ yᵢ) (xₚ = 16 + p, yᵢ = i) with each column scaled so that row 0
/// is all ones. Row 0 is therefore plain XOR parity, and because every square submatrix of
/// a Cauchy matrix is invertible (and scaling columns keeps it so), any k erased data
/// blocks are recovered from any k intact parity blocks.
enum ErasureCode {
    static let maximumDataBlocks = 16
    static let maximumParityBlocks = 16

    static func coefficient(row p: Int, position i: Int) -> UInt8 {
        GaloisField.divide(UInt8(16 ^ i), UInt8((16 + p) ^ i))
    }

    /// Adds `coefficient × source` into `target` (both `count` bytes).
    static func accumulate(
        _ source: UnsafeRawBufferPointer, times coefficient: UInt8, into target: UnsafeMutableRawBufferPointer
    ) {
        let count = min(source.count, target.count)
        guard coefficient != 0, count > 0 else { return }
        if coefficient == 1 {
            // XOR eight bytes at a time: row 0 is the common case and the bulk of the work.
            let words = count / 8
            for w in 0..<words {
                let a = source.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self)
                let b = target.loadUnaligned(fromByteOffset: w * 8, as: UInt64.self)
                target.storeBytes(of: a ^ b, toByteOffset: w * 8, as: UInt64.self)
            }
            for k in words * 8..<count { target[k] ^= source[k] }
            return
        }
        let table = GaloisField.productTable(coefficient)
        table.withUnsafeBufferPointer { product in
            for k in 0..<count { target[k] ^= product[Int(source[k])] }
        }
    }

    /// Recovers the data blocks at `erased` positions. `syndromes[j]` must hold parity row
    /// `rows[j]` with every intact data block's contribution already added in (so what is
    /// left is Σₑ c(row, e) · blockₑ over the erased positions); on return `blocks[e]`
    /// holds each erased block. Nil when the rows cannot solve the erasures (never for
    /// distinct rows and positions, the Cauchy property).
    static func solve(erased: [Int], rows: [Int], syndromes: [[UInt8]]) -> [[UInt8]]? {
        precondition(erased.count == rows.count && rows.count == syndromes.count)
        let matrix = rows.map { row in erased.map { coefficient(row: row, position: $0) } }
        guard let inverse = GaloisField.invert(matrix) else { return nil }
        let length = syndromes.first?.count ?? 0
        return erased.indices.map { e in
            var block = [UInt8](repeating: 0, count: length)
            block.withUnsafeMutableBytes { target in
                for (j, syndrome) in syndromes.enumerated() {
                    syndrome.withUnsafeBytes { accumulate($0, times: inverse[e][j], into: target) }
                }
            }
            return block
        }
    }
}
