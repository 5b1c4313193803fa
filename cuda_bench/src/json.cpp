#include "json.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace bench::json {

const Value *Value::find(const std::string &key) const {
  if (kind_ != Kind::Object)
    return nullptr;
  for (const auto &m : members_)
    if (m.first == key)
      return &m.second;
  return nullptr;
}

class Parser {
public:
  explicit Parser(const std::string &text) : text_(text) {}

  ParseResult run() {
    ParseResult result;
    Value v;
    skipSpace();
    if (!parseValue(v, 0)) {
      result.error = where() + error_;
      return result;
    }
    skipSpace();
    if (pos_ != text_.size()) {
      result.error = where() + "trailing characters after the JSON value";
      return result;
    }
    result.value = std::move(v);
    return result;
  }

private:
  static constexpr int kMaxDepth = 256;

  std::string where() const {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": ";
  }

  bool fail(const std::string &what) {
    error_ = what;
    return false;
  }

  void skipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }

  bool consumeWord(const char *word) {
    size_t n = std::char_traits<char>::length(word);
    if (text_.compare(pos_, n, word) != 0)
      return false;
    pos_ += n;
    return true;
  }

  bool parseValue(Value &v, int depth) {
    if (depth > kMaxDepth)
      return fail("nesting too deep");
    if (pos_ >= text_.size())
      return fail("unexpected end of input");
    char c = text_[pos_];
    switch (c) {
    case '{':
      return parseObject(v, depth);
    case '[':
      return parseArray(v, depth);
    case '"':
      v.kind_ = Value::Kind::String;
      return parseString(v.string_);
    case 't':
      if (!consumeWord("true"))
        return fail("invalid literal");
      v.kind_ = Value::Kind::Bool;
      v.bool_ = true;
      return true;
    case 'f':
      if (!consumeWord("false"))
        return fail("invalid literal");
      v.kind_ = Value::Kind::Bool;
      v.bool_ = false;
      return true;
    case 'n':
      if (!consumeWord("null"))
        return fail("invalid literal");
      v.kind_ = Value::Kind::Null;
      return true;
    default:
      if (c == '-' || (c >= '0' && c <= '9'))
        return parseNumber(v);
      return fail(std::string("unexpected character '") + c + "'");
    }
  }

  bool parseObject(Value &v, int depth) {
    v.kind_ = Value::Kind::Object;
    ++pos_; // '{'
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      return true;
    }
    while (true) {
      skipSpace();
      if (pos_ >= text_.size() || text_[pos_] != '"')
        return fail("expected a member name");
      std::string name;
      if (!parseString(name))
        return false;
      skipSpace();
      if (pos_ >= text_.size() || text_[pos_] != ':')
        return fail("expected ':' after a member name");
      ++pos_;
      skipSpace();
      Value member;
      if (!parseValue(member, depth + 1))
        return false;
      v.members_.emplace_back(std::move(name), std::move(member));
      skipSpace();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '}') {
        ++pos_;
        return true;
      }
      return fail("expected ',' or '}' in an object");
    }
  }

  bool parseArray(Value &v, int depth) {
    v.kind_ = Value::Kind::Array;
    ++pos_; // '['
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      return true;
    }
    while (true) {
      skipSpace();
      Value item;
      if (!parseValue(item, depth + 1))
        return false;
      v.array_.push_back(std::move(item));
      skipSpace();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == ']') {
        ++pos_;
        return true;
      }
      return fail("expected ',' or ']' in an array");
    }
  }

  static void appendUtf8(std::string &out, unsigned cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  bool parseHex4(unsigned &cp) {
    if (pos_ + 4 > text_.size())
      return fail("truncated \\u escape");
    cp = 0;
    for (int i = 0; i < 4; ++i) {
      char h = text_[pos_++];
      cp <<= 4;
      if (h >= '0' && h <= '9')
        cp |= static_cast<unsigned>(h - '0');
      else if (h >= 'a' && h <= 'f')
        cp |= static_cast<unsigned>(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F')
        cp |= static_cast<unsigned>(h - 'A' + 10);
      else
        return fail("invalid \\u escape");
    }
    return true;
  }

  bool parseString(std::string &out) {
    ++pos_; // opening quote
    while (pos_ < text_.size()) {
      char c = text_[pos_++];
      if (c == '"')
        return true;
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size())
        break;
      char e = text_[pos_++];
      switch (e) {
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      case '/': out += '/'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        unsigned cp;
        if (!parseHex4(cp))
          return false;
        if (cp >= 0xD800 && cp < 0xDC00 && text_.compare(pos_, 2, "\\u") == 0) {
          pos_ += 2;
          unsigned low;
          if (!parseHex4(low))
            return false;
          if (low < 0xDC00 || low >= 0xE000)
            return fail("invalid surrogate pair");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        }
        appendUtf8(out, cp);
        break;
      }
      default:
        return fail(std::string("invalid escape '\\") + e + "'");
      }
    }
    return fail("unterminated string");
  }

  bool parseNumber(Value &v) {
    size_t start = pos_;
    bool integral = true;
    if (text_[pos_] == '-')
      ++pos_;
    auto digits = [&] {
      size_t d = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9')
        ++pos_;
      return pos_ - d;
    };
    if (digits() == 0)
      return fail("invalid number");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      integral = false;
      ++pos_;
      if (digits() == 0)
        return fail("invalid number");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      integral = false;
      ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-'))
        ++pos_;
      if (digits() == 0)
        return fail("invalid number");
    }
    std::string literal = text_.substr(start, pos_ - start);
    v.kind_ = Value::Kind::Number;
    v.number_ = std::strtod(literal.c_str(), nullptr);
    if (integral) {
      errno = 0;
      long long i = std::strtoll(literal.c_str(), nullptr, 10);
      if (errno == 0) {
        v.isInteger_ = true;
        v.integer_ = i;
      }
    }
    return true;
  }

  const std::string &text_;
  size_t pos_ = 0;
  std::string error_;
};

ParseResult parse(const std::string &text) { return Parser(text).run(); }

std::string formatNumber(double v) {
  if (!std::isfinite(v))
    return "null";
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

void Writer::newline() {
  os_ << '\n';
  for (size_t i = 0; i < stack_.size(); ++i)
    os_ << "  ";
}

void Writer::beforeValue() {
  if (afterKey_) {
    afterKey_ = false;
    return;
  }
  if (stack_.empty())
    return;
  Frame &f = stack_.back();
  if (f.count++ > 0)
    os_ << (f.inlineItems ? ", " : ",");
  if (!f.inlineItems)
    newline();
}

void Writer::beginObject() {
  beforeValue();
  os_ << '{';
  stack_.push_back({true, false, 0});
}

void Writer::endObject() {
  bool empty = stack_.back().count == 0;
  stack_.pop_back();
  if (!empty)
    newline();
  os_ << '}';
  if (stack_.empty())
    os_ << '\n';
}

void Writer::beginArray(bool inlineItems) {
  beforeValue();
  os_ << '[';
  stack_.push_back({false, inlineItems, 0});
}

void Writer::endArray() {
  Frame f = stack_.back();
  stack_.pop_back();
  if (f.count > 0 && !f.inlineItems)
    newline();
  os_ << ']';
}

void Writer::key(const std::string &name) {
  Frame &f = stack_.back();
  if (f.count++ > 0)
    os_ << ',';
  newline();
  writeString(name);
  os_ << ": ";
  afterKey_ = true;
}

void Writer::writeString(const std::string &s) {
  os_ << '"';
  for (unsigned char c : s) {
    switch (c) {
    case '"': os_ << "\\\""; break;
    case '\\': os_ << "\\\\"; break;
    case '\n': os_ << "\\n"; break;
    case '\r': os_ << "\\r"; break;
    case '\t': os_ << "\\t"; break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        os_ << buf;
      } else {
        os_ << static_cast<char>(c);
      }
    }
  }
  os_ << '"';
}

void Writer::value(const std::string &s) {
  beforeValue();
  writeString(s);
}

void Writer::value(bool b) {
  beforeValue();
  os_ << (b ? "true" : "false");
}

void Writer::value(long long v) {
  beforeValue();
  os_ << v;
}

void Writer::value(unsigned long long v) {
  beforeValue();
  os_ << v;
}

void Writer::value(double v) {
  beforeValue();
  os_ << formatNumber(v);
}

void Writer::null() {
  beforeValue();
  os_ << "null";
}

} // namespace bench::json
