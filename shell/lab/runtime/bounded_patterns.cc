// Lua 5.4's string.find, string.match, string.gmatch and string.gsub with the same pattern
// language, results and error messages, but a matcher that charges every step it takes to the
// sandbox's budget (ChargeWork). The stock matcher backtracks inside one C call, where the
// instruction hook never runs: `("a"):rep(40):find(("a*"):rep(20) .. "b")` would run for hours.
//
// Everything on the C stack here is plain data (no destructors), because a Lua error raised
// from inside the matcher (a malformed pattern, a spent budget, a failing gsub callback)
// unwinds with longjmp.
#include <cctype>
#include <cstddef>
#include <cstring>
#include <lua.hpp>

#include "sandbox_internal.h"

namespace ddblab::lab {

namespace {

constexpr int kMaxCaptures = 32;     // LUA_MAXCAPTURES
constexpr int kMaxMatchDepth = 200;  // MAXCCALLS: "pattern too complex" beyond this nesting
constexpr ptrdiff_t kCapUnfinished = -1;
constexpr ptrdiff_t kCapPosition = -2;
constexpr int kStepsPerCharge = 1024;
constexpr char kEsc = '%';

struct Capture {
  const char* init;
  ptrdiff_t len;
};

struct Matcher {
  lua_State* L;
  const char* src_init;
  const char* src_end;  // Lua strings end with '\0', so *src_end may be read
  const char* p_end;
  int depth_left;
  int level;
  int steps;
  Capture capture[kMaxCaptures];
};

unsigned char U(char c) { return static_cast<unsigned char>(c); }

void Step(Matcher* m) {
  if (++m->steps >= kStepsPerCharge) {
    ChargeWork(m->L, m->steps);
    m->steps = 0;
  }
}

void Prepare(Matcher* m, lua_State* L, const char* s, size_t ls, const char* p, size_t lp) {
  m->L = L;
  m->src_init = s;
  m->src_end = s + ls;
  m->p_end = p + lp;
  m->steps = 0;
}

void Reset(Matcher* m) {
  m->level = 0;
  m->depth_left = kMaxMatchDepth;
}

// 1-based position `pos` of a string of length `len` (negative counts from the end), clipped
// to [1, ...] as string.find's init is.
size_t StartPosition(lua_Integer pos, size_t len) {
  if (pos > 0) return static_cast<size_t>(pos);
  if (pos == 0) return 1;
  if (pos < -static_cast<lua_Integer>(len)) return 1;
  return len + static_cast<size_t>(pos) + 1;
}

const char* ClassEnd(Matcher* m, const char* p) {
  char c = *p++;
  if (c == kEsc) {
    if (p == m->p_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (*p == '^') p++;
    do {
      if (p == m->p_end) luaL_error(m->L, "malformed pattern (missing ']')");
      if (*(p++) == kEsc && p < m->p_end) p++;
    } while (*p != ']');
    return p + 1;
  }
  return p;
}

bool ClassMatches(int c, int cl) {
  bool res;
  switch (std::tolower(cl)) {
    case 'a':
      res = std::isalpha(c);
      break;
    case 'c':
      res = std::iscntrl(c);
      break;
    case 'd':
      res = std::isdigit(c);
      break;
    case 'g':
      res = std::isgraph(c);
      break;
    case 'l':
      res = std::islower(c);
      break;
    case 'p':
      res = std::ispunct(c);
      break;
    case 's':
      res = std::isspace(c);
      break;
    case 'u':
      res = std::isupper(c);
      break;
    case 'w':
      res = std::isalnum(c);
      break;
    case 'x':
      res = std::isxdigit(c);
      break;
    case 'z':
      res = c == 0;
      break;  // deprecated in Lua 5.2 but still matched by 5.4
    default:
      return cl == c;
  }
  return std::isupper(cl) ? !res : res;
}

// [set] from p (at '[') to ec (at the closing ']').
bool SetMatches(int c, const char* p, const char* ec) {
  bool found = true;
  if (*(p + 1) == '^') {
    found = false;
    p++;
  }
  while (++p < ec) {
    if (*p == kEsc) {
      p++;
      if (ClassMatches(c, U(*p))) return found;
    } else if (*(p + 1) == '-' && p + 2 < ec) {
      p += 2;
      if (U(*(p - 2)) <= c && c <= U(*p)) return found;
    } else if (U(*p) == c) {
      return found;
    }
  }
  return !found;
}

bool SingleMatch(Matcher* m, const char* s, const char* p, const char* ep) {
  if (s >= m->src_end) return false;
  int c = U(*s);
  switch (*p) {
    case '.':
      return true;
    case kEsc:
      return ClassMatches(c, U(*(p + 1)));
    case '[':
      return SetMatches(c, p, ep - 1);
    default:
      return U(*p) == c;
  }
}

const char* Match(Matcher* m, const char* s, const char* p);

const char* Balance(Matcher* m, const char* s, const char* p) {
  if (p >= m->p_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (*s != *p) return nullptr;
  char open = *p, close = *(p + 1);
  int depth = 1;
  while (++s < m->src_end) {
    Step(m);
    if (*s == close) {
      if (--depth == 0) return s + 1;
    } else if (*s == open) {
      depth++;
    }
  }
  return nullptr;
}

const char* MaxExpand(Matcher* m, const char* s, const char* p, const char* ep) {
  ptrdiff_t i = 0;
  while (SingleMatch(m, s + i, p, ep)) {
    i++;
    Step(m);
  }
  for (; i >= 0; i--) {
    const char* res = Match(m, s + i, ep + 1);
    if (res != nullptr) return res;
  }
  return nullptr;
}

const char* MinExpand(Matcher* m, const char* s, const char* p, const char* ep) {
  for (;;) {
    const char* res = Match(m, s, ep + 1);
    if (res != nullptr) return res;
    if (!SingleMatch(m, s, p, ep)) return nullptr;
    s++;
  }
}

const char* StartCapture(Matcher* m, const char* s, const char* p, ptrdiff_t what) {
  if (m->level >= kMaxCaptures) luaL_error(m->L, "too many captures");
  m->capture[m->level].init = s;
  m->capture[m->level].len = what;
  m->level++;
  const char* res = Match(m, s, p);
  if (res == nullptr) m->level--;
  return res;
}

const char* EndCapture(Matcher* m, const char* s, const char* p) {
  int l = m->level - 1;
  while (l >= 0 && m->capture[l].len != kCapUnfinished) l--;
  if (l < 0) luaL_error(m->L, "invalid pattern capture");
  m->capture[l].len = s - m->capture[l].init;
  const char* res = Match(m, s, p);
  if (res == nullptr) m->capture[l].len = kCapUnfinished;
  return res;
}

const char* BackReference(Matcher* m, const char* s, int digit) {
  int l = digit - '1';
  if (l < 0 || l >= m->level || m->capture[l].len == kCapUnfinished) {
    luaL_error(m->L, "invalid capture index %%%d", l + 1);
  }
  size_t len = static_cast<size_t>(m->capture[l].len);
  if (static_cast<size_t>(m->src_end - s) >= len && std::memcmp(m->capture[l].init, s, len) == 0) {
    return s + len;
  }
  return nullptr;
}

// Where a match of pattern p at s ends, or nullptr.
const char* Match(Matcher* m, const char* s, const char* p) {
  if (m->depth_left-- == 0) luaL_error(m->L, "pattern too complex");
  Step(m);
  while (p != m->p_end) {
    const char* ep;
    switch (*p) {
      case '(':
        s = *(p + 1) == ')' ? StartCapture(m, s, p + 2, kCapPosition)
                            : StartCapture(m, s, p + 1, kCapUnfinished);
        goto done;
      case ')':
        s = EndCapture(m, s, p + 1);
        goto done;
      case '$':
        if (p + 1 != m->p_end) break;  // a '$' inside the pattern is an ordinary character
        s = s == m->src_end ? s : nullptr;
        goto done;
      case kEsc:
        if (*(p + 1) == 'b') {
          s = Balance(m, s, p + 2);
          if (s == nullptr) goto done;
          p += 4;
          continue;
        }
        if (*(p + 1) == 'f') {
          p += 2;
          if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
          ep = ClassEnd(m, p);
          char previous = s == m->src_init ? '\0' : *(s - 1);
          if (!SetMatches(U(previous), p, ep - 1) && SetMatches(U(*s), p, ep - 1)) {
            p = ep;
            continue;
          }
          s = nullptr;
          goto done;
        }
        if (std::isdigit(U(*(p + 1)))) {
          s = BackReference(m, s, U(*(p + 1)));
          if (s == nullptr) goto done;
          p += 2;
          continue;
        }
        break;
      default:
        break;
    }
    // A single-character class, possibly followed by a quantifier.
    ep = ClassEnd(m, p);
    if (!SingleMatch(m, s, p, ep)) {
      if (*ep == '*' || *ep == '?' || *ep == '-') {
        p = ep + 1;
        continue;
      }
      s = nullptr;
      goto done;
    }
    switch (*ep) {
      case '?': {
        const char* res = Match(m, s + 1, ep + 1);
        if (res != nullptr) {
          s = res;
          goto done;
        }
        p = ep + 1;
        continue;
      }
      case '+':
        s = MaxExpand(m, s + 1, p, ep);
        goto done;
      case '*':
        s = MaxExpand(m, s, p, ep);
        goto done;
      case '-':
        s = MinExpand(m, s, p, ep);
        goto done;
      default:
        s++;
        p = ep;
        continue;
    }
  }
done:
  m->depth_left++;
  return s;
}

void PushCapture(Matcher* m, int i, const char* s, const char* e) {
  if (i >= m->level) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    lua_pushlstring(m->L, s, static_cast<size_t>(e - s));
    return;
  }
  ptrdiff_t l = m->capture[i].len;
  if (l == kCapUnfinished) luaL_error(m->L, "unfinished capture");
  if (l == kCapPosition) {
    lua_pushinteger(m->L, (m->capture[i].init - m->src_init) + 1);
  } else {
    lua_pushlstring(m->L, m->capture[i].init, static_cast<size_t>(l));
  }
}

// Pushes the captures (the whole match when there are none and s is given); returns how many.
int PushCaptures(Matcher* m, const char* s, const char* e) {
  int n = (m->level == 0 && s != nullptr) ? 1 : m->level;
  luaL_checkstack(m->L, n, "too many captures");
  for (int i = 0; i < n; i++) PushCapture(m, i, s, e);
  return n;
}

bool HasSpecials(const char* p, size_t lp) {
  for (size_t i = 0; i < lp; i++) {
    if (std::strchr("^$*+?.([%-", p[i]) != nullptr && p[i] != '\0') return true;
  }
  return false;
}

int FindOrMatch(lua_State* L, bool find) {
  size_t ls = 0, lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  size_t init = StartPosition(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !HasSpecials(p, lp))) {
    // A plain search: memmem is linear, so no budget is needed.
    const void* at = lp == 0 ? s + init : memmem(s + init, ls - init, p, lp);
    if (at != nullptr) {
      const char* a = static_cast<const char*>(at);
      lua_pushinteger(L, (a - s) + 1);
      lua_pushinteger(L, static_cast<lua_Integer>((a - s) + static_cast<ptrdiff_t>(lp)));
      return 2;
    }
    luaL_pushfail(L);
    return 1;
  }
  Matcher m;
  const char* s1 = s + init;
  bool anchor = *p == '^';
  if (anchor) {
    p++;
    lp--;
  }
  Prepare(&m, L, s, ls, p, lp);
  do {
    Reset(&m);
    const char* e = Match(&m, s1, p);
    if (e != nullptr) {
      if (find) {
        lua_pushinteger(L, (s1 - s) + 1);
        lua_pushinteger(L, e - s);
        return PushCaptures(&m, nullptr, nullptr) + 2;
      }
      return PushCaptures(&m, s1, e);
    }
  } while (s1++ < m.src_end && !anchor);
  luaL_pushfail(L);
  return 1;
}

int Find(lua_State* L) { return FindOrMatch(L, true); }
int MatchFn(lua_State* L) { return FindOrMatch(L, false); }

struct GMatchState {
  const char* src;
  const char* p;
  const char* lastmatch;
  Matcher m;
};

int GMatchNext(lua_State* L) {
  auto* gm = static_cast<GMatchState*>(lua_touserdata(L, lua_upvalueindex(3)));
  gm->m.L = L;
  for (const char* src = gm->src; src <= gm->m.src_end; src++) {
    Reset(&gm->m);
    const char* e = Match(&gm->m, src, gm->p);
    if (e != nullptr && e != gm->lastmatch) {
      gm->src = gm->lastmatch = e;
      return PushCaptures(&gm->m, src, e);
    }
  }
  return 0;
}

int GMatch(lua_State* L) {
  size_t ls = 0, lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  size_t init = StartPosition(luaL_optinteger(L, 3, 1), ls) - 1;
  lua_settop(L, 2);  // the closure keeps both strings alive
  auto* gm = static_cast<GMatchState*>(lua_newuserdatauv(L, sizeof(GMatchState), 0));
  if (init > ls) init = ls + 1;
  Prepare(&gm->m, L, s, ls, p, lp);
  gm->src = s + init;
  gm->p = p;
  gm->lastmatch = nullptr;
  lua_pushcclosure(L, GMatchNext, 3);
  return 1;
}

// A string replacement: %0 is the whole match, %1-%9 captures, %% a percent sign.
void AddReplacementString(Matcher* m, luaL_Buffer* b, const char* s, const char* e) {
  lua_State* L = m->L;
  size_t l = 0;
  const char* news = lua_tolstring(L, 3, &l);
  const char* p;
  while ((p = static_cast<const char*>(std::memchr(news, kEsc, l))) != nullptr) {
    luaL_addlstring(b, news, static_cast<size_t>(p - news));
    p++;
    if (*p == kEsc) {
      luaL_addchar(b, *p);
    } else if (*p == '0') {
      luaL_addlstring(b, s, static_cast<size_t>(e - s));
    } else if (std::isdigit(U(*p))) {
      PushCapture(m, *p - '1', s, e);
      luaL_tolstring(L, -1, nullptr);  // a position capture is a number
      lua_remove(L, -2);
      luaL_addvalue(b);
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", kEsc);
    }
    l -= static_cast<size_t>(p + 1 - news);
    news = p + 1;
    Step(m);
  }
  luaL_addlstring(b, news, l);
}

// Adds the replacement of match s..e; false when the original text was kept.
bool AddReplacement(Matcher* m, luaL_Buffer* b, const char* s, const char* e, int kind) {
  lua_State* L = m->L;
  switch (kind) {
    case LUA_TFUNCTION: {
      lua_pushvalue(L, 3);
      int n = PushCaptures(m, s, e);
      lua_call(L, n, 1);
      break;
    }
    case LUA_TTABLE:
      PushCapture(m, 0, s, e);
      lua_gettable(L, 3);
      break;
    default:
      AddReplacementString(m, b, s, e);
      return true;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, static_cast<size_t>(e - s));
    return false;
  }
  if (!lua_isstring(L, -1)) {
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  }
  luaL_addvalue(b);
  return true;
}

int GSub(lua_State* L) {
  size_t srcl = 0, lp = 0;
  const char* src = luaL_checklstring(L, 1, &srcl);
  const char* p = luaL_checklstring(L, 2, &lp);
  const char* lastmatch = nullptr;
  int kind = lua_type(L, 3);
  lua_Integer max_s = luaL_optinteger(L, 4, static_cast<lua_Integer>(srcl) + 1);
  bool anchor = *p == '^';
  lua_Integer n = 0;
  bool changed = false;
  luaL_argexpected(
      L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
      3, "string/function/table");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  if (anchor) {
    p++;
    lp--;
  }
  Matcher m;
  Prepare(&m, L, src, srcl, p, lp);
  while (n < max_s) {
    Reset(&m);
    const char* e = Match(&m, src, p);
    if (e != nullptr && e != lastmatch) {
      n++;
      changed = AddReplacement(&m, &b, src, e, kind) || changed;
      src = lastmatch = e;
    } else if (src < m.src_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchor) break;
  }
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, static_cast<size_t>(m.src_end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}

}  // namespace

void InstallBoundedPatterns(lua_State* L) {
  lua_getglobal(L, LUA_STRLIBNAME);
  const luaL_Reg fns[] = {
      {"find", Find}, {"match", MatchFn}, {"gmatch", GMatch}, {"gsub", GSub}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  lua_pop(L, 1);
}

}  // namespace ddblab::lab
