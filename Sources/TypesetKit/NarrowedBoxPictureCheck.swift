import Diagnostics
import Layout
import Pages
import Text

/// Warnings about the pages as they pass, for each picture in a figure or an aside drawn
/// smaller than it was fitted to before layout: its box was set narrower where it is placed
/// (in the stretch left beside a shape, an exclusion or a float), and the picture was scaled
/// to the box's text there (Layout's `NarrowedBoxPictures`). A picture scaled to its column
/// before layout is warned of at its `<img>` (`fitPictures`, `fitBoxes`); this is the same
/// warning, found where only the layout knows the width. Each picture is reported once, on the
/// first page it is drawn so (`PageCheckRun`).
///
/// Only the pictures' fitted sizes are kept, not the text: the check lives as long as the run's
/// warnings, through the finishing step, where the text held whole would be there for nothing
/// (the book on small pages, 8.5 MB of its peak; docs/pipeline.md).
final class NarrowedBoxPictureCheck {
    /// Each picture's size as fitted before layout, by its character's offset in the text.
    private let fittedSizes: [Int: RunDelegate]
    private let places: ElementPlaces
    private var reported: Set<Int> = []
    private(set) var warnings: [Diagnostic] = []

    init(text: AttributedText, places: ElementPlaces) {
        fittedSizes = Dictionary(uniqueKeysWithValues: text.attachments.map { ($0.index, $0.delegate) })
        self.places = places
    }

    func look(at page: Page) {
        for box in page.boxes where box.picturesShrunkBy > 0 {
            for frame in box.frames {
                for line in frame.lines {
                    for run in line.runs {
                        check(run, in: box, measure: frame.container.rect.width, on: page.number)
                    }
                }
            }
        }
    }

    private func check(_ run: GlyphRun, in box: PlacedBox, measure: Double, on number: Int) {
        guard let image = run.image, let drawn = run.runDelegate else { return }
        let index = run.stringRange.lowerBound
        guard let fitted = fittedSizes[index],
              drawn.width < fitted.width - RunDelegate.fittingSlack, reported.insert(index).inserted else { return }
        let message = String(format: "picture of %.0f×%.0f pt is wider than its <%@>'s text where the box is set on page %d "
                                + "(%.0f pt, narrower than the box it was fitted to); scaled to %.0f×%.0f pt",
                             fitted.width, fitted.ascent + fitted.descent, box.style.kind.rawValue, number, measure,
                             drawn.width, drawn.ascent + drawn.descent)
        warnings.append(.warning(message, at: places.place(of: image)))
    }
}
