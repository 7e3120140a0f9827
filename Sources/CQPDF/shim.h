#include <qpdf/qpdf-c.h>

/* QPDF_ERRORS is a shift expression, which Swift does not import. */
static const int CQPDFErrors = QPDF_ERRORS;
