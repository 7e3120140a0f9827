import Pages

/// The pages of `base`, each looked at by `check` as it is handed on.
struct WatchedPages<Base: Sequence>: Sequence where Base.Element == Page {
    var base: Base
    let check: MovedElementCheck

    func makeIterator() -> Iterator {
        Iterator(base: base.makeIterator(), check: check)
    }

    struct Iterator: IteratorProtocol {
        var base: Base.Iterator
        let check: MovedElementCheck

        mutating func next() -> Page? {
            guard let page = base.next() else { return nil }
            check.look(at: page)
            return page
        }
    }
}
