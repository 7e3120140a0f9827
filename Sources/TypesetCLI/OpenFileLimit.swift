import Foundation

/// The process's limit on open files raised to what the system allows it (its hard limit), as
/// web servers and build tools do at start-up: the soft limit is often 1,024, and a batch of
/// documents set with `--jobs` holds each one's fonts and pictures open at once
/// (`PictureFiles` holds up to 64 pictures a document). Where the limits are one (`prlimit
/// --nofile=256`), nothing changes, and the pictures still fit.
enum OpenFileLimit {
    static func raiseToHardLimit() {
        var limit = rlimit()
        let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(openFiles, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(openFiles, &limit)
    }
}
