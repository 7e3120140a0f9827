import Pages

/// Boxes over a gutter printed over what their page keeps from its text. A pull quote centred
/// halfway down moves up or down to stay clear of a master's picture or rule and of the page's
/// `<exclusion>`s (Pages' `BoxClearOfExclusions`); where its room has no such place it stays,
/// over them, and the author is told, once a box, at its tag (`PageCheckRun`).
struct BoxOverExclusionCheck {
    private var reported: Set<Int> = []

    /// The boxes on `page` placed over what it keeps from its text, not reported before: each
    /// box's first character and the message.
    mutating func boxes(on page: Page) -> [(character: Int, message: String)] {
        page.pictures.compactMap { picture in
            guard picture.overExclusion, let box = picture.box, reported.insert(picture.anchor).inserted else { return nil }
            return (picture.anchor, "<\(box.style.kind.rawValue)> over the gutter is printed over page furniture or an <exclusion> "
                        + "on page \(page.number): no place in its columns' room is clear of them; move them or the box")
        }
    }
}
