import Diagnostics
import Text

/// `tint="40%"`: the strength at which the swatches named by the tag's colours are printed,
/// on any tag that takes a colour and on `<style>` (InDesign's tint of a swatch: the inks
/// screened, a spot staying one ink). Read before the tag's other attributes, whose colours
/// it tints; a tag without a swatch to tint is warned of.
extension ParseState {
    func readTint(of tag: Tag) {
        values.swatches.tintOfTag = 1
        guard let attribute = tag.attribute("tint"), let tint = values.percentage(attribute) else { return }
        let namesSwatch = tag.attributes.contains { other in
            other.key != "tint" && other.value.split(separator: " ").contains { values.swatches[String($0)] != nil }
        }
        guard namesSwatch else {
            return diagnostics.warning("tint applies to a swatch, and no colour of <\(tag.name.clipped)> names one; ignored (declare one with <swatch name=… cmyk=…>)",
                                       at: attribute.nameOffset)
        }
        values.swatches.tintOfTag = tint
    }
}
