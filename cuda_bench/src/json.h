// A small JSON reader and a streaming pretty writer. The bench must build where only nvcc and cmake exist,
// so it carries its own instead of a library.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace bench::json {

class Value {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }
  bool isBool() const { return kind_ == Kind::Bool; }
  bool isNumber() const { return kind_ == Kind::Number; }
  bool isString() const { return kind_ == Kind::String; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isObject() const { return kind_ == Kind::Object; }
  // True for a number written without fraction or exponent that fits in 64 bits.
  bool isInteger() const { return kind_ == Kind::Number && isInteger_; }

  bool asBool() const { return bool_; }
  double asNumber() const { return number_; }
  long long asInteger() const { return integer_; }
  const std::string &asString() const { return string_; }
  const std::vector<Value> &asArray() const { return array_; }
  const std::vector<std::pair<std::string, Value>> &members() const { return members_; }

  // The member named key, or nullptr when this is not an object or has no such member.
  const Value *find(const std::string &key) const;

private:
  friend class Parser;
  Kind kind_ = Kind::Null;
  bool bool_ = false;
  bool isInteger_ = false;
  double number_ = 0;
  long long integer_ = 0;
  std::string string_;
  std::vector<Value> array_;
  std::vector<std::pair<std::string, Value>> members_;
};

struct ParseResult {
  std::optional<Value> value;
  std::string error; // "line L, column C: what", empty on success
};

ParseResult parse(const std::string &text);

// Writes indented JSON. Arrays opened with `inlineItems` keep their scalar items on one line.
class Writer {
public:
  explicit Writer(std::ostream &os) : os_(os) {}

  void beginObject();
  void endObject();
  void beginArray(bool inlineItems = false);
  void endArray();
  void key(const std::string &name);

  void value(const std::string &s);
  void value(const char *s) { value(std::string(s)); }
  void value(bool b);
  void value(int v) { value(static_cast<long long>(v)); }
  void value(long long v);
  void value(unsigned long long v);
  void value(unsigned long v) { value(static_cast<unsigned long long>(v)); }
  void value(double v); // non-finite values are written as null
  void null();

  template <typename T> void field(const std::string &name, const T &v) {
    key(name);
    value(v);
  }
  template <typename T> void field(const std::string &name, const std::optional<T> &v) {
    key(name);
    if (v)
      value(*v);
    else
      null();
  }
  void nullField(const std::string &name) {
    key(name);
    null();
  }

private:
  struct Frame {
    bool object;
    bool inlineItems;
    int count;
  };
  void beforeValue();
  void newline();
  void writeString(const std::string &s);

  std::ostream &os_;
  std::vector<Frame> stack_;
  bool afterKey_ = false;
};

std::string formatNumber(double v);

} // namespace bench::json
