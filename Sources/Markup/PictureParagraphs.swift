import Text

/// A paragraph that holds nothing but pictures in their lines (an `<img>` alone on its line, in
/// a figure or in the column) is set without its first line's indent. The indent says "a new
/// paragraph of text"; before a picture it only pushes the picture off its box's or column's
/// edge, and a picture as wide as its box is then scaled down to fit what is left (a 110 pt
/// chart in a 110 pt figure drawn 101 pt wide under a body indent of 9 pt). InDesign users give
/// such paragraphs a style of their own with no indent; here the `<img>` line is the only way
/// to write one, so the rule is the layout's. A hanging first line (a list's marker) is kept.
enum PictureParagraphs {
    static func apply(to text: inout AttributedText) {
        var pictureParagraphs: [Range<Int>] = []
        ParagraphRuns.forEach(in: text) { paragraph, runs in
            // A floated picture's character takes no room in the line: its paragraph is text.
            let inLine = runs.contains { $0.attributes.image.map { $0.float == nil && $0.spanning == nil } ?? false }
            // Read only where a picture is in the line: a stretch of text read is a copy of it
            // when the text is kept a byte a unit.
            guard inLine else { return }
            let hasText = runs.contains { $0.attributes.image == nil && !isBlank(text.storage[$0.range]) }
            if !hasText { pictureParagraphs.append(paragraph) }
        }
        for paragraph in pictureParagraphs {
            var style = text.paragraphStyle(at: paragraph.lowerBound)
            guard style.firstLineIndent > 0 else { continue }
            style.firstLineIndent = 0
            text.setParagraphStyle(style, in: paragraph)
        }
    }

    /// Only spaces, tabs and the paragraph's line end.
    private static func isBlank(_ units: TextUnitSlice) -> Bool {
        units.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0xA0 }
    }
}
