-- Lesson 4: many-to-many with an adjacency list, both edges in one transaction.
local T = "social-network"

local function edge(pk, sk)
  return ddb.get(T, { PK = pk, SK = sk }) ~= nil
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
        if is_scan(r) then return false, "A Scan read {read} items; u1's edges share one partition key." end
        if not is_query(r) then return nil end
        if not all_start_with(r, "PK", "USER#u1") or not all_start_with(r, "SK", "GROUP#") then
          return false, "Expected only the GROUP# edges under USER#u1 (not the user item itself)."
        end
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
        if is_scan(r) then return false, "A Scan read {read} items; use the group's own partition." end
        if not is_query(r) then return nil end
        if not all_start_with(r, "PK", "GROUP#g10") or not all_start_with(r, "SK", "USER#") then
          return false, "Expected the USER# edges under GROUP#g10."
        end
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
USER#u3 / GROUP#g20 and GROUP#g20 / USER#u3, all or nothing, in one transact-write-items
call. Guard each Put with attribute_not_exists(PK) so a repeated join is refused.]],
      check = function(r)
        local fwd, inv = edge("USER#u3", "GROUP#g20"), edge("GROUP#g20", "USER#u3")
        if r.op == "TransactWriteItems" then
          if not r.ok then return false, "The transaction was cancelled: " .. (r.error.message or "") end
          if fwd and inv then return true end
          return false, "The transaction ran, but the two edges USER#u3/GROUP#g20 and GROUP#g20/USER#u3 are not both there."
        end
        if r.op == "PutItem" or r.op == "BatchWriteItem" then
          if fwd and not inv then
            return false, "USER#u3 -> GROUP#g20 exists but the inverse edge GROUP#g20 -> USER#u3 is missing: listing g20's members would silently leave Carla out."
          end
          if inv and not fwd then
            return false, "GROUP#g20 -> USER#u3 exists but USER#u3 -> GROUP#g20 is missing: Carla's own group list would not show chess."
          end
          if fwd and inv then
            return false, "Both edges exist now, but from separate writes: a crash between them leaves half an edge. Delete them and use one transaction."
          end
        end
        return nil
      end,
      hints = {
        "An adjacency-list edge is two items; write both in one TransactWriteItems so neither can exist alone.",
        [[--transact-items takes a JSON list of {"Put":{"TableName":...,"Item":...,"ConditionExpression":"attribute_not_exists(PK)"}}.]],
        "If a single put already created one edge, remove it first (delete-item) or the condition will cancel the transaction.",
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
        if not is_query(r) then return nil end
        if not all_start_with(r, "PK", "GROUP#g20") or not all_start_with(r, "SK", "USER#") then
          return false, "Query the USER# edges under GROUP#g20."
        end
        if not has_value(r, "SK", "USER#u3") then return false, "u3 is not among the members." end
        return true
      end,
      hints = { [[PK = "GROUP#g20" AND begins_with(SK, "USER#")]] },
      show = [[aws dynamodb query --table-name social-network --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"GROUP#g20"},":p":{"S":"USER#"}}']],
      explain = "u1 and u3 are both members. Test both directions from day one: that is how a missing edge is caught.",
    },
  },
}
