#if FUZZING
import Glibc

/// libFuzzer's driver, run from the harness's own `main`: SwiftPM links an executable's entry
/// point under a name of its own (`MODULE_main`), so libFuzzer's `main` is never the one called.
@_silgen_name("LLVMFuzzerRunDriver")
private func runLibFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                                _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                                _ testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

public enum FuzzDriver {
    /// Hands the command line to libFuzzer, which calls `testOneInput` for every input it makes.
    public static func run(_ testOneInput: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runLibFuzzerDriver(&argc, &argv, testOneInput))
    }
}
#endif
