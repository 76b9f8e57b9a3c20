-- Seeded data for the e-commerce exercise: customers, products in categories, orders with line
-- items, reviews, and order status changes. Every order is written OPEN and some are then
-- closed through the close_order transition, so the open-orders index has to shrink.

local NAMES = { "Acme Co", "Borealis", "Cobalt Labs", "Delta Foods", "Ember Ltd", "Fjord Inc",
  "Granite", "Helix", "Indigo", "Juniper", "Kestrel", "Lumen", "Meridian", "Nimbus" }
local CATEGORIES = { "books", "electronics", "garden", "kitchen", "toys", "sports" }
local CLOSED = { "SHIPPED", "DELIVERED", "CANCELLED" }
local TIERS = { "STANDARD", "SILVER", "GOLD" }

function generate(seed)
  local r = rng(seed)
  local d = { writes = {}, customers = {}, products = {}, orders = {}, by_customer = {},
    by_category = {}, reviews = {}, lines = {} }
  local function w(kind, name, params, apply)
    d.writes[#d.writes + 1] = { kind = kind, name = name, params = params, apply = apply }
  end

  local cats = r:shuffle({ table.unpack(CATEGORIES) })
  d.categories = { cats[1], cats[2], cats[3], cats[4], cats[5] }  -- the fifth stays empty
  for _, c in ipairs(d.categories) do d.by_category[c] = {} end

  for _, id in ipairs(r:ids("cu", r:int(10, 16), 4)) do
    local p = { customer_id = id, name = r:pick(NAMES), email = id .. "@example.com", tier = r:pick(TIERS) }
    d.customers[#d.customers + 1] = p
    d.by_customer[id] = {}
    w("entity", "Customer", p)
  end

  for _, id in ipairs(r:ids("p", r:int(14, 22), 4)) do
    local cat = d.categories[r:int(1, 4)]
    local p = { product_id = id, name = "Item " .. id, category = cat,
      price = string.format("%d.%02d", r:int(3, 400), r:int(0, 99)) }
    d.products[#d.products + 1] = p
    d.reviews[id] = {}
    table.insert(d.by_category[cat], id)
    w("entity", "Product", p)
  end

  -- The first customer never orders. The second orders most (six), twice on one day, and the
  -- third orders twice on one day too: keys built from the date alone collide on every seed,
  -- and AP2/AP4 always ask about such a customer.
  local oids = r:ids("o", 100, 5)
  local k = 0
  local closes = {}
  for ci, c in ipairs(d.customers) do
    if ci > 1 then
      local n = ci == 2 and 6 or (ci == 3 and 2 or r:int(1, 5))
      local first_date
      for oi = 1, n do
        k = k + 1
        local date = r:date(2025, 2026)
        if oi == 1 then first_date = date end
        if ci <= 3 and oi == 2 then date = first_date end
        local o = { customer_id = c.customer_id, order_id = oids[k], date = date,
          status = "OPEN", total = string.format("%d.%02d", r:int(10, 900), r:int(0, 99)) }
        d.orders[o.order_id] = o
        table.insert(d.by_customer[c.customer_id], o)
        w("entity", "Order", { customer_id = o.customer_id, order_id = o.order_id, date = o.date,
          status = "OPEN", total = o.total })
        d.lines[o.order_id] = {}
        for ln = 1, r:int(1, 4) do
          local prod = r:pick(d.products)
          local line = string.format("%03d", ln)
          table.insert(d.lines[o.order_id], line)
          w("entity", "LineItem", { order_id = o.order_id, line_no = line,
            product_id = prod.product_id, qty = tostring(r:int(1, 5)), price = prod.price })
        end
        -- The second customer keeps two orders open and closes two, so AP4 has both kinds.
        local close = r:chance(0.55)
        if ci == 2 then close = oi == 3 or oi == 4 end
        if ci == 3 or (ci == 4 and oi == 1) then close = false end
        if close then closes[#closes + 1] = o end
      end
    end
  end
  -- The ground truth changes only when the student's transition succeeds (apply).
  for _, o in ipairs(closes) do
    local status = r:pick(CLOSED)
    w("transition", "close_order", { customer_id = o.customer_id, order_id = o.order_id,
      date = o.date, status = status }, function() o.status = status end)
  end

  -- The first product gets the most reviews (seven), two of them on one day, and so does the
  -- second (three, two on one day): AP7 asks about both.
  local rvids = r:ids("rv", 200, 5)
  local rk = 0
  for pi, p in ipairs(d.products) do
    if pi <= 2 or r:chance(0.8) then
      local n = pi == 1 and 7 or (pi == 2 and 3 or r:int(1, 6))
      local first_date
      for ri = 1, n do
        rk = rk + 1
        local date = r:date(2024, 2026)
        if ri == 1 then first_date = date end
        if pi <= 2 and ri == 2 then date = first_date end
        local rv = { product_id = p.product_id, review_id = rvids[rk],
          customer_id = r:pick(d.customers).customer_id, date = date,
          rating = tostring(r:int(1, 5)), text = "Review text " .. r:int(1, 999) }
        table.insert(d.reviews[p.product_id], rv)
        w("entity", "Review", rv)
      end
    end
  end
  return d
end

-- Keys that sort like the reference design's sort keys: date first, then id.
function newest_first(list, date_field, id_field)
  return sorted(list, function(a, b)
    local ka, kb = a[date_field] .. "#" .. a[id_field], b[date_field] .. "#" .. b[id_field]
    return ka > kb
  end)
end
