// SeatArray<T>: one T per seat, indexed by Player. A fixed-capacity array (no heap, trivially
// copyable when T is, so a state holding one copies with memcpy and fingerprints as bytes) whose
// size is the number of players. It retires `array[static_cast<size_t>(p)]`:
//
//   SeatArray<Hand> hands(num_players);   // or SeatArray<Hand, kMaxPlayers> for a smaller cap
//   hands[p].cards = ...;                 // p is a Player; checked against size() in debug builds
//   for (Player p : hands.seats()) ...;   // 0..size()-1
//   for (Hand& h : hands) ...;            // the seats' values, in seat order
//
// Elements past size() are always value-initialised (resize() resets them), so two arrays with
// the same seats' values have the same bytes.
#pragma once
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "villainy/core/types.h"

namespace villainy {

// The most seats any game of the engine has (a game may use a smaller capacity).
inline constexpr int kMaxSeats = 8;

// The seat numbers 0..n-1 as a range: `for (Player p : SeatRange(n))`.
class SeatRange {
 public:
  class iterator {
   public:
    using value_type = Player;
    using difference_type = std::ptrdiff_t;
    constexpr iterator() = default;
    constexpr explicit iterator(Player p) : p_(p) {}
    constexpr Player operator*() const { return p_; }
    constexpr iterator& operator++() {
      ++p_;
      return *this;
    }
    constexpr iterator operator++(int) {
      iterator old = *this;
      ++p_;
      return old;
    }
    constexpr bool operator==(const iterator&) const = default;

   private:
    Player p_ = 0;
  };
  constexpr explicit SeatRange(int n) : n_(n) {}
  constexpr iterator begin() const { return iterator(0); }
  constexpr iterator end() const { return iterator(n_); }
  constexpr int size() const { return n_; }

 private:
  int n_;
};

template <class T, int Capacity = kMaxSeats>
class SeatArray {
  static_assert(Capacity > 0 && Capacity <= 127, "a seat count fits in a signed byte");

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;

  constexpr SeatArray() = default;
  // `num_players` seats, each `value`.
  constexpr explicit SeatArray(int num_players, const T& value = T{}) {
    resize(num_players);
    fill(value);
  }

  static constexpr int capacity() { return Capacity; }
  constexpr int size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  // Sets the number of seats; seats past the new size are reset to T{}.
  constexpr void resize(int num_players) {
    assert(num_players >= 0 && num_players <= Capacity && "SeatArray: seat count out of range");
    for (int i = num_players; i < size_; ++i) data_[static_cast<std::size_t>(i)] = T{};
    size_ = static_cast<std::int8_t>(num_players);
  }
  constexpr void fill(const T& value) {
    for (T& x : *this) x = value;
  }

  constexpr T& operator[](Player p) {
    assert(p >= 0 && p < size_ && "SeatArray: seat out of range");
    return data_[static_cast<std::size_t>(p)];
  }
  constexpr const T& operator[](Player p) const {
    assert(p >= 0 && p < size_ && "SeatArray: seat out of range");
    return data_[static_cast<std::size_t>(p)];
  }

  constexpr T* begin() { return data_.data(); }
  constexpr T* end() { return data_.data() + size_; }
  constexpr const T* begin() const { return data_.data(); }
  constexpr const T* end() const { return data_.data() + size_; }
  constexpr std::span<T> span() { return {begin(), end()}; }
  constexpr std::span<const T> span() const { return {begin(), end()}; }
  // The seat numbers 0..size()-1.
  constexpr SeatRange seats() const { return SeatRange(size_); }
  // The seat after `p`, in turn order.
  constexpr Player next(Player p) const { return p + 1 < size_ ? p + 1 : 0; }

  constexpr bool operator==(const SeatArray& o) const {
    if (size_ != o.size_) return false;
    for (int i = 0; i < size_; ++i)
      if (!(data_[static_cast<std::size_t>(i)] == o.data_[static_cast<std::size_t>(i)]))
        return false;
    return true;
  }

 private:
  std::array<T, Capacity> data_{};
  std::int8_t size_ = 0;
};

static_assert(std::is_trivially_copyable_v<SeatArray<int>>);

}  // namespace villainy
