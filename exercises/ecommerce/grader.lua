-- The e-commerce exercise: the course's order-management design (customers, orders, line
-- items, products, categories, reviews) with the sparse open-orders index.

local function ids(list, field) return map(list, function(x) return x[field] end) end

local function richest(d)
  local best = d.customers[2]
  for _, c in ipairs(d.customers) do
    if #d.by_customer[c.customer_id] > #d.by_customer[best.customer_id] then best = c end
  end
  return best.customer_id
end

local function open_orders(d)
  local out = {}
  for _, o in pairs(d.orders) do if o.status == "OPEN" then out[#out + 1] = o end end
  table.sort(out, function(a, b) return a.date .. "#" .. a.order_id < b.date .. "#" .. b.order_id end)
  return out
end

local function is_order(item) return item.order_id and not item.line_no end

return exercise {
  id = "ecommerce",
  title = "Order management: customers, orders, products, reviews",
  generate = generate,

  entities = {
    { name = "Customer", params = { "customer_id", "name", "email", "tier" } },
    { name = "Product", params = { "product_id", "name", "category", "price" } },
    { name = "Order", params = { "customer_id", "order_id", "date", "status", "total" } },
    { name = "LineItem", params = { "order_id", "line_no", "product_id", "qty", "price" } },
    { name = "Review", params = { "product_id", "review_id", "customer_id", "date", "rating", "text" } },
  },
  transitions = {
    { name = "close_order", params = { "customer_id", "order_id", "date", "status" } },
  },

  patterns = {
    pattern {
      id = "AP1", title = "A customer by id", params = { "customer_id" }, cardinality = "one",
      needs = { "Customer" },
      cases = function(d)
        return { { customer_id = d.customers[1].customer_id },
          { customer_id = d.customers[#d.customers].customer_id }, { customer_id = "cu0000" } }
      end,
      expect = function(d, p)
        for _, c in ipairs(d.customers) do if c.customer_id == p.customer_id then return { c.customer_id } end end
        return {}
      end,
      identify = function(item) if item.customer_id and not item.order_id and not item.review_id then return item.customer_id end end,
      concept = "GetItem with the full primary key.",
    },
    pattern {
      id = "AP2", title = "A customer's orders", params = { "customer_id" }, order_name = "newest first",
      needs = { "Order", "close_order" }, high_volume = true,
      cases = function(d)
        return { { customer_id = richest(d) }, { customer_id = d.customers[1].customer_id },
          { customer_id = d.customers[#d.customers].customer_id } }
      end,
      expect = function(d, p) return ids(newest_first(d.by_customer[p.customer_id], "date", "order_id"), "order_id") end,
      identify = function(item) if is_order(item) then return item.order_id end end,
      order_text = "newest first needs the date at the front of the sort key (ORDER#<date>#<id>) and ScanIndexForward = false (--no-scan-index-forward).",
      concept = "sort keys that start with a date; reading a collection backwards.",
    },
    pattern {
      id = "AP3", title = "An order with its line items", params = { "order_id" }, order = "any",
      needs = { "Order", "LineItem" },
      cases = function(d)
        local c = d.by_customer[richest(d)]
        return { { order_id = c[1].order_id }, { order_id = c[#c].order_id } }
      end,
      expect = function(d, p)
        local out = { "order:" .. p.order_id }
        for _, l in ipairs(d.lines[p.order_id]) do out[#out + 1] = "item:" .. l end
        return out
      end,
      identify = function(item)
        if item.line_no then return "item:" .. item.line_no end
        if item.order_id then return "order:" .. item.order_id end
      end,
      concept = "an item collection: the order header and its line items share PK = ORDER#<id>.",
    },
    pattern {
      id = "AP4", title = "A customer's orders in one status", params = { "customer_id", "status" },
      order_name = "newest first", needs = { "Order", "close_order" }, high_volume = true,
      cases = function(d)
        local c = richest(d)
        local st = d.by_customer[c][1].status
        return { { customer_id = c, status = "OPEN" }, { customer_id = c, status = st ~= "OPEN" and st or "SHIPPED" },
          { customer_id = d.customers[#d.customers].customer_id, status = "DELIVERED" } }
      end,
      expect = function(d, p)
        local list = filter(d.by_customer[p.customer_id], function(o) return o.status == p.status end)
        return ids(newest_first(list, "date", "order_id"), "order_id")
      end,
      identify = function(item) if is_order(item) then return item.order_id end end,
      concept = "index overloading: GSI1PK = CUST#<id>#<status>, updated when the status changes.",
    },
    pattern {
      id = "AP5", title = "All open orders, across customers", params = {}, order_name = "oldest first",
      needs = { "Order", "close_order" },
      cases = function() return { {} } end,
      expect = function(d) return ids(open_orders(d), "order_id") end,
      identify = function(item) if is_order(item) then return item.order_id end end,
      budget = function(n) return 2 + n * 0.25 end,
      concept = "a sparse index: only open orders carry GSI2PK, and closing an order REMOVEs it.",
    },
    pattern {
      id = "AP6", title = "The products in a category", params = { "category" }, order = "any",
      needs = { "Product" }, high_volume = true,
      cases = function(d)
        local cats = map({ 1, 2, 3, 4 }, function(i) return { name = d.categories[i] } end)
        local t = top(d, "by_category", cats, "name", 2)
        return { { category = t[1] }, { category = t[2] }, { category = d.categories[5] } }
      end,
      expect = function(d, p) return d.by_category[p.category] end,
      identify = function(item) if item.product_id and not item.review_id and not item.line_no then return item.product_id end end,
      concept = "a GSI keyed by category (GSI1PK = CATEGORY#<name>).",
    },
    pattern {
      id = "AP7", title = "A product's reviews", params = { "product_id" }, order_name = "newest first",
      needs = { "Review" }, high_volume = true,
      cases = function(d)
        local best, none = d.products[1], nil
        for _, p in ipairs(d.products) do
          if #d.reviews[p.product_id] > #d.reviews[best.product_id] then best = p end
          if #d.reviews[p.product_id] == 0 then none = p end
        end
        local out = { { product_id = best.product_id } }
        if none then out[#out + 1] = { product_id = none.product_id } end
        out[#out + 1] = { product_id = d.products[#d.products].product_id }
        return out
      end,
      expect = function(d, p) return ids(newest_first(d.reviews[p.product_id], "date", "review_id"), "review_id") end,
      identify = function(item) if item.review_id then return item.review_id end end,
      order_text = "put the review date first in the sort key (REVIEW#<date>#<id>) and read backwards.",
      concept = "one-to-many in the parent's partition, sorted by date.",
    },
  },

  checks = {
    {
      id = "sparse", title = "The open-orders index holds only open orders, and closing one removes it",
      points = 2, depends = { "entity.Order", "transition.close_order" },
      run = function(d)
        local open = open_orders(d)
        local _, rec = run_pattern_once("AP5", {})
        if not rec then return grading.fail("AP5 cannot run, so its index cannot be inspected.") end
        local index = rec.index or ""
        if index == "" then
          return grading.fail("AP5 does not read an index. The open-orders queue should be a sparse " ..
            "GSI that only open orders appear in.\nRevisit: sparse indexes.")
        end
        local in_index = ddb.items(grading.state().table, index)
        local want = {}
        for _, o in ipairs(open) do want[o.order_id] = true end
        local stale = {}
        for _, item in ipairs(in_index) do
          if item.order_id and not want[item.order_id] then stale[#stale + 1] = item.order_id end
        end
        if #stale > 0 then
          return grading.fail(string.format("Index %s holds %d items but only %d orders are open; " ..
            "closed orders still in it: %s. When an order closes, REMOVE the index key attributes " ..
            "in the same update (SET #s = :s ... REMOVE GSI2PK, GSI2SK).\nRevisit: sparse indexes " ..
            "hold only the working set.", index, #in_index, #open, grading.show_list(stale)))
        end
        if #open == 0 then return grading.pass() end
        local o = open[1]
        local res = write_template("transition", "close_order", { customer_id = o.customer_id,
          order_id = o.order_id, date = o.date, status = "SHIPPED" })
        if not res.ok then return grading.fail("close_order failed: " .. tostring(res.error)) end
        o.status = "SHIPPED"
        local got = run_pattern_once("AP5", {}) or {}
        if contains(got, o.order_id) then
          return grading.fail(string.format("After shipping %s, AP5 still lists it.", o.order_id))
        end
        return grading.pass()
      end,
    },
  },
}
