// Named tensor layouts: a game's view tensor (State::view_tensor) is a sequence of named fields,
// each a fixed number of floats. The layout is part of the game's documentation
// (`villainy rules GAME --tensor`, Python's `game.tensor_layout`), and the writer checks that a
// game fills its fields in layout order and all of them, so the declared size and the written
// values cannot drift apart.
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace villainy {

struct TensorField {
  std::string name;
  int offset = 0;
  int size = 0;
  std::string description;
};

class TensorLayout {
 public:
  // Appends a field of `size` values (size > 0; names unique, else Error).
  TensorLayout& add(std::string name, int size, std::string description);
  int size() const { return size_; }
  const std::vector<TensorField>& fields() const { return fields_; }
  // The field called `name`; Error naming the known fields when there is none.
  const TensorField& field(std::string_view name) const;
  nlohmann::json to_json() const;  // [{name, offset, size, description}]
  std::string to_text() const;     // one line a field: offset, size, name, description

 private:
  std::vector<TensorField> fields_;
  int size_ = 0;
};

// Fills a tensor field by field, in layout order. The constructor checks the buffer size and
// zero-fills it; next(name) returns the next field's values and throws Error when `name` is not
// the next field; finish() throws Error unless every field was visited. No allocation.
class TensorWriter {
 public:
  TensorWriter(const TensorLayout& layout, std::span<float> out);
  std::span<float> next(std::string_view name);
  // Convenience for one-hot fields: sets value `i` of the next field when 0 <= i < size.
  void one_hot(std::string_view name, int i);
  // Sets one value field to v.
  void scalar(std::string_view name, float v) { next(name)[0] = v; }
  void finish() const;

 private:
  const TensorLayout* layout_;
  std::span<float> out_;
  size_t field_ = 0;
};

}  // namespace villainy
