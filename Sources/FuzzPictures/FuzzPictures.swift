import FuzzTargets

// libFuzzer's entry point, called by its driver for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPictures(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    PictureFuzzTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// Built with `-sanitize=fuzzer -D FUZZING`: libFuzzer; else replays the files given as arguments.
@main
enum FuzzPicturesMain {
    static func main() {
        #if FUZZING
        FuzzDriver.run(fuzzPictures)
        #else
        FuzzReplay.run(PictureFuzzTarget.run)
        #endif
    }
}
