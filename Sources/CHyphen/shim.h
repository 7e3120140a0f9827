#include <stdlib.h>
#include <hyphen.h>
