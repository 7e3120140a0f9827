import Layout
import Pages

/// A paginator's paragraphs prepared on a thread of their own while it lays its pages out
/// (`ParagraphsAhead`): the third thread of a document's drawing, beside `PagesAhead`'s two.
enum ParagraphPreparation {
    /// Calls `body` while `paginator`'s paragraphs are prepared ahead of it; when `body`
    /// returns or throws, the preparing thread is stopped and has ended. Call it before the
    /// paginator lays out its first page.
    static func ahead<Result>(of paginator: Paginator, _ body: () throws -> Result) rethrows -> Result {
        let ahead = paginator.framesetter.cache.prepareAhead()
        guard let thread = JoinableThread(stackSize: ParallelJobs.threadStackSize, { ahead.run() }) else {
            // No thread to be had: layout prepares every paragraph itself.
            ahead.stop()
            return try body()
        }
        defer {
            ahead.stop()
            thread.join()
        }
        return try body()
    }
}
