#include "villainy/core/tensor.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "villainy/core/types.h"

namespace villainy {

TensorLayout& TensorLayout::add(std::string name, int size, std::string description) {
  if (size <= 0) throw Error(fmt::format("tensor field '{}': size {} is not positive", name, size));
  for (const auto& f : fields_)
    if (f.name == name) throw Error(fmt::format("tensor field '{}' declared twice", name));
  fields_.push_back(TensorField{std::move(name), size_, size, std::move(description)});
  size_ += size;
  return *this;
}

const TensorField& TensorLayout::field(std::string_view name) const {
  for (const auto& f : fields_)
    if (f.name == name) return f;
  std::string known;
  for (const auto& f : fields_) known += (known.empty() ? "" : ", ") + f.name;
  throw Error(fmt::format("no tensor field '{}' (fields: {})", name, known));
}

nlohmann::json TensorLayout::to_json() const {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& f : fields_)
    j.push_back(
        {{"name", f.name}, {"offset", f.offset}, {"size", f.size}, {"description", f.description}});
  return j;
}

std::string TensorLayout::to_text() const {
  size_t width = 4;
  for (const auto& f : fields_) width = std::max(width, f.name.size());
  std::string out =
      fmt::format("{:>6} {:>5}  {:<{}}  {}\n", "offset", "size", "name", width, "description");
  for (const auto& f : fields_)
    out += fmt::format("{:>6} {:>5}  {:<{}}  {}\n", f.offset, f.size, f.name, width, f.description);
  out += fmt::format("{:>6} values in all\n", size_);
  return out;
}

TensorWriter::TensorWriter(const TensorLayout& layout, std::span<float> out)
    : layout_(&layout), out_(out) {
  if (out.size() != static_cast<size_t>(layout.size()))
    throw Error(fmt::format("view tensor: buffer of {} values, the layout has {}", out.size(),
                            layout.size()));
  std::fill(out.begin(), out.end(), 0.0f);
}

std::span<float> TensorWriter::next(std::string_view name) {
  const auto& fields = layout_->fields();
  if (field_ >= fields.size())
    throw Error(fmt::format("view tensor: field '{}' written after the last field", name));
  const TensorField& f = fields[field_];
  if (f.name != name)
    throw Error(fmt::format("view tensor: field '{}' written where the layout has '{}' (field {})",
                            name, f.name, field_));
  ++field_;
  return out_.subspan(static_cast<size_t>(f.offset), static_cast<size_t>(f.size));
}

void TensorWriter::one_hot(std::string_view name, int i) {
  auto s = next(name);
  if (i >= 0 && static_cast<size_t>(i) < s.size()) s[static_cast<size_t>(i)] = 1.0f;
}

void TensorWriter::finish() const {
  const auto& fields = layout_->fields();
  if (field_ != fields.size())
    throw Error(fmt::format("view tensor: {} of {} fields written (next: '{}')", field_,
                            fields.size(), fields[field_].name));
}

}  // namespace villainy
