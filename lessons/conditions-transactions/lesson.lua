-- Lesson 8: conditional writes, optimistic concurrency and transactions.
-- Checks read the normalized record (lessons/README.md, "What a check sees"): the same fields
-- whether a step is answered with the aws CLI, PartiQL, or PartiQL through execute-statement.
local T = "app-main"

local put_e5f6 = [[aws dynamodb put-item --table-name app-main --item '{"PK":{"S":"CUST#e5f6"},"SK":{"S":"PROFILE"},"name":{"S":"Delta SA"}}' --condition-expression "attribute_not_exists(PK)"]]
local ORDER_KEY = [['{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-01#o-9001"}}']]
local bump = [[aws dynamodb update-item --table-name app-main --key ]] .. ORDER_KEY .. [[ --update-expression "SET #s = :new, version = :next" --condition-expression "version = :cur" --expression-attribute-names '{"#s":"status"}' --expression-attribute-values '{":new":{"S":"PACKED"},":next":{"N":"8"},":cur":{"N":"7"}}']]
local create_order = [[aws dynamodb transact-write-items --transact-items '[{"Put":{"TableName":"app-main","Item":{"PK":{"S":"CUST#a1b2"},"SK":{"S":"ORDER#2026-06-08#o-9100"},"status":{"S":"OPEN"}},"ConditionExpression":"attribute_not_exists(PK)"}},{"Put":{"TableName":"app-main","Item":{"PK":{"S":"ORDER#o-9100"},"SK":{"S":"ITEM#001"},"sku":{"S":"ABC"},"qty":{"N":"1"}},"ConditionExpression":"attribute_not_exists(PK)"}}]']]

local CUSTOMER = { PK = "CUST#e5f6", SK = "PROFILE" }
local CUSTOMER_ITEM = { PK = "CUST#e5f6", SK = "PROFILE", name = "Delta SA" }
local ORDER = { PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001" }
local ORDER_V7 = { PK = ORDER.PK, SK = ORDER.SK, status = "OPEN", version = 7 }
local ORDER_V8 = { PK = ORDER.PK, SK = ORDER.SK, status = "PACKED", version = 8 }
local NEW_ORDER = { PK = "CUST#a1b2", SK = "ORDER#2026-06-08#o-9100", status = "OPEN" }
local LINE = { PK = "ORDER#o-9100", SK = "ITEM#001", sku = "ABC", qty = 1 }

-- Record helpers ----------------------------------------------------------------------------
-- The entry of r.writes for the item with that key in this lesson's table, or nil.
local function write_on(r, key) return write_on_in(r, key, T) end
local function delete(key) ddb.call("DeleteItem", { TableName = T, Key = ddb.item(key) }) end
-- A condition that holds only while no item has the key: attribute_not_exists on a key attribute.
local function insert_only(cond)
  return absent_guard(cond, { "PK", "SK" })
end
-- A guard that holds only while the version is still 7.
local function pins_version_7(cond)
  if type(cond) ~= "string" then return false end
  local bare = " " .. string.gsub(cond, "'[^']*'", "''") .. " "
  return string.find(bare, "[^%w_#:%.]version%s*=%s*7[^%w_.]") ~= nil
    or string.find(bare, "[^%w_#:%.]7%s*=%s*version[^%w_]") ~= nil
end
local function table_note(r)
  return used_table(r) .. "; this lesson's data is in app-main"
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
      ORDER_V7,
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
        r = as_single(r)
        local expected = "This step expects a put of CUST#e5f6 / PROFILE (name Delta SA) in app-main, guarded by attribute_not_exists(PK)."
        if not SINGLE_WRITES[r.op] then
          if r.op == "TransactWriteItems" or r.op == "BatchWriteItem" then
            return false, "One guarded put is all this step needs. " .. expected
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. ". " .. expected end
        if r.op == "DeleteItem" then return nil, expected end
        if not same_value(r.key, CUSTOMER) then
          return false, "That write was for " .. show_value(r.key and r.key.PK) .. " / " .. show_value(r.key and r.key.SK) .. ". " .. expected
        end
        local w = write_on(r, CUSTOMER)
        local image = w and w.image
        if not r.ok and r.error.code == "ValidationException" then
          -- A misspelt function (attribute_not_exist) is DynamoDB's ValidationException, not a
          -- missing guard: say what DynamoDB said.
          return false, "DynamoDB refused the write: {error}. " .. expected
        end
        if not insert_only(r.condition) then
          local what = r.condition and ("Its condition (" .. r.condition .. ") does not test whether the key exists")
            or ("That " .. (r.op == "PutItem" and "put" or "write") .. " has no insert-only guard")
          if r.ok then
            -- The unguarded write created the customer, which would make every guarded put fail
            -- from now on: the step's starting state is restored instead of leaving a dead end.
            delete(CUSTOMER)
            return false, what .. ": had CUST#e5f6 existed, it would have been replaced without a word. (It created CUST#e5f6; the lesson deleted it again so the guarded put can succeed.)"
          end
          return false, what .. ": had CUST#e5f6 existed, it would have been replaced without a word."
        end
        if not r.ok then
          local code = r.error.code
          if code == "ConditionalCheckFailedException" or code == "DuplicateItemException" then
            return false, "CUST#e5f6 already exists, so the guarded put was refused, as a guard should. This step needs it absent: `.lesson reset` starts the lesson over (or delete-item the customer and put again)."
          end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        if not same_value(image, CUSTOMER_ITEM) then
          delete(CUSTOMER)
          return false, "CUST#e5f6 was written, but " .. differences(image, CUSTOMER_ITEM) .. ". The lesson deleted it again so you can write it as asked."
        end
        return true
      end,
      hints = {
        [[--condition-expression "attribute_not_exists(PK)" holds only when the key is new (a PartiQL INSERT carries that condition itself).]],
        put_e5f6,
      },
      show = put_e5f6,
      explain = function(r)
        local how = "The condition is checked against the item with the same key, atomically with the write."
        if r.language == "partiql" then
          how = "INSERT is PartiQL's guarded put: it carries\n"
            .. "attribute_not_exists(PK) itself (EXPLAIN shows it) and never overwrites, where put-item\n"
            .. "needs the condition spelled out."
        end
        return "Created for " .. units(r.capacity) .. " WCU. " .. how
      end,
    },
    {
      id = "duplicate-rejected",
      text = [[
Run exactly the same put again.]],
      check = function(r)
        r = as_single(r)
        local expected = "This step expects the same guarded write of CUST#e5f6 / PROFILE again, refused because the customer exists."
        if not SINGLE_WRITES[r.op] or r.op == "DeleteItem" then
          if r.op == "DeleteItem" and r.ok and same_value(r.key, CUSTOMER) then
            return nil, "CUST#e5f6 is gone now; write it again with the guard, then repeat that write to see it refused."
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. ". " .. expected end
        if not same_value(r.key, CUSTOMER) then
          return false, "That write was for " .. show_value(r.key and r.key.PK) .. " / " .. show_value(r.key and r.key.SK) .. ". " .. expected
        end
        if r.ok then
          if insert_only(r.condition) then
            return nil, "That guarded write succeeded, so CUST#e5f6 did not exist before it. Run it once more to see the guard refuse it."
          end
          ddb.put(T, CUSTOMER_ITEM)
          return false, "That write had no insert-only guard, so it replaced the existing profile without a word. (The lesson restored the profile.)"
        end
        local code = r.error.code
        if code == "TransactionCanceledException" then
          -- A transaction of this one write: its reason says why.
          local reason = r.error.reasons and r.error.reasons[1] and r.error.reasons[1].code
          if reason == "ConditionalCheckFailed" or reason == "DuplicateItem" then code = reason .. "Exception" end
        end
        if code ~= "ConditionalCheckFailedException" and code ~= "DuplicateItemException" then
          return false, "DynamoDB refused it ({error}), not because the customer exists. " .. expected
        end
        if not insert_only(r.condition) then
          return false, "Refused, but by a condition (" .. tostring(r.condition) .. ") that is not the insert-only guard: run the put of the previous step again, attribute_not_exists(PK) included."
        end
        return true
      end,
      hints = { "Repeat the previous write, condition included." },
      show = put_e5f6,
      explain = function(r)
        local name = r.error.code == "DuplicateItemException"
          and "DuplicateItemException (PartiQL's name for a failed INSERT guard)"
          or "ConditionalCheckFailedException"
        if r.error.code == "TransactionCanceledException" then
          local reason = r.error.reasons and r.error.reasons[1] and r.error.reasons[1].code
          name = "TransactionCanceledException, reason " .. tostring(reason)
        end
        return name .. ": the existing customer is safe.\n"
          .. "Note that a refused write still consumed " .. units(r.capacity) .. " WCU: the check is part of the write."
      end,
    },
    {
      id = "version-guard",
      text = [[
Order o-9001 (PK = "CUST#a1b2", SK = "ORDER#2026-06-01#o-9001") has version = 7. Change its
status to PACKED only if the version is still 7, and set version to 8 in the same update.]],
      check = function(r)
        r = as_single(r)
        local expected = "This step expects one write of order o-9001 that sets status PACKED and version 8, with a condition that holds only while version = 7."
        if not SINGLE_WRITES[r.op] or r.op == "DeleteItem" then
          if r.op == "DeleteItem" and r.ok and same_value(r.key, ORDER) then
            ddb.put(T, ORDER_V7)
            return false, "That deleted the order. (The lesson put it back at version 7.) " .. expected
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. ". " .. expected end
        if not same_value(r.key, ORDER) then
          return false, "That write was for " .. show_value(r.key and r.key.PK) .. " / " .. show_value(r.key and r.key.SK) .. ", not the order. " .. expected
        end
        local image = (write_on(r, ORDER) or {}).image
        local function miss(msg)
          if r.ok and not same_value(image, ORDER_V7) then
            ddb.put(T, ORDER_V7)
            msg = msg .. " (The lesson put the order back at version 7 so you can try again.)"
          end
          return false, msg
        end
        if not uses(r.condition, "version") then
          local what = r.condition and ("Its condition (" .. r.condition .. ") does not check version: without one")
            or "Without a condition on version"
          return miss(what .. ", a concurrent writer's change would be lost silently.")
        end
        if not pins_version_7(r.condition) then
          return miss("The condition reads version but does not require it to be 7 (it is: " .. r.condition .. "): the version this writer read is 7.")
        end
        if not r.ok then
          if r.error.code == "ConditionalCheckFailedException" then
            local now = ddb.get(T, ORDER)
            return false, "The condition failed: the order is at version " .. show_value(now and now.version) .. ". `.lesson reset` restores version 7."
          end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        if not same_value(image, ORDER_V8) then
          return miss("The guard was right, but afterwards " .. differences(image, ORDER_V8) .. ".")
        end
        return true
      end,
      hints = {
        [[Guard the update with version = 7 and SET version = 8 with the new status (aws CLI: --condition-expression "version = :cur"; PartiQL: AND version = 7 in the WHERE clause).]],
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
        r = as_single(r)
        local expected = "This step expects the same update of order o-9001, still guarded by version = 7, refused because the version is now 8."
        if not SINGLE_WRITES[r.op] or r.op == "DeleteItem" then
          if r.op == "DeleteItem" and r.ok and same_value(r.key, ORDER) then
            ddb.put(T, ORDER_V8)
            return false, "That deleted the order. (The lesson put it back at version 8.) " .. expected
          end
          return nil, expected
        end
        if r.table ~= T then return false, table_note(r) .. ". " .. expected end
        if not same_value(r.key, ORDER) then
          return false, "That write was for " .. show_value(r.key and r.key.PK) .. " / " .. show_value(r.key and r.key.SK) .. ", not the order. " .. expected
        end
        if r.ok then
          local image = (write_on(r, ORDER) or {}).image
          local note = ""
          if not same_value(image, ORDER_V8) then
            ddb.put(T, ORDER_V8)
            note = " (The lesson put the order back at PACKED, version 8.)"
          end
          if not uses(r.condition, "version") then
            return false, "The write went through: it did not check the version, so it would overwrite the faster writer's change." .. note
          end
          return false, "The write went through because its guard (" .. r.condition .. ") holds for version 8; the stale writer still believes version = 7." .. note
        end
        if r.error.code ~= "ConditionalCheckFailedException" then
          return false, "DynamoDB refused it ({error}), not for a stale version. " .. expected
        end
        if not pins_version_7(r.condition) then
          return false, "Refused, but by a different guard (" .. tostring(r.condition) .. "): the stale writer's guard is version = 7."
        end
        return true
      end,
      hints = { "Repeat the previous update unchanged." },
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
transaction (transact-write-items, or execute-transaction with PartiQL statements):
  PK "CUST#a1b2", SK "ORDER#2026-06-08#o-9100", status OPEN
  PK "ORDER#o-9100", SK "ITEM#001", sku ABC, qty 1
Guard both Puts with attribute_not_exists(PK) (a PartiQL INSERT carries that guard itself).]],
      check = function(r)
        local expected = "This step expects one transaction that puts both the order and its line item, each guarded by attribute_not_exists(PK)."
        local targets = { { key = keyof(NEW_ORDER), item = NEW_ORDER, name = "the order" },
                          { key = keyof(LINE), item = LINE, name = "the line item" } }
        local function undo()
          local removed = {}
          for _, t in ipairs(targets) do
            if ddb.get(T, t.key) then delete(t.key); removed[#removed + 1] = t.name end
          end
          if #removed == 0 then return "" end
          return " (The lesson deleted " .. table.concat(removed, " and ") .. " again so the transaction can create "
            .. (#removed == 1 and "it" or "them") .. ".)"
        end
        local touched = r.ok and (write_on(r, targets[1].key) or write_on(r, targets[2].key))
        if SINGLE_WRITES[r.op] or r.op == "BatchWriteItem" then
          local note = touched and undo() or ""
          if r.op == "BatchWriteItem" then
            return false, "A batch write is not atomic: some of its writes can succeed while others fail, and it takes no conditions." .. note
          end
          if r.table == T and (same_value(r.key, targets[1].key) or same_value(r.key, targets[2].key)) then
            return false, "Two separate writes can leave an order without its items (or items without an order)." .. note
          end
          return nil, expected
        end
        if r.op ~= "TransactWriteItems" then return nil, expected end
        local problems = {}
        for _, t in ipairs(targets) do
          local w = write_on(r, t.key)
          if not w or (w.op ~= "PutItem" and w.op ~= "UpdateItem") then
            problems[#problems + 1] = "it does not write " .. t.name .. " (" .. t.key.PK .. " / " .. t.key.SK .. " in app-main)"
          elseif not insert_only(w.condition) then
            problems[#problems + 1] = "the write of " .. t.name .. " has " ..
              (w.condition and ("the condition " .. w.condition .. ", which does not test whether the key exists") or "no condition")
          elseif r.ok and not same_value(w.image, t.item) then
            problems[#problems + 1] = t.name .. " was written, but " .. differences(w.image, t.item)
          end
        end
        for _, w in ipairs(r.writes or {}) do
          if w.op ~= "ConditionCheck" and not (w.table == T and (same_value(w.key, targets[1].key) or same_value(w.key, targets[2].key))) then
            problems[#problems + 1] = "it also writes " .. show_value(w.key and w.key.PK) .. " / " .. show_value(w.key and w.key.SK) .. " in " .. tostring(w.table)
          end
        end
        if #problems > 0 then
          local note = r.ok and undo() or ""
          return false, "Not this transaction: " .. table.concat(problems, "; ") .. "." .. note
        end
        if not r.ok then
          if r.error.code == "TransactionCanceledException" then
            local codes = {}
            for i, reason in ipairs(r.error.reasons or {}) do codes[i] = reason.code end
            local exists = {}
            for _, t in ipairs(targets) do if ddb.get(T, t.key) then exists[#exists + 1] = t.name end end
            if #exists > 0 then
              return false, "The transaction was cancelled (reasons: " .. table.concat(codes, ", ") .. ") because "
                .. table.concat(exists, " and ") .. " already exist" .. (#exists == 1 and "s" or "")
                .. ": the guards did their job. This step needs them absent: `.lesson reset` starts the lesson over."
            end
            return false, "The transaction was cancelled (reasons: " .. table.concat(codes, ", ") .. "). " .. expected
          end
          return false, "DynamoDB refused it ({error}). " .. expected
        end
        return true
      end,
      hints = {
        [[--transact-items '[{"Put":{...}},{"Put":{...}}]', each Put with TableName, Item and ConditionExpression; or execute-transaction with two INSERT statements.]],
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
        local expected = "This step expects the same guarded transaction again (the order and its line item), cancelled because both exist."
        local keys = { keyof(NEW_ORDER), keyof(LINE) }
        if r.op ~= "TransactWriteItems" then
          if SINGLE_WRITES[r.op] or r.op == "BatchWriteItem" then
            return false, "Run the transaction itself again: one transaction with both writes. " .. expected
          end
          return nil, expected
        end
        if not write_on(r, keys[1]) or not write_on(r, keys[2]) then
          return false, "That transaction does not write both the order and its line item. " .. expected
        end
        if r.ok then
          ddb.put(T, NEW_ORDER)
          ddb.put(T, LINE)
          return false, "It succeeded: its writes have no insert-only conditions, so they overwrote both items. (The lesson restored them.)"
        end
        if r.error.code ~= "TransactionCanceledException" then
          return false, "DynamoDB refused it ({error}): that is not a cancellation. " .. expected
        end
        for _, reason in ipairs(r.error.reasons or {}) do
          if reason.code == "ConditionalCheckFailed" or reason.code == "DuplicateItem" then return true end
        end
        return false, "Cancelled, but no action failed its condition. " .. expected
      end,
      hints = { "Repeat the previous transaction unchanged." },
      show = create_order,
      explain = function(r)
        local codes = {}
        for i, reason in ipairs(r.error.reasons or {}) do codes[i] = reason.code end
        return "TransactionCanceledException with one reason per action, in order:\n["
          .. table.concat(codes, ", ") .. "]. Nothing was written, yet the attempt still cost "
          .. cost(r) .. ":\na cancelled transaction consumes capacity. The reasons tell you which condition failed,\n"
          .. "so the caller can decide whether to retry, re-read or give up."
      end,
    },
  },
}
