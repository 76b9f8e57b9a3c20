-- Lesson 8: conditional writes, optimistic concurrency and transactions.
local T = "app-main"

local put_e5f6 = [[aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#e5f6"},"SK":{"S":"PROFILE"},"name":{"S":"Delta SA"}}' --condition-expression "attribute_not_exists(PK)"]]
local ORDER_KEY = [['{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}}']]
local bump = [[aws dynamodb update-item --table-name app-main --key ]] .. ORDER_KEY .. [[ --update-expression "SET #s = :new, version = :next" --condition-expression "version = :cur" --expression-attribute-names '{"#s":"status"}' --expression-attribute-values '{":new":{"S":"PACKED"},":next":{"N":"8"},":cur":{"N":"7"}}']]
local create_order = [[aws dynamodb transact-write-items --transact-items '[{"Put":{"TableName":"app-main","Item":{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-08#o-9100"},"status":{"S":"OPEN"}},"ConditionExpression":"attribute_not_exists(PK)"}},{"Put":{"TableName":"app-main","Item":{"PK":{"S":"ORDER#o-9100"},"SK":{"S":"ITEM#001"},"sku":{"S":"ABC"},"qty":{"N":"1"}},"ConditionExpression":"attribute_not_exists(PK)"}}]']]

local function condition_of(r)
  return r.request.ConditionExpression or ""
end

return lesson {
  id = "conditions-transactions",
  number = 8,
  title = "Conditions, optimistic concurrency and transactions",
  summary = [[
Writes in DynamoDB replace silently unless you say otherwise. A condition turns a put into an
insert, a version attribute turns a lost update into a rejected one, and TransactWriteItems
makes several writes succeed or fail together, at twice the cost.]],
  requires = { "item-collections" },

  setup = function()
    fresh_table(T)
    seed(T, {
      { PK = "CUST#a1b2", SK = "PROFILE", name = "Acme Co" },
      { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001", status = "OPEN", version = 7 },
    })
  end,

  steps = {
    {
      id = "insert-only",
      text = [[
Create customer CUST#e5f6 (SK = "PROFILE", name "Delta SA") so that the put can never
overwrite an existing customer: add a condition expression that only holds when no item with
that key exists yet.]],
      check = function(r)
        if r.op ~= "PutItem" then return nil end
        -- A misspelt function (attribute_not_exist) is DynamoDB's ValidationException, not a
        -- missing guard: say what DynamoDB said.
        if not r.ok and r.error.code == "ValidationException" then
          return false, "DynamoDB refused the put: {error}"
        end
        local c = condition_of(r)
        if not string.find(c, "attribute_not_exists", 1, true) then
          if r.ok and request_mentions(r, "CUST#e5f6") then
            -- The unguarded put created the customer, which would make every guarded put fail
            -- from now on: the step's starting state is restored instead of leaving a dead end.
            ddb.call("DeleteItem", { TableName = T, Key = ddb.item({ PK = "CUST#e5f6", SK = "PROFILE" }) })
            return false, "That put has no insert-only guard: had CUST#e5f6 existed, it would have been replaced without a word. (It created CUST#e5f6; the lesson deleted it again so the guarded put can succeed.)"
          end
          return false, "That put has no insert-only guard: had CUST#e5f6 existed, it would have been replaced without a word."
        end
        if not r.ok and r.error.code == "ConditionalCheckFailedException" then
          return false, "CUST#e5f6 already exists, so the guarded put was refused, as a guard should. This step needs it absent: `.lesson reset` starts the lesson over (or delete-item the customer and put again)."
        end
        if not r.ok then return false, "The put was refused: {error}" end
        return true
      end,
      hints = {
        [[--condition-expression "attribute_not_exists(PK)" holds only when the key is new.]],
        put_e5f6,
      },
      show = put_e5f6,
      explain = "Created for {capacity} WCU. The condition is checked against the item with the same key, atomically with the write.",
    },
    {
      id = "duplicate-rejected",
      text = [[
Run exactly the same put again.]],
      check = function(r)
        if r.op ~= "PutItem" then return nil end
        if r.ok then return false, "The put succeeded, so it had no guard: the profile was overwritten." end
        if r.error.code ~= "ConditionalCheckFailedException" then
          return false, "Expected ConditionalCheckFailedException, got " .. tostring(r.error.code) .. "."
        end
        return true
      end,
      hints = { "Repeat the previous put-item, condition included." },
      show = put_e5f6,
      explain = [[
ConditionalCheckFailedException: the existing customer is safe. Note that a refused write still
consumed {capacity} WCU: the check is part of the write.]],
    },
    {
      id = "version-guard",
      text = [[
Order o-9001 (PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001") has version = 7. Change its
status to PACKED only if the version is still 7, and set version to 8 in the same update.]],
      check = function(r)
        if r.op ~= "UpdateItem" then return nil end
        if not string.find(condition_of(r), "version", 1, true) then
          return false, "Without a condition on version, a concurrent writer's change would be lost silently."
        end
        if not r.ok then return false, "The update was refused: is the version still 7?" end
        local it = ddb.get(T, { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001" })
        if not it or it.version ~= 8 or it.status ~= "PACKED" then
          return false, "Expected status PACKED and version 8 on the order."
        end
        return true
      end,
      hints = {
        [[--condition-expression "version = :cur" with --update-expression "SET #s = :new, version = :next".]],
        bump,
      },
      show = bump,
      explain = "Updated and bumped in one write ({capacity} WCU). No locks were taken: the condition did the work.",
    },
    {
      id = "stale-version",
      text = [[
Now play the slower writer who still believes the version is 7: run the same update again.]],
      check = function(r)
        if r.op ~= "UpdateItem" then return nil end
        if r.ok then return false, "The update went through: it did not check the version." end
        if r.error.code ~= "ConditionalCheckFailedException" then
          return false, "Expected ConditionalCheckFailedException, got " .. tostring(r.error.code) .. "."
        end
        return true
      end,
      hints = { "Repeat the previous update-item unchanged." },
      show = bump,
      explain = [[
Refused, and still billed: {capacity} WCU, sized on the existing item, because DynamoDB charges
a conditional write whether or not its condition holds. The stale writer must re-read the item
(version 8), re-apply its change and retry. That is optimistic concurrency: conflicts are rare,
so the retry is paid only when one happens.]],
    },
    {
      id = "transaction",
      text = [[
Create order o-9100 for CUST#a1b2 together with its first line item, atomically, in one
transact-write-items call:
  PK "CUST#a1b2", SK "ORDER#2026-06-08#o-9100", status OPEN
  PK "ORDER#o-9100", SK "ITEM#001", sku ABC, qty 1
Guard both Puts with attribute_not_exists(PK).]],
      check = function(r)
        if r.op == "PutItem" then
          return false, "Two separate puts can leave an order without its items (or items without an order)."
        end
        if r.op ~= "TransactWriteItems" then return nil end
        if not r.ok then return false, "The transaction was cancelled: " .. (r.error.message or "") end
        if not ddb.get(T, { PK = "CUST#a1b2", SK = "ORDER#2026-06-08#o-9100" })
          or not ddb.get(T, { PK = "ORDER#o-9100", SK = "ITEM#001" }) then
          return false, "Both the order and its line item must exist."
        end
        return true
      end,
      hints = {
        [[--transact-items '[{"Put":{...}},{"Put":{...}}]', each Put with TableName, Item and ConditionExpression.]],
        create_order,
      },
      show = create_order,
      explain = [[
Two items, {capacity} WCU: a transactional write costs two write units per KB, twice a
standard write. Up to 100 actions fit in one transaction; spend them where the invariant
matters.]],
    },
    {
      id = "cancellation",
      text = [[
Run the same transaction once more and read the cancellation reasons.]],
      check = function(r)
        if r.op ~= "TransactWriteItems" then return nil end
        if r.ok then return false, "It succeeded: the Puts have no conditions." end
        if r.error.code ~= "TransactionCanceledException" then
          return false, "Expected TransactionCanceledException, got " .. tostring(r.error.code) .. "."
        end
        return true
      end,
      hints = { "Repeat the previous transact-write-items unchanged." },
      show = create_order,
      explain = function(r)
        local codes = {}
        for i, reason in ipairs(r.error.reasons or {}) do codes[i] = reason.code end
        return "TransactionCanceledException with one reason per action, in order: ["
          .. table.concat(codes, ", ") .. "]. Nothing was written, yet the attempt still cost\n"
          .. cost(r) .. ": a cancelled transaction consumes capacity. The reasons tell\n"
          .. "you which condition failed, so the caller can decide whether to retry, re-read or give up."
      end,
    },
  },
}
