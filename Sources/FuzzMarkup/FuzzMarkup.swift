import FuzzTargets

// libFuzzer's entry point, called by its driver for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    MarkupFuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Built with `-sanitize=fuzzer -D FUZZING`: libFuzzer; else replays the files given as arguments.
@main
enum FuzzMarkupMain {
    static func main() {
        #if FUZZING
        FuzzDriver.run(fuzzMarkup)
        #else
        FuzzReplay.run(MarkupFuzzTarget.run)
        #endif
    }
}
