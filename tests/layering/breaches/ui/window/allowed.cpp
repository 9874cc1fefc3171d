#include "compare/view.h"
#include "common/session.h"
