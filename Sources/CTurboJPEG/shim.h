#include <stdlib.h>
#include <turbojpeg.h>
