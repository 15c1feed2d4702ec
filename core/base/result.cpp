#include "result.h"

#include <ostream>

namespace navlab {

std::ostream& operator<<(std::ostream& os, FailStage s) { return os << to_string(s); }
std::ostream& operator<<(std::ostream& os, Reason r) { return os << to_string(r); }

}  // namespace navlab
