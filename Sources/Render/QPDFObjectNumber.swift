import CQPDF

/// An indirect object of the PDF qpdf has open, by its number: kept where a handle would
/// have to be (a handle lives in qpdf's table until `qpdf_oh_release_all`, at some hundred
/// bytes each), so that a pass over tens of thousands of objects can release its handles as
/// it goes and ask for one again when it needs it.
struct QPDFObjectNumber: Hashable, Sendable {
    var id: Int32
    var generation: Int32

    /// The number of `object`, or nil when it is a direct object.
    init?(_ object: qpdf_oh, in pdf: qpdf_data) {
        guard qpdf_oh_is_indirect(pdf, object) != QPDF_FALSE else { return nil }
        id = qpdf_oh_get_object_id(pdf, object)
        generation = qpdf_oh_get_generation(pdf, object)
    }

    /// A new handle to the object (read only when its value is asked for).
    func handle(in pdf: qpdf_data) -> qpdf_oh {
        qpdf_get_object_by_id(pdf, id, generation)
    }
}
