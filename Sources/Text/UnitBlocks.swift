/// UTF-16 units looked at eight at a time (one SIMD comparison a block), for the loops every
/// character of a document goes through: a block that cannot hold what is looked for is passed
/// over whole, and only the block that may is looked at unit by unit, by the caller.
public enum UnitBlocks {
    public typealias Block = SIMD8<UInt16>

    /// The start of the first whole block of `units` from `start` up to `end` for which
    /// `mayHold` holds, or of the units left before `end` after the last whole block.
    @inlinable @inline(__always)
    public static func firstBlock(in units: UnsafeBufferPointer<UInt16>, from start: Int, end: Int,
                                  where mayHold: (Block) -> Bool) -> Int {
        firstBlock(of: Block.self, in: units, from: start, end: end, where: mayHold)
    }

    /// The same for blocks of any width and units of any size (a source kept one byte a unit
    /// is looked at sixteen units at a time).
    @inlinable @inline(__always)
    public static func firstBlock<Blocks: SIMD>(of _: Blocks.Type, in units: UnsafeBufferPointer<Blocks.Scalar>, from start: Int,
                                                end: Int, where mayHold: (Blocks) -> Bool) -> Int {
        guard let base = UnsafeRawPointer(units.baseAddress) else { return start }
        var index = start
        while index + Blocks.scalarCount <= end {
            let block = base.loadUnaligned(fromByteOffset: index * MemoryLayout<Blocks.Scalar>.stride, as: Blocks.self)
            if mayHold(block) { break }
            index += Blocks.scalarCount
        }
        return index
    }
}
