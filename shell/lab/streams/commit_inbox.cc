#include "streams/commit_inbox.h"

#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "ddblab/call.h"
#include "ddblab/wire.h"
#include "sandbox_internal.h"

namespace ddblab::lab::streams {
namespace {

// An inbox holds what its runtime has not taken yet; handlers take after every statement, so
// only a runaway writer fills one. Past the bound, entries are counted as dropped and the run
// says so.
constexpr size_t kMaxInboxEntries = 50000;
// Each runtime (ddb.stream, ddb.stream.new()) has one while it has handlers attached.
constexpr int kMaxInboxes = 8;
constexpr const char* kInboxType = "ddblab.commit_inbox";
constexpr const char* kInboxCount = "ddblab.commit_inboxes";

// Filled by the engine's subscriber (on whichever thread committed), emptied by take().
struct Mailbox {
  std::mutex mutex;
  bool open = true;
  std::vector<wire::Json> entries;
  int64_t dropped = 0;
};

// The Lua userdata: where the inbox subscribed, and its mailbox.
struct Inbox {
  wire::Client* client = nullptr;
  int subscription = 0;
  std::shared_ptr<Mailbox> mailbox;
};

// A commit's stream records, in Lambda's shape (the GetRecords codec's), and its ended streams.
void Note(Mailbox& box, const Commit& commit) {
  GetRecordsResponse page;
  std::vector<const ItemChange*> changes;
  for (const ItemChange& c : commit.changes) {
    if (!c.record) continue;
    page.records.push_back(*c.record);
    changes.push_back(&c);
  }
  std::vector<wire::Json> entries;
  if (!page.records.empty()) {
    wire::Json body =
        wire::ResponseToJson(MakeResponse<Operation::GetRecords>(std::move(page)), "");
    wire::Json& records = body["Records"];
    for (size_t i = 0; i < changes.size() && i < records.size(); ++i) {
      entries.push_back(wire::Json{{"table", changes[i]->table},
                                   {"arn", changes[i]->stream_arn},
                                   {"shard", changes[i]->shard_id},
                                   {"parent", changes[i]->parent_shard_id},
                                   {"record", std::move(records[i])}});
    }
  }
  for (const std::string& arn : commit.ended_streams) entries.push_back(wire::Json{{"ended", arn}});
  if (entries.empty()) return;
  std::lock_guard lock(box.mutex);
  if (!box.open) return;
  for (wire::Json& e : entries) {
    if (box.entries.size() >= kMaxInboxEntries) {
      ++box.dropped;
    } else {
      box.entries.push_back(std::move(e));
    }
  }
}

void CloseMailbox(Inbox& inbox, Sandbox::Impl* impl) {
  if (!inbox.mailbox) return;
  {
    std::lock_guard lock(inbox.mailbox->mutex);
    inbox.mailbox->open = false;
    inbox.mailbox->entries.clear();
  }
  // Only a client the sandbox still holds is known to be alive; a closed mailbox left subscribed
  // elsewhere ignores what it is told.
  if (impl != nullptr && impl->client == inbox.client && inbox.client != nullptr) {
    inbox.client->Unsubscribe(inbox.subscription);
  }
  inbox.mailbox.reset();
  inbox.client = nullptr;
}

// Subscribes the inbox to `client`'s commits (closing what it had); an error when the client's
// database notifies none.
Status SubscribeInbox(Inbox& inbox, Sandbox::Impl* impl, wire::Client& client) {
  CloseMailbox(inbox, impl);
  auto box = std::make_shared<Mailbox>();
  DDB_ASSIGN_OR_RETURN(int id, client.Subscribe([box](const Commit& c) { Note(*box, c); }));
  inbox.client = &client;
  inbox.subscription = id;
  inbox.mailbox = std::move(box);
  return OkStatus();
}

// take()'s work, with no Lua call in it: the entries (and the dropped count) into `out`.
Status TakeEntries(Inbox& inbox, Sandbox::Impl* impl, wire::Json* out, int64_t* dropped) {
  if (impl->client == nullptr) return ValidationError("the sandbox has no database");
  if (inbox.client != impl->client) DDB_TRY(SubscribeInbox(inbox, impl, *impl->client));
  std::vector<wire::Json> entries;
  {
    std::lock_guard lock(inbox.mailbox->mutex);
    entries.swap(inbox.mailbox->entries);
    *dropped = inbox.mailbox->dropped;
    inbox.mailbox->dropped = 0;
  }
  *out = wire::Json::array();
  for (wire::Json& e : entries) out->push_back(std::move(e));
  return OkStatus();
}

Inbox* CheckInbox(lua_State* L) { return static_cast<Inbox*>(luaL_checkudata(L, 1, kInboxType)); }

int InboxCount(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kInboxCount);
  int n = static_cast<int>(lua_tointeger(L, -1));
  lua_pop(L, 1);
  return n;
}
void SetInboxCount(lua_State* L, int n) {
  lua_pushinteger(L, n);
  lua_setfield(L, LUA_REGISTRYINDEX, kInboxCount);
}

// A failed status's message is kept in the sandbox, so no C++ object is alive when a Lua call
// may raise (lua_pushlstring can); true when `st` succeeded.
bool KeepError(const Status& st, Sandbox::Impl* impl) {
  if (!st.ok()) impl->stash_error = st.error().message;
  return st.ok();
}

// Returns nil and the kept message to Lua.
int PushKeptError(lua_State* L, Sandbox::Impl* impl) {
  lua_pushnil(L);
  lua_pushlstring(L, impl->stash_error.data(), impl->stash_error.size());
  impl->stash_error.clear();
  return 2;
}

int LTake(lua_State* L) {
  Inbox* inbox = CheckInbox(L);
  Sandbox::Impl* impl = ImplOf(L);
  int64_t dropped = 0;
  if (!KeepError(TakeEntries(*inbox, impl, &impl->stash, &dropped), impl)) {
    return PushKeptError(L, impl);
  }
  impl->owner->PushJson(impl->stash);
  impl->stash = nullptr;
  lua_pushinteger(L, static_cast<lua_Integer>(dropped));
  return 2;
}

int LClose(lua_State* L) {
  Inbox* inbox = CheckInbox(L);
  if (inbox->mailbox) {
    CloseMailbox(*inbox, ImplOf(L));
    SetInboxCount(L, InboxCount(L) - 1);
  }
  return 0;
}

int LCollect(lua_State* L) {
  LClose(L);
  CheckInbox(L)->~Inbox();
  return 0;
}

}  // namespace

int OpenCommitInbox(lua_State* L) {
  Sandbox::Impl* impl = ImplOf(L);
  if (InboxCount(L) >= kMaxInboxes) {
    lua_pushnil(L);
    lua_pushfstring(L, "at most %d handler runtimes may be attached at once", kMaxInboxes);
    return 2;
  }
  auto* inbox = static_cast<Inbox*>(lua_newuserdatauv(L, sizeof(Inbox), 0));
  new (inbox) Inbox();
  if (luaL_newmetatable(L, kInboxType)) {
    const luaL_Reg methods[] = {
        {"take", LTake}, {"close", LClose}, {"__gc", LCollect}, {nullptr, nullptr}};
    luaL_setfuncs(L, methods, 0);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");  // the sandbox's code cannot reach the methods' table
  }
  lua_setmetatable(L, -2);
  if (!KeepError(impl->client == nullptr ? Status(ValidationError("the sandbox has no database"))
                                         : SubscribeInbox(*inbox, impl, *impl->client),
                 impl)) {
    return PushKeptError(L, impl);
  }
  SetInboxCount(L, InboxCount(L) + 1);
  return 1;
}

}  // namespace ddblab::lab::streams
