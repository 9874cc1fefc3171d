#include "common/session.h"
