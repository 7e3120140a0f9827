import CContentTokens
import Foundation

/// Turns the marked-content sequences recorded as artifacts into `/Artifact BMC … EMC`, which
/// Cairo 1.16 cannot write (it refuses the tag): a page that has any gets its content stream
/// read (`CContentTokens`, PDF's lexical rules in C) and written again with those sequences'
/// openings replaced, and nothing else changed. Pages without artifacts are left as they are.
enum ArtifactMarking {
    /// `content`, a page's whole content stream (inflated), with the sequences of `mcids`
    /// opened as artifacts; `page` (from 0) names it in errors.
    static func mark(_ content: [UInt8], mcids: [Int], page: Int) throws -> [UInt8] {
        var rewrittenLength = 0
        let sorted = mcids.sorted().map(Int32.init)
        guard let rewritten = content.withUnsafeBufferPointer({ ccontent_mark_artifacts($0.baseAddress, $0.count, sorted, sorted.count, &rewrittenLength) }) else {
            throw FinishingError("cannot read the content stream of page \(page + 1)")
        }
        defer { free(rewritten) }
        return Array(UnsafeBufferPointer(start: rewritten, count: rewrittenLength))
    }
}
