/// Arithmetic in GF(2⁸) with the polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator 2,
/// the field RAID-6 and most Reed–Solomon erasure codes use (spec/FORMAT.md §11.3).
/// Addition is XOR; multiplication goes through log and exp tables.
enum GaloisField {
    /// exp[i] = 2^i, doubled in length so exp[log a + log b] needs no modulo.
    static let exp: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        var value = 1
        for i in 0..<255 {
            table[i] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for i in 255..<512 { table[i] = table[i - 255] }
        return table
    }()

    /// log[a] for a ≠ 0; log[0] is unused.
    static let log: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for i in 0..<255 { table[Int(exp[i])] = i }
        return table
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return exp[log[Int(a)] + log[Int(b)]]
    }

    /// The multiplicative inverse; `a` must not be 0.
    static func inverse(_ a: UInt8) -> UInt8 {
        precondition(a != 0, "0 has no inverse in GF(256)")
        return exp[255 - log[Int(a)]]
    }

    static func divide(_ a: UInt8, _ b: UInt8) -> UInt8 { multiply(a, inverse(b)) }

    /// The 256 products `c × x`, so a block is multiplied by `c` with one lookup a byte.
    static func productTable(_ c: UInt8) -> [UInt8] { (0..<256).map { multiply(c, UInt8($0)) } }

    /// The inverse of a square matrix, by Gauss–Jordan elimination; nil when it is singular.
    static func invert(_ matrix: [[UInt8]]) -> [[UInt8]]? {
        let n = matrix.count
        var left = matrix
        var right = (0..<n).map { row in (0..<n).map { $0 == row ? UInt8(1) : 0 } }
        for column in 0..<n {
            guard let pivot = (column..<n).first(where: { left[$0][column] != 0 }) else { return nil }
            left.swapAt(column, pivot)
            right.swapAt(column, pivot)
            let scale = inverse(left[column][column])
            for k in 0..<n {
                left[column][k] = multiply(left[column][k], scale)
                right[column][k] = multiply(right[column][k], scale)
            }
            for row in 0..<n where row != column && left[row][column] != 0 {
                let factor = left[row][column]
                for k in 0..<n {
                    left[row][k] ^= multiply(factor, left[column][k])
                    right[row][k] ^= multiply(factor, right[column][k])
                }
            }
        }
        return right
    }
}
