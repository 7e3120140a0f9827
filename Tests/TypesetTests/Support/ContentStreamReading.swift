import Foundation
import XCTest

/// A page's content streams read as a PDF reader reads them, as far as the checks of what is
/// painted need: every colour operator with the colour space it paints in, and where each
/// image is drawn and what clips it. Forms drawn with `Do` are read too, with their own
/// resources and matrix. (Soft masks' and patterns' forms are not reached: a pattern or a
/// shading shows as a colour in its own space, which a test can refuse.)
enum ContentStreamReading {
    /// A colour set for filling or stroking: `space` is a device space's name (`DeviceGray`,
    /// `DeviceRGB`, `DeviceCMYK`) or the resource name of another (`/TypesetSpot0`).
    struct ColourOperator: CustomStringConvertible {
        var space: String
        var values: [Double]
        var operatorName: String
        var description: String { "\(values.map { "\($0)" }.joined(separator: " ")) \(operatorName) (in \(space))" }
    }

    /// An image drawn: the rectangle its unit square is mapped to, in the page's space, and the
    /// rectangle it is clipped to, when a rectangle clips it.
    struct ImagePlacement {
        var name: String
        var rect: CGRect
        var clip: CGRect?
    }

    static func colourOperators(onPage page: [String: Any], of pdf: PDFObjectTree) throws -> [ColourOperator] {
        var reader = Reader(pdf: pdf)
        try reader.readPage(page)
        return reader.colours
    }

    static func imagePlacements(onPage page: [String: Any], of pdf: PDFObjectTree) throws -> [ImagePlacement] {
        var reader = Reader(pdf: pdf)
        try reader.readPage(page)
        return reader.images
    }

    /// Each form drawn: the rectangle its `/BBox` is mapped to, through its `/Matrix`, in the
    /// page's space, and the rectangle clipping it.
    static func formPlacements(onPage page: [String: Any], of pdf: PDFObjectTree) throws -> [ImagePlacement] {
        var reader = Reader(pdf: pdf)
        try reader.readPage(page)
        return reader.forms
    }

    /// What `q` saves and `Q` restores, of what the checks need.
    private struct GraphicsState {
        var matrix = Matrix.identity
        var clip: CGRect?
        var fillSpace = "DeviceGray"
        var strokeSpace = "DeviceGray"
    }

    private struct Matrix {
        var a = 1.0, b = 0.0, c = 0.0, d = 1.0, e = 0.0, f = 0.0
        static let identity = Matrix()

        /// `self` applied first, then `other` (PDF's `cm`: the new matrix times the current one).
        func then(_ other: Matrix) -> Matrix {
            Matrix(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                   c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                   e: e * other.a + f * other.c + other.e, f: e * other.b + f * other.d + other.f)
        }

        /// The box round `rect` mapped by the matrix.
        func bounds(of rect: CGRect) -> CGRect {
            let corners = [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)]
                .map { (a * $0.0 + c * $0.1 + e, b * $0.0 + d * $0.1 + f) }
            let xs = corners.map(\.0), ys = corners.map(\.1)
            return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
    }

    private struct Reader {
        let pdf: PDFObjectTree
        var colours: [ColourOperator] = []
        var images: [ImagePlacement] = []
        var forms: [ImagePlacement] = []
        /// Forms being read, so that a form drawing itself cannot loop.
        private var formsOpen: Set<String> = []

        init(pdf: PDFObjectTree) { self.pdf = pdf }

        mutating func readPage(_ page: [String: Any]) throws {
            let contents = page["/Contents"]
            let references = (contents as? [Any])?.compactMap { $0 as? String } ?? [contents as? String].compactMap { $0 }
            let content = try references.reduce(into: Data()) { $0 += try pdf.streamData($1) + Data(" ".utf8) }
            var state = GraphicsState()
            try read(content, resources: pdf.dictionary(page["/Resources"]) ?? [:], state: &state)
        }

        private mutating func read(_ content: Data, resources: [String: Any], state: inout GraphicsState) throws {
            var stack: [GraphicsState] = []
            var operands: [Any] = []
            var pathRects: [CGRect] = []
            var pathHasOtherSegments = false
            var clipping = false
            var lexer = ContentStreamLexer(content)
            while let token = lexer.next() {
                switch token {
                case .operand(let value): operands.append(value)
                case .inlineImage: operands.removeAll()
                case .operator(let name):
                    let numbers = operands.compactMap { ($0 as? String).flatMap(Double.init) }
                    let lastName = (operands.last as? String).flatMap { $0.hasPrefix("/") ? $0 : nil }
                    defer { operands.removeAll() }
                    switch name {
                    case "q": stack.append(state)
                    case "Q": if let saved = stack.popLast() { state = saved }
                    case "cm" where numbers.count == 6:
                        let m = Matrix(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
                        state.matrix = m.then(state.matrix)
                    case "re" where numbers.count == 4:
                        pathRects.append(state.matrix.bounds(of: CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
                    case "m", "l", "c", "v", "y", "h": pathHasOtherSegments = true
                    case "W", "W*": clipping = true
                    case "n", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*":
                        if clipping, pathRects.count == 1, !pathHasOtherSegments {
                            state.clip = state.clip.map { $0.intersection(pathRects[0]) } ?? pathRects[0]
                        }
                        (pathRects, pathHasOtherSegments, clipping) = ([], false, false)
                    case "g", "G": colours.append(ColourOperator(space: "DeviceGray", values: numbers, operatorName: name))
                    case "rg", "RG": colours.append(ColourOperator(space: "DeviceRGB", values: numbers, operatorName: name))
                    case "k", "K": colours.append(ColourOperator(space: "DeviceCMYK", values: numbers, operatorName: name))
                    case "cs": state.fillSpace = Self.spaceName(lastName)
                    case "CS": state.strokeSpace = Self.spaceName(lastName)
                    case "sc", "scn": colours.append(ColourOperator(space: state.fillSpace, values: numbers, operatorName: name))
                    case "SC", "SCN": colours.append(ColourOperator(space: state.strokeSpace, values: numbers, operatorName: name))
                    case "sh":
                        let shading = pdf.dictionary(pdf.dictionary(resources["/Shading"])?[lastName ?? ""])
                        colours.append(ColourOperator(space: "shading in \(shading?["/ColorSpace"] ?? "?")", values: [], operatorName: name))
                    case "Do":
                        guard let lastName else { break }
                        try draw(lastName, resources: resources, state: state)
                    default: break
                    }
                }
            }
        }

        /// `Do`: an image placed where the matrix maps its unit square, or a form read.
        private mutating func draw(_ name: String, resources: [String: Any], state: GraphicsState) throws {
            let xObject = pdf.dictionary(resources["/XObject"])?[name]
            guard let dictionary = pdf.dictionary(xObject) else { return }
            switch dictionary["/Subtype"] as? String {
            case "/Image":
                images.append(ImagePlacement(name: name, rect: state.matrix.bounds(of: CGRect(x: 0, y: 0, width: 1, height: 1)), clip: state.clip))
            case "/Form":
                guard let reference = xObject as? String, !formsOpen.contains(reference) else { return }
                formsOpen.insert(reference)
                defer { formsOpen.remove(reference) }
                var inner = state
                if let m = (dictionary["/Matrix"] as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }), m.count == 6 {
                    inner.matrix = Matrix(a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5]).then(state.matrix)
                }
                if let box = (dictionary["/BBox"] as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }), box.count == 4 {
                    let rect = CGRect(x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1])
                    forms.append(ImagePlacement(name: name, rect: inner.matrix.bounds(of: rect), clip: state.clip))
                }
                try read(pdf.streamData(reference), resources: pdf.dictionary(dictionary["/Resources"]) ?? resources, state: &inner)
            default: break
            }
        }

        /// `/DeviceRGB cs` names a device space as `rg` does; any other name is a resource.
        private static func spaceName(_ name: String?) -> String {
            guard let name else { return "?" }
            return ["/DeviceGray", "/DeviceRGB", "/DeviceCMYK"].contains(name) ? String(name.dropFirst()) : name
        }
    }
}
