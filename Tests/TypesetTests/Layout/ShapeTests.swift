import Layout
import XCTest

/// The spans shapes cover and enclose over a band, and the line fragments a container with a
/// shape and exclusions leaves: exact values for circles, ellipses and simple polygons, and a
/// property check of polygons (self-crossing ones too, under both fill rules) against a
/// point-in-polygon test on a fine grid.
final class ShapeTests: XCTestCase {
    private func assertSpans(_ spans: [HorizontalSpan], _ expected: [(Double, Double)], accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(spans.count, expected.count, "\(spans)", file: file, line: line)
        for (span, (minX, maxX)) in zip(spans, expected) {
            XCTAssertEqual(span.minX, minX, accuracy: accuracy, "\(spans)", file: file, line: line)
            XCTAssertEqual(span.maxX, maxX, accuracy: accuracy, "\(spans)", file: file, line: line)
        }
    }

    // MARK: Circles and ellipses

    func testACircleCoversItsWidestExtentOverTheBandAndEnclosesItsNarrowest() {
        let circle = Shape.circle(center: Point(x: 100, y: 100), radius: 50)
        // A band across the centre covers the whole diameter.
        assertSpans(circle.coveredSpans(top: 90, bottom: 110), [(50, 150)])
        // A band above the centre: widest at its bottom (y 70, 30 from the centre: half-width 40),
        // narrowest at its top (y 60: half-width 30).
        assertSpans(circle.coveredSpans(top: 60, bottom: 70), [(60, 140)])
        assertSpans(circle.enclosedSpans(top: 60, bottom: 70), [(70, 130)])
        // Below the centre, mirrored.
        assertSpans(circle.coveredSpans(top: 130, bottom: 140), [(60, 140)])
        assertSpans(circle.enclosedSpans(top: 130, bottom: 140), [(70, 130)])
        // Across the centre, enclosed: the end farther from the centre (y 110, 10 off) decides.
        let half = (50.0 * 50 - 10 * 10).squareRoot()
        assertSpans(circle.enclosedSpans(top: 95, bottom: 110), [(100 - half, 100 + half)])
        // Outside, or reaching outside.
        XCTAssertEqual(circle.coveredSpans(top: 0, bottom: 49), [])
        XCTAssertEqual(circle.coveredSpans(top: 0, bottom: 50), [], "a band that only grazes the top covers nothing")
        XCTAssertEqual(circle.enclosedSpans(top: 45, bottom: 60), [], "a band reaching above the circle is not inside it")
        XCTAssertEqual(circle.enclosedSpans(top: 0, bottom: 200), [])
    }

    func testAnEllipse() {
        let ellipse = Shape.ellipse(in: Rect(x: 0, y: 0, width: 200, height: 100))
        XCTAssertEqual(ellipse.bounds, Rect(x: 0, y: 0, width: 200, height: 100))
        assertSpans(ellipse.coveredSpans(top: 40, bottom: 60), [(0, 200)])
        // y 25 is half the vertical radius above the centre: half-width 100 · √(1 − ¼).
        let half = 100 * (0.75).squareRoot()
        assertSpans(ellipse.coveredSpans(top: 10, bottom: 25), [(100 - half, 100 + half)])
        assertSpans(ellipse.enclosedSpans(top: 25, bottom: 40), [(100 - half, 100 + half)])
    }

    func testARectangle() {
        let rectangle = Shape.rectangle(Rect(x: 10, y: 20, width: 30, height: 40))
        assertSpans(rectangle.coveredSpans(top: 0, bottom: 21), [(10, 40)])
        XCTAssertEqual(rectangle.coveredSpans(top: 0, bottom: 20), [], "touching its top edge is not entering it")
        assertSpans(rectangle.enclosedSpans(top: 20, bottom: 60), [(10, 40)])
        XCTAssertEqual(rectangle.enclosedSpans(top: 19, bottom: 30), [])
    }

    // MARK: Polygons

    func testATriangleFollowsItsEdgesThroughTheBand() {
        // Apex at the top: at y the triangle spans 50 ∓ y/2.
        let triangle = Shape.polygon([Point(x: 50, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100)])
        assertSpans(triangle.coveredSpans(top: 40, bottom: 60), [(20, 80)])
        assertSpans(triangle.enclosedSpans(top: 40, bottom: 60), [(30, 70)])
        XCTAssertEqual(triangle.enclosedSpans(top: 90, bottom: 110), [])
        assertSpans(triangle.coveredSpans(top: 90, bottom: 110), [(0, 100)])
    }

    func testAnLShapeCoversBothArmsOverABandAcrossItsStep() {
        // A tall arm 0…40 wide from y 0 to 100, and a foot 0…100 wide from y 60 to 100.
        let shape = Shape.polygon([Point(x: 0, y: 0), Point(x: 40, y: 0), Point(x: 40, y: 60), Point(x: 100, y: 60),
                                   Point(x: 100, y: 100), Point(x: 0, y: 100)])
        assertSpans(shape.coveredSpans(top: 10, bottom: 20), [(0, 40)])
        assertSpans(shape.coveredSpans(top: 55, bottom: 65), [(0, 100)])
        assertSpans(shape.enclosedSpans(top: 55, bottom: 65), [(0, 40)])
        assertSpans(shape.enclosedSpans(top: 70, bottom: 80), [(0, 100)])
    }

    func testFillRulesOfAStarDrawnInOneStroke() {
        // A five-pointed star through every second point of a pentagon: the pentagon in the
        // middle is wound twice, so it is a hole under even-odd and filled under non-zero.
        let points = (0 ..< 5).map { k -> Point in
            let angle = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(x: 100 + 100 * cos(angle), y: 100 + 100 * sin(angle))
        }
        let nonZero = Shape.polygon(points, fillRule: .nonZero).coveredSpans(top: 99, bottom: 101)
        let evenOdd = Shape.polygon(points, fillRule: .evenOdd).coveredSpans(top: 99, bottom: 101)
        XCTAssertEqual(nonZero.count, 1, "\(nonZero)")
        XCTAssertEqual(evenOdd.count, 2, "the hole splits the band in two: \(evenOdd)")
        XCTAssertEqual(nonZero.first?.minX ?? 0, evenOdd.first?.minX ?? 1, accuracy: 1e-9)
        XCTAssertEqual(nonZero.last?.maxX ?? 0, evenOdd.last?.maxX ?? 1, accuracy: 1e-9)
    }

    func testAPolygonOfNoAreaCoversNothing() {
        let line = Shape.polygon([Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 50, y: 50)])
        XCTAssertEqual(line.coveredSpans(top: 0, bottom: 100), [])
        XCTAssertEqual(line.enclosedSpans(top: 40, bottom: 60), [])
        XCTAssertEqual(Shape.polygon([Point(x: 0, y: 0), Point(x: 10, y: 0)]).coveredSpans(top: -5, bottom: 5), [])
        XCTAssertEqual(Exclusion(line, padding: 5).coveredSpans(top: 0, bottom: 100), [])
    }

    func testPolygonSpansAgreeWithAPointInPolygonTest() {
        var generator = SplitMix(seed: 7)
        for trial in 0 ..< 60 {
            let count = 3 + Int(generator.next() % 6)
            let points = (0 ..< count).map { _ in Point(x: generator.unit() * 100, y: generator.unit() * 100) }
            let rule: Shape.FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let top = generator.unit() * 90, bottom = top + 1 + generator.unit() * 20
            assertAgreesWithPointInPolygon(points, rule: rule, top: top, bottom: bottom, tight: true, "trial \(trial)")
        }
    }

    func testOutlinesOfManyPointsCrossingThemselvesOftenAgreeWithAPointInPolygonTest() {
        // Tens of crossings in a band: followed from one to the next, each between neighbours.
        var generator = SplitMix(seed: 11)
        for trial in 0 ..< 12 {
            let count = 20 + Int(generator.next() % 40)
            let points = (0 ..< count).map { _ in Point(x: generator.unit() * 100, y: generator.unit() * 100) }
            let rule: Shape.FillRule = trial % 2 == 0 ? .nonZero : .evenOdd
            let top = generator.unit() * 80, bottom = top + 2 + generator.unit() * 12
            assertAgreesWithPointInPolygon(points, rule: rule, top: top, bottom: bottom, tight: true, "trial \(trial)")
        }
    }

    func testABandCrossedThousandsOfTimesIsBoundedFromTheSafeSide() {
        // 300 random points over a band as tall as the polygon: thousands of crossings, more
        // than a band follows one by one. Past that, spans cover more and enclose less, never the other way.
        var generator = SplitMix(seed: 3)
        let points = (0 ..< 300).map { _ in Point(x: generator.unit() * 100, y: generator.unit() * 100) }
        for rule in [Shape.FillRule.nonZero, .evenOdd] {
            assertAgreesWithPointInPolygon(points, rule: rule, top: 0, bottom: 100, tight: false, "\(rule)")
            assertAgreesWithPointInPolygon(points, rule: rule, top: 40, bottom: 60, tight: false, "\(rule)")
        }
    }

    /// Every x inside the polygon at some y of the band (on a grid) is covered, every x
    /// enclosed is inside at every y; with `tight`, each end of a covered span is where the
    /// outline is farthest out over the band, at a vertex inside it or where an edge meets its
    /// top or bottom.
    private func assertAgreesWithPointInPolygon(_ points: [Point], rule: Shape.FillRule, top: Double, bottom: Double,
                                                tight: Bool, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let shape = Shape.polygon(points, fillRule: rule)
        let covered = shape.coveredSpans(top: top, bottom: bottom)
        let enclosed = shape.enclosedSpans(top: top, bottom: bottom)
        let ys = (0 ... 40).map { top + (bottom - top) * Double($0) / 40 }
        for step in 0 ... 1000 {
            let x = Double(step) / 10
            let insideAt = ys.map { Self.contains(points, rule: rule, x: x, y: $0) }
            let inCovered = covered.contains { $0.minX - 1e-6 <= x && x <= $0.maxX + 1e-6 }
            let inEnclosed = enclosed.contains { $0.minX + 1e-6 < x && x < $0.maxX - 1e-6 }
            if insideAt.contains(true) {
                XCTAssertTrue(inCovered, "\(context): x \(x) is inside somewhere in the band but not covered: \(covered) \(points)",
                              file: file, line: line)
            }
            if inEnclosed {
                XCTAssertFalse(insideAt.contains(false), "\(context): x \(x) is enclosed but outside at some y: \(enclosed) \(points)",
                               file: file, line: line)
            }
        }
        guard tight else { return }
        var extremes = points.filter { $0.y >= top && $0.y <= bottom }.map(\.x)
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            for y in [top, bottom] where min(a.y, b.y) <= y && y <= max(a.y, b.y) && a.y != b.y {
                extremes.append(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y))
            }
        }
        for span in covered {
            for x in [span.minX, span.maxX] {
                XCTAssertTrue(extremes.contains { abs($0 - x) < 1e-6 }, "\(context): covered span \(span) ends at no extreme",
                              file: file, line: line)
            }
        }
    }

    /// Winding number of the polygon round (x, y), by crossings of a ray to the right.
    private static func contains(_ points: [Point], rule: Shape.FillRule, x: Double, y: Double) -> Bool {
        var winding = 0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            if a.y <= y, b.y > y, (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y) > 0 { winding += 1 }
            if b.y <= y, a.y > y, (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y) < 0 { winding -= 1 }
        }
        return rule == .nonZero ? winding != 0 : winding % 2 != 0
    }

    // MARK: Containers

    func testARectangularContainerGivesItsWidthWhateverItsSize() {
        let container = Container(rect: Rect(x: 10, y: 0, width: 5, height: 100))
        XCTAssertTrue(container.isRectangular)
        XCTAssertEqual(container.lineFragments(top: 0, height: 12), [HorizontalSpan(minX: 10, maxX: 15)],
                       "the minimum fragment width applies only to shaped containers")
    }

    func testExclusionsCutTheLineIntoFragmentsAndNarrowOnesAreDropped() {
        let rect = Rect(x: 0, y: 0, width: 300, height: 300)
        let circle = Exclusion(.circle(center: Point(x: 150, y: 150), radius: 50), padding: 10)
        let container = Container(rect: rect, exclusions: [circle])
        assertSpans(container.lineFragments(top: 140, height: 20), [(0, 90), (210, 300)])
        assertSpans(container.lineFragments(top: 0, height: 20), [(0, 300)])
        // A second exclusion leaving 10 points at the right edge: too narrow, dropped.
        let edge = Exclusion(.rectangle(Rect(x: 250, y: 100, width: 40, height: 100)))
        assertSpans(Container(rect: rect, exclusions: [circle, edge]).lineFragments(top: 140, height: 20), [(0, 90), (210, 250)])
        // Padding round a rectangle widens the band too: a line 5 points above it is kept off.
        let padded = Container(rect: rect, exclusions: [Exclusion(.rectangle(Rect(x: 100, y: 100, width: 100, height: 100)), padding: 8)])
        assertSpans(padded.lineFragments(top: 80, height: 15), [(0, 92), (208, 300)])
        assertSpans(padded.lineFragments(top: 70, height: 15), [(0, 300)])
    }

    func testAShapedContainerIsClippedToItsRectangle() {
        let container = Container(rect: Rect(x: 0, y: 0, width: 100, height: 300),
                                  shape: .circle(center: Point(x: 50, y: 150), radius: 100))
        assertSpans(container.lineFragments(top: 140, height: 20), [(0, 100)])
        let half = (100.0 * 100 - 90 * 90).squareRoot()
        assertSpans(container.lineFragments(top: 60, height: 20), [(50 - half, 50 + half)])
        XCTAssertEqual(container.lineFragments(top: 45, height: 20), [], "the band reaches above the circle")
    }
}
