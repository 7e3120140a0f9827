/// A finished output of a run written under a temporary name, waiting to be put in place with
/// the run's other outputs: all of a run's files are placed together or none is
/// (`UnplacedOutputs.placeTogether`).
public protocol UnplacedOutput {
    /// Puts the file (or files) in place; a failure leaves nothing of it behind.
    func commit() throws
    /// Drops what was written: the run failed.
    func discard()
}

extension AtomicFile: UnplacedOutput {}

public enum UnplacedOutputs {
    /// Places `outputs` in their order, and when one cannot be placed drops those not yet
    /// placed. Put first those whose placing can fail (a copy into a device such as
    /// `/dev/full`); a rename beside its destination, last, does not.
    public static func placeTogether(_ outputs: [any UnplacedOutput]) throws {
        for (index, output) in outputs.enumerated() {
            do {
                try output.commit()
            } catch {
                for later in outputs[(index + 1)...] { later.discard() }
                throw error
            }
        }
    }

    /// Drops every one of `outputs`.
    public static func discard(_ outputs: [any UnplacedOutput]) {
        for output in outputs { output.discard() }
    }
}
