import Diagnostics
import Pages
import Text

/// Boxes over a gutter the layout left out (`Page.leftOutBoxes`): each had no room on the page
/// where its section's text ends, and is not carried into the pages after it, which are another
/// section's. The author is told at its tag, as of a box moved to a later page
/// (`MovedElementCheck`); a page is laid out once, so each box is told of once.
struct LeftOutBoxCheck {
    let elementPlaces: ElementPlaces

    func warnings(on page: Page) -> [Diagnostic] {
        page.leftOutBoxes.map { box in
            .warning("<\(box.style.kind.rawValue)> left out: no room for it over the gutter on page \(page.number), where its "
                     + "section's text ends (one box over a gutter a page), and it is not carried past its section",
                     at: elementPlaces.place(of: box.style))
        }
    }
}
