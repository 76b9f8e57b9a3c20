#!/usr/bin/env bash
# NoSQL Workbench data models: .import-model creates each table of a model (keys, GSIs and LSIs
# with their projections, billing) and puts its sample data; .export-model writes a model back that
# .import-model (and Workbench) reads, with the same tables and items.
# Format: NoSQL Workbench model JSON (ModelName, ModelMetadata, DataModel[] with TableName,
# KeyAttributes, NonKeyAttributes, TableFacets, GlobalSecondaryIndexes, TableData, BillingMode).
#   bash workbench_model.sh <ddblab binary>
set -uo pipefail
bin=$1
source "$(cd "$(dirname "$0")" && pwd)/lib/status_checks.sh"

cat >library.json <<'JSON'
{
  "ModelName": "library",
  "ModelMetadata": {"Author": "course", "DateCreated": "Jan 01, 2026, 09:00 AM",
    "DateLastModified": "Jan 01, 2026, 09:00 AM", "Description": "", "AWSService": "Amazon DynamoDB",
    "Version": "3.0"},
  "DataModel": [
    {
      "TableName": "Library",
      "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                        "SortKey": {"AttributeName": "SK", "AttributeType": "S"}},
      "NonKeyAttributes": [{"AttributeName": "title", "AttributeType": "S"},
                           {"AttributeName": "GSI1PK", "AttributeType": "S"},
                           {"AttributeName": "year", "AttributeType": "N"}],
      "TableFacets": [{"FacetName": "Books", "KeyAttributeAlias": {"PartitionKeyAlias": "AuthorId",
        "SortKeyAlias": "BookId"}, "TableData": [], "NonKeyAttributes": ["title"]}],
      "GlobalSecondaryIndexes": [
        {"IndexName": "ByTitle",
         "KeyAttributes": {"PartitionKey": {"AttributeName": "GSI1PK", "AttributeType": "S"},
                           "SortKey": {"AttributeName": "year", "AttributeType": "N"}},
         "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["title"]}}
      ],
      "LocalSecondaryIndexes": [
        {"IndexName": "ByYear",
         "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"},
                           "SortKey": {"AttributeName": "year", "AttributeType": "N"}},
         "Projection": {"ProjectionType": "KEYS_ONLY"}}
      ],
      "TableData": [
        {"PK": {"S": "A#1"}, "SK": {"S": "B#1"}, "title": {"S": "Dune"}, "GSI1PK": {"S": "BOOK"}, "year": {"N": "1965"}},
        {"PK": {"S": "A#1"}, "SK": {"S": "B#2"}, "title": {"S": "Children of Dune"}, "GSI1PK": {"S": "BOOK"}, "year": {"N": "1976"}},
        {"PK": {"S": "A#2"}, "SK": {"S": "PROFILE"}, "name": {"S": "Ursula"}}
      ],
      "DataAccess": {"MySql": {}},
      "BillingMode": "PROVISIONED",
      "ProvisionedCapacitySettings": {"ProvisionedThroughput": {"ReadCapacityUnits": 7, "WriteCapacityUnits": 3}}
    },
    {
      "TableName": "Events",
      "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "N"}},
      "NonKeyAttributes": [],
      "TableFacets": [],
      "TableData": [],
      "BillingMode": "PAY_PER_REQUEST"
    }
  ]
}
JSON

check "import a model" 0 "$bin" m.db -c ".import-model library.json"
has "import a model" "created table Library with 1 GSI, 1 LSI and 3 items"
has "import a model" "created table Events and 0 items"
check "the GSI and its projection" 0 "$bin" m.db --mode ddbjson \
  -c "query --table-name Library --index-name ByTitle --key-condition-expression 'GSI1PK = :b AND #y > :y' --expression-attribute-names '{\"#y\":\"year\"}' --expression-attribute-values '{\":b\":{\"S\":\"BOOK\"},\":y\":{\"N\":\"1970\"}}'"
has "the GSI and its projection" "Children of Dune"
check "provisioned throughput" 0 "$bin" m.db --mode ddbjson -c "describe-table --table-name Library"
has "provisioned throughput" "\"ReadCapacityUnits\": 7"
has "provisioned throughput" "\"ProjectionType\": \"INCLUDE\""
check "the LSI" 0 "$bin" m.db --mode ddbjson \
  -c "query --table-name Library --index-name ByYear --key-condition-expression 'PK = :a AND #y < :y' --expression-attribute-names '{\"#y\":\"year\"}' --expression-attribute-values '{\":a\":{\"S\":\"A#1\"},\":y\":{\"N\":\"1970\"}}'"
has "the LSI" "\"Count\": 1"
has "the LSI" "B#1"

check "export the model" 0 "$bin" m.db -c ".export-model back.json"
has "export the model" "exported 2 tables to back.json"
check "re-import the export" 0 "$bin" m2.db -c ".import-model back.json"
has "re-import the export" "created table Library with 1 GSI, 1 LSI and 3 items"
python3 - library.json back.json <<'PY' || fail=1
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
ta = {t["TableName"]: t for t in a["DataModel"]}
tb = {t["TableName"]: t for t in b["DataModel"]}
ok = set(ta) == set(tb)
for name in ta:
    for member in ("KeyAttributes", "BillingMode"):
        ok = ok and ta[name].get(member) == tb[name].get(member)
    ok = ok and sorted(json.dumps(i, sort_keys=True) for i in ta[name]["TableData"]) == \
        sorted(json.dumps(i, sort_keys=True) for i in tb[name]["TableData"])
    for member in ("GlobalSecondaryIndexes", "LocalSecondaryIndexes"):
        ok = ok and [(g["IndexName"], g["KeyAttributes"], g["Projection"]) for g in ta[name].get(member, [])] == \
            [(g["IndexName"], g["KeyAttributes"], g["Projection"]) for g in tb[name].get(member, [])]
for key in ("ModelName", "ModelMetadata"):
    ok = ok and key in b
if not ok:
    print("FAIL model round trip differs:\n%s" % json.dumps(b, indent=1)[:3000], file=sys.stderr)
    sys.exit(1)
print("ok   model round trip keeps tables, keys, GSIs, LSIs, billing and items")
PY

printf '{"ModelName": "x"}' >bad.json
check "not a model" 1 "$bin" m3.db -c ".import-model bad.json"
has "not a model" "ValidationException: model bad.json: not a NoSQL Workbench model (no DataModel list)"
printf '{"DataModel": [{"TableName": "T", "KeyAttributes": {}}]}' >nokey.json
check "no partition key" 1 "$bin" m3.db -c ".import-model nokey.json"
has "no partition key" "ValidationException: model nokey.json: table T has no KeyAttributes.PartitionKey"
# An LSI keeps the table's partition key; CreateTable's own message says why not, and the table
# made before it is taken back.
printf '{"DataModel": [{"TableName": "Good", "KeyAttributes": {"PartitionKey": {"AttributeName": "id", "AttributeType": "S"}}, "TableData": [{"id": {"S": "1"}}]}, {"TableName": "Tab", "KeyAttributes": {"PartitionKey": {"AttributeName": "a", "AttributeType": "S"}, "SortKey": {"AttributeName": "b", "AttributeType": "S"}}, "LocalSecondaryIndexes": [{"IndexName": "Lsi", "KeyAttributes": {"PartitionKey": {"AttributeName": "c", "AttributeType": "S"}, "SortKey": {"AttributeName": "b", "AttributeType": "S"}}, "Projection": {"ProjectionType": "ALL"}}]}]}' >badlsi.json
check "an LSI on another partition key" 254 "$bin" m3.db -c ".import-model badlsi.json"
has "an LSI on another partition key" "ValidationException: One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: Lsi"
has "an LSI on another partition key" "nothing was imported: the tables made before are deleted"
check "nothing created" 0 "$bin" m3.db --mode ddbjson -c "list-tables"
has "nothing created" "\"TableNames\": []"
exit $fail
