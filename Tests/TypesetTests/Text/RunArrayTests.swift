import Text
import XCTest

final class RunArrayTests: XCTestCase {
    private func describe(_ runs: RunArray<String>) -> [String] {
        (0 ..< runs.runCount).map { index in
            let range = runs.range(ofRun: index)
            return "\(range.lowerBound)..<\(range.upperBound)=\(runs.value(ofRun: index))"
        }
    }

    func testAppendMergesEqualNeighboursAndIgnoresEmptyRuns() {
        var runs = RunArray<String>()
        runs.append(count: 3, value: "a")
        runs.append(count: 2, value: "a")
        runs.append(count: 0, value: "b")
        runs.append(count: 4, value: "b")
        runs.append(count: 1, value: "a")
        XCTAssertEqual(runs.length, 10)
        XCTAssertEqual(runs.runCount, 3)
        XCTAssertEqual(runs.starts, [0, 5, 9])
        XCTAssertEqual(describe(runs), ["0..<5=a", "5..<9=b", "9..<10=a"])
    }

    func testValueAtOffsetFindsItsRunAtEveryBoundary() {
        var runs = RunArray<String>()
        runs.append(count: 2, value: "a")
        runs.append(count: 3, value: "b")
        runs.append(count: 1, value: "c")
        let expected = ["a", "a", "b", "b", "b", "c"]
        for (offset, value) in expected.enumerated() {
            XCTAssertEqual(runs.value(at: offset).value, value, "offset \(offset)")
        }
        XCTAssertEqual(runs.value(at: 2).range, 2 ..< 5)
        XCTAssertEqual(runs.value(at: 5).range, 5 ..< 6)
        XCTAssertEqual(runs.runIndex(at: 4), 1)
    }

    func testSetInTheMiddleSplitsARun() {
        var runs = RunArray<String>()
        runs.append(count: 10, value: "a")
        runs.set("b", in: 3 ..< 6)
        XCTAssertEqual(describe(runs), ["0..<3=a", "3..<6=b", "6..<10=a"])
        XCTAssertEqual(runs.length, 10)
    }

    func testSetMergesWithEqualNeighbours() {
        var runs = RunArray<String>()
        runs.append(count: 3, value: "a")
        runs.append(count: 3, value: "b")
        runs.append(count: 3, value: "a")
        runs.set("a", in: 3 ..< 6)
        XCTAssertEqual(describe(runs), ["0..<9=a"])

        var other = RunArray<String>()
        other.append(count: 3, value: "a")
        other.append(count: 3, value: "b")
        other.append(count: 3, value: "c")
        other.set("b", in: 1 ..< 3)
        XCTAssertEqual(describe(other), ["0..<1=a", "1..<6=b", "6..<9=c"])
    }

    func testSetAcrossSeveralRunsAndAtTheEdges() {
        var runs = RunArray<String>()
        runs.append(count: 2, value: "a")
        runs.append(count: 2, value: "b")
        runs.append(count: 2, value: "c")
        runs.append(count: 2, value: "d")
        runs.set("x", in: 1 ..< 7)
        XCTAssertEqual(describe(runs), ["0..<1=a", "1..<7=x", "7..<8=d"])
        runs.set("y", in: 0 ..< 1)
        runs.set("z", in: 7 ..< 8)
        XCTAssertEqual(describe(runs), ["0..<1=y", "1..<7=x", "7..<8=z"])
        runs.set("q", in: 0 ..< 8)
        XCTAssertEqual(describe(runs), ["0..<8=q"])
    }

    func testSetOnAnEmptyRangeChangesNothing() {
        var runs = RunArray<String>()
        runs.append(count: 4, value: "a")
        runs.set("b", in: 2 ..< 2)
        XCTAssertEqual(describe(runs), ["0..<4=a"])
    }

    func testRunsInRangeAreClipped() {
        var runs = RunArray<String>()
        runs.append(count: 4, value: "a")
        runs.append(count: 4, value: "b")
        runs.append(count: 4, value: "c")
        let clipped = runs.runs(in: 2 ..< 9)
        XCTAssertEqual(clipped.map(\.range), [2 ..< 4, 4 ..< 8, 8 ..< 9])
        XCTAssertEqual(clipped.map(\.value), ["a", "b", "c"])
        XCTAssertTrue(runs.runs(in: 5 ..< 5).isEmpty)
        XCTAssertEqual(runs.runs(in: 5 ..< 6).map(\.range), [5 ..< 6])
    }

    func testRangesWhereAValuePassesAreTheRunsFilteredAndClipped() {
        var runs = RunArray<String>()
        for (count, value) in [(4, "a"), (4, "b"), (4, "a"), (4, "c"), (4, "a")] { runs.append(count: count, value: value) }
        for range in [0 ..< 20, 2 ..< 9, 3 ..< 14, 5 ..< 7, 9 ..< 9, 19 ..< 20] {
            XCTAssertEqual(runs.ranges(in: range) { $0 == "a" }, runs.runs(in: range).filter { $0.value == "a" }.map(\.range), "\(range)")
        }
        XCTAssertEqual(runs.ranges(in: 2 ..< 13) { $0 == "a" }, [2 ..< 4, 8 ..< 12])
    }

    /// `set` rewrites only the runs it overlaps: checked against a value per offset, over
    /// random ranges, with every neighbour equal to the new value merged as a whole rebuild
    /// merged them.
    func testSetAgreesWithAValuePerOffsetOverRandomRanges() {
        var generator = SplitMix(seed: 39)
        for _ in 0 ..< 200 {
            let length = Int.random(in: 1 ... 40, using: &generator)
            var runs = RunArray<String>()
            var model: [String] = []
            var remaining = length
            while remaining > 0 {
                let count = Int.random(in: 1 ... remaining, using: &generator)
                let value = ["a", "b", "c"].randomElement(using: &generator)!
                runs.append(count: count, value: value)
                model += Array(repeating: value, count: count)
                remaining -= count
            }
            for _ in 0 ..< 10 {
                let lower = Int.random(in: 0 ..< length, using: &generator)
                let upper = Int.random(in: lower + 1 ... length, using: &generator)
                let value = ["a", "b", "c", "d"].randomElement(using: &generator)!
                runs.set(value, in: lower ..< upper)
                for offset in lower ..< upper { model[offset] = value }
                XCTAssertEqual(runs.length, length)
                XCTAssertEqual((0 ..< length).map { runs.value(at: $0).value }, model)
                // Neighbours are merged: no two consecutive runs carry one value.
                let values = (0 ..< runs.runCount).map { runs.value(ofRun: $0) }
                XCTAssertFalse(zip(values, values.dropFirst()).contains { $0 == $1 }, "\(values) after \(lower)..<\(upper)")
            }
        }
    }
}
