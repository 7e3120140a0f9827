import Foundation

/// Lays pages out on a thread of its own, a page or two ahead of the thread that draws them,
/// so that drawing page N overlaps with laying out page N + 1.
///
/// The two threads share no mutable state but the hand-off: the layout thread alone uses the
/// framesetter, its shaper, hyphenator and caches and the fonts' FreeType faces; the drawing
/// thread draws with FreeType faces of its own (`SeparateFaces`). At most `depth` finished
/// pages wait, so memory stays that of a few pages, whatever the page count.
public enum PagesAhead {
    /// One page waiting is enough to keep both threads busy while their pace varies from
    /// page to page; a second smooths a page much slower to lay out than to draw.
    public static let defaultDepth = 2

    /// Calls `body` with `pages` as they are laid out on a layout thread, in order. When `body`
    /// returns or throws (having read all of them or not), the layout thread is stopped after
    /// the page it is laying out, and has ended before this returns. The sequence `body` gets
    /// can be iterated once, and only within `body`.
    public static func withPages<Pages: Sequence, Result>(
        of pages: Pages, depth: Int = defaultDepth,
        _ body: (HandedOverPages<Pages.Element>) throws -> Result) rethrows -> Result {
        let handOff = PageHandOff<Pages.Element>(depth: max(1, depth))
        // From here on the pages are iterated on the layout thread only.
        let source = UncheckedSendable(value: pages)
        guard let layoutThread = JoinableThread(stackSize: ParallelJobs.threadStackSize, { handOff.layOut(source.value) }) else {
            // No thread to be had: the pages are laid out as they are drawn, as on one thread.
            var iterator = pages.makeIterator()
            return try body(HandedOverPages { iterator.next() })
        }
        defer {
            handOff.stop()
            layoutThread.join()
        }
        return try body(HandedOverPages { handOff.take() })
    }
}

/// The pages `PagesAhead` hands to the drawing thread, in order.
public struct HandedOverPages<Element>: Sequence, IteratorProtocol {
    private let nextPage: () -> Element?

    init(_ nextPage: @escaping () -> Element?) {
        self.nextPage = nextPage
    }

    public mutating func next() -> Element? {
        nextPage()
    }
}

/// Finished pages on their way from the layout thread to the drawing thread: at most `depth`
/// wait; the layout thread waits for room, the drawing thread for a page.
private final class PageHandOff<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    private var ready: [Element] = []
    /// The page handed over last: when the next is asked for, the drawing thread is done with it.
    private var beingDrawn: Element?
    /// Pages drawn, to be let go on the layout thread: their memory was allocated there, and
    /// freeing it on the drawing thread made the two contend for the allocator's locks.
    private var drawn: [Element] = []
    /// Every page has been laid out (or the layout thread was stopped).
    private var finished = false
    /// The drawing thread wants no more pages.
    private var stopped = false

    init(depth: Int) {
        self.depth = depth
    }

    /// Runs on the layout thread: lays out the pages one by one and hands each over.
    func layOut<Pages: Sequence>(_ pages: Pages) where Pages.Element == Element {
        var iterator = pages.makeIterator()
        while !isStopped, let page = iterator.next(), put(page) {}
        condition.lock()
        finished = true
        condition.broadcast()
        drawn.removeAll()
        condition.unlock()
    }

    /// The next page, waiting for it to be laid out; nil after the last. The page taken
    /// before goes back to the layout thread, which lets it go.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        if let page = beingDrawn, !finished { drawn.append(page) }
        beingDrawn = nil
        while ready.isEmpty, !finished { condition.wait() }
        guard !ready.isEmpty else { return nil }
        condition.broadcast()
        beingDrawn = ready.removeFirst()
        return beingDrawn
    }

    /// Tells the layout thread to lay out no more pages, and drops those waiting.
    func stop() {
        condition.lock()
        stopped = true
        ready.removeAll()
        beingDrawn = nil
        condition.broadcast()
        condition.unlock()
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// Waits for room and hands `page` over; false when the drawing thread has stopped.
    private func put(_ page: Element) -> Bool {
        var spent: [Element] = []
        condition.lock()
        defer {
            condition.unlock()
            // Let go here, outside the lock.
            spent.removeAll()
        }
        while ready.count >= depth, !stopped { condition.wait() }
        guard !stopped else { return false }
        ready.append(page)
        swap(&spent, &drawn)
        condition.broadcast()
        return true
    }
}

/// A value moved to another thread, which is its only user from then on.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}

/// A thread with a given stack size that can be waited for (`join`), so that no work of it
/// outlives the call that started it.
private final class JoinableThread {
    private let thread: pthread_t

    /// nil when the system gives no thread.
    init?(stackSize: Int, _ body: @escaping () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        self.thread = thread
    }

    func join() {
        pthread_join(thread, nil)
    }

    private final class ThreadBody {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
