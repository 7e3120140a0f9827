import Diagnostics
import Text

/// An `<exclusion>` as written: a shape text keeps out of on one page, in points from the
/// page's top-left corner, y down. Markup knows no layout types; Pages turns this into
/// a `Layout.Exclusion`.
public struct ExclusionDeclaration: Hashable, Sendable {
    public enum Outline: Hashable, Sendable {
        case circle(cx: Double, cy: Double, r: Double)
        case ellipse(cx: Double, cy: Double, rx: Double, ry: Double)
        case rect(x: Double, y: Double, width: Double, height: Double)
        /// At least three points.
        case polygon([DeclaredPoint])
    }

    public struct DeclaredPoint: Hashable, Sendable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public var outline: Outline
    /// Clear space kept round the outline, in points.
    public var padding: Double
    /// The page it is on, from 1.
    public var page: Int
    public var location: SourceLocation
}

extension ParseState {
    static let exclusionShapes = ["circle", "ellipse", "rect", "polygon"]
    /// The coordinates each shape needs, in the order messages list them.
    static let exclusionCoordinates = ["circle": ["cx", "cy", "r"], "ellipse": ["cx", "cy", "rx", "ry"],
                                       "rect": ["x", "y", "width", "height"], "polygon": ["points"]]
    static let exclusionAttributeNames = ["shape", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "points",
                                          "padding", "page"]
    /// Coordinates beyond any page (the largest page is 200 inches, 14 400 pt).
    static let maximumCoordinate = 100_000.0
    static let maximumPage = 100_000.0

    /// `<exclusion shape="circle" cx="…" cy="…" r="…" padding="…" page="N">`: text on page N
    /// (default 1) keeps out of the shape. An empty tag, anywhere in the document: it is about
    /// a page, not about the text round it.
    mutating func declareExclusion(_ tag: Tag) {
        var shape: String?
        var numbers: [String: Double] = [:]
        var given: [String: TagAttribute] = [:]
        var points: [ExclusionDeclaration.DeclaredPoint]?
        var padding = 0.0
        var page = 1
        var valid = true
        for attribute in tag.attributes {
            switch attribute.key {
            case "shape":
                shape = values.choice(attribute, ["circle": "circle", "ellipse": "ellipse", "rect": "rect", "polygon": "polygon"])
                if shape == nil { valid = false }
            case "cx", "cy", "x", "y":
                given[attribute.key] = attribute
                if let value = values.points(attribute, in: -Self.maximumCoordinate ... Self.maximumCoordinate) {
                    numbers[attribute.key] = value
                } else { valid = false }
            case "r", "rx", "ry", "width", "height":
                given[attribute.key] = attribute
                if let value = values.points(attribute, in: 0 ... Self.maximumCoordinate, excludingMinimum: true) {
                    numbers[attribute.key] = value
                } else { valid = false }
            case "points":
                given["points"] = attribute
                points = polygonPoints(attribute)
                if points == nil { valid = false }
            case "padding":
                padding = values.points(attribute, in: 0 ... Self.maximumCoordinate) ?? padding
            case "page":
                guard let number = values.number(attribute, in: 1 ... Self.maximumPage) else { valid = false; continue }
                if number == number.rounded() { page = Int(number) } else {
                    values.error("page must be a whole number, not \"\(attribute.value.clipped)\"", at: attribute)
                    valid = false
                }
            default:
                warnUnknown(attribute, of: tag, known: Self.exclusionAttributeNames)
            }
        }
        guard let shape else {
            if valid || tag.attribute("shape") == nil {
                diagnostics.error("<exclusion> needs a shape attribute: circle, ellipse, rect or polygon, "
                                  + "e.g. <exclusion shape=\"circle\" cx=\"300\" cy=\"400\" r=\"80\">", at: tag.offset)
            }
            return
        }
        let needed = Self.exclusionCoordinates[shape]!
        // In the order they are written: a dictionary's order would change from run to run.
        for (key, attribute) in given.sorted(by: { $0.value.nameOffset < $1.value.nameOffset }) where !needed.contains(key) {
            diagnostics.warning("\(attribute.name.clipped) is not used by shape=\"\(shape)\" (it takes \(needed.joined(separator: ", "))); ignored",
                                at: attribute.nameOffset)
        }
        let missing = needed.filter { given[$0] == nil }
        if !missing.isEmpty {
            let list = missing.map { "\($0)=\"…\"" }.joined(separator: " ")
            return diagnostics.error("<exclusion shape=\"\(shape)\"> needs \(list)", at: tag.offset)
        }
        guard valid else { return }
        let outline: ExclusionDeclaration.Outline
        switch shape {
        case "circle": outline = .circle(cx: numbers["cx"]!, cy: numbers["cy"]!, r: numbers["r"]!)
        case "ellipse": outline = .ellipse(cx: numbers["cx"]!, cy: numbers["cy"]!, rx: numbers["rx"]!, ry: numbers["ry"]!)
        case "rect": outline = .rect(x: numbers["x"]!, y: numbers["y"]!, width: numbers["width"]!, height: numbers["height"]!)
        default: outline = .polygon(points!)
        }
        exclusions.append(ExclusionDeclaration(outline: outline, padding: padding, page: page,
                                               location: diagnostics.source.location(of: tag.offset)))
    }

    /// `points="x1,y1 x2,y2 …"`: at least three pairs, separated by spaces; an error located
    /// at the value otherwise.
    private func polygonPoints(_ attribute: TagAttribute) -> [ExclusionDeclaration.DeclaredPoint]? {
        var points: [ExclusionDeclaration.DeclaredPoint] = []
        for pair in attribute.trimmedValue.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let parts = pair.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = try? Length(parsing: parts[0]).points, let y = try? Length(parsing: parts[1]).points,
                  abs(x) <= Self.maximumCoordinate, abs(y) <= Self.maximumCoordinate else {
                values.error("points must be pairs x,y separated by spaces, lengths in points or with a unit, e.g. \"100,100 200,100 150,180\" or \"10mm,10mm 50mm,10mm 30mm,40mm\"; "
                             + "\"\(String(pair).clipped)\" is not one", at: attribute)
                return nil
            }
            points.append(ExclusionDeclaration.DeclaredPoint(x: x, y: y))
        }
        guard points.count >= 3 else {
            values.error("a polygon needs at least three points, not \(points.count)", at: attribute)
            return nil
        }
        return points
    }
}
