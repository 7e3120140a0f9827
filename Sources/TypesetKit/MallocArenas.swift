import CMalloc

/// How many arenas glibc's allocator keeps. By default a thread that finds the arena in use
/// gets one of its own (up to eight per core), and memory freed into an arena is reused only
/// by allocations from it. typeset's threads work in turn on the same run: the layout
/// thread's caches are let go when it ends, and then the finishing step, on the drawing
/// thread, makes the run's largest allocations; with an arena each, the one could not use
/// what the other had freed, and the KJV book peaked at 71 MiB where one arena holds it to
/// 61 MiB (docs/pipeline.md, "Speed: build and allocator settings").
/// Small allocations still go through each thread's own cache, without the arena's lock.
public enum MallocArenas {
    /// One arena for the whole process. Call it before any thread starts: glibc fixes the
    /// limit when it first makes a second arena.
    public static func useOne() {
        _ = mallopt(M_ARENA_MAX, 1)
    }
}
