import Foundation

/// The harnesses built without libFuzzer: each argument (a file, or a folder of them) is run
/// once through the target, for debugging a finding and for the regression tests. A crash
/// or hang shows as the process's own.
public enum FuzzReplay {
    public static func run(_ target: ([UInt8]) -> Void) {
        let arguments = CommandLine.arguments.dropFirst()
        guard !arguments.isEmpty else {
            FileHandle.standardError.write(Data("usage: \(CommandLine.arguments[0]) FILE|FOLDER…  (each run once through the harness)\n".utf8))
            exit(2)
        }
        for path in arguments.flatMap(files(at:)) {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(1)
            }
            let start = Date()
            target([UInt8](data))
            print(String(format: "%@: ok, %.0f ms", path, Date().timeIntervalSince(start) * 1000))
            // Out before the next file runs: a crash in it must not lose the files done.
            fflush(stdout)
        }
    }

    /// The file itself, or the files of a folder in name order (hidden ones left out).
    private static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { (path as NSString).appendingPathComponent($0) }
    }
}
