// Where stream handlers get their records: the engine's commit notifications (Engine::Subscribe),
// kept for one handler runtime (shell/lab/prelude/stream.lua) until it takes them. Handlers are
// fed what the engine committed, wherever the commit came from, without reading the stream.
#pragma once

#include <lua.hpp>

namespace ddblab::lab::streams {

// ddb._commit_inbox(): a new inbox on the sandbox's database, a userdata with one method,
// inbox:take(), which returns the entries noted since the last take, oldest first, and how many
// were dropped because the inbox was full:
//   {table, arn, shard, parent, record} — a stream record in Lambda's shape, with its stream's
//                                          ARN, its shard and that shard's parent ("" for none);
//   {ended = arn}                        — a stream that ended with its table.
// take() follows the sandbox's client: bound to another database, the inbox moves to it. Returns
// nil and why when the database notifies no commits (a remote endpoint). A sandbox has a few
// inboxes at most, each holding a bounded number of entries.
int OpenCommitInbox(lua_State* L);

}  // namespace ddblab::lab::streams
