-- Lesson 3: hierarchies in composite sort keys, and the prefix-ambiguity pitfall.
local T = "app-main"
local E = "edtech-platform"
local E2 = "edtech-v2"

local function q(table_name, pk, prefix)
  return string.format(
    [[aws dynamodb query --table-name %s --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"%s"},":p":{"S":"%s"}}']],
    table_name, pk, prefix)
end

-- The shared part of every check here: one Query of partition `pk` in `table_name` whose items
-- all start with `prefix`, `n` of them. Returns a verdict and message, or nothing when the
-- Query read the right collection and the step's own test decides. `what` names the items
-- wanted ("the returns of item i100").
local function judge(r, table_name, pk, prefix, n, what)
  local want = "a Query of " .. table_name .. " on PK = " .. pk .. " with begins_with on SK"
  local t = r.table or ""
  if t ~= "" and t ~= table_name then
    if not r.ok and r.error and r.error.code == "ResourceNotFoundException" then
      return false, "There is no table " .. t .. " in this lesson; this step reads " .. table_name .. "."
    end
    return false, "That statement used the table " .. t .. "; this step reads " .. table_name .. "."
  end
  if (r.index or "") ~= "" then
    return false, "That statement named the index " .. r.index .. "; this step reads the table " .. table_name .. " itself."
  end
  if not r.ok then
    return false, "That statement failed; this step expects " .. want .. "."
  end
  if r.op == "Scan" then return false, "A Scan reads the whole table ({read} items); " .. what .. " share one partition key." end
  if r.op == "GetItem" then return false, "GetItem returns one item; this step wants " .. what .. ": a Query with begins_with on SK." end
  if r.op ~= "Query" then return nil, "(This step wants " .. want .. ": " .. what .. ".)" end
  local got = collection(r)
  if got ~= nil and got ~= pk then
    return false, "That Query read " .. (got == "" and "several collections" or "the collection of " .. got) .. "; " .. what .. " are under PK = " .. pk .. "."
  end
  if r.count == 0 then
    return false, "That Query matched nothing; " .. what .. " are under PK = " .. pk .. ", SK starting with " .. prefix .. "."
  end
  if #(r.items or {}) == 0 then
    return nil, "(That counted {count} items without returning them: leave out --select COUNT to fetch " .. what .. ".)"
  end
  if r.filtered or (r.read or 0) > (r.returned or 0) then
    return false, "A filter picked those after the Query read {read} items; select the level in the key condition itself, with begins_with on SK."
  end
  return "go"
end

-- Whether every returned item's SK starts with `prefix`; nil when the items carry no SK.
local function sks_start(r, prefix)
  for _, it in ipairs(r.items or {}) do
    if it.SK == nil then return nil end
    if not starts_with(it.SK, prefix) then return false end
  end
  return true
end
local NO_SK = "(Those items came back without SK, so the step cannot tell which ones they are: select SK too, or *.)"

return lesson {
  id = "sort-key-hierarchies",
  number = 3,
  title = "Composite sort keys: hierarchies you can query at any level",
  summary = [[
A sort key is a string compared byte by byte, so a path such as ITEM#i100#RETURN#r1 puts
every level of a hierarchy in order. begins_with then stops at whichever level you name. You
will walk an order's items, returns and shipment events, a geographic path, and then meet the
pitfall of one prefix hiding inside another.]],
  requires = { "item-collections" },

  setup = function()
    fresh_table(T)
    seed(T, {
      { PK = "ORDER#o1", SK = "ORDER#o1", customer = "CUST#a1b2" },
      { PK = "ORDER#o1", SK = "ITEM#i100", sku = "ABC" },
      { PK = "ORDER#o1", SK = "ITEM#i100#RETURN#r1", reason = "damaged" },
      { PK = "ORDER#o1", SK = "ITEM#i100#RETURN#r2", reason = "wrong size" },
      { PK = "ORDER#o1", SK = "ITEM#i101", sku = "XYZ" },
      { PK = "ORDER#o1", SK = "ITEM#i101#RETURN#r3", reason = "changed mind" },
      { PK = "ORDER#o1", SK = "SHIPMENT#s1", carrier = "DHL" },
      { PK = "ORDER#o1", SK = "SHIPMENT#s1#EVENT#e1", what = "left the warehouse" },
      { PK = "ORDER#o1", SK = "SHIPMENT#s1#EVENT#e2", what = "in transit" },
      { PK = "STORE", SK = "BR#SP#SaoPaulo#Pinheiros#FariaLima", name = "Faria Lima" },
      { PK = "STORE", SK = "BR#SP#SaoPaulo#Moema#Ibirapuera", name = "Ibirapuera" },
      { PK = "STORE", SK = "BR#SP#Campinas#Centro#Glicerio", name = "Glicerio" },
      { PK = "STORE", SK = "BR#RJ#Rio#Centro#Carioca", name = "Carioca" },
    })
    fresh_table(E)
    seed(E, {
      { PK = "COURSE#c10", SK = "METADATA", title = "Data modeling" },
      { PK = "COURSE#c10", SK = "MODULE#m1", title = "Keys", order_num = 1 },
      { PK = "COURSE#c10", SK = "MODULE#m1#LESSON#l1", title = "Partition keys", duration_min = 12 },
      { PK = "COURSE#c10", SK = "MODULE#m1#LESSON#l2", title = "Sort keys", duration_min = 15 },
      { PK = "COURSE#c10", SK = "MODULE#m2", title = "Indexes", order_num = 2 },
      { PK = "COURSE#c10", SK = "MODULE#m2#LESSON#l3", title = "GSIs", duration_min = 20 },
      { PK = "COURSE#c10", SK = "MODULE#m10", title = "Capstone", order_num = 10 },
      { PK = "COURSE#c10", SK = "MODULE#m10#LESSON#l9", title = "Review", duration_min = 30 },
    })
  end,

  steps = {
    {
      id = "returns-of-item",
      text = [[
Order o1 (table app-main, PK = "ORDER#o1") holds its items, their returns and its shipments:

  ITEM#i100   ITEM#i100#RETURN#r1   ITEM#i100#RETURN#r2   ITEM#i101   ITEM#i101#RETURN#r3
  SHIPMENT#s1   SHIPMENT#s1#EVENT#e1   SHIPMENT#s1#EVENT#e2

Fetch only the returns of item i100 with one query.]],
      check = function(r)
        local v, m = judge(r, T, "ORDER#o1", "ITEM#i100#RETURN#", 2, "the returns of item i100")
        if v ~= "go" then return v, m end
        local ok = sks_start(r, "ITEM#i100#RETURN#")
        if ok == nil then return nil, NO_SK end
        if not ok then
          return false, "You got {count} items, not only returns of i100: the prefix must name every level down to RETURN#."
        end
        if r.count ~= 2 then return false, "Expected r1 and r2, got {count} items." end
        return true
      end,
      hints = {
        "begins_with matches from the first character: spell the path down to the level you want.",
        [[The prefix is "ITEM#i100#RETURN#".]],
      },
      show = q(T, "ORDER#o1", "ITEM#i100#RETURN#"),
      explain = [[
{returned} returns, {read} items read: the key condition selected exactly one level. Had you
asked for begins_with(SK, "ITEM#"), items and returns would have come back together, and
"all returns of all items" has no prefix at all: begins_with cannot skip a level.]],
    },
    {
      id = "shipment-events",
      text = [[
Same order, other branch: fetch the events of shipment s1 (not the shipment itself).]],
      check = function(r)
        local v, m = judge(r, T, "ORDER#o1", "SHIPMENT#s1#EVENT#", 2, "the events of shipment s1")
        if v ~= "go" then return v, m end
        local ok = sks_start(r, "SHIPMENT#s1#EVENT#")
        if ok == nil then return nil, NO_SK end
        if not ok then
          return false, "You got {count} items, not only events of s1: the prefix must name every level down to EVENT#."
        end
        if r.count ~= 2 then
          return false, "Expected exactly the two events of s1, got {count} items."
        end
        return true
      end,
      hints = { [[The prefix is "SHIPMENT#s1#EVENT#" (the trailing # keeps SHIPMENT#s1 itself out).]] },
      show = q(T, "ORDER#o1", "SHIPMENT#s1#EVENT#"),
      explain = "Two events, {read} read. The trailing separator is what excluded the shipment item.",
    },
    {
      id = "stores-in-city",
      text = [[
Hierarchies need not be parent/child entities. Stores are kept under PK = "STORE" with a
geographic path as sort key: country#state#city#district#street, e.g.
BR#SP#SaoPaulo#Pinheiros#FariaLima.

List the stores in the city of Sao Paulo (state SP, Brazil).]],
      check = function(r)
        local v, m = judge(r, T, "STORE", "BR#SP#SaoPaulo#", 2, "the stores of Sao Paulo city")
        if v ~= "go" then return v, m end
        local ok = sks_start(r, "BR#SP#SaoPaulo#")
        if ok == nil then return nil, NO_SK end
        if not ok then
          return false, "You got {count} stores, not only those of Sao Paulo city: the prefix must name country, state and city, ending in #."
        end
        if r.count ~= 2 then
          return false, "Expected the two stores of Sao Paulo city, got {count}."
        end
        return true
      end,
      hints = { [[begins_with(SK, "BR#SP#SaoPaulo#") on PK = "STORE".]] },
      show = q(T, "STORE", "BR#SP#SaoPaulo#"),
      explain = [[
Cutting the path earlier gives the state (BR#SP#) or the country (BR#); later gives a district.
Order the components coarse to fine, or the ranges fall apart.]],
    },
    {
      id = "prefix-pitfall",
      text = [[
Now the edtech table, edtech-platform. Course c10 (PK = "COURSE#c10") stores modules as
MODULE#m1, MODULE#m2, MODULE#m10 and lessons beneath them as MODULE#m1#LESSON#l1, ...

Try to fetch module m1 and its lessons with begins_with(SK, "MODULE#m1") and look closely at
what comes back.]],
      check = function(r)
        local v, m = judge(r, E, "COURSE#c10", "MODULE#m1", 5, "module m1 and its lessons")
        if v ~= "go" then return v, m end
        local ok = sks_start(r, "MODULE#m1")
        if ok == nil then return nil, NO_SK end
        -- begins_with(SK, "MODULE#m1") returns exactly these five items: m1, its two lessons,
        -- and m10 with its lesson.
        if ok and r.count == 5 then return true end
        if sks_start(r, "MODULE#m1#") then
          return false, "With the trailing # only m1's lessons came back, and the module item itself is missing. For this step use exactly the prefix MODULE#m1 (no trailing #) and look at what it catches."
        end
        return false, "You got {count} items. For this step use exactly the prefix MODULE#m1 (no trailing #), on COURSE#c10."
      end,
      hints = { [[Query edtech-platform with PK = "COURSE#c10" AND begins_with(SK, "MODULE#m1").]] },
      show = q(E, "COURSE#c10", "MODULE#m1"),
      explain = function(r)
        local extra = {}
        for _, it in ipairs(r.items) do
          if starts_with(it.SK, "MODULE#m10") then extra[#extra + 1] = it.SK end
        end
        return "You got " .. r.count .. (r.count == 1 and " item" or " items") .. ", and " .. #extra .. " of them belong to module m10 ("
          .. table.concat(extra, ", ") .. "): \"MODULE#m1\" is a prefix of \"MODULE#m10\".\n"
          .. "Adding a trailing # (MODULE#m1#) fixes that, but then the module item itself is lost,\n"
          .. "and \"the modules without their lessons\" still cannot be expressed: a module's key is a\n"
          .. "prefix of its lessons' keys. The fix is in the design, next."
      end,
    },
    {
      id = "distinct-prefixes",
      text = [[
The redesigned table edtech-v2 gives each level its own prefix that is never a prefix of
another level: modules are MOD#m1, MOD#m2, MOD#m10; lessons are LES#m1#l1, LES#m1#l2, ...

Fetch only the lessons of module m1 from edtech-v2.]],
      setup = function()
        fresh_table(E2)
        seed(E2, {
          { PK = "COURSE#c10", SK = "METADATA", title = "Data modeling" },
          { PK = "COURSE#c10", SK = "MOD#m1", title = "Keys" },
          { PK = "COURSE#c10", SK = "MOD#m2", title = "Indexes" },
          { PK = "COURSE#c10", SK = "MOD#m10", title = "Capstone" },
          { PK = "COURSE#c10", SK = "LES#m1#l1", title = "Partition keys" },
          { PK = "COURSE#c10", SK = "LES#m1#l2", title = "Sort keys" },
          { PK = "COURSE#c10", SK = "LES#m2#l3", title = "GSIs" },
          { PK = "COURSE#c10", SK = "LES#m10#l9", title = "Review" },
        })
      end,
      check = function(r)
        local v, m = judge(r, E2, "COURSE#c10", "LES#m1#", 2, "the lessons of module m1")
        if v ~= "go" then return v, m end
        local ok = sks_start(r, "LES#m1#")
        if ok == nil then return nil, NO_SK end
        if not ok then
          return false, "You got {count} items, not only lessons of m1: the prefix is LES#m1 followed by the separator."
        end
        if r.count ~= 2 then
          return false, "Expected l1 and l2 only, got {count} items."
        end
        return true
      end,
      hints = {
        "Lessons of m1 all start with LES#m1 followed by the separator.",
        [[begins_with(SK, "LES#m1#") on PK = "COURSE#c10" in edtech-v2.]],
      },
      show = q(E2, "COURSE#c10", "LES#m1#"),
      explain = [[
Exactly the two lessons. With distinct prefixes every level is one key condition away:
begins_with(SK, "MOD#") lists the modules alone, begins_with(SK, "LES#m1#") one module's
lessons. Planning prefixes so that no level hides inside another is part of the key design.]],
    },
  },
}
