#include "judge/runner.h"
#include "model/planted.h"
