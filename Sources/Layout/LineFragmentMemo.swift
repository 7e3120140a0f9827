/// `Container.lineFragments` answers found before, by all they depend on: the container's
/// horizontal extent, shape, exclusions and narrowest fragment, and the band asked about —
/// not the container's height, so balancing trials, which set the same columns at other
/// heights, share them, and so do a frame's line loop and the widths it predicts for its
/// paragraphs' breaks, which query the same bands. A contour's exclusion follows every edge
/// of its outline for each query. Part of the paragraph cache's pure memo.
final class LineFragmentMemo {
    /// What a container's fragments depend on besides the band.
    private struct Region: Equatable, Hashable {
        var minX: Double, maxX: Double
        var shape: Shape?
        var exclusions: [Exclusion]
        var minimumFragmentWidth: Double

        init(_ container: Container) {
            (minX, maxX) = (container.rect.minX, container.rect.maxX)
            shape = container.shape
            exclusions = container.exclusions
            minimumFragmentWidth = container.minimumFragmentWidth
        }
    }

    private struct Band: Hashable {
        var top: Double, height: Double, narrowest: Double?
    }

    /// Bands kept at most, over all regions.
    static let budget = 16_384

    private var bands = GroupedMemo<Region, Band, [HorizontalSpan]>(budget: LineFragmentMemo.budget)
    /// Bands held.
    var count: Int { bands.count }
    /// Bands found by the container, those found here not counted: what tests compare.
    var computed: Int { bands.made }

    /// `container.lineFragments(top:height:narrowest:)`, found now or earlier.
    func lineFragments(in container: Container, top: Double, height: Double, narrowest: Double? = nil) -> [HorizontalSpan] {
        if container.isRectangular { return container.lineFragments(top: top, height: height, narrowest: narrowest) }
        return bands.value(in: Region(container), for: Band(top: top, height: height, narrowest: narrowest)) {
            container.lineFragments(top: top, height: height, narrowest: narrowest)
        }
    }
}
