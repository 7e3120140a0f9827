/// A block tag that is open (`<section>`, `<keep>`), and how many tags of its name were opened
/// inside it and are still open: blocks do not nest, so each closing tag closes the innermost
/// of those first, and the block itself only when none is left.
struct OpenBlockTag {
    /// Where the tag is, for messages about it.
    var tagOffset: Int
    var nested = 0

    init(at tagOffset: Int) {
        self.tagOffset = tagOffset
    }

    /// A closing tag met while this block is open: true when it closes the block itself.
    mutating func close() -> Bool {
        guard nested > 0 else { return true }
        nested -= 1
        return false
    }
}
