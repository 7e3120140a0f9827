import FuzzTargets

// libFuzzer's entry point; built with `-sanitize=fuzzer -D FUZZING`, libFuzzer supplies main.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    MarkupFuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
/// Without libFuzzer: replays the files given as arguments.
@main
enum ReplayMarkup {
    static func main() { FuzzReplay.run(MarkupFuzzTarget.run) }
}
#endif
