#include <hb.h>
#include <hb-ft.h>
#include <hb-subset.h>
#include <hb-ot.h>
