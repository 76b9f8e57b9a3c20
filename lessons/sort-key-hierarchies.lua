-- Lesson 3: hierarchies in composite sort keys, and the prefix-ambiguity pitfall.
local T = "app-main"
local E = "edtech-platform"
local E2 = "edtech-v2"

local function q(table_name, pk, prefix)
  return string.format(
    [[aws dynamodb query --table-name %s --key-condition-expression "PK = :pk AND begins_with(SK, :p)" --expression-attribute-values '{":pk":{"S":"%s"},":p":{"S":"%s"}}']],
    table_name, pk, prefix)
end

-- The prefix the student's Query used in begins_with, if any.
local function prefix_of(r)
  local v = r.request.ExpressionAttributeValues or {}
  local kce = r.request.KeyConditionExpression or ""
  local name = string.match(kce, "begins_with%s*%(%s*[%w#_]+%s*,%s*(:[%w_]+)%s*%)")
  if name and v[name] then return plain(v[name]) end
  return nil
end

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
        if not is_query(r) then
          if is_scan(r) then return false, "A Scan reads the whole table ({read} items)." end
          return nil
        end
        if not all_start_with(r, "SK", "ITEM#i100#RETURN#") then
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
        if not is_query(r) then return nil end
        if not all_start_with(r, "SK", "SHIPMENT#s1#EVENT#") or r.count ~= 2 then
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
        if not is_query(r) then return nil end
        if not all_start_with(r, "SK", "BR#SP#SaoPaulo#") or r.count ~= 2 then
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
        if not is_query(r) then return nil end
        if r.table ~= "" and r.table ~= E then return nil end
        local p = prefix_of(r)
        if p ~= "MODULE#m1" then
          return false, "For this step use exactly the prefix MODULE#m1 (no trailing #), on COURSE#c10."
        end
        return true
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
        if not is_query(r) then return nil end
        if not all_start_with(r, "SK", "LES#m1#") or r.count ~= 2 then
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
