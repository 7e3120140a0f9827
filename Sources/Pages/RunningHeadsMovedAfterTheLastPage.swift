/// Pages set with their running heads on them, handed on as a PDF writes heads: each page
/// without its heads, then, after the last page, a page of each one's heads
/// (`Page.holdsOnlyRunningHeads`), as `RunningHeadsPlacement.afterTheLastPage` sets them. A
/// PDF's heads are then written one way whatever the options: the layout JSON, which records
/// each page with its heads as it is laid out, needs them set on the pages, and the PDF beside
/// it still reads header, body, footer, each head a pagination artifact. What is held until
/// the last page is each page's furniture: a few lines of text a page.
public struct RunningHeadsMovedAfterTheLastPage<Base: Sequence>: Sequence where Base.Element == Page {
    var base: Base

    public init(_ base: Base) {
        self.base = base
    }

    public func makeIterator() -> Iterator {
        Iterator(base: base.makeIterator())
    }

    public struct Iterator: IteratorProtocol {
        var base: Base.Iterator
        /// The pages of heads, in page order, once the last page has been handed on.
        private var heads: [Page] = []
        private var baseEnded = false

        init(base: Base.Iterator) {
            self.base = base
        }

        public mutating func next() -> Page? {
            if !baseEnded {
                if var page = base.next() {
                    if let furniture = page.furniture, !page.holdsOnlyRunningHeads {
                        page.furniture = nil
                        heads.append(Page(number: page.number, size: page.size, frames: [], furniture: furniture,
                                          holdsOnlyRunningHeads: true))
                    }
                    return page
                }
                baseEnded = true
                heads.reverse()
            }
            return heads.popLast()
        }
    }
}
