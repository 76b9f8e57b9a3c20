#include "catalog/index_rules.h"

#include <set>

namespace ddblab::catalog {

bool ParseKeyAttributeType(const std::string& name, AttrType* out) {
  if (name == "S") {
    *out = AttrType::kS;
  } else if (name == "N") {
    *out = AttrType::kN;
  } else if (name == "B") {
    *out = AttrType::kB;
  } else {
    return false;
  }
  return true;
}

void CheckKeySchemaShape(const std::vector<KeySchemaElement>& key_schema, const std::string& path,
                         ConstraintErrors* errors, bool multi_attribute) {
  // DynamoDB: a KeySchema has one or two elements (a GSI's up to eight, counted by
  // CheckGsiKeySchema); KeyType is HASH or RANGE; attribute names of keys are 1..255 bytes.
  if (key_schema.empty()) errors->MinLength("'[]'", path, 1);
  if (key_schema.size() > 2 && !multi_attribute) {
    errors->MaxLength(Quote(RenderKeySchema(key_schema)), path, 2);
  }
  for (size_t i = 0; i < key_schema.size(); ++i) {
    const std::string member = ElementPath(path, i) + ".";
    const KeySchemaElement& e = key_schema[i];
    if (e.attribute_name.empty()) errors->MinLength(Quote(""), member + "attributeName", 1);
    if (e.attribute_name.size() > 255) {
      errors->MaxLength(Quote(e.attribute_name), member + "attributeName", 255);
    }
    if (e.key_type != "HASH" && e.key_type != "RANGE") {
      errors->Enum(e.key_type, member + "keyType", "[HASH, RANGE]");
    }
  }
}

void CheckProjectionShape(const Projection& projection, const std::string& path,
                          ConstraintErrors* errors) {
  const auto& type = projection.projection_type;
  if (type && *type != "ALL" && *type != "INCLUDE" && *type != "KEYS_ONLY") {
    errors->Enum(*type, path + ".projectionType", "[ALL, INCLUDE, KEYS_ONLY]");
  }
  if (projection.non_key_attributes) {
    const auto& names = *projection.non_key_attributes;
    if (names.empty()) errors->MinLength("'[]'", path + ".nonKeyAttributes", 1);
    if (names.size() > kMaxNonKeyAttributesPerIndex) {
      errors->MaxLength(Quote(RenderNameList(names)), path + ".nonKeyAttributes",
                        kMaxNonKeyAttributesPerIndex);
    }
    // DynamoDB (ServiceQuotas; API shape NonKeyAttributeName, 1..255): a name projected by
    // INCLUDE is limited like a key attribute's; the list constraint names its members' rules.
    for (const std::string& n : names) {
      if (n.size() > 255) {
        errors->Add(Quote(RenderNameList(names)), path + ".nonKeyAttributes",
                    "Member must satisfy constraint: [Member must have length less than or equal "
                    "to 255, Member must have length greater than or equal to 1]");
        break;
      }
    }
  }
}

void CheckThroughputShape(const ProvisionedThroughput& throughput, const std::string& path,
                          ConstraintErrors* errors) {
  // DynamoDB lists the write units before the read units.
  if (throughput.write_capacity_units < 1) {
    errors->MinValue(throughput.write_capacity_units, path + ".writeCapacityUnits", 1);
  }
  if (throughput.read_capacity_units < 1) {
    errors->MinValue(throughput.read_capacity_units, path + ".readCapacityUnits", 1);
  }
}

void CheckAttributeDefinitionsShape(const std::vector<AttributeDefinition>& definitions,
                                    const std::string& path, ConstraintErrors* errors) {
  for (size_t i = 0; i < definitions.size(); ++i) {
    const std::string member = ElementPath(path, i) + ".";
    const AttributeDefinition& d = definitions[i];
    if (d.attribute_name.empty()) errors->MinLength(Quote(""), member + "attributeName", 1);
    if (d.attribute_name.size() > 255) {
      errors->MaxLength(Quote(d.attribute_name), member + "attributeName", 255);
    }
    AttrType ignored;
    if (!ParseKeyAttributeType(d.attribute_type, &ignored)) {
      errors->Enum(d.attribute_type, member + "attributeType", "[B, N, S]");
    }
  }
}

std::optional<Error> CheckThroughputBounds(const ProvisionedThroughput& throughput) {
  if (throughput.read_capacity_units > kMaxCapacityUnits) {
    return ValidationError("Given value " + std::to_string(throughput.read_capacity_units) +
                           " for ReadCapacityUnits is out of bounds");
  }
  if (throughput.write_capacity_units > kMaxCapacityUnits) {
    return ValidationError("Given value " + std::to_string(throughput.write_capacity_units) +
                           " for WriteCapacityUnits is out of bounds");
  }
  return std::nullopt;
}

std::optional<Error> CheckKeyOrder(const std::vector<KeySchemaElement>& key_schema) {
  if (key_schema.size() == 2 && key_schema[0].attribute_name == key_schema[1].attribute_name) {
    return ValidationError(
        "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  }
  if (!key_schema.empty() && key_schema[0].key_type != "HASH") {
    return ValidationError("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  if (key_schema.size() == 2 && key_schema[1].key_type != "RANGE") {
    return ValidationError(
        "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  }
  return std::nullopt;
}

std::optional<Error> CheckGsiKeySchema(const std::vector<KeySchemaElement>& key_schema) {
  // A partition and a sort key of one attribute each keep the single-attribute messages.
  if (key_schema.size() < 2 || (key_schema.size() == 2 && key_schema[1].key_type == "RANGE")) {
    return CheckKeyOrder(key_schema);
  }
  // DynamoDB's messages for multi-attribute key schemas, as observed against the service
  // (aws-controllers-k8s API quirks catalogue, DDB-TABLE-123/124/442).
  if (key_schema[0].key_type != "HASH") {
    return ValidationError("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  std::set<std::string> names;
  for (const KeySchemaElement& e : key_schema) {
    if (!names.insert(e.attribute_name).second) {
      return ValidationError("The KeySchema contains multiple key attributes with the same name");
    }
  }
  size_t hash = 0, range = 0;
  for (const KeySchemaElement& e : key_schema) {
    if (e.key_type == "HASH") {
      if (range > 0) {
        return ValidationError(std::string(kInvalidPrefix) +
                               "All HASH key attributes must precede RANGE key attributes in the "
                               "KeySchema");
      }
      ++hash;
    } else {
      ++range;
    }
  }
  if (hash > kMaxKeyAttributesPerKey) {
    return ValidationError(std::string(kInvalidPrefix) +
                           "The KeySchema exceeds the maximum allowed number of HASH key "
                           "attributes");
  }
  if (range > kMaxKeyAttributesPerKey) {
    return ValidationError(std::string(kInvalidPrefix) +
                           "The KeySchema exceeds the maximum allowed number of RANGE key "
                           "attributes");
  }
  return std::nullopt;
}

std::optional<Error> CheckProjection(const Projection& projection) {
  // DynamoDB: ProjectionType has no default; NonKeyAttributes go with INCLUDE and only with it.
  if (!projection.projection_type) {
    return ValidationError(std::string(kInvalidPrefix) + "Unknown ProjectionType: null");
  }
  const std::string& type = *projection.projection_type;
  if (type != "INCLUDE" && projection.non_key_attributes) {
    return ValidationError(std::string(kInvalidPrefix) + "ProjectionType is " + type +
                           ", but NonKeyAttributes is specified");
  }
  if (type == "INCLUDE" && !projection.non_key_attributes) {
    return ValidationError(std::string(kInvalidPrefix) +
                           "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
  }
  if (projection.non_key_attributes) {
    std::set<std::string> seen;
    for (const std::string& name : *projection.non_key_attributes) {
      if (!seen.insert(name).second) {
        return ValidationError(std::string(kInvalidPrefix) +
                               "Duplicate element in NonKeyAttributes: " + name);
      }
    }
  }
  return std::nullopt;
}

size_t ProjectedAttributeCount(const SecondaryIndexSpec& spec) {
  if (spec.projection.projection_type != "INCLUDE" || !spec.projection.non_key_attributes) {
    return 0;
  }
  return spec.projection.non_key_attributes->size();
}

const AttributeDefinition* FindDefinition(const std::vector<AttributeDefinition>& definitions,
                                          const std::string& name) {
  for (const AttributeDefinition& d : definitions) {
    if (d.attribute_name == name) return &d;
  }
  return nullptr;
}

KeyDef MakeKeyDef(const std::string& name, const std::vector<AttributeDefinition>& definitions) {
  KeyDef key;
  key.name = name;
  if (const AttributeDefinition* d = FindDefinition(definitions, name)) {
    ParseKeyAttributeType(d->attribute_type, &key.type);
  }
  return key;
}

IndexSchema MakeIndexSchema(const SecondaryIndexSpec& spec, bool global,
                            const std::vector<AttributeDefinition>& definitions) {
  IndexSchema index;
  index.name = spec.index_name;
  index.global = global;
  for (const KeySchemaElement& e : spec.key_schema) {
    KeyDef key = MakeKeyDef(e.attribute_name, definitions);
    (e.key_type == "HASH" ? index.hash_keys : index.range_keys).push_back(std::move(key));
  }
  index.projection_type = spec.projection.projection_type.value_or("ALL");
  if (spec.projection.non_key_attributes) {
    index.non_key_attributes = *spec.projection.non_key_attributes;
  }
  index.provisioned_throughput = spec.provisioned_throughput;
  return index;
}

}  // namespace ddblab::catalog
