// An ElectroDB service over a multi-attribute GSI, run unmodified against `ddblab serve` with
// the AWS SDK for JavaScript v3: entities, a collection, add and subtract updates (which ElectroDB
// sends as SET #n = (if_not_exists(#n, :d) - :v)), a write transaction, and pagination of a
// Query on the composite index. Usage: node electrodb_service.js http://127.0.0.1:PORT
"use strict";

const assert = require("node:assert/strict");
const { DynamoDBClient, CreateTableCommand, DescribeTableCommand } = require("@aws-sdk/client-dynamodb");
const { DynamoDBDocumentClient } = require("@aws-sdk/lib-dynamodb");
const { Entity, Service } = require("electrodb");

const endpoint = process.argv[2];
const raw = new DynamoDBClient({
  endpoint,
  region: "us-east-1",
  credentials: { accessKeyId: "ddblab-test", secretAccessKey: "ddblab-test" },
});
const client = DynamoDBDocumentClient.from(raw);
const table = "shop";

const Order = new Entity(
  {
    model: { entity: "order", version: "1", service: "shop" },
    attributes: {
      storeId: { type: "string", required: true },
      orderId: { type: "string", required: true },
      status: { type: ["open", "shipped"], required: true },
      placedAt: { type: "number", required: true },
      total: { type: "number", default: 0 },
      itemCount: { type: "number", default: 0 },
    },
    indexes: {
      byId: {
        collection: "storeActivity",
        pk: { field: "pk", composite: ["storeId"] },
        sk: { field: "sk", composite: ["orderId"] },
      },
      // A multi-attribute GSI: HASH storeId, status; RANGE placedAt (N), orderId (S).
      byStatus: {
        index: "byStatus",
        type: "composite",
        pk: { composite: ["storeId", "status"] },
        sk: { composite: ["placedAt", "orderId"] },
      },
    },
  },
  { table, client },
);

const Refund = new Entity(
  {
    model: { entity: "refund", version: "1", service: "shop" },
    attributes: {
      storeId: { type: "string", required: true },
      refundId: { type: "string", required: true },
      orderId: { type: "string", required: true },
      amount: { type: "number", required: true },
    },
    indexes: {
      byId: {
        collection: "storeActivity",
        pk: { field: "pk", composite: ["storeId"] },
        sk: { field: "sk", composite: ["refundId"] },
      },
    },
  },
  { table, client },
);

const shop = new Service({ order: Order, refund: Refund });

async function createTable() {
  await raw.send(
    new CreateTableCommand({
      TableName: table,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [
        { AttributeName: "pk", AttributeType: "S" },
        { AttributeName: "sk", AttributeType: "S" },
        { AttributeName: "storeId", AttributeType: "S" },
        { AttributeName: "status", AttributeType: "S" },
        { AttributeName: "placedAt", AttributeType: "N" },
        { AttributeName: "orderId", AttributeType: "S" },
      ],
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: "byStatus",
          KeySchema: [
            { AttributeName: "storeId", KeyType: "HASH" },
            { AttributeName: "status", KeyType: "HASH" },
            { AttributeName: "placedAt", KeyType: "RANGE" },
            { AttributeName: "orderId", KeyType: "RANGE" },
          ],
          Projection: { ProjectionType: "ALL" },
        },
      ],
    }),
  );
  const described = await raw.send(new DescribeTableCommand({ TableName: table }));
  assert.equal(described.Table.GlobalSecondaryIndexes[0].KeySchema.length, 4);
}

async function main() {
  await createTable();

  // Entities: seven orders in store s1 (five open), one in s2.
  for (let i = 1; i <= 7; i++) {
    await Order.create({
      storeId: "s1",
      orderId: `o${i}`,
      status: i <= 5 ? "open" : "shipped",
      placedAt: 100 - i * 10, // newest first is o1
      total: i * 10,
    }).go();
  }
  await Order.create({ storeId: "s2", orderId: "o1", status: "open", placedAt: 1 }).go();

  // Query on the composite index, paginated two at a time: open orders of s1 by placedAt.
  const seen = [];
  let cursor = null;
  let pages = 0;
  do {
    const page = await Order.query.byStatus({ storeId: "s1", status: "open" }).go({ limit: 2, cursor });
    pages++;
    seen.push(...page.data.map((o) => o.orderId));
    cursor = page.cursor;
  } while (cursor);
  assert.deepEqual(seen, ["o5", "o4", "o3", "o2", "o1"]);
  assert.ok(pages >= 3, `pages: ${pages}`);

  // Sort-key conditions on the multi-attribute sort key, newest first.
  const recent = await Order.query
    .byStatus({ storeId: "s1", status: "open" })
    .gt({ placedAt: 60 })
    .go({ order: "desc" });
  assert.deepEqual(
    recent.data.map((o) => o.orderId),
    ["o1", "o2", "o3"],
  );
  const exact = await Order.query.byStatus({ storeId: "s1", status: "open", placedAt: 70, orderId: "o3" }).go();
  assert.deepEqual(
    exact.data.map((o) => o.orderId),
    ["o3"],
  );

  // add and subtract updates.
  await Order.update({ storeId: "s1", orderId: "o1" }).add({ itemCount: 3 }).subtract({ total: 4 }).go();
  await Order.update({ storeId: "s1", orderId: "o1" }).subtract({ itemCount: 1 }).go();
  const o1 = await Order.get({ storeId: "s1", orderId: "o1" }).go();
  assert.equal(o1.data.itemCount, 2);
  assert.equal(o1.data.total, 6);

  // A status change moves the order between index partitions without rewriting any key.
  await Order.patch({ storeId: "s1", orderId: "o2" }).set({ status: "shipped" }).go();
  const shipped = await Order.query.byStatus({ storeId: "s1", status: "shipped" }).go();
  assert.deepEqual(shipped.data.map((o) => o.orderId).sort(), ["o2", "o6", "o7"]);

  // A write transaction across both entities.
  await shop.transaction
    .write(({ order, refund }) => [
      order.patch({ storeId: "s1", orderId: "o3" }).set({ status: "shipped" }).commit(),
      refund.create({ storeId: "s1", refundId: "r1", orderId: "o3", amount: 30 }).commit(),
    ])
    .go();
  const open = await Order.query.byStatus({ storeId: "s1", status: "open" }).go();
  assert.deepEqual(
    open.data.map((o) => o.orderId),
    ["o5", "o4", "o1"],
  );

  // The collection: every entity of store s1 from one Query of the table.
  const activity = await shop.collections.storeActivity({ storeId: "s1" }).go();
  assert.equal(activity.data.order.length, 7);
  assert.deepEqual(
    activity.data.refund.map((r) => r.refundId),
    ["r1"],
  );

  console.log("ok");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
