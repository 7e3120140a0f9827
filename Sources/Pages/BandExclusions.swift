import Layout

/// What a page's bands keep their text out of: the page's exclusions (its `<exclusion>`s, its
/// master's furniture) and the room of each picture or box placed across columns. Every band
/// keeps out of all of them but one: a band does not keep out of a picture lowered to the top of
/// a later section's band below it, or a pull quote standing halfway down that band
/// (`PictureReservation.place`'s floor: a photograph of the story's columns below the head set
/// before them), which stands below it. Kept out of it, the
/// band above, balanced again round it, ran on below it and the picture stood inside that band
/// (the designer pages' spread: its deck split round the story's photograph; `SectionBandCheck`).
struct BandExclusions {
    /// A picture's or a box's room, and, when it stands lowered below the text area's top, that
    /// top and its anchor: the bands of earlier sections set above it do not keep out of it.
    struct PictureRoom {
        var exclusion: Exclusion
        var lowered: (top: Double, anchor: Int)? = nil
    }

    var page: [Exclusion]
    var pictures: [PictureRoom] = []

    /// Every exclusion: what the notes across the page's foot and the floats held at its top keep out of.
    var all: [Exclusion] { page + pictures.map(\.exclusion) }

    /// What the band starting at `top` keeps out of, its section ending at `sectionEnd`: all but
    /// the rooms of pictures lowered below that top and anchored in a later section.
    func ofBand(at top: Double, sectionEnd: Int) -> [Exclusion] {
        page + pictures.compactMap { room in
            guard let lowered = room.lowered, top < lowered.top - BandSetter.tolerance, lowered.anchor >= sectionEnd else {
                return room.exclusion
            }
            return nil
        }
    }
}
