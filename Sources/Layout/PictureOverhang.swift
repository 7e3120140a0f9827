import Text

/// How far the frame's in-line pictures reach sideways past where their lines are set: the
/// frame's container, or the text area of a box placed in it. A frame sets a line wherever it
/// has to (its first, in the only stretch there is), so a picture fitted to the full column can
/// stick out; the page compares this, as it does a column's overrun at its foot, to decide
/// which of its layouts to keep. A box set in a stretch narrower than its pictures, when nothing
/// else holds it, has them scaled to its text (NarrowedBoxPictures): how far they would have
/// reached past it counts the same, so that the page still prefers a layout that sets them at
/// their size.
extension Frame {
    /// The most any in-line picture of the frame, or of a box in it, reaches (or, in a box,
    /// would have reached) past its container's left or right edge (0: none does).
    public var pictureOverhang: Double {
        let own = lines.reduce(0) { overhang, line in
            line.runs.reduce(overhang) { overhang, run in
                guard run.runDelegate != nil else { return overhang }
                let minX = line.origin.x + run.x, maxX = minX + run.width
                return max(overhang, container.rect.minX - minX, maxX - container.rect.maxX)
            }
        }
        return boxes.reduce(own) { overhang, box in
            box.frames.reduce(max(overhang, box.picturesShrunkBy)) { max($0, $1.pictureOverhang) }
        }
    }
}
