import CICU

/// An ICU regular expression, through the CICU shim: ICU's syntax (that of Apple's
/// NSRegularExpression), with `^` and `$` at every line, and a bounded amount of matching.
final class RegularExpression {
    struct SyntaxError: Error {
        /// UTF-16 offset into the pattern, when ICU knows it.
        var offset: Int?
        var message: String
    }

    enum MatchError: Error {
        /// The step budget ran out (or ICU's backtracking stack did).
        case tooSlow
        case failed
    }

    private let handle: OpaquePointer

    init(pattern: String) throws(SyntaxError) {
        let units = Array(pattern.utf16)
        var errorOffset: Int32 = -1
        var message = [CChar](repeating: 0, count: 128)
        let handle = units.withUnsafeBufferPointer { buffer in
            tk_regex_open(buffer.baseAddress, Int32(buffer.count), &errorOffset, &message, Int32(message.count))
        }
        guard let handle else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw SyntaxError(offset: errorOffset >= 0 ? Int(errorOffset) : nil, message: text)
        }
        self.handle = handle
    }

    deinit {
        tk_regex_close(handle)
    }

    /// Calls `found` with every non-empty match in `text`, in order. All of the matching may
    /// take at most `stepLimit` steps of ICU's matcher (about 0.1 ms each); returns how many
    /// it took.
    @discardableResult
    func forEachMatch(in text: [UInt16], stepLimit: Int, _ found: (Range<Int>) -> Void) throws(MatchError) -> Int {
        let limit = Int32(clamping: stepLimit)
        let status: Int32 = text.withUnsafeBufferPointer { buffer in
            guard tk_regex_reset(handle, buffer.baseAddress, Int32(buffer.count), limit) == 0 else { return -1 }
            var start: Int32 = 0, end: Int32 = 0
            while true {
                let result = tk_regex_next(handle, &start, &end)
                guard result == 1 else { return result }
                if end > start { found(Int(start) ..< Int(end)) }
            }
        }
        switch status {
        case 0: return Int(limit - tk_regex_steps_left(handle))
        case -2: throw .tooSlow
        default: throw .failed
        }
    }
}
