import FuzzTargets

// libFuzzer's entry point, called by its driver for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    PipelineFuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Built with `-sanitize=fuzzer -D FUZZING`: libFuzzer; else replays the files given as arguments.
@main
enum FuzzPipelineMain {
    static func main() {
        #if FUZZING
        PipelineFuzzTarget.warmUp()
        FuzzDriver.run(fuzzPipeline)
        #else
        FuzzReplay.run(PipelineFuzzTarget.run)
        #endif
    }
}
