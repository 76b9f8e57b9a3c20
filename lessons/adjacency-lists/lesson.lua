-- Lesson 4: many-to-many with an adjacency list, both edges in one transaction.
local T = "social-network"

local FWD = { PK = "USER#u3", SK = "GROUP#g20" }
local INV = { PK = "GROUP#g20", SK = "USER#u3" }

local function edge(k)
  return ddb.get(T, { PK = k.PK, SK = k.SK }) ~= nil
end
local function drop(k)
  ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = k.PK, SK = k.SK }) })
end

local function same_key(a, b)
  return type(a) == "table" and a.PK == b.PK and a.SK == b.SK
end
local function key_text(k)
  return tostring(k.PK) .. " / " .. tostring(k.SK)
end

-- A resolved condition that refuses the write when the item already exists.
local function guards_absent(cond)
  return absent_guard(cond, { "PK", "SK" })
end

-- Feedback for a statement on another table or an index (social-network has none).
local function elsewhere(r)
  local off = off_table(r, T, "users, groups and edges are in social-network")
  if off then return off end
  if (r.index or "") ~= "" then
    return "That statement named the index " .. r.index .. "; social-network has no index: both directions are in the table itself."
  end
  return nil
end

-- The shared part of the reading steps: one Query of partition `pk` whose items' SK start with
-- `prefix`. Returns a verdict and message, or "go" when the step's own test decides.
local function judge(r, pk, prefix, what)
  local want = "a Query of social-network on PK = " .. pk .. " AND begins_with(SK, " .. prefix .. ")"
  local off = elsewhere(r)
  if off then return false, off end
  if not r.ok then return false, "That statement failed; this step expects " .. want .. "." end
  if r.op == "Scan" then return false, "A Scan read {read} items; " .. what .. " share one partition key." end
  if r.op == "GetItem" then return false, "GetItem returns one item; this step wants " .. what .. ": " .. want .. "." end
  if r.op ~= "Query" then return nil, "(This step wants " .. want .. ".)" end
  local got = collection(r)
  if got ~= nil and got ~= pk then
    return false, "That Query read " .. (got == "" and "several collections" or "the collection of " .. got) .. "; " .. what .. " are under PK = " .. pk .. "."
  end
  for _, it in ipairs(r.items or {}) do
    if it.SK == nil then
      return nil, "(Those items came back without SK, so the step cannot tell which ones they are: select SK too, or *.)"
    end
    if not starts_with(it.SK, prefix) then
      return false, "Expected only the " .. prefix .. " edges under " .. pk .. "; " .. it.SK .. " came back too. Narrow the sort key with begins_with."
    end
  end
  return "go"
end

local join_u3 = [[aws dynamodb transact-write-items --transact-items '[{"Put":{"TableName":"social-network","Item":{"PK":{"S":"USER#u3"},"SK":{"S":"GROUP#g20"},"joined_at":{"S":"2026-06-08"}},"ConditionExpression":"attribute_not_exists(PK)"}},{"Put":{"TableName":"social-network","Item":{"PK":{"S":"GROUP#g20"},"SK":{"S":"USER#u3"},"joined_at":{"S":"2026-06-08"}},"ConditionExpression":"attribute_not_exists(PK)"}}]']]

return lesson {
  id = "adjacency-lists",
  number = 4,
  title = "Adjacency lists: many-to-many without joins",
  summary = [[
Users belong to many groups and groups have many users. In an adjacency list every node is an
item and every edge is stored twice, once in each node's partition, so both directions are a
single Query. The price: your code must write both edges, every time.]],
  requires = { "item-collections" },

  setup = function()
    fresh_table(T)
    seed(T, {
      { PK = "USER#u1", SK = "USER#u1", name = "Ana" },
      { PK = "USER#u2", SK = "USER#u2", name = "Bruno" },
      { PK = "USER#u3", SK = "USER#u3", name = "Carla" },
      { PK = "GROUP#g10", SK = "GROUP#g10", name = "Hiking" },
      { PK = "GROUP#g20", SK = "GROUP#g20", name = "Chess" },
      { PK = "USER#u1", SK = "GROUP#g10" }, { PK = "GROUP#g10", SK = "USER#u1" },
      { PK = "USER#u1", SK = "GROUP#g20" }, { PK = "GROUP#g20", SK = "USER#u1" },
      { PK = "USER#u2", SK = "GROUP#g10" }, { PK = "GROUP#g10", SK = "USER#u2" },
    })
  end,

  steps = {
    {
      id = "groups-of-user",
      text = [[
Table social-network holds users (PK = SK = "USER#u1"), groups (PK = SK = "GROUP#g10") and
membership edges: USER#u1 / GROUP#g10 in the user's partition, GROUP#g10 / USER#u1 in the
group's.

Which groups does u1 belong to? One query, only the group edges.]],
      check = function(r)
        local v, m = judge(r, "USER#u1", "GROUP#", "u1's group edges")
        if v ~= "go" then return v, m end
        if r.count ~= 2 then return false, "u1 is in two groups; you got {count} items." end
        return true
      end,
      hints = {
        [[PK = "USER#u1" AND begins_with(SK, "GROUP#")]],
        [[aws dynamodb query --table-name social-network --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"USER#u1"},":p":{"S":"GROUP#"}}']],
      },
      show = [[aws dynamodb query --table-name social-network --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"USER#u1"},":p":{"S":"GROUP#"}}']],
      explain = "g10 and g20, one Query, {capacity} RCU.",
    },
    {
      id = "members-of-group",
      text = [[
The other direction: who are the members of group g10?]],
      check = function(r)
        local v, m = judge(r, "GROUP#g10", "USER#", "g10's member edges")
        if v ~= "go" then return v, m end
        if r.count ~= 2 then return false, "g10 has two members; you got {count}." end
        return true
      end,
      hints = { [[PK = "GROUP#g10" AND begins_with(SK, "USER#")]] },
      show = [[aws dynamodb query --table-name social-network --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"GROUP#g10"},":p":{"S":"USER#"}}']],
      explain = [[
u1 and u2, again one Query. Both directions cost the same because each edge was written twice.
Deeper traversals (friends of friends) need one Query per hop; for real graph workloads a
graph database is the better tool.]],
    },
    {
      id = "join-both-edges",
      text = [[
Carla (u3) joins the chess group g20. Write the membership so both directions stay true:
USER#u3 / GROUP#g20 and GROUP#g20 / USER#u3, all or nothing, in one transaction
(transact-write-items, or execute-transaction with PartiQL). Guard each Put with
attribute_not_exists(PK) so a repeated join is refused; a PartiQL INSERT carries that guard
by itself.]],
      check = function(r)
        local off = elsewhere(r)
        if off then return false, off end
        local op = r.op or ""
        local wf, wi = write_on(r, FWD), write_on(r, INV)
        if op == "TransactWriteItems" then
          if not r.ok then
            if r.error.code == "TransactionCanceledException" and (edge(FWD) or edge(INV)) then
              local there = {}
              if edge(FWD) then there[#there + 1] = key_text(FWD) end
              if edge(INV) then there[#there + 1] = key_text(INV) end
              for _, k in ipairs({ FWD, INV }) do drop(k) end
              return false, "The transaction was cancelled: the edge " .. table.concat(there, " and ") .. " already existed (from an earlier write), so its guard refused the Put, and nothing was written. The lesson deleted it: run the transaction again."
            end
            return false, "DynamoDB refused the transaction, and nothing was written. This step expects two Puts to social-network, " .. key_text(FWD) .. " and " .. key_text(INV) .. ", each guarded with attribute_not_exists(PK)."
          end
          if not wf or not wi or wf.op == "DeleteItem" or wi.op == "DeleteItem" or wf.op == "ConditionCheck" or wi.op == "ConditionCheck" then
            local wrote = {}
            for _, w in ipairs(r.writes or {}) do
              if w.op ~= "ConditionCheck" and w.key then wrote[#wrote + 1] = key_text(w.key) end
            end
            -- Leave no half edge behind: a later guarded transaction would be refused by it.
            for _, k in ipairs({ FWD, INV }) do drop(k) end
            return false, "That transaction wrote " .. (#wrote > 0 and table.concat(wrote, ", ") or "nothing") .. "; the two edges are " .. key_text(FWD) .. " and " .. key_text(INV) .. ". (The lesson removed any u3/g20 edge again so you can start clean.)"
          end
          for _, w in ipairs(r.writes or {}) do
            if w.op == "DeleteItem" and w.key and not same_key(w.key, FWD) and not same_key(w.key, INV) then
              for _, k in ipairs({ FWD, INV }) do drop(k) end
              return false, "That transaction also deleted " .. key_text(w.key) .. "; joining a group removes nothing. (The lesson removed the u3/g20 edges again; `.lesson reset` brings back " .. key_text(w.key) .. ".)"
            end
          end
          local bare = {}
          if not guards_absent(wf.condition) then bare[#bare + 1] = key_text(FWD) end
          if not guards_absent(wi.condition) then bare[#bare + 1] = key_text(INV) end
          if #bare > 0 then
            for _, k in ipairs({ FWD, INV }) do drop(k) end
            local what = #bare == 2 and "neither Put is" or ("the Put of " .. bare[1] .. " is not")
            return false, "Both edges were written atomically, but " .. what .. " guarded by attribute_not_exists(PK) (alone or ANDed with the rest, not inside an OR): a repeated join would overwrite an edge without a word. (The lesson deleted both edges again so the guarded transaction can run.)"
          end
          if not wf.image or not wi.image then
            return false, "The transaction ran, but the two edges " .. key_text(FWD) .. " and " .. key_text(INV) .. " are not both there."
          end
          return true
        end
        if op == "PutItem" or op == "UpdateItem" or op == "BatchWriteItem" then
          if not r.ok then
            return false, "DynamoDB refused that write. This step writes both edges, " .. key_text(FWD) .. " and " .. key_text(INV) .. ", in one transaction."
          end
          local fwd, inv = edge(FWD), edge(INV)
          if not wf and not wi then
            local w = (r.writes or {})[1]
            return false, "That write went to " .. (w and w.key and key_text(w.key) or "another item") .. "; Carla's membership is the two edges " .. key_text(FWD) .. " and " .. key_text(INV) .. ", written in one transaction."
          end
          -- Separate writes leave a window with half an edge: undo them so the transaction can run.
          for _, k in ipairs({ FWD, INV }) do drop(k) end
          local undo = " (The lesson deleted it again so the transaction can run.)"
          if fwd and not inv then
            return false, "USER#u3 -> GROUP#g20 exists but the inverse edge GROUP#g20 -> USER#u3 is missing: listing g20's members would silently leave Carla out." .. undo
          end
          if inv and not fwd then
            return false, "GROUP#g20 -> USER#u3 exists but USER#u3 -> GROUP#g20 is missing: Carla's own group list would not show chess." .. undo
          end
          if op == "BatchWriteItem" then
            return false, "Both edges exist now, but a batch is not atomic: one Put can fail (an unprocessed item) while the other succeeds, leaving half an edge. Write both in one transaction. (The lesson deleted them again so the transaction can run.)"
          end
          return false, "Both edges exist now, but from separate writes: a crash between them leaves half an edge. Write both in one transaction. (The lesson deleted them again so the transaction can run.)"
        end
        if op == "DeleteItem" and r.ok then
          return nil, "(Deleted. Now write both edges in one transaction.)"
        end
        if not r.ok then
          return false, "That statement failed; this step expects one transaction writing " .. key_text(FWD) .. " and " .. key_text(INV) .. " to social-network, each Put guarded with attribute_not_exists(PK)."
        end
        return nil, "(This step writes: both edges of Carla's membership in one transaction.)"
      end,
      hints = {
        "An adjacency-list edge is two items; write both in one TransactWriteItems so neither can exist alone.",
        [[--transact-items takes a JSON list of {"Put":{"TableName":...,"Item":...,"ConditionExpression":"attribute_not_exists(PK)"}}.]],
        [[In PartiQL: aws dynamodb execute-transaction --transact-statements with two INSERT INTO "social-network" VALUE {...} statements; an INSERT is guarded by itself (it never overwrites).]],
      },
      show = join_u3,
      explain = [[
Both edges were written atomically for {capacity} WCU: transactional writes cost twice a
standard write, per item. Forgetting the inverse edge raises no error at all, which is why it
is the classic adjacency-list bug; writing both in one transaction rules it out.]],
    },
    {
      id = "verify-members",
      text = [[
Check the result from the group's side: list the members of g20.]],
      check = function(r)
        local v, m = judge(r, "GROUP#g20", "USER#", "g20's member edges")
        if v ~= "go" then return v, m end
        if not has_value(r, "SK", "USER#u3") then
          return false, "u3 is not among the {count} members that came back: query the USER# edges under GROUP#g20."
        end
        return true
      end,
      hints = { [[PK = "GROUP#g20" AND begins_with(SK, "USER#")]] },
      show = [[aws dynamodb query --table-name social-network --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"GROUP#g20"},":p":{"S":"USER#"}}']],
      explain = "u1 and u3 are both members. Test both directions from day one: that is how a missing edge is caught.",
    },
  },
}
