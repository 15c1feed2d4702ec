#include "nav_query.h"

namespace navlab {

namespace {
NavQuery& thread_query() {
  thread_local NavQuery query;
  return query;
}
}  // namespace

NavQuery::ThisThread::ThisThread() : query_(&thread_query()) {
  if (query_->in_use_) {
    temporary_ = std::make_unique<NavQuery>();
    query_ = temporary_.get();
  } else {
    query_->in_use_ = true;
  }
}

NavQuery::ThisThread::~ThisThread() {
  if (!temporary_) query_->in_use_ = false;
}

}  // namespace navlab
