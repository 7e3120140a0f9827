import Diagnostics
import Markup
import Text

/// Where the markup wrote each element the layout sets in the flow of the text and may carry
/// to the next page whole — a `<columnbreak>`'s paragraph, a shaped `<section>`, a `<keep>`
/// block, a `keep-together` paragraph — by the text offset it starts at. Found before layout,
/// so that the check of the pages drawn (`MovedElementCheck`) needs neither the text nor its
/// source map, which are let go before the finishing step.
struct FlowElementPlace {
    enum Kind {
        /// The paragraph after a `<columnbreak>`.
        case columnBreak
        /// A band of its own, below every column of the page.
        case shapedSection
        /// A `<keep>` block or a `keep-together` paragraph, in its column.
        case keptBlock
    }

    var kind: Kind
    /// The element's markup, as a message names it: `<columnbreak>`, `<section shape="circle">`.
    var name: String
    var location: SourceLocation?
    var sourceLine: String?

    static func find(in text: AttributedText, document: MarkupDocument) -> [Int: FlowElementPlace] {
        var places: [Int: FlowElementPlace] = [:]
        for found in document.columnBreaks {
            places[found.textOffset] = FlowElementPlace(kind: .columnBreak, name: "<columnbreak>", location: found.location,
                                                        sourceLine: found.sourceLine)
        }
        let runs = text.paragraphStyleRuns
        var previous: ParagraphStyle?
        for index in 0 ..< runs.runCount {
            let style = runs.value(ofRun: index), start = runs.range(ofRun: index).lowerBound
            defer { previous = style }
            guard places[start] == nil, style.box == nil else { continue }
            if let section = style.section, let shape = section.shape, section.number != previous?.section?.number,
               section.number <= document.sections.count {
                let declaration = document.sections[section.number - 1]
                places[start] = FlowElementPlace(kind: .shapedSection, name: "<section shape=\"\(shape.rawValue)\">", location: declaration.location,
                                                 sourceLine: declaration.sourceLine)
            } else if let number = style.keepBlock, number != previous?.keepBlock, number <= document.keeps.count {
                let declaration = document.keeps[number - 1]
                places[start] = FlowElementPlace(kind: .keptBlock, name: "<keep> block", location: declaration.location, sourceLine: declaration.sourceLine)
            } else if style.keepTogether, style.keepBlock == nil {
                // Each paragraph of a run of them is a block of its own.
                var paragraph = start
                let end = runs.range(ofRun: index).upperBound
                while paragraph < end {
                    places[paragraph] = FlowElementPlace(kind: .keptBlock, name: "keep-together paragraph", location: document.sourceMap.location(ofTextOffset: paragraph),
                                                         sourceLine: document.sourceMap.sourceLine(ofTextOffset: paragraph))
                    paragraph = text.paragraphRange(containing: paragraph).upperBound
                }
            }
        }
        return places
    }
}
