import Foundation

/// A value moved to another thread, which is its only user from then on.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}

/// A thread with a given stack size that can be waited for (`join`), so that no work of it
/// outlives the call that started it.
final class JoinableThread {
    private let thread: pthread_t

    /// nil when the system gives no thread.
    init?(stackSize: Int, _ body: @escaping () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, &attributes, { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard started == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        self.thread = thread
    }

    func join() {
        pthread_join(thread, nil)
    }

    private final class ThreadBody {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
