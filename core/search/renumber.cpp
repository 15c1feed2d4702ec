#include "renumber.h"

#include <algorithm>

namespace navlab {

Renumbering::Renumbering(const std::vector<int>& old_keys, const std::vector<int>& old_tiles,
                         const std::vector<int>& new_keys, const std::vector<int>& rebuilt)
    : old_keys_(old_keys),
      old_tiles_(old_tiles),
      new_keys_(new_keys),
      sorted_(std::is_sorted(new_keys.begin(), new_keys.end())),
      gone_(rebuilt.begin(), rebuilt.end()) {
  if (!sorted_)
    for (size_t i = 0; i < new_keys.size(); ++i) index_[new_keys[i]] = int(i);
}

int Renumbering::new_index(int key) const {
  if (sorted_) {
    const auto it = std::lower_bound(new_keys_.begin(), new_keys_.end(), key);
    return it != new_keys_.end() && *it == key ? int(it - new_keys_.begin()) : -1;
  }
  const auto it = index_.find(key);
  return it == index_.end() ? -1 : it->second;
}

int Renumbering::polygon(int old_index) const {
  if (old_index < 0 || size_t(old_index) >= old_keys_.size()) return -1;
  if (size_t(old_index) < old_tiles_.size() && gone_.count(old_tiles_[size_t(old_index)])) return -1;
  return new_index(old_keys_[size_t(old_index)]);
}

int Renumbering::record(int node) const {
  if (node < 0) return node;
  const int n = polygon(node);
  return n >= 0 ? n : kNodeGone;
}

void Renumbering::apply(std::vector<int>& corridor, SearchTrace& trace) const {
  for (int& n : corridor) n = polygon(n);
  for (SearchStep& st : trace.steps) {
    st.node = record(st.node);
    st.parent = record(st.parent);
  }
  for (int& n : trace.route) n = record(n);
}

}  // namespace navlab
