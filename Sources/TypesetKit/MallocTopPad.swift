import CMalloc

/// How much free room glibc's allocator keeps at the top of its heap. By default it gives back
/// every free stretch above 128 KiB at the heap's top as soon as it appears, and grows the heap
/// again by what the next request needs: a run lets go of a paragraph's or a picture's buffers
/// and asks for as much again a moment later, so the same pages went back to the system and were
/// faulted in, zeroed by the kernel, again (the zombie fixture: the heap cut by 1.9 MB three
/// times and grown back each time, a thousand of its 4,300 page faults). With a pad the heap
/// keeps up to the pad free above what is in use; untouched room costs no memory, and a run's
/// peak is what it holds at once, as before (docs/pipeline.md, "Speed: the zombie fixture's
/// system time").
public enum MallocTopPad {
    /// The room kept: more than the zombie fixture's heap ever gives back at once.
    static let bytes = 8 << 20

    /// Sets the pad; false if the allocator refused it. Call it first in `main`, before the
    /// heap has grown.
    @discardableResult
    public static func set() -> Bool {
        mallopt(M_TOP_PAD, Int32(bytes)) == 1
    }
}
