import CContentTokens
import Foundation

/// The finishing step's half of `CairoPrintedColour`: a page's or a form's content stream (inflated) with
/// each key colour Cairo set, `r g b rg` or `RG`, written as the inks it stands for
/// (`PrintedColours.operators`); every other byte as it was. The scan is `CContentTokens`'s.
enum KeyColourRewrite {
    static func rewrite(_ content: [UInt8], colours: PrintedColours, of what: String) throws -> [UInt8] {
        let inks = colours.keyed
        let keys = inks.indices.flatMap { number -> [Double] in
            let key = CairoPrintedColour.key(number)
            return [key.red, key.green, key.blue]
        }
        let fills = inks.map { strdup(colours.operators(for: $0, stroke: false).trimmingCharacters(in: .newlines) + "\n") }
        let strokes = inks.map { strdup(colours.operators(for: $0, stroke: true).trimmingCharacters(in: .newlines) + "\n") }
        defer { (fills + strokes).forEach { free($0) } }
        var rewrittenLength = 0
        let fillPointers = fills.map { UnsafePointer($0) }, strokePointers = strokes.map { UnsafePointer($0) }
        guard let rewritten = content.withUnsafeBufferPointer({ bytes in
            ccontent_replace_key_colours(bytes.baseAddress, bytes.count, keys, inks.count, fillPointers, strokePointers, &rewrittenLength)
        }) else {
            throw FinishingError("cannot read \(what)")
        }
        defer { free(rewritten) }
        return Array(UnsafeBufferPointer(start: rewritten, count: rewrittenLength))
    }
}
