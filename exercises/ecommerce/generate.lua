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
  local function w(kind, name, params) d.writes[#d.writes + 1] = { kind = kind, name = name, params = params } end

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

  -- The first customer never orders.
  local oids = r:ids("o", 80, 5)
  local k = 0
  local closes = {}
  for ci, c in ipairs(d.customers) do
    if ci > 1 then
      for _ = 1, r:int(1, 5) do
        k = k + 1
        local o = { customer_id = c.customer_id, order_id = oids[k], date = r:date(2025, 2026),
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
        if r:chance(0.55) then closes[#closes + 1] = o end
      end
    end
  end
  for _, o in ipairs(closes) do
    o.status = r:pick(CLOSED)
    w("transition", "close_order", { customer_id = o.customer_id, order_id = o.order_id,
      date = o.date, status = o.status })
  end

  for _, p in ipairs(d.products) do
    if r:chance(0.8) then
      for _ = 1, r:int(1, 6) do
        local rv = { product_id = p.product_id, review_id = "rv" .. string.format("%05d", r:int(1, 99999)),
          customer_id = r:pick(d.customers).customer_id, date = r:date(2024, 2026),
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
