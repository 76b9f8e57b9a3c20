// Request members DynamoDB acts on that ddblab does not model. A client that sends one must not
// believe it took effect, so each is refused with a ValidationException that names it and says
// why; a member set to its default (the behaviour ddblab has anyway) is accepted. The list, with
// the reasons, is in the README ("Fidelity: not modelled"). The legacy parameters (Expected,
// AttributeUpdates, KeyConditions, ...) are decoded with their requests, not here.
#include "wire/unsupported_members.h"

#include <string>
#include <vector>

#include "wire/json_read.h"

namespace ddblab::wire::internal {
namespace {

Error Refuse(const std::string& member, const std::string& reason) {
  // No DynamoDB text exists for this (DynamoDB supports these members); the message names the
  // member and the reason so the learner knows what did not happen.
  return ValidationError("ddblab does not support " + member + ": " + reason);
}

template <Document Doc>
const Doc* Member(const Doc& body, const char* name) {
  if (!body.is_object()) return nullptr;
  auto it = body.find(name);
  if (it == body.end() || it->is_null()) return nullptr;
  return &*it;
}

template <Document Doc>
bool IsTrue(const Doc* j, const char* name) {
  const Doc* m = j == nullptr ? nullptr : Member(*j, name);
  return m != nullptr && m->is_boolean() && m->template get<bool>();
}

// Table settings: each refused unless it asks for DynamoDB's default.
template <Document Doc>
Status CheckTableSettings(const Doc& body) {
  if (const Doc* s = Member(body, "SSESpecification"); IsTrue(s, "Enabled")) {
    return Refuse("SSESpecification",
                  "encryption with a KMS key is not modelled (items are stored unencrypted)");
  }
  if (const Doc* c = Member(body, "TableClass");
      c != nullptr && c->is_string() && TextOf(*c) != "STANDARD") {
    return Refuse("TableClass", "only the STANDARD table class is modelled");
  }
  if (IsTrue(&body, "DeletionProtectionEnabled")) {
    return Refuse("DeletionProtectionEnabled", "deletion protection is not modelled");
  }
  if (Member(body, "OnDemandThroughput") != nullptr) {
    return Refuse("OnDemandThroughput", "throughput limits and throttling are not simulated");
  }
  if (Member(body, "WarmThroughput") != nullptr) {
    return Refuse("WarmThroughput", "throughput limits and throttling are not simulated");
  }
  if (Member(body, "ResourcePolicy") != nullptr) {
    return Refuse("ResourcePolicy", "there is no IAM: every request is allowed");
  }
  if (Member(body, "ReplicaUpdates") != nullptr) {
    return Refuse("ReplicaUpdates", "global tables (replicas in other Regions) are not modelled");
  }
  if (Member(body, "MultiRegionConsistency") != nullptr) {
    return Refuse("MultiRegionConsistency", "global tables are not modelled");
  }
  if (Member(body, "GlobalTableWitnessUpdates") != nullptr) {
    return Refuse("GlobalTableWitnessUpdates", "global tables are not modelled");
  }
  return OkStatus();
}

// Per index: OnDemandThroughput and WarmThroughput inside GSI definitions and updates.
template <Document Doc>
Status CheckIndexSettings(const Doc& body) {
  auto check = [](const Doc& index) -> Status {
    if (Member(index, "OnDemandThroughput") != nullptr) {
      return Refuse("OnDemandThroughput", "throughput limits and throttling are not simulated");
    }
    if (Member(index, "WarmThroughput") != nullptr) {
      return Refuse("WarmThroughput", "throughput limits and throttling are not simulated");
    }
    return OkStatus();
  };
  if (const Doc* gsis = Member(body, "GlobalSecondaryIndexes"); gsis && gsis->is_array()) {
    for (const Doc& g : *gsis) DDB_TRY(check(g));
  }
  if (const Doc* ups = Member(body, "GlobalSecondaryIndexUpdates"); ups && ups->is_array()) {
    for (const Doc& u : *ups) {
      if (!u.is_object()) continue;
      for (const char* action : {"Create", "Update"}) {
        if (const Doc* a = Member(u, action)) DDB_TRY(check(*a));
      }
    }
  }
  return OkStatus();
}

}  // namespace

template <Document Doc>
Status RefuseUnsupportedMembers(Operation operation, const Doc& body) {
  if (operation == Operation::CreateTable || operation == Operation::UpdateTable) {
    DDB_TRY(CheckTableSettings(body));
    return CheckIndexSettings(body);
  }
  return OkStatus();
}

template Status RefuseUnsupportedMembers(Operation, const Json&);
template Status RefuseUnsupportedMembers(Operation, const TapeValue&);

}  // namespace ddblab::wire::internal
