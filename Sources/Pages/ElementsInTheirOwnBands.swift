import Layout
import Text

/// A picture or a box across columns or over a gutter stands inside its own section's band:
/// no column of another section's text reaches into it (the page checker's `SectionBandCheck`;
/// docs/pipeline.md, "Every picture or box across columns or over a gutter stands in its own
/// section's band"). One that would is moved on, as LaTeX and InDesign move a float: anchored on
/// the page, it waits for the next; waiting from an earlier page, it stands in a band of its own
/// (`PictureReservation.ownBands`).
extension PlacedPicture {
    /// Whether a column of `frames` whose first line is of another section than the element's
    /// anchor reaches into it.
    func standsInAnotherSectionsBand(of frames: [Frame], in text: AttributedText) -> Bool {
        let section = text.sectionNumber(at: anchor)
        return frames.contains { frame in
            guard let first = frame.lines.first?.stringRange.lowerBound else { return false }
            return rect.overlapDepth(frame.container.rect) > BandSetter.tolerance && text.sectionNumber(at: first) != section
        }
    }
}
