/// Padmé (Nikitin et al., PURBs): rounds a length so only O(log log L) bits of it remain,
/// leaking at most ~12 % overhead. Lengths below 2 are left alone.
public func padme(_ length: Int) -> Int {
    guard length >= 2 else { return length }
    let e = Int.bitWidth - 1 - length.leadingZeroBitCount  // floor(log2 L)
    let s = Int.bitWidth - (e.leadingZeroBitCount)  // floor(log2 e) + 1
    let lastBits = e - s
    let mask = (1 << lastBits) - 1
    return (length + mask) & ~mask
}
